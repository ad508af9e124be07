package api

import "github.com/associateportal/portal/server/listing"

// ListSpecs exposes the whitelists by operation to the contract test.
func ListSpecs() map[string]*listing.Spec { return listSpecs }

package api

import (
	"github.com/associateportal/portal/sdk/lists"
	"github.com/associateportal/portal/server/listing"
)

// ListSpecs exposes the whitelists by operation to the contract test.
func ListSpecs() map[string]*listing.Spec { return listSpecs }

// Public reports whether a rule lets anyone call its operation.
func (r rule) Public() bool { return r.who == anyone }

// StaffOnly reports whether a rule keeps its operation to staff (the back office's).
func (r rule) StaffOnly() bool { return r.who == staffWith }

// AccessTable exposes the access rules to the contract test.
func AccessTable() map[string]rule { return access }

// ExportColumns are the columns of each download operation's exporter.
func ExportColumns() map[string][]lists.Column {
	out := map[string][]lists.Column{}
	for op, ex := range exporters {
		out[op] = ex.columns
	}
	return out
}

package store

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/associateportal/portal/sdk/lists"
	"github.com/associateportal/portal/server/auth"
	"github.com/associateportal/portal/server/errs"
	"github.com/associateportal/portal/server/listing"
)

// CheckLookups refuses filter values that name nothing (x-lookup in the contract): an
// associate code the caller cannot see, a level that does not exist. A person who typed
// `level=XX` learns that, instead of reading an empty list as "nobody". Level codes are
// rewritten as the ladder spells them; associate codes are already upper-cased by Parse.
func (s *Store) CheckLookups(ctx context.Context, p *auth.Principal, q *listing.Query) error {
	var bad errs.Fields
	for i := range q.Filters {
		f := &q.Filters[i]
		if f.Field.Lookup == "" || f.Op == listing.Null {
			continue
		}
		values := make([]string, len(f.Values))
		for j, v := range f.Values {
			values[j] = v.(string)
		}
		param := lists.Param(f.Field.Name, f.Op)
		switch f.Field.Lookup {
		case lists.LookupAssociate:
			// Codes as a person types them; the associates the caller may name are those
			// its lookup offers (SearchAssociates: itself, its downline, its upline chain).
			for j, v := range values {
				values[j] = strings.ToUpper(v)
				f.Values[j] = values[j]
			}
			found, err := s.SearchAssociates(ctx, p, "", values, len(values))
			if err != nil {
				return err
			}
			for _, v := range values {
				if !slices.ContainsFunc(found, func(l Lookup) bool { return l.Code == v }) {
					bad.Add(param, "No associate you can see has the code '%s'", v)
				}
			}
		case lists.LookupLevel:
			levels, err := s.Levels(ctx)
			if err != nil {
				return err
			}
			codes := make([]string, len(levels))
			for j, l := range levels {
				codes[j] = l.Code
			}
			for j, v := range values {
				k := slices.IndexFunc(codes, func(c string) bool { return strings.EqualFold(c, v) })
				if k < 0 {
					bad.Add(param, "'%s' is not a level; the levels are %s", v, strings.Join(codes, ", "))
					continue
				}
				f.Values[j] = codes[k]
			}
		default:
			return fmt.Errorf("store: no lookup %q", f.Field.Lookup)
		}
	}
	return bad.Err()
}

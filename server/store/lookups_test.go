package store_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/server/errs"
	"github.com/associateportal/portal/server/listing"
	"github.com/associateportal/portal/server/store"
)

// A filter on associate codes takes exactly the associates the caller's lookup offers
// (itself, its downline, its upline chain), in any case; a stranger's code is refused.
func TestCheckLookupsAssociateCodes(t *testing.T) {
	o := newOrg(t)
	rmd := o.as(t, "RMD100")
	check := func(raw string) (listing.Query, error) {
		t.Helper()
		q, err := listing.Parse(raw, store.ClientListing)
		if err != nil {
			t.Fatal(err)
		}
		return q, o.st.CheckLookups(context.Background(), rmd, &q)
	}
	q, err := check("filter[associate_code][in][]=rmd100&filter[associate_code][in][]=aaa100&filter[associate_code][in][]=top100")
	if err != nil {
		t.Fatalf("own, downline and upline codes: %v", err)
	}
	if diff := cmp.Diff([]any{"RMD100", "AAA100", "TOP100"}, q.Filters[0].Values); diff != "" {
		t.Errorf("codes as the table spells them (-want +got):\n%s", diff)
	}
	_, err = check("filter[associate_code][eq]=xst100")
	e := errs.As(err)
	if e == nil || len(e.Fields) != 1 || e.Fields[0].Field != "filter[associate_code][eq]" ||
		e.Fields[0].Message != "No associate you can see has the code 'XST100'" {
		t.Errorf("a stranger's code: %v", err)
	}
}

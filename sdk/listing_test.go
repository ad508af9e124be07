package sdk_test

import (
	"cmp"
	"context"
	"slices"
	"testing"

	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// The generated parameters hold the order as a struct that ogen writes in the contract's
// field order; WithOrder makes the request sort by the keys in the order given, and every
// page of TeamAll keeps it.
func TestWithOrderKeepsTheKeysInTheOrderGiven(t *testing.T) {
	_, c := login(t, "rmd@example.com")
	order := oas.NewOptTeamOrder(oas.TeamOrder{
		Status:   oas.NewOptSortDirection(oas.SortDirectionASC),
		LastName: oas.NewOptSortDirection(oas.SortDirectionDESC),
	})
	params := oas.ListTeamParams{View: oas.TeamViewInfinity, Limit: oas.NewOptInt(25), Order: order}
	collect := func(ctx context.Context) []sdk.TeamMember {
		var out []sdk.TeamMember
		for m, err := range c.TeamAll(ctx, params) {
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, m)
		}
		return out
	}
	// ogen writes the struct's keys in the contract's order (last_name before status)…
	nameFirst := collect(context.Background())
	if len(nameFirst) < 60 {
		t.Fatalf("only %d members: the test needs several pages", len(nameFirst))
	}
	if !slices.IsSortedFunc(nameFirst, func(a, b sdk.TeamMember) int {
		return cmp.Or(cmp.Compare(b.LastName, a.LastName), cmp.Compare(a.Status, b.Status))
	}) {
		t.Error("without WithOrder the members are not in the struct's order (last name first)")
	}
	// …WithOrder sends them as given.
	statusFirst := collect(sdk.WithOrder(context.Background(),
		sdk.OrderKey{Field: "status", Direction: "ASC"}, sdk.OrderKey{Field: "last_name", Direction: "DESC"}))
	if !slices.IsSortedFunc(statusFirst, func(a, b sdk.TeamMember) int {
		return cmp.Or(cmp.Compare(a.Status, b.Status), cmp.Compare(b.LastName, a.LastName))
	}) {
		t.Error("with WithOrder(status, last_name) the members are not by status first")
	}
}

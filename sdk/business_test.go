package sdk_test

import (
	"context"
	"fmt"
	"iter"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// samePages checks that the iterator all, at several page sizes, yields the rows of big
// (one page holding the whole list), in the same order; key names a row in messages.
func samePages[T any](t *testing.T, big []T, all func(limit int) iter.Seq2[T, error], key func(T) string) {
	t.Helper()
	want := make([]string, len(big))
	for i, r := range big {
		want[i] = key(r)
	}
	if len(want) < 3 {
		t.Fatalf("only %d rows; need a few to page through", len(want))
	}
	for _, limit := range []int{1, 2, len(want) - 1, len(want), len(want) + 1} {
		var got []string
		for r, err := range all(limit) {
			if err != nil {
				t.Fatalf("limit %d: %v", limit, err)
			}
			got = append(got, key(r))
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("limit %d (-one big page +paged):\n%s", limit, diff)
		}
	}
}

func policyKey(p sdk.PolicyRow) string { return fmt.Sprintf("%d %s", p.ID, p.PolicyNumber) }

func TestBusinessAgainstTheServer(t *testing.T) {
	_, c := login(t, "agent@example.com")
	ctx := context.Background()

	t.Run("PoliciesAll pages through a view", func(t *testing.T) {
		for _, view := range []oas.TeamView{oas.TeamViewPersonal, oas.TeamViewBaseShop} {
			params := oas.ListPoliciesParams{View: oas.NewOptTeamView(view),
				Order: oas.NewOptPolicyOrder(oas.PolicyOrder{PolicyNumber: oas.NewOptSortDirection(oas.SortDirectionASC)})}
			big := params
			big.Limit = oas.NewOptInt(1000)
			res, err := c.ListPolicies(ctx, big)
			if err != nil {
				t.Fatal(sdk.Wrap(err))
			}
			samePages(t, res.Response.Data, func(limit int) iter.Seq2[sdk.PolicyRow, error] {
				p := params
				p.Limit = oas.NewOptInt(limit)
				return c.PoliciesAll(ctx, p)
			}, policyKey)
		}
	})

	t.Run("PoliciesAll stops at the first error", func(t *testing.T) {
		n := 0
		for _, err := range c.PoliciesAll(ctx, oas.ListPoliciesParams{View: oas.NewOptTeamView(oas.TeamViewRmdSuperTeam)}) {
			n++
			if !sdk.IsForbidden(err) {
				t.Errorf("a view the agent is not offered: %v, want 403", err)
			}
		}
		if n != 1 {
			t.Errorf("%d values after an error, want 1", n)
		}
	})

	t.Run("PolicyInputOf gives back what was written", func(t *testing.T) {
		// A policy written with the optional fields (trainer, issue date, notes) on the client
		// and product of one of the agent's editable policies, whose provider appointed the
		// agent in the client's state.
		apps, err := c.ListAssociateAppointments(ctx, oas.ListAssociateAppointmentsParams{Code: "AGT100"})
		if err != nil {
			t.Fatal(sdk.Wrap(err))
		}
		appointed := map[string]bool{}
		for _, a := range apps.Response.Data {
			appointed[a.ProviderName+" in "+a.State] = a.Status == oas.AppointmentStatusAppointed && !a.TerminatedOn.Set
		}
		var base *sdk.Policy
		for row, err := range c.PoliciesAll(ctx, oas.ListPoliciesParams{
			FilterStatusIn: []oas.PolicyStatus{oas.PolicyStatusPending, oas.PolicyStatusActionRequired}}) {
			if err != nil {
				t.Fatal(err)
			}
			res, err := c.GetPolicy(ctx, oas.GetPolicyParams{ID: row.ID})
			if err != nil {
				t.Fatal(sdk.Wrap(err))
			}
			if p := res.Response; p.CanEdit && appointed[p.ProviderName+" in "+p.ClientState] {
				base = &p
				break
			}
		}
		if base == nil {
			t.Fatal("the demo agent has no editable policy with a provider that appointed it")
		}
		today := time.Now().UTC().Truncate(24 * time.Hour)
		in := sdk.PolicyInputOf(base)
		in.PolicyNumber, in.SubmittedOn, in.IssuedOn = "SDK-ROUND-1", today, oas.NewOptDate(today)
		in.TrainerCode, in.Notes = oas.NewOptString("RMD100"), oas.NewOptString("Written by the SDK test.")
		created, err := c.CreatePolicy(ctx, &in)
		if err != nil {
			t.Fatal(sdk.Wrap(err))
		}
		back := sdk.PolicyInputOf(&created.Response)
		if diff := cmp.Diff(in, back); diff != "" {
			t.Errorf("PolicyInputOf of the new policy (-written +given back):\n%s", diff)
		}
		// Saving it again changes nothing.
		saved, err := c.UpdatePolicy(ctx, &back, oas.UpdatePolicyParams{ID: created.Response.ID})
		if err != nil {
			t.Fatal(sdk.Wrap(err))
		}
		if diff := cmp.Diff(created.Response, saved.Response); diff != "" {
			t.Errorf("saving the input given back changed the policy (-before +after):\n%s", diff)
		}
	})

	t.Run("PolicyDetail loads the policy, its requirements and commission", func(t *testing.T) {
		// A policy with requirements, to see them come.
		var id int64
		for row, err := range c.PoliciesAll(ctx, oas.ListPoliciesParams{}) {
			if err != nil {
				t.Fatal(err)
			}
			if id == 0 || row.OpenRequirements > 0 {
				id = row.ID
			}
		}
		d, err := c.PolicyDetail(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		reqs, err := c.ListPolicyRequirements(ctx, oas.ListPolicyRequirementsParams{ID: id})
		if err != nil {
			t.Fatal(err)
		}
		com, err := c.GetPolicyCommission(ctx, oas.GetPolicyCommissionParams{ID: id})
		if err != nil {
			t.Fatal(err)
		}
		if d.Policy.ID != id || len(d.Policy.Writers) == 0 {
			t.Errorf("policy = %+v", d.Policy)
		}
		if diff := cmp.Diff(reqs.Response.Data, d.Requirements); diff != "" {
			t.Errorf("requirements (-ListPolicyRequirements +PolicyDetail):\n%s", diff)
		}
		if diff := cmp.Diff(com.Response, d.Commission); diff != "" {
			t.Errorf("commission (-GetPolicyCommission +PolicyDetail):\n%s", diff)
		}
		if len(d.Commission.Lines) == 0 {
			t.Error("no commission lines")
		}
		if _, err := c.PolicyDetail(ctx, 1<<40); !sdk.IsNotFound(err) {
			t.Errorf("a policy that does not exist: %v, want 404", err)
		}
	})
}

// The second writer of a split and the trainer come back by their codes, the first writer
// (the caller) is implied.
func TestPolicyInputOfASplit(t *testing.T) {
	p := sdk.Policy{PolicyNumber: "X-1", ClientID: 7, ProductID: 9, FaceAmountCents: 100, TargetPremiumCents: 50,
		SubmittedOn: time.Date(2026, 3, 4, 0, 0, 0, 0, time.UTC),
		Writers:     []oas.PolicyWriter{{Code: "AGT100", ShareBp: 6000}, {Code: "SPL200", ShareBp: 4000}},
		Trainer:     oas.NewOptPersonRef(oas.PersonRef{Code: "TRN300", Name: "Tia Trainer"})}
	want := oas.PolicyInput{PolicyNumber: "X-1", ClientID: 7, ProductID: 9, FaceAmountCents: 100, TargetPremiumCents: 50,
		SubmittedOn: p.SubmittedOn, SplitCode: oas.NewOptString("SPL200"), SplitShareBp: oas.NewOptInt(4000),
		TrainerCode: oas.NewOptString("TRN300")}
	if diff := cmp.Diff(want, sdk.PolicyInputOf(&p)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

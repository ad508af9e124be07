package policy

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/server/errs"
)

// TestWorkflow walks every from × to pair against the table of DOMAIN.md.
func TestWorkflow(t *testing.T) {
	allowed := map[[2]Status]bool{
		{Pending, ActionRequired}: true, {Pending, ReadyToPay}: true,
		{ActionRequired, Pending}: true,
		{ReadyToPay, Approved}:    true,
		{Approved, Archived}:      true,
	}
	for _, from := range Statuses {
		for _, to := range Statuses {
			err := Move(from, to, 0)
			if allowed[[2]Status{from, to}] {
				if err != nil {
					t.Errorf("Move(%s → %s) = %v; want allowed", from, to, err)
				}
				continue
			}
			if !errs.Is(err, errs.Conflict) {
				t.Errorf("Move(%s → %s) = %v; want a conflict", from, to, err)
				continue
			}
			var e *errs.Error
			errors.As(err, &e)
			for _, next := range Next(from) {
				if !strings.Contains(e.Message, string(next)) {
					t.Errorf("Move(%s → %s) message %q does not name the allowed %s", from, to, e.Message, next)
				}
			}
		}
	}
}

func TestOpenRequirementsKeepActionRequired(t *testing.T) {
	for _, c := range []struct {
		from, to Status
		blocked  bool
	}{
		{ActionRequired, Pending, true},
		{Pending, ReadyToPay, true},
		{Pending, ActionRequired, false},
		{ReadyToPay, Approved, true},
	} {
		err := Move(c.from, c.to, 2)
		if blocked := errs.Is(err, errs.Conflict); blocked != c.blocked {
			t.Errorf("Move(%s → %s, 2 open) = %v; want blocked %v", c.from, c.to, err, c.blocked)
		}
	}
}

func TestValidate(t *testing.T) {
	now := time.Date(2026, 11, 22, 15, 0, 0, 0, time.UTC)
	day := func(s string) time.Time { d, _ := time.Parse(time.DateOnly, s); return d }
	good := func() Input {
		return Input{PolicyNumber: " ab-1234 ", ClientID: 1, ProductID: 2, FaceAmountCents: 50_000_000,
			TargetPremiumCents: 120_000, SubmittedOn: day("2026-11-01")}
	}
	in := good()
	in.Normalize()
	if err := in.Validate("AGT100", now); err != nil {
		t.Fatalf("a good input: %v", err)
	}
	if in.PolicyNumber != "AB-1234" {
		t.Errorf("policy number normalised to %q", in.PolicyNumber)
	}
	future := day("2026-11-23")
	for _, c := range []struct {
		name  string
		edit  func(*Input)
		field string
		msg   string
	}{
		{"no number", func(i *Input) { i.PolicyNumber = "" }, "policy_number", "Policy number is required"},
		{"bad number", func(i *Input) { i.PolicyNumber = "A B" }, "policy_number", "Policy number must be 3 to 40 letters, digits or dashes"},
		{"no client", func(i *Input) { i.ClientID = 0 }, "client_id", "Client is required"},
		{"no product", func(i *Input) { i.ProductID = 0 }, "product_id", "Product is required"},
		{"negative premium", func(i *Input) { i.TargetPremiumCents = -1 }, "target_premium_cents", "Annual target premium must be greater than or equal to 0"},
		{"huge face", func(i *Input) { i.FaceAmountCents = MaxCents + 1 }, "face_amount_cents", "Face amount must be at most $10,000,000,000.00"},
		{"no date", func(i *Input) { i.SubmittedOn = time.Time{} }, "submitted_on", "Submitted date is required"},
		{"future date", func(i *Input) { i.SubmittedOn = future }, "submitted_on", "Submitted date cannot be in the future"},
		{"issued before", func(i *Input) { d := day("2026-10-01"); i.IssuedOn = &d }, "issued_on", "Issued date cannot be before the submitted date"},
		{"split with self", func(i *Input) { i.SplitCode = "agt100" }, "split_code", "A policy cannot be split with its own writer"},
		{"split share", func(i *Input) { i.SplitCode = "B1"; i.SplitShareBP = 10000 }, "split_share_bp", "Split share must be between 0.01 % and 99.99 %"},
		{"share alone", func(i *Input) { i.SplitShareBP = 4000 }, "split_code", "Split with is required when a split share is given"},
		{"trainer writes", func(i *Input) { i.SplitCode = "B1"; i.TrainerCode = "b1" }, "trainer_code", "The field trainer cannot be a writer of the policy"},
	} {
		t.Run(c.name, func(t *testing.T) {
			in := good()
			c.edit(&in)
			in.Normalize()
			err := in.Validate("AGT100", now)
			var e *errs.Error
			if !errors.As(err, &e) {
				t.Fatalf("Validate = %v; want a validation error", err)
			}
			want := []errs.FieldError{{Field: c.field, Message: c.msg}}
			if diff := cmp.Diff(want, e.Fields); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
	in = good()
	in.SplitCode = "b1"
	in.Normalize()
	if in.SplitShareBP != 5000 {
		t.Errorf("a split without a share defaults to %d; want 5000", in.SplitShareBP)
	}
}

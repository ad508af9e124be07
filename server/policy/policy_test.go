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
		{ReadyToPay, Approved, false},
	} {
		err := Move(c.from, c.to, 2)
		if blocked := errs.Is(err, errs.Conflict); blocked != c.blocked {
			t.Errorf("Move(%s → %s, 2 open) = %v; want blocked %v", c.from, c.to, err, c.blocked)
		}
	}
}

func TestShares(t *testing.T) {
	for _, c := range []struct {
		amount int64
		shares []int32
		want   []int64
	}{
		{100_000, []int32{10000}, []int64{100_000}},
		{100_000, []int32{5000, 5000}, []int64{50_000, 50_000}},
		{100_001, []int32{5000, 5000}, []int64{50_001, 50_000}}, // half-up, the last the rest
		{99_999, []int32{3333, 6667}, []int64{33_330, 66_669}},
		{1, []int32{5000, 5000}, []int64{1, 0}},
		{0, []int32{5000, 5000}, []int64{0, 0}},
	} {
		got := Shares(c.amount, c.shares)
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("Shares(%d, %v) (-want +got):\n%s", c.amount, c.shares, diff)
		}
		var sum int64
		for _, v := range got {
			sum += v
		}
		if sum != c.amount {
			t.Errorf("Shares(%d, %v) adds up to %d", c.amount, c.shares, sum)
		}
	}
}

func TestRoundBPHalfUp(t *testing.T) {
	for _, c := range []struct {
		amount int64
		bp     int32
		want   int64
	}{
		{100_000, 7500, 75_000},
		{1, 5000, 1}, // 0.5 → 1
		{1, 4999, 0}, // 0.4999 → 0
		{3, 2500, 1}, // 0.75 → 1
		{100_000, 11000, 110_000},
		{MaxCents, 100000, MaxCents * 10},
	} {
		if got := RoundBP(c.amount, c.bp); got != c.want {
			t.Errorf("RoundBP(%d, %d) = %d; want %d", c.amount, c.bp, got, c.want)
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

// Package policy holds the rules of a policy record: its fields and how they are checked,
// the status workflow as a table, and how the BV and premium of a policy are shared
// between its writers. The store applies them; this package has no database.
package policy

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/associateportal/portal/server/comp"
	"github.com/associateportal/portal/server/errs"
)

// Status is where a policy stands in the workflow.
type Status string

// The statuses, in workflow order.
const (
	Pending        Status = "Pending"
	ActionRequired Status = "Action Required"
	ReadyToPay     Status = "Ready To Pay"
	Approved       Status = "Approved"
	Archived       Status = "Archived"
)

// Statuses lists every status in workflow order.
var Statuses = []Status{Pending, ActionRequired, ReadyToPay, Approved, Archived}

// Lapsed is the status production is counted under once a policy has lapsed (a lapse is
// recorded on an Approved or Archived policy and does not change its status).
const Lapsed = "Lapsed"

// transitions is the workflow of DOMAIN.md: Pending → Action Required ⇄ Pending → Ready To
// Pay → Approved → Archived. Every move is made by staff with policies.review.
var transitions = map[Status][]Status{
	Pending:        {ActionRequired, ReadyToPay},
	ActionRequired: {Pending},
	ReadyToPay:     {Approved},
	Approved:       {Archived},
	Archived:       nil,
}

// Next lists the statuses a policy in s may move to.
func Next(s Status) []Status { return transitions[s] }

// Valid reports whether s is a status of the workflow.
func Valid(s Status) bool { return slices.Contains(Statuses, s) }

// Editable reports whether the writers may still edit a policy in s.
func Editable(s Status) bool { return s == Pending || s == ActionRequired }

// Lapsable reports whether a lapse may be recorded on a policy in s: only business that
// was approved (a lapse runs chargebacks on what the approval paid).
func Lapsable(s Status) bool { return s == Approved || s == Archived }

// Move checks a transition. An open requirement holds a policy back: it keeps it in Action
// Required, and a policy with one moves nowhere else (not on to Ready To Pay, nor from
// Ready To Pay to Approved, when a requirement was added there).
func Move(from, to Status, openRequirements int) error {
	if !slices.Contains(transitions[from], to) {
		return errs.Transition("policy", from, to, transitions[from])
	}
	if openRequirements > 0 && to != ActionRequired {
		return errs.Conflictf("%d open requirement(s) hold this policy back: receive or waive them first", openRequirements)
	}
	return nil
}

// Requirement statuses.
const (
	RequirementOpen     = "Open"
	RequirementReceived = "Received"
	RequirementWaived   = "Waived"
)

// Limits of the money fields, in cents: ten billion dollars.
const MaxCents = 1_000_000_000_000

// Input is the editable part of a policy. The caller is the first writer; Split names a
// second writer and that writer's share.
type Input struct {
	PolicyNumber       string
	ClientID           int64
	ProductID          int64
	FaceAmountCents    int64
	TargetPremiumCents int64
	SubmittedOn        time.Time
	IssuedOn           *time.Time
	SplitCode          string
	SplitShareBP       int32 // the second writer's share; the first has the rest
	TrainerCode        string
	Notes              string
}

var numberPattern = regexp.MustCompile(`^[A-Z0-9][A-Z0-9-]{2,39}$`)

// Normalize trims the text fields and spells codes and the policy number in capitals.
func (in *Input) Normalize() {
	in.PolicyNumber = strings.ToUpper(strings.TrimSpace(in.PolicyNumber))
	in.SplitCode = strings.ToUpper(strings.TrimSpace(in.SplitCode))
	in.TrainerCode = strings.ToUpper(strings.TrimSpace(in.TrainerCode))
	in.Notes = strings.TrimSpace(in.Notes)
	if in.SplitCode != "" && in.SplitShareBP == 0 {
		in.SplitShareBP = 5000
	}
}

// Validate checks an input after Normalize against the day it is written (now); the
// messages are the ones the forms show. The writer is the caller's code.
func (in *Input) Validate(writer string, now time.Time) error {
	var f errs.Fields
	switch {
	case in.PolicyNumber == "":
		f.Add("policy_number", "Policy number is required")
	case !numberPattern.MatchString(in.PolicyNumber):
		f.Add("policy_number", "Policy number must be 3 to 40 letters, digits or dashes")
	}
	if in.ClientID <= 0 {
		f.Add("client_id", "Client is required")
	}
	if in.ProductID <= 0 {
		f.Add("product_id", "Product is required")
	}
	money := func(field, label string, v int64) {
		switch {
		case v < 0:
			f.Add(field, "%s must be greater than or equal to 0", label)
		case v > MaxCents:
			f.Add(field, "%s must be at most $10,000,000,000.00", label)
		}
	}
	money("face_amount_cents", "Face amount", in.FaceAmountCents)
	money("target_premium_cents", "Annual target premium", in.TargetPremiumCents)
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	switch {
	case in.SubmittedOn.IsZero():
		f.Add("submitted_on", "Submitted date is required")
	case in.SubmittedOn.After(today):
		f.Add("submitted_on", "Submitted date cannot be in the future")
	case in.SubmittedOn.Year() < 2000:
		f.Add("submitted_on", "Submitted date must be in 2000 or later")
	}
	if in.IssuedOn != nil {
		switch {
		case in.IssuedOn.After(today):
			f.Add("issued_on", "Issued date cannot be in the future")
		case !in.SubmittedOn.IsZero() && in.IssuedOn.Before(in.SubmittedOn):
			f.Add("issued_on", "Issued date cannot be before the submitted date")
		}
	}
	if in.SplitCode != "" {
		switch {
		case in.SplitCode == writer:
			f.Add("split_code", "A policy cannot be split with its own writer")
		case in.SplitShareBP < 1 || in.SplitShareBP > 9999:
			f.Add("split_share_bp", "Split share must be between 0.01 %% and 99.99 %%")
		}
	} else if in.SplitShareBP != 0 {
		f.Add("split_code", "Split with is required when a split share is given")
	}
	if in.TrainerCode != "" && (in.TrainerCode == writer || in.TrainerCode == in.SplitCode) {
		f.Add("trainer_code", "The field trainer cannot be a writer of the policy")
	}
	if len(in.Notes) > 4000 {
		f.Add("notes", "Notes must be at most 4000 characters")
	}
	return f.Err()
}

// Fields lists the field values of an input by API name, as text, for the change log.
func (in *Input) Fields() [][2]string {
	issued := ""
	if in.IssuedOn != nil {
		issued = in.IssuedOn.Format(time.DateOnly)
	}
	split := ""
	if in.SplitCode != "" {
		split = strconv.Itoa(int(in.SplitShareBP))
	}
	return [][2]string{
		{"policy_number", in.PolicyNumber}, {"client_id", strconv.FormatInt(in.ClientID, 10)},
		{"product_id", strconv.FormatInt(in.ProductID, 10)},
		{"face_amount_cents", strconv.FormatInt(in.FaceAmountCents, 10)},
		{"target_premium_cents", strconv.FormatInt(in.TargetPremiumCents, 10)},
		{"submitted_on", in.SubmittedOn.Format(time.DateOnly)}, {"issued_on", issued},
		{"split_code", in.SplitCode}, {"split_share_bp", split}, {"trainer_code", in.TrainerCode},
		{"notes", in.Notes},
	}
}

// BV is the business volume of a target premium at a product's BV factor, rounded as all
// money is (comp.Round).
func BV(targetPremium int64, factorBP int32) int64 { return comp.Round(targetPremium, factorBP) }

// ValidatePreview checks the part of a form a commission preview reads (the product, the
// premium, the sale date when given, the split and the trainer), so that a form still
// being filled in can be previewed.
func (in *Input) ValidatePreview(writer string, now time.Time) error {
	full := *in
	full.PolicyNumber, full.ClientID = "PREVIEW", 1
	if full.SubmittedOn.IsZero() {
		full.SubmittedOn = time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	}
	full.IssuedOn = nil
	return full.Validate(writer, now)
}

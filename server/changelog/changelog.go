// Package changelog is what every area writes when a record changes: one row per changed
// field with who changed it (the staff member too, in admin mode), when, and the old and
// new values, secrets masked. The store writes and reads the rows (store/changelog.go);
// this package holds the pure part: comparing inputs and masking.
package changelog

import "strings"

// Entity kinds of the change log.
const (
	Client        = "client"
	Account       = "account"        // the associate's own record (the account pages)
	PayoutAccount = "payout_account" // a bank account for commission deposits
	LegalDocument = "legal_document" // an agreement signed or revoked
	// AppointmentRequest is a request to be appointed in the other country.
	AppointmentRequest = "appointment_request"
)

// AccountEntities are the kinds the account's change-log tab shows.
var AccountEntities = []string{Account, PayoutAccount, LegalDocument, AppointmentRequest}

// Actions.
const (
	Create = "create"
	Update = "update"
	Delete = "delete"
)

// Change is one changed field.
type Change struct {
	Field    string
	Old, New string
	// Secret values (account numbers, tax ids) are masked before they are written.
	Secret bool
}

// Masked is how a secret value is kept in the change log: its last four characters after
// bullets, enough for a person to tell two accounts apart and no more.
func Masked(v string) string {
	if v == "" {
		return ""
	}
	r := []rune(v)
	if len(r) <= 4 {
		return strings.Repeat("•", len(r))
	}
	return "••••" + string(r[len(r)-4:])
}

// Written is the change as it is stored: secrets masked.
func (c Change) Written() Change {
	if c.Secret {
		c.Old, c.New = Masked(c.Old), Masked(c.New)
	}
	return c
}

// Diff lists the fields whose values differ between two snapshots of a record, given as
// (field, value) pairs in the same order; the fields named in secret are marked Secret.
func Diff(old, updated [][2]string, secret ...string) []Change {
	var out []Change
	for i := range old {
		if old[i][1] == updated[i][1] {
			continue
		}
		c := Change{Field: old[i][0], Old: old[i][1], New: updated[i][1]}
		for _, s := range secret {
			c.Secret = c.Secret || s == c.Field
		}
		out = append(out, c)
	}
	return out
}

// Deleted lists every non-empty field of a record that is removed.
func Deleted(fields [][2]string) []Change {
	var out []Change
	for _, f := range fields {
		if f[1] != "" {
			out = append(out, Change{Field: f[0], Old: f[1]})
		}
	}
	return out
}

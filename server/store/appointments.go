package store

import (
	"context"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/associateportal/portal/server/auth"
	"github.com/associateportal/portal/server/changelog"
	"github.com/associateportal/portal/server/errs"
)

// Statuses of a request to be appointed in the other country.
const (
	AppointmentPending  = "Pending"
	AppointmentApproved = "Approved"
	AppointmentRejected = "Rejected"
)

// AppointmentRequest is an associate's request to be appointed in the other country, in
// some of its states or provinces, as staff decided it.
type AppointmentRequest struct {
	ID           int64
	Country      string
	States       []string
	Note         string
	Status       string
	DecisionNote string
	DecidedBy    string // the staff member's name
	CreatedAt    time.Time
	DecidedAt    *time.Time
}

const appointmentColumns = `r.id, r.country, r.states, coalesce(r.note, ''), r.status, coalesce(r.decision_note, ''),
	coalesce(trim(u.first_name || ' ' || u.last_name), ''), r.created_at, r.decided_at`

func scanAppointment(r pgx.Row, a *AppointmentRequest) error {
	return r.Scan(&a.ID, &a.Country, &a.States, &a.Note, &a.Status, &a.DecisionNote, &a.DecidedBy, &a.CreatedAt, &a.DecidedAt)
}

// OtherCountry is where an associate of a country asks to be appointed.
func OtherCountry(country string) string {
	if country == "Canada" {
		return "USA"
	}
	return "Canada"
}

// AppointmentRequests lists an associate's requests, newest first.
func (s *Store) AppointmentRequests(ctx context.Context, associateID int64) ([]AppointmentRequest, error) {
	rows, err := s.db.Query(ctx, `SELECT `+appointmentColumns+` FROM appointment_requests r
		LEFT JOIN users u ON u.id = r.decided_by WHERE r.associate_id = $1 ORDER BY r.id DESC`, associateID)
	return collect(rows, err, func(r pgx.Rows, a *AppointmentRequest) error { return scanAppointment(r, a) })
}

func (s *Store) appointmentWhere(ctx context.Context, where string, args ...any) (AppointmentRequest, error) {
	var a AppointmentRequest
	err := scanAppointment(s.db.QueryRow(ctx, `SELECT `+appointmentColumns+` FROM appointment_requests r
		LEFT JOIN users u ON u.id = r.decided_by WHERE `+where, args...), &a)
	if err != nil && errs.Is(translate(err), errs.NotFound) {
		return a, errs.NotFoundf("Appointment request not found")
	}
	return a, translate(err)
}

// RequestAppointment records a request of the caller's associate to be appointed in the
// other country (country, the states checked by the caller); one waits at a time.
func (s *Store) RequestAppointment(ctx context.Context, p *auth.Principal, country string, states []string, note string) (AppointmentRequest, error) {
	var out AppointmentRequest
	err := s.InTx(ctx, func(tx *Store) error {
		var id int64
		err := tx.db.QueryRow(ctx, `INSERT INTO appointment_requests (associate_id, country, states, note, requested_by)
			VALUES ($1, $2, $3, $4, $5) ON CONFLICT (associate_id) WHERE status = 'Pending' DO NOTHING RETURNING id`,
			p.AssociateID, country, states, nullable(note), p.UserID).Scan(&id)
		if errs.Is(translate(err), errs.NotFound) {
			return errs.Conflictf("A request waits for staff already; it is decided before another is made")
		}
		if err != nil {
			return translate(err)
		}
		if err := tx.logChanges(ctx, p, changelog.AppointmentRequest, id, p.AssociateID, changelog.Create, []changelog.Change{
			{Field: "country", New: country}, {Field: "states", New: strings.Join(states, ", ")}}); err != nil {
			return err
		}
		out, err = tx.appointmentWhere(ctx, `r.id = $1`, id)
		return err
	})
	return out, err
}

// DecideAppointment approves or rejects the caller's associate's waiting request (staff).
func (s *Store) DecideAppointment(ctx context.Context, p *auth.Principal, id int64, approve bool, note string) (AppointmentRequest, error) {
	var out AppointmentRequest
	err := s.InTx(ctx, func(tx *Store) error {
		cur, err := tx.appointmentWhere(ctx, `r.id = $1 AND r.associate_id = $2 FOR UPDATE OF r`, id, p.AssociateID)
		if err != nil {
			return err
		}
		status := cur.Status
		if status != AppointmentPending {
			return errs.Conflictf("This request is %s already", status)
		}
		to := AppointmentRejected
		if approve {
			to = AppointmentApproved
		}
		if _, err := tx.db.Exec(ctx, `UPDATE appointment_requests SET status = $2, decided_by = $3, decision_note = $4,
			decided_at = now() WHERE id = $1`, id, to, p.UserID, nullable(note)); err != nil {
			return translate(err)
		}
		if err := tx.logChanges(ctx, p, changelog.AppointmentRequest, id, p.AssociateID, changelog.Update,
			[]changelog.Change{{Field: "status", Old: status, New: to}}); err != nil {
			return err
		}
		out, err = tx.appointmentWhere(ctx, `r.id = $1`, id)
		return err
	})
	return out, err
}

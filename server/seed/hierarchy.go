package seed

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
)

// finish sets what follows from the final levels: join dates (the top joined first,
// uplines before their recruits), seniority and the leader columns.
func finish(r *rand.Rand, as []assoc, now time.Time) {
	n := len(as)
	for i := range as {
		a := &as[i]
		a.senior = a.level >= 6
		daysAgo := 30 + int(float64(n-i)/float64(n)*3000) + r.IntN(30)
		a.joined = time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC).AddDate(0, 0, -daysAgo)
		if a.upline != 0 {
			up := &as[a.upline-1]
			if a.joined.Before(up.joined) {
				a.joined = up.joined.AddDate(0, 0, 1+r.IntN(20))
			}
			a.leader, a.leaderPath = up.leader, up.leaderPath
		}
		if a.senior {
			a.leader = a.id
			a.leaderPath = strconv.FormatInt(a.id, 10)
			if a.upline != 0 && as[a.upline-1].leaderPath != "" {
				a.leaderPath = as[a.upline-1].leaderPath + "." + a.leaderPath
			}
		}
	}
}

// histories writes the upline each associate joined under and the climb of levels that
// led to the current one, with the points and recruits that qualified each step.
func histories(ctx context.Context, tx pgx.Tx, r *rand.Rand, as []assoc, o Options) error {
	i := 0
	src := pgx.CopyFromFunc(func() ([]any, error) {
		if i == len(as) {
			return nil, nil
		}
		a := &as[i]
		i++
		var up *int64
		if a.upline != 0 {
			up = &a.upline
		}
		return []any{a.id, up, a.joined, "seed"}, nil
	})
	if _, err := tx.CopyFrom(ctx, pgx.Identifier{"upline_history"}, []string{"associate_id", "upline_id", "effective_on", "changed_by"}, src); err != nil {
		return fmt.Errorf("seed upline history: %w", err)
	}
	approvers := []string{"Dana Whitfield (Compliance)", "Marcus Lee (Field Support)", "Priya Natarajan (Licensing)"}
	var rows [][]any
	flush := func() error {
		if _, err := tx.CopyFrom(ctx, pgx.Identifier{"level_history"},
			[]string{"associate_id", "level_id", "effective_on", "points", "recruits", "approved_by"}, pgx.CopyFromRows(rows)); err != nil {
			return fmt.Errorf("seed level history: %w", err)
		}
		rows = rows[:0]
		return nil
	}
	today := time.Date(o.Now.Year(), o.Now.Month(), o.Now.Day(), 0, 0, 0, 0, time.UTC)
	for i := range as {
		a := &as[i]
		start := int16(1)
		if a.level >= 2 && r.IntN(3) == 0 {
			start = 2
		}
		rows = append(rows, []any{a.id, start, a.joined, 0, 0, approvers[r.IntN(len(approvers))]})
		steps := int(a.level - start)
		span := int(today.Sub(a.joined).Hours()/24) - 1
		for s := 1; s <= steps && span > steps; s++ {
			level := start + int16(s)
			on := a.joined.AddDate(0, 0, span*s/(steps+1))
			rows = append(rows, []any{a.id, level, on, int(level) * (500 + r.IntN(1500)), int(level) * (1 + r.IntN(3)),
				approvers[r.IntN(len(approvers))]})
		}
		if len(rows) >= 50_000 {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	if err := flush(); err != nil {
		return err
	}
	o.Progress("histories", len(as), len(as))
	return nil
}

var providerNames = []struct{ code, name string }{
	{"NWL", "Northwind Life"}, {"SPA", "Summit Peak Annuity"}, {"HRB", "Harbor Rock Benefits"}, {"GLF", "Great Lakes Financial"},
	{"PCL", "Pacific Crest Life"}, {"MTA", "Maple Trust Assurance"}, {"ELH", "Evergreen Legacy Health"}, {"BRI", "Blue Ridge Insurance"},
	{"SNA", "Sterling National Annuity"}, {"CVL", "Cedar Valley Life"}, {"ATL", "Atlas Term Life"}, {"PRI", "Prairie Income"},
}

var linesOfAuthority = [][]string{{"Life"}, {"Life", "Accident & Health"}, {"Life", "Annuity"}, {"Life", "Accident & Health", "Variable"}}

// licensesAndAppointments gives most associates a resident license in their home state
// or province, some non-resident ones, expiry dates spread so that some expire within 7,
// 30 and 90 days, and carrier appointments where they are licensed.
func licensesAndAppointments(ctx context.Context, tx pgx.Tx, r *rand.Rand, as []assoc, rmd, agent int, o Options) error {
	for i, p := range providerNames {
		if _, err := tx.Exec(ctx, `INSERT INTO providers (id, code, name) VALUES ($1, $2, $3)`, i+1, p.code, p.name); err != nil {
			return err
		}
	}
	today := time.Date(o.Now.Year(), o.Now.Month(), o.Now.Day(), 0, 0, 0, 0, time.UTC)
	var lic, app [][]any
	licID, appID := int64(0), int64(0)
	flush := func(force bool) error {
		if len(lic) >= 50_000 || (force && len(lic) > 0) {
			if _, err := tx.CopyFrom(ctx, pgx.Identifier{"licenses"},
				[]string{"id", "associate_id", "state", "number", "residency", "lines_of_authority", "issued_on", "expires_on"}, pgx.CopyFromRows(lic)); err != nil {
				return fmt.Errorf("seed licenses: %w", err)
			}
			lic = lic[:0]
		}
		if len(app) >= 50_000 || (force && len(app) > 0) {
			if _, err := tx.CopyFrom(ctx, pgx.Identifier{"provider_appointments"},
				[]string{"id", "associate_id", "provider_id", "state", "writing_number", "status", "requested_on", "appointed_on", "terminated_on"},
				pgx.CopyFromRows(app)); err != nil {
				return fmt.Errorf("seed appointments: %w", err)
			}
			app = app[:0]
		}
		return nil
	}
	for i := range as {
		a := &as[i]
		if a.level == 1 && r.IntN(3) != 0 && i != agent {
			continue // most training associates are not licensed yet
		}
		states := []string{a.place.state}
		for range r.IntN(3) {
			if p := places[r.IntN(len(places))]; p.country == a.place.country && p.state != a.place.state {
				states = append(states, p.state)
			}
		}
		// The demo agent writes business where it lives and has another license about to
		// expire, for the dashboard's warning.
		for i == agent && len(states) < 2 {
			if p := places[r.IntN(len(places))]; p.country == a.place.country && p.state != a.place.state {
				states = append(states, p.state)
			}
		}
		for k, st := range states {
			licID++
			residency := "Non-Resident"
			if k == 0 {
				residency = "Resident"
			}
			issued := a.joined.AddDate(0, 0, 20+r.IntN(60))
			if issued.After(today) {
				issued = today
			}
			var expires time.Time
			keep := k == 0 && (i == agent || i == rmd) // the demo associates' resident licenses stay valid
			switch x := r.IntN(100); {
			case (x < 3 && !keep) || (i == agent && k == 1):
				expires = today.AddDate(0, 0, r.IntN(7)) // within 7 days
			case x < 8 && !keep:
				expires = today.AddDate(0, 0, 7+r.IntN(23))
			case x < 15 && !keep:
				expires = today.AddDate(0, 0, 30+r.IntN(60))
			case x < 20 && !keep:
				expires = today.AddDate(0, 0, -1-r.IntN(200)) // lapsed
			default:
				expires = today.AddDate(1+r.IntN(2), r.IntN(12), 0)
			}
			if expires.Before(issued) {
				issued = expires.AddDate(-2, 0, 0)
			}
			lic = append(lic, []any{licID, a.id, st, fmt.Sprintf("%s-%07d", st, r.IntN(10_000_000)), residency,
				linesOfAuthority[r.IntN(len(linesOfAuthority))], issued, expires})
			// The demo associates are appointed with the first four providers where they
			// write, so that they can write business there.
			if k == 0 && (i == agent || i == rmd) {
				for pv := range 4 {
					appID++
					appointed := issued.AddDate(0, 0, 5)
					w := fmt.Sprintf("W%08d", r.IntN(100_000_000))
					app = append(app, []any{appID, a.id, int64(pv + 1), st, &w, "Appointed", issued, &appointed, (*time.Time)(nil)})
				}
			}
			for range r.IntN(3) {
				appID++
				requested := issued.AddDate(0, 0, 10+r.IntN(90))
				if requested.After(today) {
					requested = today
				}
				status := []string{"Appointed", "Appointed", "Appointed", "Pending", "Declined", "Terminated"}[r.IntN(6)]
				var appointed, terminated *time.Time
				var writing *string
				if status == "Appointed" || status == "Terminated" {
					d := requested.AddDate(0, 0, 5+r.IntN(30))
					appointed = &d
					w := fmt.Sprintf("W%08d", r.IntN(100_000_000))
					writing = &w
				}
				if status == "Terminated" {
					d := appointed.AddDate(0, 6+r.IntN(18), 0)
					terminated = &d
				}
				app = append(app, []any{appID, a.id, int64(1 + r.IntN(len(providerNames))), st, writing, status, requested, appointed, terminated})
			}
		}
		if err := flush(false); err != nil {
			return err
		}
	}
	if err := flush(true); err != nil {
		return err
	}
	o.Progress("licenses", len(as), len(as))
	return nil
}

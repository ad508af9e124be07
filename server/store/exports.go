package store

import (
	"github.com/associateportal/portal/server/auth"
	"github.com/associateportal/portal/server/hierarchy"
	"github.com/associateportal/portal/server/listing"
)

// The queries behind the …/download operations: one column per lists.Column of the list, in
// that order, with the values the API answers (cents, true/false, ISO dates and times), so
// that a download, the CLI's --csv and the JSON agree. Rows go out as the database sends
// them in text (StreamRows). The api package
// registers each with its operation (server/api/exports.go).

// The text of a timestamp in every download: RFC 3339 in UTC, to the second.
const utc = `'YYYY-MM-DD"T"HH24:MI:SS"Z"'`

// ClientExportSQL is the query of a client download, with its arguments; every column is
// already text so that the rows go out as the database sends them.
func ClientExportSQL(p *auth.Principal, q listing.Query) (string, []any, error) {
	var args listing.Args
	scope, err := clientScope(p, &args)
	if err != nil {
		return "", nil, err
	}
	sql := `SELECT c.id, a.code, a.first_name || ' ' || a.last_name, c.first_name, c.last_name, c.email, c.phone,
		to_char(c.date_of_birth, 'YYYY-MM-DD'), c.gender, c.marital_status, c.address_line1, c.address_line2, c.city, c.state,
		c.postal_code, c.country, c.annual_income, c.notes,
		to_char(c.created_at AT TIME ZONE 'UTC', ` + utc + `), to_char(c.updated_at AT TIME ZONE 'UTC', ` + utc + `)
		FROM clients c JOIN associates a ON a.id = c.associate_id
		WHERE ` + scope + ` AND ` + q.FilterWhere(&args) + ` ORDER BY ` + q.OrderBy()
	return sql, args.Query(), nil
}

// TeamExportSQL is the query of a team download.
func TeamExportSQL(v hierarchy.View, r Root, q listing.Query) (string, []any, error) {
	var args listing.Args
	from, err := teamFrom(v, r, &args)
	if err != nil {
		return "", nil, err
	}
	sql := `SELECT t.code, t.first_name, t.last_name, t.level_code, t.level_name, t.status, t.kind, t.country, t.state,
		to_char(t.joined_on, 'YYYY-MM-DD'), u.code, t.generation, t.licensed::text, t.production, t.downline_size
		FROM ` + from + ` LEFT JOIN associates u ON u.id = t.upline_id
		WHERE ` + q.FilterWhere(&args) + ` ORDER BY ` + q.OrderBy()
	return sql, args.Query(), nil
}

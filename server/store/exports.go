package store

import (
	"github.com/associateportal/portal/server/auth"
	"github.com/associateportal/portal/server/hierarchy"
	"github.com/associateportal/portal/server/listing"
)

// The queries behind the …/download operations: every column already text, so that rows
// go out as the database sends them (StreamRows), with a header row each. The api package
// registers each with its operation (server/api/exports.go).

// ClientExportHeader is the header row of a client download.
var ClientExportHeader = []string{"id", "associate_code", "associate_name", "first_name", "last_name", "email", "phone",
	"date_of_birth", "gender", "marital_status", "address_line1", "address_line2", "city", "state", "postal_code", "country",
	"annual_income", "notes", "created_at", "updated_at"}

// ClientExportSQL is the query of a client download, with its arguments; every column is
// already text so that the rows go out as the database sends them.
func ClientExportSQL(p *auth.Principal, q listing.Query) (string, []any, error) {
	var args listing.Args
	scope, err := clientScope(p, &args)
	if err != nil {
		return "", nil, err
	}
	return `SELECT c.id, a.code, a.first_name || ' ' || a.last_name, c.first_name, c.last_name, c.email, c.phone,
		to_char(c.date_of_birth, 'YYYY-MM-DD'), c.gender, c.marital_status, c.address_line1, c.address_line2, c.city, c.state,
		c.postal_code, c.country, to_char(c.annual_income / 100.0, 'FM999999999990.00'), c.notes,
		to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
		to_char(c.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
		FROM clients c JOIN associates a ON a.id = c.associate_id
		WHERE ` + scope + ` AND ` + q.FilterWhere(&args) + ` ORDER BY ` + q.OrderBy(), args.Values, nil
}

// TeamExportHeader is the header row of a team download.
var TeamExportHeader = []string{"code", "first_name", "last_name", "level", "status", "kind", "country", "state",
	"joined_on", "upline_code", "generation", "licensed", "production", "downline_size"}

// TeamExportSQL is the query of a team download.
func TeamExportSQL(v hierarchy.View, r Root, q listing.Query) (string, []any, error) {
	var args listing.Args
	from, err := teamFrom(v, r, &args)
	if err != nil {
		return "", nil, err
	}
	return `SELECT t.code, t.first_name, t.last_name, t.level_name, t.status, t.kind, t.country, t.state,
		to_char(t.joined_on, 'YYYY-MM-DD'), u.code, t.generation, CASE WHEN t.licensed THEN 'yes' ELSE 'no' END,
		to_char(t.production / 100.0, 'FM999999999990.00'), t.downline_size
		FROM ` + from + ` LEFT JOIN associates u ON u.id = t.upline_id
		WHERE ` + q.FilterWhere(&args) + ` ORDER BY ` + q.OrderBy(), args.Values, nil
}

package store

import (
	"context"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/associateportal/portal/sdk/lists"
	"github.com/associateportal/portal/server/auth"
	"github.com/associateportal/portal/server/changelog"
	"github.com/associateportal/portal/server/client"
	"github.com/associateportal/portal/server/errs"
	"github.com/associateportal/portal/server/listing"
)

// ClientListing is the whitelist of the client list and its download: the contract's
// filters and orders (sdk/lists), read from these columns.
var ClientListing = listing.FromContract(lists.ListClients, map[string]listing.Column{
	"id":             {SQL: "c.id"},
	"first_name":     {SQL: "c.first_name"},
	"last_name":      {SQL: "c.last_name"},
	"email":          {SQL: "c.email", Nullable: true},
	"phone":          {SQL: "c.phone", Nullable: true},
	"city":           {SQL: "c.city", Nullable: true},
	"state":          {SQL: "c.state", Nullable: true},
	"country":        {SQL: "c.country"},
	"associate_code": {SQL: "a.code"},
	"annual_income":  {SQL: "c.annual_income", Nullable: true},
	"created_at":     {SQL: "c.created_at"},
	"updated_at":     {SQL: "c.updated_at", Type: listing.Time},
})

const clientColumns = `c.id, c.associate_id, a.code, a.first_name || ' ' || a.last_name,
	c.first_name, c.last_name, coalesce(c.email, ''), coalesce(c.phone, ''), c.date_of_birth,
	coalesce(c.gender, ''), coalesce(c.marital_status, ''), coalesce(c.address_line1, ''), coalesce(c.address_line2, ''),
	coalesce(c.city, ''), coalesce(c.state, ''), coalesce(c.postal_code, ''), c.country, c.annual_income,
	coalesce(c.notes, ''), c.created_at, c.updated_at`

func scanClient(row pgx.Row, me int64) (client.Client, error) {
	sc := newClientScan(me)
	err := sc.scan(row)
	return sc.c, err
}

// clientScan is one scan target for a whole result: Scan's destination list is built
// once rather than for every row (pgx allocates fresh values for the nullable pointers,
// so the copies handed out never share anything).
type clientScan struct {
	c    client.Client
	me   int64
	dest []any
}

func newClientScan(me int64) *clientScan {
	s := &clientScan{me: me}
	c := &s.c
	s.dest = []any{&c.ID, &c.AssociateID, &c.AssociateCode, &c.AssociateName,
		&c.FirstName, &c.LastName, &c.Email, &c.Phone, &c.DateOfBirth,
		&c.Gender, &c.MaritalStatus, &c.AddressLine1, &c.AddressLine2,
		&c.City, &c.State, &c.PostalCode, &c.Country, &c.AnnualIncome,
		&c.Notes, &c.CreatedAt, &c.UpdatedAt}
	return s
}

func (s *clientScan) scan(row pgx.Row) error {
	err := row.Scan(s.dest...)
	s.c.CanEdit = s.me != 0 && s.c.AssociateID == s.me
	return err
}

// clientScope is the condition on the owner `a` that limits clients to those the caller
// may see: its own and its downline's; staff with clients.read see all.
func clientScope(p *auth.Principal, args *listing.Args) (string, error) {
	switch {
	case p.IsAssociate():
		return subtreeOf("a", p.Path), nil
	case p.Can(auth.PermClientsRead):
		return "TRUE", nil
	default:
		return "", errs.Coded(errs.Forbidden, errs.CodeStaffPermission, "Staff need the %s permission to see clients", auth.PermClientsRead)
	}
}

// ListClients calls each for every client of a page the caller may see: at most
// q.Limit+1 rows. The client passed is reused for the next row; keep a copy if needed.
// Rows go straight to the caller (who builds its answer) instead of through a slice.
func (s *Store) ListClients(ctx context.Context, p *auth.Principal, q listing.Query, each func(*client.Client)) error {
	var args listing.Args
	scope, err := clientScope(p, &args)
	if err != nil {
		return err
	}
	sql := `SELECT ` + clientColumns + ` FROM clients c JOIN associates a ON a.id = c.associate_id
		WHERE ` + scope + ` AND ` + q.Where(&args) + ` ORDER BY ` + q.OrderBy() + ` ` + q.LimitOffset(&args)
	rows, err := s.db.Query(ctx, sql, args.Query()...)
	if err != nil {
		return translate(err)
	}
	defer rows.Close()
	sc := newClientScan(p.AssociateID)
	for rows.Next() {
		if err := sc.scan(rows); err != nil {
			return translate(err)
		}
		each(&sc.c)
	}
	return translate(rows.Err())
}

// ClientSortValue is a client's value of a sortable field, for cursors.
func ClientSortValue(c *client.Client, field string) any {
	opt := func(s string) any {
		if s == "" {
			return nil
		}
		return s
	}
	switch field {
	case "id":
		return c.ID
	case "first_name":
		return c.FirstName
	case "last_name":
		return c.LastName
	case "email":
		return opt(c.Email)
	case "city":
		return opt(c.City)
	case "state":
		return opt(c.State)
	case "annual_income":
		if c.AnnualIncome == nil {
			return nil
		}
		return *c.AnnualIncome
	case "created_at":
		return c.CreatedAt
	case "updated_at":
		return c.UpdatedAt
	}
	panic("store: no sort value for client field " + field)
}

// GetClient answers one client the caller may see; anything else is NotFound.
func (s *Store) GetClient(ctx context.Context, p *auth.Principal, id int64) (client.Client, error) {
	var args listing.Args
	scope, err := clientScope(p, &args)
	if err != nil {
		return client.Client{}, err
	}
	row := s.db.QueryRow(ctx, `SELECT `+clientColumns+` FROM clients c JOIN associates a ON a.id = c.associate_id
		WHERE `+scope+` AND c.id = `+args.Add(id), args.Values...)
	c, err := scanClient(row, p.AssociateID)
	if err != nil {
		if errs.Is(translate(err), errs.NotFound) {
			return c, errs.NotFoundf("Client %d not found", id)
		}
		return c, translate(err)
	}
	return c, nil
}

func nullable(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// CreateClient stores a new client owned by the caller and logs its creation.
func (s *Store) CreateClient(ctx context.Context, p *auth.Principal, in client.Input) (client.Client, error) {
	if !p.IsAssociate() {
		return client.Client{}, errs.Coded(errs.Forbidden, errs.CodeAssociatesOnly, "Only associates own clients")
	}
	var out client.Client
	err := s.InTx(ctx, func(tx *Store) error {
		var id int64
		err := tx.db.QueryRow(ctx, `
			INSERT INTO clients (associate_id, first_name, last_name, email, phone, date_of_birth, gender, marital_status,
				address_line1, address_line2, city, state, postal_code, country, annual_income, notes)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING id`,
			p.AssociateID, in.FirstName, in.LastName, nullable(in.Email), nullable(in.Phone), in.DateOfBirth,
			nullable(in.Gender), nullable(in.MaritalStatus), nullable(in.AddressLine1), nullable(in.AddressLine2),
			nullable(in.City), nullable(in.State), nullable(in.PostalCode), in.Country, in.AnnualIncome, nullable(in.Notes),
		).Scan(&id)
		if err != nil {
			return translate(err)
		}
		if err := tx.logChanges(ctx, p, changelog.Client, id, p.AssociateID, changelog.Create, nil); err != nil {
			return err
		}
		out, err = tx.GetClient(ctx, p, id)
		return err
	})
	return out, err
}

// ownClient loads a client for a change: NotFound when invisible, Forbidden when it
// belongs to someone in the caller's downline.
func (s *Store) ownClient(ctx context.Context, p *auth.Principal, id int64, lock bool) (client.Client, error) {
	var args listing.Args
	scope, err := clientScope(p, &args)
	if err != nil {
		return client.Client{}, err
	}
	sql := `SELECT ` + clientColumns + ` FROM clients c JOIN associates a ON a.id = c.associate_id
		WHERE ` + scope + ` AND c.id = ` + args.Add(id)
	if lock {
		sql += ` FOR UPDATE OF c`
	}
	c, err := scanClient(s.db.QueryRow(ctx, sql, args.Values...), p.AssociateID)
	if err != nil {
		if errs.Is(translate(err), errs.NotFound) {
			return c, errs.NotFoundf("Client %d not found", id)
		}
		return c, translate(err)
	}
	if !c.CanEdit {
		return c, errs.Forbiddenf("Only %s, who owns this client, can change it", c.AssociateName)
	}
	return c, nil
}

// UpdateClient replaces the editable fields of one of the caller's clients and logs
// one change-log row per changed field.
func (s *Store) UpdateClient(ctx context.Context, p *auth.Principal, id int64, in client.Input) (client.Client, error) {
	var out client.Client
	err := s.InTx(ctx, func(tx *Store) error {
		old, err := tx.ownClient(ctx, p, id, true)
		if err != nil {
			return err
		}
		changes := changelog.Diff(old.Fields(), in.Fields())
		if len(changes) == 0 {
			out = old
			return nil
		}
		_, err = tx.db.Exec(ctx, `
			UPDATE clients SET first_name = $2, last_name = $3, email = $4, phone = $5, date_of_birth = $6, gender = $7,
				marital_status = $8, address_line1 = $9, address_line2 = $10, city = $11, state = $12, postal_code = $13,
				country = $14, annual_income = $15, notes = $16, updated_at = now()
			WHERE id = $1`,
			id, in.FirstName, in.LastName, nullable(in.Email), nullable(in.Phone), in.DateOfBirth,
			nullable(in.Gender), nullable(in.MaritalStatus), nullable(in.AddressLine1), nullable(in.AddressLine2),
			nullable(in.City), nullable(in.State), nullable(in.PostalCode), in.Country, in.AnnualIncome, nullable(in.Notes))
		if err != nil {
			return translate(err)
		}
		if err := tx.logChanges(ctx, p, changelog.Client, id, old.AssociateID, changelog.Update, changes); err != nil {
			return err
		}
		out, err = tx.GetClient(ctx, p, id)
		return err
	})
	return out, err
}

// DeleteClient removes one of the caller's clients and logs the deletion with the
// values it had.
func (s *Store) DeleteClient(ctx context.Context, p *auth.Principal, id int64) error {
	return s.InTx(ctx, func(tx *Store) error {
		old, err := tx.ownClient(ctx, p, id, true)
		if err != nil {
			return err
		}
		if _, err := tx.db.Exec(ctx, `DELETE FROM clients WHERE id = $1`, id); err != nil {
			return translate(err)
		}
		return tx.logChanges(ctx, p, changelog.Client, id, old.AssociateID, changelog.Delete, changelog.Deleted(old.Fields()))
	})
}

// ClientCounts counts the clients the caller may see and its own.
func (s *Store) ClientCounts(ctx context.Context, p *auth.Principal) (visible, own int64, err error) {
	if !p.IsAssociate() {
		return 0, 0, nil
	}
	err = s.db.QueryRow(ctx, `
		SELECT (SELECT count(*) FROM clients c JOIN associates a ON a.id = c.associate_id WHERE `+subtreeOf("a", p.Path)+`),
		       (SELECT count(*) FROM clients WHERE associate_id = $1)`, p.AssociateID).Scan(&visible, &own)
	return visible, own, translate(err)
}

// SearchClients finds up to limit visible clients by name or email, plus the ids in include.
func (s *Store) SearchClients(ctx context.Context, p *auth.Principal, keyword string, include []int64, limit int) ([]Lookup, error) {
	var args listing.Args
	scope, err := clientScope(p, &args)
	if err != nil {
		return nil, err
	}
	kw := args.Add(listing.EscapeLike(strings.TrimSpace(keyword)))
	inc := args.Add(include)
	lim := args.Add(limit)
	rows, err := s.db.Query(ctx, `
		(SELECT c.id, c.first_name || ' ' || c.last_name, coalesce(c.email, '') FROM clients c JOIN associates a ON a.id = c.associate_id
		 WHERE `+scope+` AND c.id = ANY(`+inc+`::bigint[]))
		UNION
		(SELECT c.id, c.first_name || ' ' || c.last_name, coalesce(c.email, '') FROM clients c JOIN associates a ON a.id = c.associate_id
		 WHERE `+scope+` AND `+kw+` <> '' AND ((c.first_name || ' ' || c.last_name) ILIKE '%' || `+kw+` || '%' OR c.email ILIKE `+kw+` || '%')
		 ORDER BY c.last_name, c.first_name, c.id LIMIT `+lim+`)`, args.Values...)
	return collect(rows, err, func(rows pgx.Rows, l *Lookup) error {
		return rows.Scan(&l.ID, &l.Name, &l.Email)
	})
}

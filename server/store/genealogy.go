package store

import (
	"context"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/associateportal/portal/server/auth"
	"github.com/associateportal/portal/server/errs"
	"github.com/associateportal/portal/server/listing"
)

// Relation is how the caller stands to an associate it may see.
type Relation int

// Relations. Upline associates are seen with contact fields only.
const (
	Self Relation = iota + 1
	Downline
	Upline
)

// Target is an associate the caller may see.
type Target struct {
	ID       int64
	Code     string
	Path     string
	Relation Relation
}

// Visible finds an associate by code and how the caller stands to it: itself, in its
// downline, or in its upline chain. Anyone else (and staff acting for nobody) is 404.
func (s *Store) Visible(ctx context.Context, p *auth.Principal, code string) (Target, error) {
	var t Target
	if !p.IsAssociate() {
		return t, errs.Coded(errs.Forbidden, errs.CodeAssociatesOnly, "Team screens are for associates")
	}
	err := s.db.QueryRow(ctx, `SELECT id, code, path::text FROM associates WHERE code = upper($1)`, strings.TrimSpace(code)).
		Scan(&t.ID, &t.Code, &t.Path)
	if err != nil && !errs.Is(translate(err), errs.NotFound) {
		return t, translate(err)
	}
	switch {
	case err != nil:
	case t.ID == p.AssociateID:
		t.Relation = Self
	case strings.HasPrefix(t.Path, p.Path+"."):
		t.Relation = Downline
	case strings.HasPrefix(p.Path, t.Path+"."):
		t.Relation = Upline
	}
	if t.Relation == 0 {
		return Target{}, errs.NotFoundf("Associate %s not found", strings.ToUpper(strings.TrimSpace(code)))
	}
	return t, nil
}

// visibleBelow is Visible restricted to the caller and its downline: the records of an
// upline (licenses, appointments, history, organisation) are not the caller's to see.
func (s *Store) visibleBelow(ctx context.Context, p *auth.Principal, code string) (Target, error) {
	t, err := s.Visible(ctx, p, code)
	if err == nil && t.Relation == Upline {
		return t, errs.NotFoundf("Associate %s not found", t.Code)
	}
	return t, err
}

// Person is a short reference to an associate.
type Person struct {
	Code string
	Name string
}

// AssociateDetail is the overview of an associate. For an upline only the contact
// fields are filled.
type AssociateDetail struct {
	Relation     Relation
	ID           int64
	Code         string
	FirstName    string
	LastName     string
	Email        string
	Phone        string
	PhotoFileID  string
	Level        Level
	Status       string
	Kind         string
	Country      string
	State        string
	City         string
	JoinedOn     *time.Time
	Upline       *Person
	Leader       *Person
	DownlineSize int
	Recruits     int
	Licensed     bool
}

// AssociateOverview answers the overview of a visible associate.
func (s *Store) AssociateOverview(ctx context.Context, p *auth.Principal, code string) (AssociateDetail, error) {
	t, err := s.Visible(ctx, p, code)
	if err != nil {
		return AssociateDetail{}, err
	}
	d := AssociateDetail{Relation: t.Relation, ID: t.ID}
	var photo, phone, state, city, upCode, upName, leadCode, leadName *string
	var joined time.Time
	err = s.db.QueryRow(ctx, `
		SELECT a.code, a.first_name, a.last_name, a.email, a.phone, a.photo_file_id,
		       l.id, l.rank, l.code, l.name, l.contract_rate_bp, l.is_senior,
		       a.status, a.kind, a.country, a.state, a.city, a.joined_on,
		       u.code, u.first_name || ' ' || u.last_name, ld.code, ld.first_name || ' ' || ld.last_name,
		       a.downline_size, (SELECT count(*) FROM associates c WHERE c.upline_id = a.id),
		       EXISTS (SELECT 1 FROM licenses li WHERE li.associate_id = a.id AND li.expires_on >= current_date)
		FROM associates a JOIN levels l ON l.id = a.level_id
		LEFT JOIN associates u ON u.id = a.upline_id
		LEFT JOIN associates ld ON ld.id = a.leader_id
		WHERE a.id = $1`, t.ID).Scan(&d.Code, &d.FirstName, &d.LastName, &d.Email, &phone, &photo,
		&d.Level.ID, &d.Level.Rank, &d.Level.Code, &d.Level.Name, &d.Level.RateBP, &d.Level.IsSenior,
		&d.Status, &d.Kind, &d.Country, &state, &city, &joined, &upCode, &upName, &leadCode, &leadName,
		&d.DownlineSize, &d.Recruits, &d.Licensed)
	if err != nil {
		return d, translate(err)
	}
	d.Phone, d.PhotoFileID = deref(phone), deref(photo)
	if t.Relation == Upline {
		// Contact only: names, code, level, photo, email, phone.
		d.Status, d.Kind, d.Country = "", "", ""
		d.DownlineSize, d.Recruits, d.Licensed = 0, 0, false
		return d, nil
	}
	d.State, d.City, d.JoinedOn = deref(state), deref(city), &joined
	if upCode != nil {
		d.Upline = &Person{Code: *upCode, Name: *upName}
	}
	if leadCode != nil {
		d.Leader = &Person{Code: *leadCode, Name: *leadName}
	}
	return d, nil
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// License is one state or province license.
type License struct {
	ID               int64
	State            string
	Number           string
	Residency        string
	LinesOfAuthority []string
	IssuedOn         time.Time
	ExpiresOn        time.Time
}

// Licenses lists the licenses of the caller or one of its downline, soonest expiry first.
func (s *Store) Licenses(ctx context.Context, p *auth.Principal, code string) ([]License, error) {
	t, err := s.visibleBelow(ctx, p, code)
	if err != nil {
		return nil, err
	}
	rows, err := s.db.Query(ctx, `SELECT id, state, number, residency, lines_of_authority, issued_on, expires_on
		FROM licenses WHERE associate_id = $1 ORDER BY expires_on, state, id`, t.ID)
	return collect(rows, err, func(rows pgx.Rows, l *License) error {
		return rows.Scan(&l.ID, &l.State, &l.Number, &l.Residency, &l.LinesOfAuthority, &l.IssuedOn, &l.ExpiresOn)
	})
}

// Appointment is an appointment with a provider in a state.
type Appointment struct {
	ID            int64
	ProviderCode  string
	ProviderName  string
	State         string
	WritingNumber string
	Status        string
	RequestedOn   time.Time
	AppointedOn   *time.Time
	TerminatedOn  *time.Time
}

// Appointments lists the provider appointments of the caller or one of its downline.
func (s *Store) Appointments(ctx context.Context, p *auth.Principal, code string) ([]Appointment, error) {
	t, err := s.visibleBelow(ctx, p, code)
	if err != nil {
		return nil, err
	}
	rows, err := s.db.Query(ctx, `SELECT a.id, pr.code, pr.name, a.state, coalesce(a.writing_number, ''), a.status,
		a.requested_on, a.appointed_on, a.terminated_on
		FROM provider_appointments a JOIN providers pr ON pr.id = a.provider_id
		WHERE a.associate_id = $1 ORDER BY pr.name, a.state, a.id`, t.ID)
	return collect(rows, err, func(rows pgx.Rows, a *Appointment) error {
		return rows.Scan(&a.ID, &a.ProviderCode, &a.ProviderName, &a.State, &a.WritingNumber, &a.Status,
			&a.RequestedOn, &a.AppointedOn, &a.TerminatedOn)
	})
}

// LevelChange is a row of the level qualification history.
type LevelChange struct {
	ID          int64
	Level       Level
	EffectiveOn time.Time
	Points      int
	Recruits    int
	ApprovedBy  string
}

// LevelHistory lists the level qualification history, newest first.
func (s *Store) LevelHistory(ctx context.Context, p *auth.Principal, code string) ([]LevelChange, error) {
	t, err := s.visibleBelow(ctx, p, code)
	if err != nil {
		return nil, err
	}
	rows, err := s.db.Query(ctx, `SELECT h.id, l.id, l.rank, l.code, l.name, l.contract_rate_bp, l.is_senior,
		h.effective_on, h.points, h.recruits, coalesce(h.approved_by, '')
		FROM level_history h JOIN levels l ON l.id = h.level_id
		WHERE h.associate_id = $1 ORDER BY h.effective_on DESC, h.id DESC`, t.ID)
	return collect(rows, err, func(rows pgx.Rows, c *LevelChange) error {
		return rows.Scan(&c.ID, &c.Level.ID, &c.Level.Rank, &c.Level.Code, &c.Level.Name, &c.Level.RateBP, &c.Level.IsSenior,
			&c.EffectiveOn, &c.Points, &c.Recruits, &c.ApprovedBy)
	})
}

// TreeNode is one associate of the genealogy tree.
type TreeNode struct {
	Code         string
	FirstName    string
	LastName     string
	PhotoFileID  string
	Level        Level
	Status       string
	DownlineSize int
	Children     int
	UplineCode   string
	Email        string
	Phone        string
	ContactOnly  bool // an upline of the caller: contact fields only
}

const treeNodeColumns = `a.code, a.first_name, a.last_name, coalesce(a.photo_file_id, ''),
	l.id, l.rank, l.code, l.name, l.contract_rate_bp, l.is_senior, a.status, a.downline_size,
	(SELECT count(*) FROM associates c WHERE c.upline_id = a.id), coalesce(u.code, ''), a.email, coalesce(a.phone, '')`

// treeNodeFrom is the FROM clause the tree node columns read.
const treeNodeFrom = ` FROM associates a JOIN levels l ON l.id = a.level_id LEFT JOIN associates u ON u.id = a.upline_id `

// treeNodes runs a query of tree node columns (treeNodeColumns + treeNodeFrom + where).
func (s *Store) treeNodes(ctx context.Context, where string, args ...any) ([]TreeNode, error) {
	rows, err := s.db.Query(ctx, `SELECT `+treeNodeColumns+treeNodeFrom+where, args...)
	return collect(rows, err, func(rows pgx.Rows, n *TreeNode) error {
		var err error
		*n, err = scanTreeNode(rows)
		return err
	})
}

func scanTreeNode(row interface{ Scan(...any) error }) (TreeNode, error) {
	var n TreeNode
	err := row.Scan(&n.Code, &n.FirstName, &n.LastName, &n.PhotoFileID,
		&n.Level.ID, &n.Level.Rank, &n.Level.Code, &n.Level.Name, &n.Level.RateBP, &n.Level.IsSenior,
		&n.Status, &n.DownlineSize, &n.Children, &n.UplineCode, &n.Email, &n.Phone)
	return n, err
}

// GenealogyNode answers one node of the tree (a root), visible below the caller.
func (s *Store) GenealogyNode(ctx context.Context, p *auth.Principal, code string) (TreeNode, error) {
	t, err := s.visibleBelow(ctx, p, code)
	if err != nil {
		return TreeNode{}, err
	}
	n, err := scanTreeNode(s.db.QueryRow(ctx, `SELECT `+treeNodeColumns+treeNodeFrom+`WHERE a.id = $1`, t.ID))
	return n, translate(err)
}

// GenealogyChildren answers a page of the direct recruits of a node, by name: one
// level of the tree, each with its downline size and number of recruits.
func (s *Store) GenealogyChildren(ctx context.Context, p *auth.Principal, code string, page, limit int) ([]TreeNode, error) {
	t, err := s.visibleBelow(ctx, p, code)
	if err != nil {
		return nil, err
	}
	return s.treeNodes(ctx, `WHERE a.upline_id = $1 ORDER BY a.last_name, a.first_name, a.id LIMIT $2 OFFSET $3`,
		t.ID, limit+1, (page-1)*limit)
}

// SearchHit is a match of a genealogy search with the codes from the root down to it.
type SearchHit struct {
	Node TreeNode
	Path []string
}

// GenealogySearch finds associates below a root (the caller or one of its downline) by
// code or name, each with the path from the root to it so that a tree can open to it.
func (s *Store) GenealogySearch(ctx context.Context, p *auth.Principal, rootCode, keyword string, limit int) ([]SearchHit, error) {
	root, err := s.visibleBelow(ctx, p, rootCode)
	if err != nil {
		return nil, err
	}
	kw := listing.EscapeLike(strings.TrimSpace(keyword))
	if kw == "" {
		return []SearchHit{}, nil
	}
	rows, err := s.db.Query(ctx, `SELECT `+treeNodeColumns+`, a.path::text`+treeNodeFrom+`
		WHERE `+subtreeOf("a", root.Path)+` AND a.id <> $1
		  AND (a.code ILIKE $2 || '%' OR (a.first_name || ' ' || a.last_name) ILIKE '%' || $2 || '%')
		ORDER BY a.code = upper($2) DESC, a.depth, a.last_name, a.first_name, a.id LIMIT $3`, root.ID, kw, limit)
	var paths []string
	hits, err := collect(rows, err, func(r pgx.Rows, h *SearchHit) error {
		var path string
		n, err := scanTreeNode(rowWithExtra{r, &path})
		h.Node = n
		paths = append(paths, path)
		return err
	})
	if err != nil {
		return nil, err
	}
	// Codes of every associate on the paths, in one query.
	depth := len(pathIDs(root.Path)) - 1
	var ids []int64
	for _, path := range paths {
		ids = append(ids, pathIDs(path)[depth:]...)
	}
	codes, err := s.codesOf(ctx, ids)
	if err != nil {
		return nil, err
	}
	for i, path := range paths {
		for _, id := range pathIDs(path)[depth:] {
			hits[i].Path = append(hits[i].Path, codes[id])
		}
	}
	if hits == nil {
		hits = []SearchHit{}
	}
	return hits, nil
}

// rowWithExtra scans the tree node columns and one more.
type rowWithExtra struct {
	row   interface{ Scan(...any) error }
	extra any
}

func (r rowWithExtra) Scan(dest ...any) error { return r.row.Scan(append(dest, r.extra)...) }

func (s *Store) codesOf(ctx context.Context, ids []int64) (map[int64]string, error) {
	if len(ids) == 0 {
		return map[int64]string{}, nil
	}
	return collectMap[int64, string](s.db.Query(ctx, `SELECT id, code FROM associates WHERE id = ANY($1)`, ids))
}

// Hierarchy is the chain from the top of the organisation down to a visible associate:
// the caller sees its own upline chain (contact only) and everything below it.
func (s *Store) Hierarchy(ctx context.Context, p *auth.Principal, code string) ([]TreeNode, error) {
	t, err := s.Visible(ctx, p, code)
	if err != nil {
		return nil, err
	}
	out, err := s.treeNodes(ctx, `WHERE a.id = ANY($1) ORDER BY a.depth`, pathIDs(t.Path))
	if err != nil {
		return nil, err
	}
	// Above the caller only contact fields show.
	above := len(pathIDs(p.Path)) - 1
	for i := 0; i < above && i < len(out); i++ {
		out[i].Status, out[i].DownlineSize, out[i].Children, out[i].ContactOnly = "", 0, 0, true
	}
	return out, nil
}

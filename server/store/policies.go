package store

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/associateportal/portal/sdk/lists"
	"github.com/associateportal/portal/server/auth"
	"github.com/associateportal/portal/server/changelog"
	"github.com/associateportal/portal/server/comp"
	"github.com/associateportal/portal/server/errs"
	"github.com/associateportal/portal/server/hierarchy"
	"github.com/associateportal/portal/server/ledger"
	"github.com/associateportal/portal/server/listing"
	"github.com/associateportal/portal/server/policy"
)

// Change-log entity kinds of the business area.
const (
	EntityPolicy      = "policy"
	EntityRequirement = "policy_requirement"
)

// PolicyListing is the whitelist of the policy list and its download. `p` is the policy,
// `pr` its product, `c` its client, `w2` its second writer (a split) or NULLs.
var PolicyListing = listing.FromContract(lists.ListPolicies, map[string]listing.Column{
	"id":            {SQL: "p.id"},
	"policy_number": {SQL: "p.policy_number"},
	"status":        {SQL: "p.status"},
	"category":      {SQL: "pr.category"},
	"type":          {SQL: "pr.type"},
	"provider_id":   {SQL: "p.provider_id"},
	"product_id":    {SQL: "p.product_id"},
	"client_id":     {SQL: "p.client_id"},
	"client_name":   {SQL: "(c.first_name || ' ' || c.last_name)"},
	// Either writer: codes are checked and spelled as stored by CheckLookups first.
	"writer_code": {Where: func(op listing.Op, arg string) string {
		cond := "wa.code = " + arg
		if op == listing.In {
			cond = "wa.code = ANY(" + arg + ")"
		}
		return "EXISTS (SELECT 1 FROM policy_writers pw JOIN associates wa ON wa.id = pw.associate_id WHERE pw.policy_id = p.id AND " + cond + ")"
	}},
	"split":                {SQL: "(w2.policy_id IS NOT NULL)"},
	"lapsed":               {SQL: "(p.lapsed_on IS NOT NULL)"},
	"submitted_on":         {SQL: "p.submitted_on"},
	"approved_on":          {SQL: "p.approved_on", Nullable: true},
	"target_premium_cents": {SQL: "p.target_premium_cents"},
	"face_amount_cents":    {SQL: "p.face_amount_cents"},
	"bv_cents":             {SQL: "p.bv_cents"},
	"updated_at":           {SQL: "p.updated_at"},
})

// policyFrom joins what a policy row shows.
const policyFrom = `policies p
	JOIN products pr ON pr.id = p.product_id
	JOIN providers pv ON pv.id = p.provider_id
	JOIN clients c ON c.id = p.client_id
	JOIN associates w ON w.id = p.writer_id
	LEFT JOIN policy_writers w2 ON w2.policy_id = p.id AND w2.position = 2
	LEFT JOIN associates a2 ON a2.id = w2.associate_id`

const policyRowColumns = `p.id, p.policy_number, p.provider_id, pv.name, p.product_id, pr.name, pr.category, pr.type,
	p.client_id, c.first_name || ' ' || c.last_name, w.code, w.first_name || ' ' || w.last_name, coalesce(a2.code, ''),
	p.status, p.face_amount_cents, p.target_premium_cents, p.bv_cents, p.submitted_on, p.approved_on, p.lapsed_on,
	(SELECT count(*)::int FROM policy_requirements r WHERE r.policy_id = p.id AND r.status = 'Open'), p.updated_at`

// PolicyRow is one row of the policy list.
type PolicyRow struct {
	ID               int64
	Number           string
	ProviderID       int64
	ProviderName     string
	ProductID        int64
	ProductName      string
	Category         string
	Type             string
	ClientID         int64
	ClientName       string
	WriterCode       string
	WriterName       string
	SplitCode        string
	Status           string
	FaceCents        int64
	PremiumCents     int64
	BVCents          int64
	SubmittedOn      time.Time
	ApprovedOn       *time.Time
	LapsedOn         *time.Time
	OpenRequirements int
	UpdatedAt        time.Time
}

func (r *PolicyRow) dest() []any {
	return []any{&r.ID, &r.Number, &r.ProviderID, &r.ProviderName, &r.ProductID, &r.ProductName, &r.Category, &r.Type,
		&r.ClientID, &r.ClientName, &r.WriterCode, &r.WriterName, &r.SplitCode,
		&r.Status, &r.FaceCents, &r.PremiumCents, &r.BVCents, &r.SubmittedOn, &r.ApprovedOn, &r.LapsedOn,
		&r.OpenRequirements, &r.UpdatedAt}
}

// policyScope is the condition on `p` that limits policies to those the caller may see in
// a view: those written by a member of the caller's view (Personal: by the caller). Staff
// with policies.review, acting for nobody, see every policy.
func (s *Store) policyScope(ctx context.Context, p *auth.Principal, view hierarchy.View, args *listing.Args) (string, error) {
	if !p.IsAssociate() {
		if p.Can(auth.PermPoliciesReview) {
			return "TRUE", nil
		}
		return "", errs.Coded(errs.Forbidden, errs.CodeStaffPermission, "Staff need the %s permission to see policies", auth.PermPoliciesReview)
	}
	if view == "" || view == hierarchy.Personal {
		return fmt.Sprintf("p.id IN (SELECT policy_id FROM policy_writers WHERE associate_id = %d)", p.AssociateID), nil
	}
	root, err := s.TeamRoot(ctx, p.AssociateID)
	if err != nil {
		return "", err
	}
	where, _, err := teamScope(view, root, args)
	if err != nil {
		return "", err
	}
	return `EXISTS (SELECT 1 FROM policy_writers pw JOIN associates a ON a.id = pw.associate_id
		WHERE pw.policy_id = p.id AND ` + where + `)`, nil
}

// ListPolicies calls each for every policy of a page the caller may see in a view: at most
// q.Limit+1 rows. The row passed is reused for the next one.
func (s *Store) ListPolicies(ctx context.Context, p *auth.Principal, view hierarchy.View, q listing.Query, each func(*PolicyRow)) error {
	var args listing.Args
	scope, err := s.policyScope(ctx, p, view, &args)
	if err != nil {
		return err
	}
	rows, err := s.db.Query(ctx, `SELECT `+policyRowColumns+` FROM `+policyFrom+`
		WHERE `+scope+` AND `+q.Where(&args)+` ORDER BY `+q.OrderBy()+` `+q.LimitOffset(&args), args.Query()...)
	var r PolicyRow
	return stream(rows, err, &r, r.dest(), each)
}

// PolicyExportSQL is the query of a policy download (columns of lists.PolicyExport).
func (s *Store) PolicyExportSQL(ctx context.Context, p *auth.Principal, view hierarchy.View, q listing.Query) (string, []any, error) {
	var args listing.Args
	scope, err := s.policyScope(ctx, p, view, &args)
	if err != nil {
		return "", nil, err
	}
	sql := `SELECT p.id, p.policy_number, pv.name, pr.name, pr.category, pr.type, p.client_id, c.first_name || ' ' || c.last_name,
		w.code, w.first_name || ' ' || w.last_name, a2.code, p.status, p.face_amount_cents, p.target_premium_cents, p.bv_cents,
		to_char(p.submitted_on, 'YYYY-MM-DD'), to_char(p.approved_on, 'YYYY-MM-DD'), to_char(p.lapsed_on, 'YYYY-MM-DD'),
		(SELECT count(*) FROM policy_requirements r WHERE r.policy_id = p.id AND r.status = 'Open'),
		to_char(p.updated_at AT TIME ZONE 'UTC', ` + utc + `)
		FROM ` + policyFrom + ` WHERE ` + scope + ` AND ` + q.FilterWhere(&args) + ` ORDER BY ` + q.OrderBy()
	return sql, args.Query(), nil
}

// PolicySortValue is a row's value of a sortable field, for cursors.
func PolicySortValue(r *PolicyRow, field string) any {
	switch field {
	case "id":
		return r.ID
	case "policy_number":
		return r.Number
	case "submitted_on":
		return r.SubmittedOn
	case "approved_on":
		if r.ApprovedOn == nil {
			return nil
		}
		return *r.ApprovedOn
	case "status":
		return r.Status
	case "client_name":
		return r.ClientName
	case "target_premium_cents":
		return r.PremiumCents
	case "face_amount_cents":
		return r.FaceCents
	case "bv_cents":
		return r.BVCents
	case "updated_at":
		return r.UpdatedAt
	}
	panic("store: no sort value for policy field " + field)
}

// Writer is one writer of a policy.
type Writer struct {
	AssociateID  int64
	Code         string
	Name         string
	ShareBP      int32
	BVCents      int64
	PremiumCents int64
}

// Trainer is the field trainer of a policy.
type Trainer struct {
	ID   int64
	Code string
	Name string
}

// Policy is a stored policy as the caller sees it.
type Policy struct {
	ID               int64
	Number           string
	ProviderID       int64
	ProviderName     string
	ProductID        int64
	ProductName      string
	Category         string
	Type             string
	CommissionRateBP int32
	ClientID         int64
	ClientName       string
	ClientState      string
	ClientOwnerID    int64
	Writers          []Writer
	Trainer          *Trainer
	FaceCents        int64
	PremiumCents     int64
	BVCents          int64
	Status           policy.Status
	SubmittedOn      time.Time
	IssuedOn         *time.Time
	ApprovedOn       *time.Time
	LapsedOn         *time.Time
	Notes            string
	OpenRequirements int
	CreatedAt        time.Time
	UpdatedAt        time.Time
}

// Writes reports whether an associate is a writer of the policy.
func (pol *Policy) Writes(id int64) bool {
	for _, w := range pol.Writers {
		if w.AssociateID == id {
			return true
		}
	}
	return false
}

// CanEdit reports whether the caller may edit the policy: its first writer, while Pending
// or Action Required.
func (pol *Policy) CanEdit(p *auth.Principal) bool {
	return p.IsAssociate() && len(pol.Writers) > 0 && pol.Writers[0].AssociateID == p.AssociateID && policy.Editable(pol.Status)
}

// Input gives back the editable fields of a stored policy as an input, as its first writer
// wrote them.
func (pol *Policy) Input() policy.Input {
	in := policy.Input{PolicyNumber: pol.Number, ClientID: pol.ClientID, ProductID: pol.ProductID,
		FaceAmountCents: pol.FaceCents, TargetPremiumCents: pol.PremiumCents, SubmittedOn: pol.SubmittedOn,
		IssuedOn: pol.IssuedOn, Notes: pol.Notes}
	if len(pol.Writers) > 1 {
		in.SplitCode, in.SplitShareBP = pol.Writers[1].Code, pol.Writers[1].ShareBP
	}
	if pol.Trainer != nil {
		in.TrainerCode = pol.Trainer.Code
	}
	return in
}

// loadPolicy reads a policy without any visibility check (callers check), locking it when
// asked.
func (s *Store) loadPolicy(ctx context.Context, id int64, lock bool) (Policy, error) {
	var pol Policy
	sql := `SELECT p.id, p.policy_number, p.provider_id, pv.name, p.product_id, pr.name, pr.category, pr.type, pr.commission_rate_bp,
		p.client_id, c.first_name || ' ' || c.last_name, coalesce(c.state, ''), c.associate_id,
		p.trainer_id, coalesce(t.code, ''), coalesce(t.first_name || ' ' || t.last_name, ''),
		p.face_amount_cents, p.target_premium_cents, p.bv_cents, p.status, p.submitted_on, p.issued_on, p.approved_on, p.lapsed_on,
		coalesce(p.notes, ''), (SELECT count(*)::int FROM policy_requirements r WHERE r.policy_id = p.id AND r.status = 'Open'),
		p.created_at, p.updated_at
		FROM policies p JOIN products pr ON pr.id = p.product_id JOIN providers pv ON pv.id = p.provider_id
		JOIN clients c ON c.id = p.client_id LEFT JOIN associates t ON t.id = p.trainer_id
		WHERE p.id = $1`
	if lock {
		sql += ` FOR UPDATE OF p`
	}
	var trainerID *int64
	var trainerCode, trainerName string
	err := s.db.QueryRow(ctx, sql, id).Scan(&pol.ID, &pol.Number, &pol.ProviderID, &pol.ProviderName, &pol.ProductID,
		&pol.ProductName, &pol.Category, &pol.Type, &pol.CommissionRateBP, &pol.ClientID, &pol.ClientName, &pol.ClientState,
		&pol.ClientOwnerID, &trainerID, &trainerCode, &trainerName, &pol.FaceCents, &pol.PremiumCents, &pol.BVCents, &pol.Status,
		&pol.SubmittedOn, &pol.IssuedOn, &pol.ApprovedOn, &pol.LapsedOn, &pol.Notes, &pol.OpenRequirements,
		&pol.CreatedAt, &pol.UpdatedAt)
	if err != nil {
		if errs.Is(translate(err), errs.NotFound) {
			return pol, errs.NotFoundf("Policy %d not found", id)
		}
		return pol, translate(err)
	}
	if trainerID != nil {
		pol.Trainer = &Trainer{ID: *trainerID, Code: trainerCode, Name: trainerName}
	}
	rows, err := s.db.Query(ctx, `SELECT w.associate_id, a.code, a.first_name || ' ' || a.last_name, w.share_bp, w.bv_cents, w.premium_cents
		FROM policy_writers w JOIN associates a ON a.id = w.associate_id WHERE w.policy_id = $1 ORDER BY w.position`, id)
	pol.Writers, err = collect(rows, err, func(r pgx.Rows, w *Writer) error {
		return r.Scan(&w.AssociateID, &w.Code, &w.Name, &w.ShareBP, &w.BVCents, &w.PremiumCents)
	})
	return pol, err
}

// visiblePolicy loads a policy the caller may see: a writer, the trainer, an upline of a
// writer (the team views' Infinity), or staff with policies.review. Anyone else gets the
// same 404 as for a policy that does not exist.
func (s *Store) visiblePolicy(ctx context.Context, p *auth.Principal, id int64, lock bool) (Policy, error) {
	pol, err := s.loadPolicy(ctx, id, lock)
	if err != nil {
		return pol, err
	}
	if !p.IsAssociate() {
		if p.Can(auth.PermPoliciesReview) {
			return pol, nil
		}
		return pol, errs.NotFoundf("Policy %d not found", id)
	}
	if pol.Writes(p.AssociateID) || (pol.Trainer != nil && pol.Trainer.ID == p.AssociateID) {
		return pol, nil
	}
	var below bool
	err = s.db.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM policy_writers w JOIN associates a ON a.id = w.associate_id
		WHERE w.policy_id = $1 AND `+subtreeOf("a", p.Path)+`)`, id).Scan(&below)
	if err != nil {
		return pol, translate(err)
	}
	if !below {
		return pol, errs.NotFoundf("Policy %d not found", id)
	}
	return pol, nil
}

// GetPolicy answers one policy the caller may see.
func (s *Store) GetPolicy(ctx context.Context, p *auth.Principal, id int64) (Policy, error) {
	return s.visiblePolicy(ctx, p, id, false)
}

// PolicyHistory is the change log of a policy the caller may see.
func (s *Store) PolicyHistory(ctx context.Context, p *auth.Principal, id int64) ([]ChangeLog, error) {
	if _, err := s.visiblePolicy(ctx, p, id, false); err != nil {
		return nil, err
	}
	return s.ChangeLogs(ctx, EntityPolicy, id)
}

// writing is what a policy input resolves to: the client, the product and the people.
type writing struct {
	clientState, clientCountry string
	providerID                 int64
	providerName               string
	bvFactorBP                 int32
	writers                    []int64 // associate ids, first writer first
	codes                      []string
	shares                     []int32
	trainer                    *int64
}

// resolve checks what an input names, for the caller as first writer: its own client with a
// state, an active product offered in the client's country, visible active associates for
// the split and the trainer, and for each writer an active license in the client's state and
// an appointment with the provider there on the sale date. Each refusal is a 422 naming the
// field and what is missing.
func (s *Store) resolve(ctx context.Context, p *auth.Principal, in policy.Input) (writing, error) {
	var w writing
	var f errs.Fields
	var owner int64
	var state *string
	err := s.db.QueryRow(ctx, `SELECT associate_id, state, country FROM clients WHERE id = $1`, in.ClientID).
		Scan(&owner, &state, &w.clientCountry)
	switch {
	case errs.Is(translate(err), errs.NotFound) || (err == nil && owner != p.AssociateID):
		f.Add("client_id", "Client must be one of your own clients")
	case err != nil:
		return w, translate(err)
	case state == nil:
		f.Add("client_id", "The client has no state: add it to the client before writing a policy")
	default:
		w.clientState = *state
	}
	var active bool
	var countries []string
	err = s.db.QueryRow(ctx, `SELECT pr.provider_id, pv.name, pr.bv_factor_bp, pr.active, pr.countries
		FROM products pr JOIN providers pv ON pv.id = pr.provider_id WHERE pr.id = $1`, in.ProductID).
		Scan(&w.providerID, &w.providerName, &w.bvFactorBP, &active, &countries)
	switch {
	case errs.Is(translate(err), errs.NotFound):
		f.Add("product_id", "Product not found")
	case err != nil:
		return w, translate(err)
	case !active:
		f.Add("product_id", "This product is no longer offered")
	case w.clientCountry != "" && !slices.Contains(countries, w.clientCountry):
		f.Add("product_id", "This product is not offered in %s", w.clientCountry)
	}
	w.writers, w.codes, w.shares = []int64{p.AssociateID}, []string{p.Code}, []int32{10000}
	if in.SplitCode != "" {
		id, msg, err := s.resolvePerson(ctx, p, in.SplitCode)
		if err != nil {
			return w, err
		}
		if msg != "" {
			f.Add("split_code", "%s", msg)
		} else {
			w.writers, w.codes = append(w.writers, id), append(w.codes, in.SplitCode)
			w.shares = []int32{10000 - in.SplitShareBP, in.SplitShareBP}
		}
	}
	if in.TrainerCode != "" {
		id, msg, err := s.resolvePerson(ctx, p, in.TrainerCode)
		if err != nil {
			return w, err
		}
		if msg != "" {
			f.Add("trainer_code", "%s", msg)
		} else {
			w.trainer = &id
		}
	}
	if len(f) > 0 || w.clientState == "" {
		return w, f.Err()
	}
	for i, id := range w.writers {
		field := "client_id"
		if i == 1 {
			field = "split_code"
		}
		var licensed, appointed bool
		err := s.db.QueryRow(ctx, `SELECT
			EXISTS (SELECT 1 FROM licenses WHERE associate_id = $1 AND state = $2 AND issued_on <= $4 AND expires_on >= $4),
			EXISTS (SELECT 1 FROM provider_appointments WHERE associate_id = $1 AND provider_id = $3 AND state = $2
				AND status = 'Appointed' AND appointed_on <= $4 AND (terminated_on IS NULL OR terminated_on > $4))`,
			id, w.clientState, w.providerID, in.SubmittedOn).Scan(&licensed, &appointed)
		if err != nil {
			return w, translate(err)
		}
		if !licensed {
			f.Add(field, "%s holds no active license in %s on %s", w.codes[i], w.clientState, in.SubmittedOn.Format("01/02/2006"))
		}
		if !appointed {
			f.Add(field, "%s has no appointment with %s in %s on %s", w.codes[i], w.providerName, w.clientState, in.SubmittedOn.Format("01/02/2006"))
		}
	}
	return w, f.Err()
}

// resolvePerson finds an active associate the caller may name (itself, its downline, its
// upline chain: Visible) by code; msg says why not, without telling an associate the caller
// cannot see from one that does not exist.
func (s *Store) resolvePerson(ctx context.Context, p *auth.Principal, code string) (id int64, msg string, err error) {
	t, err := s.Visible(ctx, p, code)
	if errs.Is(err, errs.NotFound) {
		return 0, fmt.Sprintf("No associate you can see has the code %s", code), nil
	}
	if err != nil {
		return 0, "", err
	}
	var status string
	if err := s.db.QueryRow(ctx, `SELECT status FROM associates WHERE id = $1`, t.ID).Scan(&status); err != nil {
		return 0, "", translate(err)
	}
	if status != "Active" {
		return 0, fmt.Sprintf("%s is %s, not Active", t.Code, status), nil
	}
	return t.ID, "", nil
}

// CreatePolicy writes a policy with the caller as first writer, credits the production and
// logs the creation, in one transaction.
func (s *Store) CreatePolicy(ctx context.Context, p *auth.Principal, in policy.Input) (Policy, error) {
	if !p.IsAssociate() {
		return Policy{}, errs.Coded(errs.Forbidden, errs.CodeAssociatesOnly, "Only associates write policies")
	}
	var out Policy
	err := s.InTx(ctx, func(tx *Store) error {
		w, err := tx.resolve(ctx, p, in)
		if err != nil {
			return err
		}
		var id int64
		err = tx.db.QueryRow(ctx, `INSERT INTO policies (provider_id, policy_number, client_id, product_id, writer_id, trainer_id,
				face_amount_cents, target_premium_cents, bv_cents, submitted_on, issued_on, notes)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
			ON CONFLICT (provider_id, policy_number) DO NOTHING RETURNING id`,
			w.providerID, in.PolicyNumber, in.ClientID, in.ProductID, p.AssociateID, w.trainer,
			in.FaceAmountCents, in.TargetPremiumCents, policy.BV(in.TargetPremiumCents, w.bvFactorBP),
			in.SubmittedOn, in.IssuedOn, nullable(in.Notes)).Scan(&id)
		if errs.Is(translate(err), errs.NotFound) {
			return numberTaken(in.PolicyNumber, w.providerName)
		}
		if err != nil {
			return translate(err)
		}
		if err := tx.reviseProduction(ctx, id, func() error { return tx.writeWriters(ctx, id, w, in) }); err != nil {
			return err
		}
		if err := tx.logChanges(ctx, p, EntityPolicy, id, p.AssociateID, changelog.Create, nil); err != nil {
			return err
		}
		out, err = tx.loadPolicy(ctx, id, false)
		return err
	})
	return out, err
}

func numberTaken(number, provider string) error {
	return errs.Validation(errs.Field("policy_number", "Policy number %s already exists at %s", number, provider))
}

// writeWriters stores the writers of a policy with their shares of its BV and premium.
func (s *Store) writeWriters(ctx context.Context, id int64, w writing, in policy.Input) error {
	if _, err := s.db.Exec(ctx, `DELETE FROM policy_writers WHERE policy_id = $1`, id); err != nil {
		return translate(err)
	}
	var bv int64
	if err := s.db.QueryRow(ctx, `SELECT bv_cents FROM policies WHERE id = $1`, id).Scan(&bv); err != nil {
		return translate(err)
	}
	bvs, premiums := comp.Split(bv, w.shares), comp.Split(in.TargetPremiumCents, w.shares)
	for i, a := range w.writers {
		if _, err := s.db.Exec(ctx, `INSERT INTO policy_writers (policy_id, position, associate_id, share_bp, bv_cents, premium_cents)
			VALUES ($1, $2, $3, $4, $5, $6)`, id, i+1, a, w.shares[i], bvs[i], premiums[i]); err != nil {
			return translate(err)
		}
	}
	return nil
}

// ownPolicy loads a policy for a change by its first writer.
func (s *Store) ownPolicy(ctx context.Context, p *auth.Principal, id int64) (Policy, error) {
	pol, err := s.visiblePolicy(ctx, p, id, true)
	if err != nil {
		return pol, err
	}
	if !p.IsAssociate() || pol.Writers[0].AssociateID != p.AssociateID {
		return pol, errs.Forbiddenf("Only %s, who wrote this policy, can change it", pol.Writers[0].Name)
	}
	if !policy.Editable(pol.Status) {
		return pol, errs.Conflictf("A policy that is %s can no longer be edited", pol.Status)
	}
	return pol, nil
}

// UpdatePolicy replaces the editable fields of a policy the caller wrote, while Pending or
// Action Required, moving its production credit and logging each changed field.
func (s *Store) UpdatePolicy(ctx context.Context, p *auth.Principal, id int64, in policy.Input) (Policy, error) {
	var out Policy
	err := s.InTx(ctx, func(tx *Store) error {
		old, err := tx.ownPolicy(ctx, p, id)
		if err != nil {
			return err
		}
		oldIn := old.Input()
		changes := diffInputs(oldIn, in)
		if len(changes) == 0 {
			out = old
			return nil
		}
		w, err := tx.resolve(ctx, p, in)
		if err != nil {
			return err
		}
		err = tx.reviseProduction(ctx, id, func() error {
			tag, err := tx.db.Exec(ctx, `UPDATE policies SET provider_id = $2, policy_number = $3, client_id = $4, product_id = $5,
					trainer_id = $6, face_amount_cents = $7, target_premium_cents = $8, bv_cents = $9, submitted_on = $10,
					issued_on = $11, notes = $12, updated_at = now()
				WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM policies o WHERE o.provider_id = $2 AND o.policy_number = $3 AND o.id <> $1)`,
				id, w.providerID, in.PolicyNumber, in.ClientID, in.ProductID, w.trainer, in.FaceAmountCents, in.TargetPremiumCents,
				policy.BV(in.TargetPremiumCents, w.bvFactorBP), in.SubmittedOn, in.IssuedOn, nullable(in.Notes))
			if err != nil {
				return translate(err)
			}
			if tag.RowsAffected() == 0 {
				return numberTaken(in.PolicyNumber, w.providerName)
			}
			return tx.writeWriters(ctx, id, w, in)
		})
		if err != nil {
			return err
		}
		if err := tx.logChanges(ctx, p, EntityPolicy, id, old.Writers[0].AssociateID, changelog.Update, changes); err != nil {
			return err
		}
		out, err = tx.loadPolicy(ctx, id, false)
		return err
	})
	return out, err
}

func diffInputs(a, b policy.Input) []changelog.Change {
	return changelog.Diff(a.Fields(), b.Fields())
}

// MovePolicy moves a policy along the workflow (staff with policies.review). Approval
// records the approval date and an approval event for the compensation engine in the same
// transaction.
func (s *Store) MovePolicy(ctx context.Context, p *auth.Principal, id int64, to policy.Status, today time.Time) (Policy, error) {
	var out Policy
	err := s.InTx(ctx, func(tx *Store) error {
		pol, err := tx.loadPolicy(ctx, id, true)
		if err != nil {
			return err
		}
		if err := policy.Move(pol.Status, to, pol.OpenRequirements); err != nil {
			return err
		}
		if err := tx.setStatus(ctx, p, &pol, to, today); err != nil {
			return err
		}
		out, err = tx.loadPolicy(ctx, id, false)
		return err
	})
	return out, err
}

// setStatus changes the status of a locked policy with its production, change log and,
// for an approval, the approval date and event.
func (s *Store) setStatus(ctx context.Context, p *auth.Principal, pol *Policy, to policy.Status, today time.Time) error {
	changes := []changelog.Change{{Field: "status", Old: string(pol.Status), New: string(to)}}
	err := s.reviseProduction(ctx, pol.ID, func() error {
		if to != policy.Approved {
			_, err := s.db.Exec(ctx, `UPDATE policies SET status = $2, updated_at = now() WHERE id = $1`, pol.ID, to)
			return translate(err)
		}
		if _, err := s.db.Exec(ctx, `UPDATE policies SET status = $2, approved_on = $3, updated_at = now() WHERE id = $1`, pol.ID, to, today); err != nil {
			return translate(err)
		}
		if _, err := s.db.Exec(ctx, `INSERT INTO policy_events (policy_id, kind, occurred_on) VALUES ($1, 'approved', $2)
			ON CONFLICT (policy_id, kind) DO NOTHING`, pol.ID, today); err != nil {
			return translate(err)
		}
		changes = append(changes, changelog.Change{Field: "approved_on", New: today.Format(time.DateOnly)})
		return nil
	})
	if err != nil {
		return err
	}
	return s.logChanges(ctx, p, EntityPolicy, pol.ID, pol.Writers[0].AssociateID, changelog.Update, changes)
}

// LapsePolicy records the lapse of an approved policy (staff with policies.review) and the
// lapse event the compensation engine turns into chargebacks, in one transaction.
// A free-look cancellation (freeLook) falls within the first policy month and keeps nothing.
func (s *Store) LapsePolicy(ctx context.Context, p *auth.Principal, id int64, on time.Time, freeLook bool, today time.Time) (Policy, error) {
	var out Policy
	err := s.InTx(ctx, func(tx *Store) error {
		pol, err := tx.loadPolicy(ctx, id, true)
		if err != nil {
			return err
		}
		switch {
		case pol.LapsedOn != nil:
			return errs.Conflictf("This policy already lapsed on %s", pol.LapsedOn.Format("01/02/2006"))
		case !policy.Lapsable(pol.Status):
			return errs.Conflictf("Only an approved policy can lapse; this one is %s", pol.Status)
		case on.After(today):
			return errs.Validation(errs.Field("lapsed_on", "Lapse date cannot be in the future"))
		case pol.ApprovedOn != nil && on.Before(*pol.ApprovedOn):
			return errs.Validation(errs.Field("lapsed_on", "Lapse date cannot be before the approval (%s)", pol.ApprovedOn.Format("01/02/2006")))
		case freeLook && pol.ApprovedOn != nil && ledger.PolicyMonth(*pol.ApprovedOn, on) > 1:
			return errs.Validation(errs.Field("free_look", "A free-look cancellation falls within the first policy month (before %s)",
				ledger.AddMonths(*pol.ApprovedOn, 1).Format("01/02/2006")))
		}
		err = tx.reviseProduction(ctx, id, func() error {
			if _, err := tx.db.Exec(ctx, `UPDATE policies SET lapsed_on = $2, updated_at = now() WHERE id = $1`, id, on); err != nil {
				return translate(err)
			}
			_, err := tx.db.Exec(ctx, `INSERT INTO policy_events (policy_id, kind, occurred_on, free_look) VALUES ($1, 'lapsed', $2, $3)`, id, on, freeLook)
			return translate(err)
		})
		if err != nil {
			return err
		}
		if err := tx.logChanges(ctx, p, EntityPolicy, id, pol.Writers[0].AssociateID, "update",
			[]changelog.Change{{Field: "lapsed_on", New: on.Format(time.DateOnly)}}); err != nil {
			return err
		}
		out, err = tx.loadPolicy(ctx, id, false)
		return err
	})
	return out, err
}

// Requirement is an outstanding item of a policy.
type Requirement struct {
	ID        int64
	Name      string
	Status    string
	DueOn     *time.Time
	CreatedAt time.Time
	UpdatedAt time.Time
}

// RequirementInput is the editable part of a requirement.
type RequirementInput struct {
	Name   string
	Status string
	DueOn  *time.Time
}

// Fields lists the values of a requirement input by API name, for the change log.
func (in RequirementInput) Fields() [][2]string {
	due := ""
	if in.DueOn != nil {
		due = in.DueOn.Format(time.DateOnly)
	}
	return [][2]string{{"name", in.Name}, {"status", in.Status}, {"due_on", due}}
}

// PolicyRequirements lists the requirements of a policy the caller may see.
func (s *Store) PolicyRequirements(ctx context.Context, p *auth.Principal, id int64) ([]Requirement, error) {
	if _, err := s.visiblePolicy(ctx, p, id, false); err != nil {
		return nil, err
	}
	return s.requirements(ctx, `policy_id = $1`, id)
}

// requirements lists the requirements matching a condition, oldest first.
func (s *Store) requirements(ctx context.Context, where string, args ...any) ([]Requirement, error) {
	return s.requirementsLocked(ctx, false, where, args...)
}

func (s *Store) requirementsLocked(ctx context.Context, lock bool, where string, args ...any) ([]Requirement, error) {
	sql := `SELECT id, name, status, due_on, created_at, updated_at FROM policy_requirements WHERE ` + where + ` ORDER BY id`
	if lock {
		sql += ` FOR UPDATE`
	}
	rows, err := s.db.Query(ctx, sql, args...)
	return collect(rows, err, func(r pgx.Rows, q *Requirement) error {
		return r.Scan(&q.ID, &q.Name, &q.Status, &q.DueOn, &q.CreatedAt, &q.UpdatedAt)
	})
}

// SaveRequirement adds (reqID 0) or changes a requirement of a policy (staff with
// policies.review). An open requirement moves a Pending policy to Action Required, with
// its change-log row; requirements of approved business are closed.
func (s *Store) SaveRequirement(ctx context.Context, p *auth.Principal, id, reqID int64, in RequirementInput, today time.Time) (Requirement, error) {
	var out Requirement
	err := s.InTx(ctx, func(tx *Store) error {
		pol, err := tx.loadPolicy(ctx, id, true)
		if err != nil {
			return err
		}
		if !policy.Editable(pol.Status) && pol.Status != policy.ReadyToPay {
			return errs.Conflictf("The requirements of a policy that is %s are closed", pol.Status)
		}
		var changes []changelog.Change
		if reqID == 0 {
			err = tx.db.QueryRow(ctx, `INSERT INTO policy_requirements (policy_id, name, status, due_on) VALUES ($1, $2, $3, $4) RETURNING id`,
				id, in.Name, in.Status, in.DueOn).Scan(&reqID)
			if err != nil {
				return translate(err)
			}
			changes = []changelog.Change{{Field: "requirement", New: in.Name + " (" + in.Status + ")"}}
		} else {
			old, err := tx.requirementsLocked(ctx, true, `policy_id = $1 AND id = $2`, id, reqID)
			if err != nil {
				return err
			}
			if len(old) == 0 {
				return errs.NotFoundf("Requirement %d not found", reqID)
			}
			before := RequirementInput{Name: old[0].Name, Status: old[0].Status, DueOn: old[0].DueOn}
			for _, c := range changelog.Diff(before.Fields(), in.Fields()) {
				c.Field = "requirement " + strconv.FormatInt(reqID, 10) + " " + c.Field
				changes = append(changes, c)
			}
			if _, err := tx.db.Exec(ctx, `UPDATE policy_requirements SET name = $3, status = $4, due_on = $5, updated_at = now()
				WHERE policy_id = $1 AND id = $2`, id, reqID, in.Name, in.Status, in.DueOn); err != nil {
				return translate(err)
			}
		}
		if len(changes) > 0 {
			if err := tx.logChanges(ctx, p, EntityPolicy, id, pol.Writers[0].AssociateID, changelog.Update, changes); err != nil {
				return err
			}
		}
		if in.Status == policy.RequirementOpen && pol.Status == policy.Pending {
			if err := tx.setStatus(ctx, p, &pol, policy.ActionRequired, today); err != nil {
				return err
			}
		}
		rs, err := tx.requirements(ctx, `id = $1`, reqID)
		if err != nil {
			return err
		}
		out = rs[0]
		return nil
	})
	return out, err
}

// DeleteRequirement removes a requirement of a policy (staff with policies.review).
func (s *Store) DeleteRequirement(ctx context.Context, p *auth.Principal, id, reqID int64) error {
	return s.InTx(ctx, func(tx *Store) error {
		pol, err := tx.loadPolicy(ctx, id, true)
		if err != nil {
			return err
		}
		if !policy.Editable(pol.Status) && pol.Status != policy.ReadyToPay {
			return errs.Conflictf("The requirements of a policy that is %s are closed", pol.Status)
		}
		var name string
		err = tx.db.QueryRow(ctx, `DELETE FROM policy_requirements WHERE policy_id = $1 AND id = $2 RETURNING name`, id, reqID).Scan(&name)
		if errs.Is(translate(err), errs.NotFound) {
			return errs.NotFoundf("Requirement %d not found", reqID)
		}
		if err != nil {
			return translate(err)
		}
		return tx.logChanges(ctx, p, EntityPolicy, id, pol.Writers[0].AssociateID, "update",
			[]changelog.Change{{Field: "requirement", Old: name}})
	})
}

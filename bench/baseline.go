package main

import (
	"context"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"flag"
	"net/http"
	"net/netip"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/associateportal/portal/server/files"
	"github.com/associateportal/portal/server/secret"
	"github.com/associateportal/portal/server/store"
)

var (
	netipZero   netip.Addr
	ltreeDigits = regexp.MustCompile(`^[0-9]+(\.[0-9]+)*$`)
)

// baseline is the hand-written comparison: net/http and pgx, no framework, the same
// rows. It authenticates the bearer token by portald's rules (caller), as any real handler
// of the product must, and encodes with encoding/json.
func baseline(args []string) error {
	fs := flag.NewFlagSet("baseline", flag.ExitOnError)
	addr := fs.String("addr", "127.0.0.1:8099", "listen address")
	dsn := fs.String("database-url", "", "database")
	poolSize := fs.Int("pool", 16, "pool size")
	_ = fs.Parse(args)
	ctx := context.Background()
	pool, err := store.Connect(ctx, *dsn, int32(*poolSize))
	if err != nil {
		return err
	}
	keyBytes, _ := hex.DecodeString(benchKey)
	keys, err := secret.New(keyBytes)
	if err != nil {
		return err
	}
	// Signed links to images, as portald makes them (the same key as the portald it runs beside).
	b := &base{pool: pool, store: store.New(pool), images: files.Signer{Key: keys.Derive("files"), Base: "/api/files/"}}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /ready", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(200) })
	mux.HandleFunc("GET /clients", b.list)
	mux.HandleFunc("GET /policies", b.policies)
	mux.HandleFunc("GET /copy", b.copy)
	mux.HandleFunc("GET /cashflow", b.cashflow)
	mux.HandleFunc("GET /cashflow/copy", b.cashflowCopy)
	mux.HandleFunc("GET /store/products", b.products)
	srv := &http.Server{Addr: *addr, Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	return srv.ListenAndServe()
}

type base struct {
	pool   *pgxpool.Pool
	store  *store.Store
	images files.Signer
}

type row struct {
	ID            int64      `json:"id"`
	AssociateCode string     `json:"associate_code"`
	AssociateName string     `json:"associate_name"`
	FirstName     string     `json:"first_name"`
	LastName      string     `json:"last_name"`
	Email         *string    `json:"email,omitempty"`
	Phone         *string    `json:"phone,omitempty"`
	DateOfBirth   *time.Time `json:"date_of_birth,omitempty"`
	Gender        *string    `json:"gender,omitempty"`
	MaritalStatus *string    `json:"marital_status,omitempty"`
	AddressLine1  *string    `json:"address_line1,omitempty"`
	AddressLine2  *string    `json:"address_line2,omitempty"`
	City          *string    `json:"city,omitempty"`
	State         *string    `json:"state,omitempty"`
	PostalCode    *string    `json:"postal_code,omitempty"`
	Country       string     `json:"country"`
	AnnualIncome  *int64     `json:"annual_income,omitempty"`
	Notes         *string    `json:"notes,omitempty"`
	CanEdit       bool       `json:"can_edit"`
	CreatedAt     time.Time  `json:"created_at"`
	UpdatedAt     time.Time  `json:"updated_at"`
}

// caller authenticates the bearer token by the rules portald's every request follows, with
// the store's own statement: a live session (not revoked, idle or too old; a token a
// rotation replaced only within the grace), and the acknowledgement gate (a caller with a
// memo or W-9 to acknowledge gets 403). A handler that skipped them would answer requests
// the product must refuse. It writes the refusal itself.
func (b *base) caller(w http.ResponseWriter, r *http.Request) (path string, id int64, ok bool) {
	token := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
	p, err := b.store.Authenticate(r.Context(), token)
	switch {
	case err != nil:
		http.Error(w, "unauthorized", http.StatusUnauthorized)
	case p.PendingAcknowledgements:
		http.Error(w, "acknowledgements pending", http.StatusForbidden)
	case p.AssociateID == 0:
		http.Error(w, "not an associate", http.StatusForbidden)
	default:
		if p.RenewedToken != "" {
			w.Header().Set("X-Token", p.RenewedToken)
		}
		return p.Path, p.AssociateID, true
	}
	return "", 0, false
}

func (b *base) list(w http.ResponseWriter, r *http.Request) {
	path, me, ok := b.caller(w, r)
	if !ok {
		return
	}
	q := r.URL.Query()
	limit, _ := strconv.Atoi(q.Get("limit"))
	if limit < 1 || limit > 1000 {
		limit = 100
	}
	offset, _ := strconv.Atoi(q.Get("offset"))
	args := []any{path, limit + 1, offset, path + "0"}
	where := ""
	if s := q.Get("state"); s != "" {
		args = append(args, s)
		where += " AND c.state = $" + strconv.Itoa(len(args))
	}
	if p := q.Get("last_name_prefix"); p != "" {
		args = append(args, p+"%")
		where += " AND c.last_name ILIKE $" + strconv.Itoa(len(args))
	}
	rows, err := b.pool.Query(r.Context(), `SELECT c.id, a.code, a.first_name || ' ' || a.last_name, c.first_name, c.last_name,
		c.email, c.phone, c.date_of_birth, c.gender, c.marital_status, c.address_line1, c.address_line2, c.city, c.state,
		c.postal_code, c.country, c.annual_income, c.notes, c.associate_id, c.created_at, c.updated_at
		FROM clients c JOIN associates a ON a.id = c.associate_id
		WHERE a.path >= $1::ltree AND a.path < $4::ltree`+where+` ORDER BY c.id LIMIT $2 OFFSET $3`, args...)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	out := make([]row, 0, limit+1)
	for rows.Next() {
		var c row
		var owner int64
		if err := rows.Scan(&c.ID, &c.AssociateCode, &c.AssociateName, &c.FirstName, &c.LastName, &c.Email, &c.Phone,
			&c.DateOfBirth, &c.Gender, &c.MaritalStatus, &c.AddressLine1, &c.AddressLine2, &c.City, &c.State, &c.PostalCode,
			&c.Country, &c.AnnualIncome, &c.Notes, &owner, &c.CreatedAt, &c.UpdatedAt); err != nil {
			rows.Close()
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		c.CanEdit = owner == me
		out = append(out, c)
	}
	rows.Close()
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"data": out})
}

// copy streams COPY (the export query) TO STDOUT straight into the response.
func (b *base) copy(w http.ResponseWriter, r *http.Request) {
	path, _, ok := b.caller(w, r)
	if !ok {
		return
	}
	if !ltreeDigits.MatchString(path) { // COPY takes no parameters: only ever inline digits and dots
		http.Error(w, "bad path", http.StatusInternalServerError)
		return
	}
	b.copyTo(w, r, `COPY (SELECT c.id, a.code, a.first_name || ' ' || a.last_name, c.first_name, c.last_name, c.email, c.phone,
		to_char(c.date_of_birth, 'YYYY-MM-DD'), c.gender, c.marital_status, c.address_line1, c.address_line2, c.city, c.state,
		c.postal_code, c.country, to_char(c.annual_income / 100.0, 'FM999999999990.00'), c.notes,
		to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
		to_char(c.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
		FROM clients c JOIN associates a ON a.id = c.associate_id
		WHERE a.path >= '`+path+`'::ltree AND a.path < '`+path+`0'::ltree ORDER BY c.id) TO STDOUT WITH (FORMAT csv, HEADER)`)
}

// copyTo streams a COPY … TO STDOUT statement straight into the response as CSV.
func (b *base) copyTo(w http.ResponseWriter, r *http.Request, sql string) {
	conn, err := b.pool.Acquire(r.Context())
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	defer conn.Release()
	w.Header().Set("Content-Type", "text/csv")
	if _, err := conn.Conn().PgConn().CopyTo(r.Context(), w, sql); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

type policyRow struct {
	ID                 int64      `json:"id"`
	PolicyNumber       string     `json:"policy_number"`
	ProviderID         int64      `json:"provider_id"`
	ProviderName       string     `json:"provider_name"`
	ProductID          int64      `json:"product_id"`
	ProductName        string     `json:"product_name"`
	Category           string     `json:"category"`
	Type               string     `json:"type"`
	ClientID           int64      `json:"client_id"`
	ClientName         string     `json:"client_name"`
	WriterCode         string     `json:"writer_code"`
	WriterName         string     `json:"writer_name"`
	SplitCode          *string    `json:"split_code,omitempty"`
	Split              bool       `json:"split"`
	Status             string     `json:"status"`
	FaceAmountCents    int64      `json:"face_amount_cents"`
	TargetPremiumCents int64      `json:"target_premium_cents"`
	BVCents            int64      `json:"bv_cents"`
	SubmittedOn        time.Time  `json:"submitted_on"`
	ApprovedOn         *time.Time `json:"approved_on,omitempty"`
	LapsedOn           *time.Time `json:"lapsed_on,omitempty"`
	OpenRequirements   int        `json:"open_requirements"`
	UpdatedAt          time.Time  `json:"updated_at"`
}

// policies is the business list of the caller's whole organisation (Infinity) in portald's
// default order (newest submission first, then by id): the policies one of whose writers is
// in the caller's subtree.
func (b *base) policies(w http.ResponseWriter, r *http.Request) {
	path, _, ok := b.caller(w, r)
	if !ok {
		return
	}
	limit, _ := strconv.Atoi(r.URL.Query().Get("limit"))
	if limit < 1 || limit > 1000 {
		limit = 100
	}
	rows, err := b.pool.Query(r.Context(), `SELECT p.id, p.policy_number, p.provider_id, pv.name, p.product_id, pr.name, pr.category, pr.type,
		p.client_id, c.first_name || ' ' || c.last_name, wa.code, wa.first_name || ' ' || wa.last_name, a2.code,
		p.status, p.face_amount_cents, p.target_premium_cents, p.bv_cents, p.submitted_on, p.approved_on, p.lapsed_on,
		(SELECT count(*) FROM policy_requirements q WHERE q.policy_id = p.id AND q.status = 'Open'), p.updated_at
		FROM policies p JOIN products pr ON pr.id = p.product_id JOIN providers pv ON pv.id = p.provider_id
		JOIN clients c ON c.id = p.client_id JOIN associates wa ON wa.id = p.writer_id
		LEFT JOIN policy_writers w2 ON w2.policy_id = p.id AND w2.position = 2 LEFT JOIN associates a2 ON a2.id = w2.associate_id
		WHERE EXISTS (SELECT 1 FROM policy_writers pw JOIN associates a ON a.id = pw.associate_id
			WHERE pw.policy_id = p.id AND a.path >= $1::ltree AND a.path < $2::ltree)
		ORDER BY p.submitted_on DESC, p.id LIMIT $3`, path, path+"0", limit+1)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	out := make([]policyRow, 0, limit+1)
	for rows.Next() {
		var p policyRow
		if err := rows.Scan(&p.ID, &p.PolicyNumber, &p.ProviderID, &p.ProviderName, &p.ProductID, &p.ProductName, &p.Category, &p.Type,
			&p.ClientID, &p.ClientName, &p.WriterCode, &p.WriterName, &p.SplitCode, &p.Status, &p.FaceAmountCents,
			&p.TargetPremiumCents, &p.BVCents, &p.SubmittedOn, &p.ApprovedOn, &p.LapsedOn, &p.OpenRequirements, &p.UpdatedAt); err != nil {
			rows.Close()
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		p.Split = p.SplitCode != nil
		out = append(out, p)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"data": out})
}

type entryRow struct {
	ID            int64     `json:"id"`
	AssociateCode string    `json:"associate_code"`
	AssociateName string    `json:"associate_name"`
	PolicyID      *int64    `json:"policy_id,omitempty"`
	PolicyNumber  *string   `json:"policy_number,omitempty"`
	Category      string    `json:"category"`
	BonusType     string    `json:"bonus_type"`
	Status        string    `json:"status"`
	Direction     string    `json:"direction"`
	Kind          string    `json:"kind"`
	AmountCents   int64     `json:"amount_cents"`
	EarningCents  int64     `json:"earning_cents"`
	Period        time.Time `json:"period"`
	OccurredOn    time.Time `json:"occurred_on"`
	Settled       bool      `json:"settled"`
}

// cashflow is the first page of the caller's cashflow, newest first, written by hand.
func (b *base) cashflow(w http.ResponseWriter, r *http.Request) {
	_, me, ok := b.caller(w, r)
	if !ok {
		return
	}
	limit, _ := strconv.Atoi(r.URL.Query().Get("limit"))
	if limit < 1 || limit > 1000 {
		limit = 100
	}
	rows, err := b.pool.Query(r.Context(), `SELECT e.id, a.code, a.first_name || ' ' || a.last_name, e.policy_id, p.policy_number,
		e.category, e.bonus_type, e.status, e.direction, e.kind, e.amount_cents, e.earning_cents, e.period, e.occurred_on,
		e.pay_run_id IS NOT NULL
		FROM cashflow_entries e JOIN associates a ON a.id = e.associate_id LEFT JOIN policies p ON p.id = e.policy_id
		WHERE e.associate_id = $1 ORDER BY e.occurred_on DESC, e.id LIMIT $2`, me, limit+1)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	out := make([]entryRow, 0, limit+1)
	for rows.Next() {
		var e entryRow
		if err := rows.Scan(&e.ID, &e.AssociateCode, &e.AssociateName, &e.PolicyID, &e.PolicyNumber, &e.Category, &e.BonusType,
			&e.Status, &e.Direction, &e.Kind, &e.AmountCents, &e.EarningCents, &e.Period, &e.OccurredOn, &e.Settled); err != nil {
			rows.Close()
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		out = append(out, e)
	}
	rows.Close()
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"data": out})
}

// cashflowCopy streams COPY (the caller's cashflow) TO STDOUT straight into the response.
func (b *base) cashflowCopy(w http.ResponseWriter, r *http.Request) {
	_, me, ok := b.caller(w, r)
	if !ok {
		return
	}
	b.copyTo(w, r, `COPY (SELECT e.id, a.code, a.first_name || ' ' || a.last_name, e.policy_id, p.policy_number, e.category, e.bonus_type,
		e.status, e.direction, e.kind, e.amount_cents, e.earning_cents, to_char(e.period, 'YYYY-MM-DD'),
		to_char(e.occurred_on, 'YYYY-MM-DD'), e.pay_run_id IS NOT NULL
		FROM cashflow_entries e JOIN associates a ON a.id = e.associate_id LEFT JOIN policies p ON p.id = e.policy_id
		WHERE e.associate_id = `+strconv.FormatInt(me, 10)+` ORDER BY e.occurred_on DESC, e.id) TO STDOUT WITH (FORMAT csv, HEADER)`)
}

type productRow struct {
	ID         int64    `json:"id"`
	Slug       string   `json:"slug"`
	Name       string   `json:"name"`
	Category   string   `json:"category"`
	PriceCents int64    `json:"price_cents"`
	Currency   string   `json:"currency"`
	ImageURL   string   `json:"image_url,omitempty"`
	InStock    bool     `json:"in_stock"`
	Sizes      []string `json:"sizes"`
}

// products is the store's product list page 1 (by name), as a hand-written handler would
// answer it: the caller checked, one query, encoding/json; the same answer as portald's — a
// signed link to each product's first image (valid to the end of the next day, as portald's),
// the page's rows and a cursor to the next page.
func (b *base) products(w http.ResponseWriter, r *http.Request) {
	if _, _, ok := b.caller(w, r); !ok {
		return
	}
	limit, _ := strconv.Atoi(r.URL.Query().Get("limit"))
	if limit < 1 || limit > 1000 {
		limit = 100
	}
	rows, err := b.pool.Query(r.Context(), `SELECT p.id, p.slug, p.name, p.category, p.price_cents, p.image_file_ids,
		EXISTS (SELECT 1 FROM store_variants v WHERE v.product_id = p.id AND v.stock > 0),
		ARRAY(SELECT v.size FROM store_variants v WHERE v.product_id = p.id AND v.size IS NOT NULL ORDER BY v.position)
		FROM store_products p WHERE p.on_sale ORDER BY p.name, p.id LIMIT $1`, limit+1)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	expires := files.CacheableUntil(time.Now())
	out := make([]productRow, 0, limit+1)
	var images []string
	for rows.Next() {
		p := productRow{Currency: "USD"}
		if err := rows.Scan(&p.ID, &p.Slug, &p.Name, &p.Category, &p.PriceCents, &images, &p.InStock, &p.Sizes); err != nil {
			rows.Close()
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		if len(images) > 0 {
			p.ImageURL = b.images.URLUntil("GET", images[0], expires)
		}
		out = append(out, p)
	}
	rows.Close()
	page := map[string]any{}
	if len(out) > limit {
		last := out[limit-1]
		key, _ := json.Marshal([]any{last.Name, last.ID})
		page["next_cursor"] = base64.RawURLEncoding.EncodeToString(key)
		out = out[:limit]
	}
	page["data"] = out
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(page)
}

// Package seed builds a believable, deterministic organisation: a hierarchy with every
// level and real-looking depth, clients, memos and W-9 documents, and the demo logins
// (and, with files, the demo RMD's payout accounts).
// The same seed number always gives the same data; the size scales by options.
package seed

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/associateportal/portal/server/auth"
	"github.com/associateportal/portal/server/secret"
	"github.com/associateportal/portal/server/store"
	"github.com/associateportal/portal/server/tax"
)

// Demo logins; every seeded user has DemoPassword.
const (
	DemoPassword = "portal-demo-pass"
	DemoRMD      = "rmd@example.com"
	DemoAgent    = "agent@example.com"
	DemoStaff    = "staff@example.com"
	DemoRMDCode  = "RMD100"
	DemoAgtCode  = "AGT100"
)

// Options size the organisation.
type Options struct {
	Associates int    // at least 50
	Clients    int    // total clients; 0 means about 8 per associate
	Policies   int    // total policies; 0 means about 3 per associate
	Seed       uint64 // the same seed gives the same data
	// Now anchors the generated dates (join dates, creation times); zero means today.
	Now time.Time
	// Progress, when set, is told how far each stage is.
	Progress func(stage string, done, total int)
	Keys     *secret.Keys
	// PutFile stores a seeded file's content (provider logos and attachments, the void
	// cheques of the demo RMD's payout accounts); nil seeds none, and no payout accounts.
	PutFile func(id string, data []byte) error
}

// Result says who the demo associates are.
type Result struct {
	Associates int
	Clients    int
	Policies   int
	RMDID      int64
	AgentID    int64
}

var firstNames = strings.Fields(`James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara
Richard Susan Joseph Jessica Thomas Sarah Charles Karen Christopher Lisa Daniel Nancy Matthew Betty Anthony Sandra Mark
Margaret Donald Ashley Steven Kimberly Andrew Emily Paul Donna Joshua Michelle Kenneth Carol Kevin Amanda Brian Melissa
George Deborah Timothy Stephanie Ronald Rebecca Jason Sharon Edward Laura Jeffrey Cynthia Ryan Dorothy Jacob Amy Gary
Kathleen Nicholas Angela Eric Shirley Jonathan Emma Stephen Brenda Larry Pamela Justin Nicole Scott Anna Brandon Samantha
Benjamin Katherine Samuel Christine Gregory Debra Alexander Rachel Patrick Carolyn Frank Janet Raymond Maria Jack Olivia
Dennis Heather Jerry Helen Tyler Catherine Aaron Diane Jose Julie Adam Victoria Nathan Joyce Henry Lauren Zachary Kelly
Douglas Christina Peter Ruth Kyle Joan Noah Virginia Ethan Judith Jeremy Evelyn Walter Hannah Christian Andrea Keith
Megan Roger Cheryl Terry Jacqueline Austin Madison Sean Teresa Gerald Abigail Carl Sophia Harold Martha Dylan Sara
Arthur Gloria Lawrence Janice Jordan Kathryn Jesse Ann Bryan Isabella Billy Judy Bruce Charlotte Gabriel Julia Joe
Grace Logan Amber Alan Alice Juan Jean Albert Denise Willie Frances Elijah Danielle Wayne Marilyn Randy Natalie Vincent
Beverly Mason Diana Roy Brittany Ralph Theresa Bobby Kayla Russell Alexis Bradley Doris Philip Lori Eugene Tiffany`)

var lastNames = strings.Fields(`Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez
Lopez Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez
Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera
Campbell Mitchell Carter Roberts Gomez Phillips Evans Turner Diaz Parker Cruz Edwards Collins Reyes Stewart Morris
Morales Murphy Cook Rogers Gutierrez Ortiz Morgan Cooper Peterson Bailey Reed Kelly Howard Ramos Kim Cox Ward Richardson
Watson Brooks Chavez Wood James Bennett Gray Mendoza Ruiz Hughes Price Alvarez Castillo Sanders Patel Myers Long Ross
Foster Jimenez Powell Jenkins Perry Russell Sullivan Bell Coleman Butler Henderson Barnes Gonzales Fisher Vasquez
Simmons Romero Jordan Patterson Alexander Hamilton Graham Reynolds Griffin Wallace Moreno West Cole Hayes Bryant
Herrera Gibson Ellis Tran Medina Aguilar Stevens Murray Ford Castro Marshall Owens Harrison Fernandez McDonald Woods
Washington Kennedy Wells Vargas Henry Chen Freeman Webb Tucker Guzman Burns Crawford Olson Simpson Porter Hunter Gordon
Mendez Silva Shaw Snyder Mason Dixon Munoz Hunt Hicks Holmes Palmer Wagner Black Robertson Boyd Rose Stone Salazar Fox
Warren Mills Meyer Rice Schmidt Garza Daniels Ferguson Nichols Stephens Soto Weaver Ryan Gardner Payne Grant Dunn`)

type place struct{ city, state, country string }

var places = []place{
	{"Houston", "TX", "USA"}, {"Dallas", "TX", "USA"}, {"Austin", "TX", "USA"}, {"San Antonio", "TX", "USA"},
	{"Los Angeles", "CA", "USA"}, {"San Diego", "CA", "USA"}, {"Sacramento", "CA", "USA"}, {"Fresno", "CA", "USA"},
	{"Miami", "FL", "USA"}, {"Orlando", "FL", "USA"}, {"Tampa", "FL", "USA"}, {"Jacksonville", "FL", "USA"},
	{"Atlanta", "GA", "USA"}, {"Savannah", "GA", "USA"}, {"Chicago", "IL", "USA"}, {"Springfield", "IL", "USA"},
	{"New York", "NY", "USA"}, {"Buffalo", "NY", "USA"}, {"Newark", "NJ", "USA"}, {"Philadelphia", "PA", "USA"},
	{"Pittsburgh", "PA", "USA"}, {"Phoenix", "AZ", "USA"}, {"Tucson", "AZ", "USA"}, {"Las Vegas", "NV", "USA"},
	{"Denver", "CO", "USA"}, {"Seattle", "WA", "USA"}, {"Portland", "OR", "USA"}, {"Charlotte", "NC", "USA"},
	{"Raleigh", "NC", "USA"}, {"Nashville", "TN", "USA"}, {"Memphis", "TN", "USA"}, {"Columbus", "OH", "USA"},
	{"Cleveland", "OH", "USA"}, {"Detroit", "MI", "USA"}, {"Minneapolis", "MN", "USA"}, {"St. Louis", "MO", "USA"},
	{"New Orleans", "LA", "USA"}, {"Birmingham", "AL", "USA"}, {"Salt Lake City", "UT", "USA"}, {"Boston", "MA", "USA"},
	{"Baltimore", "MD", "USA"}, {"Richmond", "VA", "USA"}, {"Honolulu", "HI", "USA"}, {"Anchorage", "AK", "USA"},
	{"San Juan", "PR", "USA"}, {"Oklahoma City", "OK", "USA"}, {"Omaha", "NE", "USA"}, {"Boise", "ID", "USA"},
	{"Toronto", "ON", "Canada"}, {"Ottawa", "ON", "Canada"}, {"Mississauga", "ON", "Canada"}, {"Vancouver", "BC", "Canada"},
	{"Surrey", "BC", "Canada"}, {"Calgary", "AB", "Canada"}, {"Edmonton", "AB", "Canada"}, {"Montreal", "QC", "Canada"},
	{"Quebec City", "QC", "Canada"}, {"Winnipeg", "MB", "Canada"}, {"Halifax", "NS", "Canada"}, {"Regina", "SK", "Canada"},
}

// assoc is one generated associate.
type assoc struct {
	id, upline int64
	path       string
	depth      int
	size       int // subtree size, itself included
	level      int16
	first      string
	last       string
	code       string
	email      string
	place      place
	joined     time.Time
	senior     bool
	leader     int64 // 0: nobody senior on the path
	leaderPath string
}

// Run fills an empty, migrated database.
func Run(ctx context.Context, pool *pgxpool.Pool, o Options) (Result, error) {
	if o.Associates < 50 {
		return Result{}, fmt.Errorf("seed: at least 50 associates, not %d", o.Associates)
	}
	if o.Keys == nil {
		return Result{}, fmt.Errorf("seed: keys are required to seal W-9 TINs")
	}
	if o.Now.IsZero() {
		o.Now = time.Now()
	}
	if o.Clients == 0 {
		o.Clients = o.Associates * 8
	}
	if o.Policies == 0 {
		o.Policies = o.Associates * 3
	}
	if o.Progress == nil {
		o.Progress = func(string, int, int) {}
	}
	var exists bool
	if err := pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM associates)`).Scan(&exists); err != nil {
		return Result{}, err
	}
	if exists {
		return Result{}, fmt.Errorf("seed: the database already holds associates")
	}
	r := rand.New(rand.NewPCG(o.Seed, o.Seed^0x9E3779B97F4A7C15))
	as := hierarchy(r, o.Associates)
	rmd, agent := pickDemo(as)
	finish(r, as, o.Now)
	res := Result{Associates: len(as), RMDID: as[rmd].id, AgentID: as[agent].id}

	hash, err := auth.HashPassword(DemoPassword)
	if err != nil {
		return res, err
	}
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return res, err
	}
	defer conn.Release()
	if err := store.RegisterTypes(ctx, conn.Conn()); err != nil {
		return res, err
	}
	tx, err := conn.Begin(ctx)
	if err != nil {
		return res, err
	}
	defer func() { _ = tx.Rollback(ctx) }()

	// Filling indexed tables row by row is several times slower than building the
	// indexes once at the end: set the secondary indexes aside while copying. Foreign keys
	// too: each copied row ran a trigger with a look-up per key (eight for a policy and its
	// writer rows), where adding a key at the end checks every row in one join.
	indexes, err := dropIndexes(ctx, tx)
	if err != nil {
		return res, err
	}
	foreignKeys, err := dropForeignKeys(ctx, tx)
	if err != nil {
		return res, err
	}
	if err := copyAssociates(ctx, tx, r, as, o); err != nil {
		return res, err
	}
	if err := copyUsers(ctx, tx, as, hash, o); err != nil {
		return res, err
	}
	clients, err := copyClients(ctx, tx, r, as, rmd, agent, o)
	if err != nil {
		return res, err
	}
	res.Clients = len(clients)
	if err := histories(ctx, tx, r, as, o); err != nil {
		return res, err
	}
	if err := licensesAndAppointments(ctx, tx, r, as, rmd, agent, o); err != nil {
		return res, err
	}
	prods, err := products(ctx, tx, r)
	if err != nil {
		return res, err
	}
	if res.Policies, err = policies(ctx, tx, r, as, clients, prods, rmd, agent, o); err != nil {
		return res, err
	}
	if err := acknowledgements(ctx, tx, r, as, rmd, agent, o); err != nil {
		return res, err
	}
	if err := providerDetails(ctx, tx, r, o, o.PutFile); err != nil {
		return res, err
	}
	if err := demoPayoutAccounts(ctx, tx, r, as, rmd, o, o.PutFile); err != nil {
		return res, err
	}
	if err := demoLegalDocuments(ctx, tx, as, rmd, agent); err != nil {
		return res, err
	}
	if err := helpContent(ctx, tx, o.Now); err != nil {
		return res, err
	}
	if err := events(ctx, tx, r, as, rmd, agent, int64(len(as)+1), o); err != nil {
		return res, err
	}
	if err := shop(ctx, tx, r, o); err != nil {
		return res, err
	}
	if err := orders(ctx, tx, as, rmd, agent, int64(len(as)+1), o); err != nil {
		return res, err
	}
	for _, seq := range []string{"associates", "users", "clients", "memos", "w9_documents", "licenses", "providers", "provider_appointments",
		"products", "policies", "policy_requirements", "help_categories", "help_articles"} {
		if _, err := tx.Exec(ctx, fmt.Sprintf(`SELECT setval(pg_get_serial_sequence('%s', 'id'), coalesce((SELECT max(id) FROM %s), 0) + 1, false)`, seq, seq)); err != nil {
			return res, err
		}
	}
	if err := businessDerived(ctx, tx); err != nil {
		return res, err
	}
	for i, def := range indexes {
		o.Progress("indexes", i, len(indexes))
		if _, err := tx.Exec(ctx, def); err != nil {
			return res, fmt.Errorf("seed: rebuild index: %w", err)
		}
	}
	for i, add := range foreignKeys {
		o.Progress("foreign keys", i, len(foreignKeys))
		if _, err := tx.Exec(ctx, add); err != nil {
			return res, fmt.Errorf("seed: restore foreign key: %w", err)
		}
	}
	o.Progress("commit", 0, 1)
	if err := tx.Commit(ctx); err != nil {
		return res, err
	}
	o.Progress("analyze", 0, 1)
	_, err = pool.Exec(ctx, `ANALYZE`)
	o.Progress("done", 1, 1)
	return res, err
}

// bulkTables are the tables the seed fills in bulk.
var bulkTables = []string{"associates", "users", "clients", "memo_acknowledgements", "w9_documents", "level_history",
	"upline_history", "licenses", "provider_appointments", "policies", "policy_writers", "policy_requirements",
	"production_monthly", "policy_events", "production_members"}

// dropIndexes drops the secondary indexes of the bulk tables (not those of primary keys
// and unique constraints) and answers their definitions, to create them again.
func dropIndexes(ctx context.Context, tx pgx.Tx) ([]string, error) {
	rows, err := tx.Query(ctx, `SELECT i.indexname, i.indexdef FROM pg_indexes i
		WHERE i.schemaname = current_schema() AND i.tablename = ANY($1)
		  AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)
		  AND i.indexdef NOT LIKE 'CREATE UNIQUE%'
		ORDER BY i.indexname`, bulkTables)
	if err != nil {
		return nil, err
	}
	var names, defs []string
	for rows.Next() {
		var name, def string
		if err := rows.Scan(&name, &def); err != nil {
			rows.Close()
			return nil, err
		}
		names, defs = append(names, name), append(defs, def)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for _, n := range names {
		if _, err := tx.Exec(ctx, "DROP INDEX "+pgx.Identifier{n}.Sanitize()); err != nil {
			return nil, err
		}
	}
	return defs, nil
}

// dropForeignKeys drops the foreign keys of the bulk tables and answers the statements that
// add them back (and check every row).
func dropForeignKeys(ctx context.Context, tx pgx.Tx) ([]string, error) {
	rows, err := tx.Query(ctx, `SELECT c.conrelid::regclass::text, c.conname, pg_get_constraintdef(c.oid) FROM pg_constraint c
		WHERE c.contype = 'f' AND c.conrelid = ANY(SELECT to_regclass(t)::oid FROM unnest($1::text[]) AS t) ORDER BY 1, 2`, bulkTables)
	if err != nil {
		return nil, err
	}
	var drops, adds []string
	for rows.Next() {
		var table, name, def string
		if err := rows.Scan(&table, &name, &def); err != nil {
			rows.Close()
			return nil, err
		}
		drops = append(drops, fmt.Sprintf("ALTER TABLE %s DROP CONSTRAINT %s", table, pgx.Identifier{name}.Sanitize()))
		adds = append(adds, fmt.Sprintf("ALTER TABLE %s ADD CONSTRAINT %s %s", table, pgx.Identifier{name}.Sanitize(), def))
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for _, d := range drops {
		if _, err := tx.Exec(ctx, d); err != nil {
			return nil, err
		}
	}
	return adds, nil
}

// hierarchy grows a random recursive tree in which builders recruit more than others,
// then gives levels by the size of each associate's organisation.
func hierarchy(r *rand.Rand, n int) []assoc {
	as := make([]assoc, n)
	builders := make([]int, 0, n/5)
	for i := range as {
		a := &as[i]
		a.id = int64(i + 1)
		a.first = firstNames[r.IntN(len(firstNames))]
		a.last = lastNames[r.IntN(len(lastNames))]
		a.place = places[r.IntN(len(places))]
		if i == 0 {
			a.path = "1"
			continue
		}
		var up int
		if len(builders) > 0 && r.Float64() < 0.6 {
			up = builders[r.IntN(len(builders))]
		} else {
			up = r.IntN(i)
		}
		a.upline = as[up].id
		a.depth = as[up].depth + 1
		a.path = as[up].path + "." + strconv.FormatInt(a.id, 10)
		if r.Float64() < 0.2 {
			builders = append(builders, i)
		}
	}
	for i := range as {
		as[i].size = 1
	}
	for i := n - 1; i > 0; i-- {
		as[as[i].upline-1].size += as[i].size
	}
	for i := range as {
		a := &as[i]
		noise := r.Float64()
		switch {
		case i == 0:
			a.level = 8
		// Seniors are a few per cent of an organisation and lead bases of very different
		// sizes, from a handful to tens of thousands.
		case a.size >= 500 && noise < 0.35:
			a.level = 8
		case a.size >= 150 && noise < 0.35:
			a.level = 7
		case a.size >= 25 && noise < 0.3:
			a.level = 6
		case a.size >= 8:
			a.level = 5
		case a.size >= 4:
			a.level = 4
		case a.size >= 2:
			a.level = 3
		case noise < 0.55:
			a.level = 2
		default:
			a.level = 1
		}
		a.code = fmt.Sprintf("%c%c%05d", a.first[0], a.last[0], a.id)
		a.email = fmt.Sprintf("%s.%s.%d@example.net", strings.ToLower(a.first), strings.ToLower(a.last), a.id)
	}
	return as
}

// pickDemo chooses the demo RMD (a Regional Marketing Director with a real base) and
// the demo agent (a non-senior associate in that base with a small team of its own),
// and gives them their fixed codes, names and emails.
func pickDemo(as []assoc) (rmd, agent int) {
	children := map[int64][]int{}
	for i := range as {
		if as[i].upline != 0 {
			children[as[i].upline] = append(children[as[i].upline], i)
		}
	}
	rmd, agent = -1, -1
	for i := range as {
		if as[i].depth < 2 || as[i].size < 25 || as[i].size > 200 {
			continue
		}
		for _, c := range children[as[i].id] {
			if as[c].size >= 3 && as[c].size < 20 {
				rmd, agent = i, c
				break
			}
		}
		if rmd >= 0 {
			break
		}
	}
	if rmd < 0 { // a tiny organisation: take the first associate with a child
		rmd = 1
		agent = children[as[1].id][0]
	}
	as[rmd].level = 6
	as[rmd].first, as[rmd].last, as[rmd].code, as[rmd].email = "Renee", "Mitchell", DemoRMDCode, DemoRMD
	as[agent].level = min(as[agent].level, 5)
	as[agent].first, as[agent].last, as[agent].code, as[agent].email = "Alex", "Carter", DemoAgtCode, DemoAgent
	// The RMD's office is where the agent lives and works: they can split a policy there.
	as[rmd].place = as[agent].place
	// Nobody between the agent and its own downline may be senior: keep the agent's
	// team inside the RMD's base shop.
	var demote func(int)
	demote = func(i int) {
		for _, c := range children[as[i].id] {
			if as[c].level >= 6 {
				as[c].level = 5
			}
			demote(c)
		}
	}
	demote(agent)
	return rmd, agent
}

func phone(r *rand.Rand) string {
	return fmt.Sprintf("%d%02d%07d", 2+r.IntN(8), r.IntN(100), r.IntN(10_000_000))
}

func copyAssociates(ctx context.Context, tx pgx.Tx, r *rand.Rand, as []assoc, o Options) error {
	statuses := []string{"Active", "Active", "Active", "Active", "Active", "Active", "Active", "Active", "Resigned", "Suspended", "Terminated", "Resignation Initiated"}
	genders := []string{"Male", "Female"}
	// Rows go in depth-first order, so that an organisation lies on neighbouring pages
	// and a team view reads few of them.
	order := depthFirst(as)
	i := 0
	src := pgx.CopyFromFunc(func() ([]any, error) {
		if i == len(as) {
			return nil, nil
		}
		a := &as[order[i]]
		i++
		if i%50_000 == 0 {
			o.Progress("associates", i, len(as))
		}
		var upline *int64
		if a.upline != 0 {
			upline = &a.upline
		}
		status := statuses[r.IntN(len(statuses))]
		if a.email == DemoRMD || a.email == DemoAgent || a.id == 1 {
			status = "Active"
		}
		kind := "Builder"
		if x := r.IntN(10); x == 0 {
			kind = "Direct"
		} else if x == 1 {
			kind = "Health"
		}
		var leader *int64
		if a.leader != 0 {
			leader = &a.leader
		}
		return []any{a.id, a.code, upline, a.path, a.depth, a.level, status, kind, a.place.country, a.first, a.last,
			a.email, phone(r), genders[r.IntN(2)], a.place.city, a.place.state, a.joined, a.joined,
			a.senior, leader, a.leaderPath, int32(a.size - 1)}, nil
	})
	_, err := tx.CopyFrom(ctx, pgx.Identifier{"associates"},
		[]string{"id", "code", "upline_id", "path", "depth", "level_id", "status", "kind", "country", "first_name", "last_name",
			"email", "phone", "gender", "city", "state", "joined_on", "created_at",
			"senior", "leader_id", "leader_path", "downline_size"}, src)
	if err != nil {
		return fmt.Errorf("seed associates: %w", err)
	}
	o.Progress("associates", len(as), len(as))
	return nil
}

// depthFirst lists the indexes of as in depth-first order from the top.
func depthFirst(as []assoc) []int {
	children := make([][]int, len(as))
	for i := range as {
		if as[i].upline != 0 {
			children[as[i].upline-1] = append(children[as[i].upline-1], i)
		}
	}
	out := make([]int, 0, len(as))
	stack := []int{0}
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		out = append(out, i)
		for k := len(children[i]) - 1; k >= 0; k-- {
			stack = append(stack, children[i][k])
		}
	}
	return out
}

// copyUsers gives every associate a login and adds the staff user. All seeded users
// share one password hash: computing a million argon2id hashes would take hours, and
// these are demo accounts with a published password anyway.
func copyUsers(ctx context.Context, tx pgx.Tx, as []assoc, hash string, o Options) error {
	i := 0
	src := pgx.CopyFromFunc(func() ([]any, error) {
		if i == len(as) {
			return nil, nil
		}
		a := &as[i]
		i++
		return []any{a.id, a.email, hash, a.id, a.first, a.last}, nil
	})
	if _, err := tx.CopyFrom(ctx, pgx.Identifier{"users"}, []string{"id", "email", "password_hash", "associate_id", "first_name", "last_name"}, src); err != nil {
		return fmt.Errorf("seed users: %w", err)
	}
	_, err := tx.Exec(ctx, `INSERT INTO users (id, email, password_hash, is_staff, first_name, last_name, permissions)
		VALUES ($1, $2, $3, true, 'Sam', 'Staffer', $4)`, int64(len(as)+1), DemoStaff, hash,
		auth.StaffPermissions)
	o.Progress("users", len(as), len(as))
	return err
}

// clientInfo is what the policies need of a seeded client (client id = index + 1).
type clientInfo struct {
	owner  int32 // index of the owner in as
	canada bool
}

func copyClients(ctx context.Context, tx pgx.Tx, r *rand.Rand, as []assoc, rmd, agent int, o Options) ([]clientInfo, error) {
	// The demo associates have clients of their own whatever the size: 40 for the agent,
	// 20 for the RMD.
	const agentClients, rmdClients = 40, 20
	total := o.Clients
	maritals := []string{"Married", "Single", "Divorced", "Widow"}
	genders := []string{"Male", "Female"}
	info := make([]clientInfo, 0, total)
	i := 0
	src := pgx.CopyFromFunc(func() ([]any, error) {
		if i == total {
			return nil, nil
		}
		oi := agent
		switch {
		case i >= agentClients+rmdClients:
			oi = r.IntN(len(as))
		case i >= agentClients:
			oi = rmd
		}
		owner := &as[oi]
		i++
		if i%100_000 == 0 {
			o.Progress("clients", i, total)
		}
		first := firstNames[r.IntN(len(firstNames))]
		last := lastNames[r.IntN(len(lastNames))]
		pl := owner.place
		if r.IntN(4) == 0 {
			pl = places[r.IntN(len(places))]
		}
		var email, ph, marital, postal *string
		if r.IntN(10) < 8 {
			e := fmt.Sprintf("%s.%s%d@example.org", strings.ToLower(first), strings.ToLower(last), r.IntN(1000))
			email = &e
		}
		if r.IntN(10) < 9 {
			p := phone(r)
			ph = &p
		}
		if r.IntN(10) < 7 {
			m := maritals[r.IntN(len(maritals))]
			marital = &m
		}
		if pl.country == "USA" {
			p := fmt.Sprintf("%05d", 10000+r.IntN(89999))
			postal = &p
		} else {
			l := "ABCEGHJKLMNPRSTVXY"
			p := fmt.Sprintf("%c%d%c %d%c%d", l[r.IntN(len(l))], r.IntN(10), l[r.IntN(len(l))], r.IntN(10), l[r.IntN(len(l))], r.IntN(10))
			postal = &p
		}
		var income *int64
		if r.IntN(10) < 8 {
			v := int64(25_000+r.IntN(225_000)) * 100
			income = &v
		}
		dob := time.Date(1945+r.IntN(60), time.Month(1+r.IntN(12)), 1+r.IntN(28), 0, 0, 0, 0, time.UTC)
		created := o.Now.Add(-time.Duration(r.Int64N(int64(3 * 365 * 24 * time.Hour)))).Truncate(time.Second)
		addr := fmt.Sprintf("%d %s St", 1+r.IntN(9999), lastNames[r.IntN(len(lastNames))])
		info = append(info, clientInfo{owner: int32(oi), canada: pl.country == "Canada"})
		return []any{int64(i), owner.id, first, last, email, ph, dob, genders[r.IntN(2)], marital, addr, pl.city, pl.state, postal,
			pl.country, income, created, created}, nil
	})
	_, err := tx.CopyFrom(ctx, pgx.Identifier{"clients"},
		[]string{"id", "associate_id", "first_name", "last_name", "email", "phone", "date_of_birth", "gender", "marital_status",
			"address_line1", "city", "state", "postal_code", "country", "annual_income", "created_at", "updated_at"}, src)
	if err != nil {
		return nil, fmt.Errorf("seed clients: %w", err)
	}
	o.Progress("clients", total, total)
	return info, nil
}

var memoTexts = []struct {
	title, body string
	signature   bool
}{
	{"Compliance update: annuity suitability", "Effective immediately, every annuity recommendation must be accompanied by a completed suitability questionnaire signed by the client. Submissions without it will be returned as Action Required. Read the updated guide in Help before your next appointment.", true},
	{"Holiday office hours", "Home office support closes at noon on the last business day of the year and reopens on the second. Commission runs scheduled in that window move to the next business day.", false},
	{"New carrier onboarding checklist", "We have simplified carrier appointments: request appointments from your account page and upload your license once. Staff will confirm each appointment by email.", true},
}

// acknowledgements publishes memos and gives W-9 documents; most associates have
// acknowledged them already, the two demo associates have not.
func acknowledgements(ctx context.Context, tx pgx.Tx, r *rand.Rand, as []assoc, rmd, agent int, o Options) error {
	for i, m := range memoTexts {
		status, pub := "Published", o.Now.AddDate(0, 0, -(20-7*i))
		if i == 2 {
			status = "Draft"
		}
		if _, err := tx.Exec(ctx, `INSERT INTO memos (id, title, body, requires_signature, status, published_at) VALUES ($1, $2, $3, $4, $5, $6)`,
			i+1, m.title, m.body, m.signature, status, pub); err != nil {
			return err
		}
	}
	demo := func(i int) bool { return i == rmd || i == agent }
	var acks [][]any
	for i := range as {
		if demo(i) || r.IntN(10) == 0 {
			continue
		}
		for m := 1; m <= 2; m++ {
			acks = append(acks, []any{int64(m), as[i].id, o.Now.AddDate(0, 0, -1), []byte{0}})
		}
		if len(acks) >= 20_000 {
			if err := copyAcks(ctx, tx, acks); err != nil {
				return err
			}
			acks = acks[:0]
		}
	}
	if err := copyAcks(ctx, tx, acks); err != nil {
		return err
	}
	o.Progress("acknowledgements", len(as), len(as))
	entities := []string{"Individual", "Individual", "Individual", "LLC", "S Corporation", "Corporation", "Partnership", "Trust"}
	var w9 [][]any
	for i := range as {
		if !demo(i) && r.IntN(10) != 0 {
			continue
		}
		a := &as[i]
		entity := entities[r.IntN(len(entities))]
		area, group, serial := 100+r.IntN(600), 1+r.IntN(98), 1+r.IntN(9998)
		kind, business := tax.SSN, ""
		if entity != "Individual" {
			kind = tax.EIN
			business = a.last + " Financial " + entity
		}
		tin, err := demoTIN(kind, area, group, serial)
		if err != nil {
			return err
		}
		var acked *time.Time
		if !demo(i) && r.IntN(3) != 0 {
			t := o.Now.AddDate(0, 0, -2)
			acked = &t
		}
		w9 = append(w9, []any{a.id, "W-9 " + strconv.Itoa(o.Now.Year()), a.first + " " + a.last, nullString(business), entity,
			o.Keys.Seal([]byte(tin)), o.Keys.ID(), tin[len(tin)-4:], kind,
			fmt.Sprintf("%d %s Ave, %s, %s", 1+r.IntN(9999), lastNames[r.IntN(len(lastNames))], a.place.city, a.place.state), acked})
	}
	_, err := tx.CopyFrom(ctx, pgx.Identifier{"w9_documents"},
		[]string{"associate_id", "title", "name", "business_name", "entity_type", "tin_encrypted", "tin_key_id", "tin_last4", "tin_kind",
			"address", "acknowledged_at"},
		pgx.CopyFromRows(w9))
	return err
}

// demoTIN makes a TIN that passes tax.Normalize (its nine digits) of three random parts:
// an SSN area-group-serial (666 is never issued: 665 instead), or an EIN with a prefix the
// IRS assigns, picked by the area, and the area's last digit, the group and the serial.
func demoTIN(kind string, area, group, serial int) (string, error) {
	var tin string
	switch kind {
	case tax.SSN:
		if area == 666 {
			area = 665
		}
		tin = fmt.Sprintf("%03d%02d%04d", area, group, serial)
	case tax.EIN:
		tin = fmt.Sprintf("%s%d%02d%04d", einPrefixes[area%len(einPrefixes)], area%10, group, serial)
	}
	return tax.Normalize(kind, tin)
}

var einPrefixes = tax.EINPrefixes()

func copyAcks(ctx context.Context, tx pgx.Tx, rows [][]any) error {
	_, err := tx.CopyFrom(ctx, pgx.Identifier{"memo_acknowledgements"},
		[]string{"memo_id", "associate_id", "acknowledged_at", "content_sha256"}, pgx.CopyFromRows(rows))
	return err
}

func nullString(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

package store_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/associateportal/portal/server/jobs"
	"github.com/associateportal/portal/server/mail"
	"github.com/associateportal/portal/server/secret"
	"github.com/associateportal/portal/server/seed"
	"github.com/associateportal/portal/server/store"
	"github.com/associateportal/portal/server/testdb"
)

// The master keys of a rotation from A to B; C is a key nobody gives.
var (
	masterA = []byte("rotation test master key A, 32 bytes")
	masterB = []byte("rotation test master key B, 32 bytes")
	masterC = []byte("rotation test master key C, 32 bytes")
)

func mustKeys(t *testing.T, master []byte, previous ...[]byte) *secret.Keys {
	t.Helper()
	k, err := secret.New(master, previous...)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// sealedValue is one value sealed at rest, as stored.
type sealedValue struct {
	where  string // table and id
	sealed []byte
	keyID  string // "" for a mail job's, and for a W-9 sealed before key ids
}

// sealedValues reads every sealed value: W-9 TINs, payout account numbers and the
// messages of mail jobs.
func sealedValues(t *testing.T, pool *pgxpool.Pool) []sealedValue {
	t.Helper()
	rows, err := pool.Query(context.Background(), `
		SELECT 'w9_documents ' || id, tin_encrypted, coalesce(tin_key_id, '') FROM w9_documents
		UNION ALL SELECT 'payout_accounts ' || id, account_sealed, key_id FROM payout_accounts
		UNION ALL SELECT 'river_job ' || id, decode(args->>'sealed', 'base64'), '' FROM river_job WHERE kind = 'mail'
		ORDER BY 1`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []sealedValue
	for rows.Next() {
		var v sealedValue
		if err := rows.Scan(&v.where, &v.sealed, &v.keyID); err != nil {
			t.Fatal(err)
		}
		out = append(out, v)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// plainValues opens every sealed value with keys: by its key id when it has one.
func plainValues(t *testing.T, keys *secret.Keys, vs []sealedValue) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, v := range vs {
		plain, err := keys.OpenWith(v.keyID, v.sealed)
		if err != nil {
			t.Fatalf("%s (key %q): %v", v.where, v.keyID, err)
		}
		out[v.where] = string(plain)
	}
	return out
}

// rotationDB is a seeded organisation whose secrets are sealed under A: W-9 TINs, the demo
// RMD's payout accounts, a W-9 sealed before key ids (no id), and mail jobs waiting and
// sent.
func rotationDB(t *testing.T) (*pgxpool.Pool, *store.Store) {
	t.Helper()
	pool := testdb.NewFrom(t, sealedUnderA)
	return pool, store.New(pool)
}

var sealedUnderA = &testdb.Prepare{
	Name: "rotation_" + testdb.Sources("server/seed", "server/store", "server/jobs", "server/secret", "server/mail"),
	Fn: func(ctx context.Context, pool *pgxpool.Pool) error {
		a, err := secret.New(masterA)
		if err != nil {
			return err
		}
		if _, err := seed.Run(ctx, pool, seed.Options{Associates: 60, Seed: 2, Keys: a,
			PutFile: func(string, []byte) error { return nil }}); err != nil {
			return err
		}
		if _, err := pool.Exec(ctx, `INSERT INTO w9_documents (associate_id, title, name, entity_type, tin_encrypted, tin_last4, tin_kind)
			VALUES (1, 'W-9 2019', 'Before Key Ids', 'Individual', $1, '6789', 'SSN')`, a.Seal([]byte("123456789"))); err != nil {
			return err
		}
		mailer, err := jobs.NewMailer(pool, a)
		if err != nil {
			return err
		}
		for i := range 3 {
			m := mail.Message{ID: fmt.Sprintf("rotation.%d", i), To: mail.Address{Address: "someone@example.com"},
				Subject: "A link", Text: fmt.Sprintf("https://portal.example.com/reset/secret-token-%d", i)}
			if err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error { return mailer.QueueMail(ctx, tx, m) }); err != nil {
				return err
			}
		}
		// One was sent already: finished jobs are re-sealed too (their links may still work).
		_, err = pool.Exec(ctx, `UPDATE river_job SET state = 'completed', finalized_at = now()
			WHERE id = (SELECT min(id) FROM river_job WHERE kind = 'mail')`)
		return err
	},
}

func TestRotateKeys(t *testing.T) {
	pool, s := rotationDB(t)
	ctx := context.Background()
	a, b := mustKeys(t, masterA), mustKeys(t, masterB)
	before := sealedValues(t, pool)
	plain := plainValues(t, a, before)
	count := map[string]int{}
	for _, v := range before {
		table, _, _ := strings.Cut(v.where, " ")
		count[table]++
	}
	if count["w9_documents"] < 5 || count["payout_accounts"] != 2 || count["river_job"] != 3 {
		t.Fatalf("sealed values to rotate: %v", count)
	}

	var progress []string
	res, err := s.RotateKeys(ctx, mustKeys(t, masterB, masterA), store.RotateOptions{Batch: 4,
		Progress: func(what string, n int) { progress = append(progress, fmt.Sprintf("%s %d", what, n)) }})
	if err != nil {
		t.Fatalf("RotateKeys: %v\n%s", err, res)
	}
	want := store.Rotation{KeyID: b.ID(), Counts: []store.RotationCount{
		{What: "W-9 TINs", Resealed: count["w9_documents"], Current: count["w9_documents"]},
		{What: "payout account numbers", Resealed: 2, Current: 2},
		{What: "mail jobs", Resealed: 3, Current: 3},
	}}
	if diff := cmp.Diff(want, res); diff != "" {
		t.Errorf("RotateKeys (-want +got):\n%s", diff)
	}
	// Batches of 4: the progress of each.
	if len(progress) != (count["w9_documents"]+3)/4+1+1 || progress[len(progress)-1] != "mail jobs 3" {
		t.Errorf("progress: %v", progress)
	}

	// Every value is under B, opens with B alone, and is what it was; A opens none.
	after := sealedValues(t, pool)
	for i := range after {
		if w := after[i].where; w[:9] != "river_job" && after[i].keyID != b.ID() {
			t.Errorf("%s is under key %q, want %s", w, after[i].keyID, b.ID())
		}
		if _, err := a.Open(after[i].sealed); err == nil {
			t.Errorf("A still opens %s", after[i].where)
		}
		after[i].keyID = b.ID() // mail jobs: opened with B only, by its id
	}
	if diff := cmp.Diff(plain, plainValues(t, b, after)); diff != "" {
		t.Errorf("the values after the rotation (-before +after):\n%s", diff)
	}
	// The mail jobs' arguments are still jobs.MailArgs, their ids in the clear.
	var args jobs.MailArgs
	var raw []byte
	if err := pool.QueryRow(ctx, `SELECT args FROM river_job WHERE kind = 'mail' ORDER BY id DESC LIMIT 1`).Scan(&raw); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &args); err != nil || args.ID != "rotation.2" {
		t.Fatalf("mail job args %s: %v", raw, err)
	}
	var m mail.Message
	if opened, err := b.Open(args.Sealed); err != nil || json.Unmarshal(opened, &m) != nil || m.Text != "https://portal.example.com/reset/secret-token-2" {
		t.Errorf("the mail job's message: %+v, %v", m, err)
	}

	// Again: nothing to do, nothing changed.
	again, err := s.RotateKeys(ctx, mustKeys(t, masterB, masterA), store.RotateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for i := range want.Counts {
		want.Counts[i].Resealed = 0
	}
	if diff := cmp.Diff(want, again); diff != "" {
		t.Errorf("a second RotateKeys (-want +got):\n%s", diff)
	}
	final := sealedValues(t, pool)
	for i := range final {
		if !bytes.Equal(final[i].sealed, after[i].sealed) {
			t.Errorf("the second run changed %s", final[i].where)
		}
	}
}

// A run cut short (here between two batches) leaves every value openable with the key its
// row names; the next run finishes the work.
func TestRotateKeysResumes(t *testing.T) {
	pool, s := rotationDB(t)
	a, b := mustKeys(t, masterA), mustKeys(t, masterB)
	plain := plainValues(t, a, sealedValues(t, pool))
	rotating := mustKeys(t, masterB, masterA)

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	_, err := s.RotateKeys(ctx, rotating, store.RotateOptions{Batch: 3, Progress: func(string, int) { cancel() }})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("RotateKeys cut short: %v", err)
	}
	mid := sealedValues(t, pool)
	under := map[string]int{}
	for _, v := range mid {
		if v.where[:9] != "river_job" {
			under[v.keyID]++
		}
	}
	if under[b.ID()] != 3 || under[a.ID()] == 0 {
		t.Fatalf("after one batch of 3, the key ids are %v", under)
	}
	if diff := cmp.Diff(plain, plainValues(t, rotating, mid)); diff != "" {
		t.Errorf("the values after a run cut short (-before +after):\n%s", diff)
	}

	res, err := s.RotateKeys(context.Background(), rotating, store.RotateOptions{Batch: 3})
	if err != nil {
		t.Fatalf("RotateKeys: %v\n%s", err, res)
	}
	if res.Counts[0].Resealed != len(mid)-3-3-2 { // all W-9s but the first batch (the rest: 3 mail jobs, 2 accounts)
		t.Errorf("the second run re-sealed %d W-9 TINs\n%s", res.Counts[0].Resealed, res)
	}
	after := sealedValues(t, pool)
	for i := range after {
		after[i].keyID = "" // any key: B alone is given
	}
	if diff := cmp.Diff(plain, plainValues(t, b, after)); diff != "" {
		t.Errorf("the values after the rotation (-before +after):\n%s", diff)
	}
}

// A value no key opens is reported, not passed over in silence, and the rotation fails;
// every other value is rotated all the same. A finished mail job no key opens is left as
// it is: it is never opened again.
func TestRotateKeysReportsUnreadable(t *testing.T) {
	pool, s := rotationDB(t)
	ctx := context.Background()
	b, c := mustKeys(t, masterB), mustKeys(t, masterC)
	var w9, account, job, finished int64
	if err := pool.QueryRow(ctx, `INSERT INTO w9_documents (associate_id, title, name, entity_type, tin_encrypted, tin_key_id, tin_last4, tin_kind)
		VALUES (2, 'W-9', 'Under C', 'Individual', $1, $2, '6789', 'SSN') RETURNING id`, c.Seal([]byte("123456789")), c.ID()).Scan(&w9); err != nil {
		t.Fatal(err)
	}
	// A changed value: its key id names A, which is given, but the tag does not match.
	if err := pool.QueryRow(ctx, `UPDATE payout_accounts SET account_sealed = set_byte(account_sealed, 20, get_byte(account_sealed, 20) # 1)
		WHERE id = (SELECT min(id) FROM payout_accounts) RETURNING id`).Scan(&account); err != nil {
		t.Fatal(err)
	}
	mailer, err := jobs.NewMailer(pool, c)
	if err != nil {
		t.Fatal(err)
	}
	for i, id := range []*int64{&job, &finished} {
		tx, err := pool.Begin(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if err := mailer.QueueMail(ctx, tx, mail.Message{ID: fmt.Sprintf("under-c.%d", i), Subject: "x", Text: "y"}); err != nil {
			t.Fatal(err)
		}
		if err := tx.QueryRow(ctx, `SELECT max(id) FROM river_job`).Scan(id); err != nil {
			t.Fatal(err)
		}
		if err := tx.Commit(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := pool.Exec(ctx, `UPDATE river_job SET state = 'cancelled', finalized_at = now() WHERE id = $1`, finished); err != nil {
		t.Fatal(err)
	}

	res, err := s.RotateKeys(ctx, mustKeys(t, masterB, masterA), store.RotateOptions{Batch: 5})
	if !errors.Is(err, store.ErrRotationIncomplete) || res.Left() != 3 {
		t.Fatalf("RotateKeys = %v, %d left; want ErrRotationIncomplete, 3 left\n%s", err, res.Left(), res)
	}
	type unreadable struct {
		What  string
		ID    int64
		KeyID string
	}
	var got []unreadable
	for _, n := range res.Counts {
		for _, u := range n.Unreadable {
			if u.Reason == "" {
				t.Errorf("%s %d: no reason", n.What, u.ID)
			}
			got = append(got, unreadable{n.What, u.ID, u.KeyID})
		}
		if n.What == "mail jobs" && (n.Ignored != 1 || n.Left != 1 || n.Current != 3) {
			t.Errorf("mail jobs: %+v", n)
		}
	}
	want := []unreadable{{"W-9 TINs", w9, c.ID()}, {"payout account numbers", account, mustKeys(t, masterA).ID()}, {"mail jobs", job, ""}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("the values no key opens (-want +got):\n%s", diff)
	}
	// The rest is under B; the three are as they were.
	left := 0
	for _, v := range sealedValues(t, pool) {
		if v.where[:9] == "river_job" {
			if _, err := b.Open(v.sealed); err != nil {
				left++
			}
			continue
		}
		if v.keyID != b.ID() {
			left++
		} else if _, err := b.OpenWith(v.keyID, v.sealed); err != nil {
			t.Errorf("%s: %v", v.where, err)
		}
	}
	if left != 4 { // the three, and the finished mail job
		t.Errorf("%d values are not under B, want 4", left)
	}
	for _, line := range []string{fmt.Sprintf("id %d: secret: the value is sealed under a key that was not given (key %s)", w9, c.ID()),
		"mail jobs:", "(1 finished mail jobs no key opens, left as they are)"} {
		if !strings.Contains(res.String(), line) {
			t.Errorf("the summary does not say %q:\n%s", line, res)
		}
	}
}

// A value written under the old key while the rotation runs (an instance still running
// with it) is found: the rotation fails, and the next run takes it.
func TestRotateKeysFindsLateWrites(t *testing.T) {
	pool, s := rotationDB(t)
	ctx := context.Background()
	a := mustKeys(t, masterA)
	late := false
	res, err := s.RotateKeys(ctx, mustKeys(t, masterB, masterA), store.RotateOptions{Progress: func(what string, _ int) {
		if what == "mail jobs" && !late {
			late = true
			if _, err := pool.Exec(ctx, `INSERT INTO w9_documents (associate_id, title, name, entity_type, tin_encrypted, tin_key_id, tin_last4, tin_kind)
				VALUES (3, 'W-9', 'Late', 'Individual', $1, $2, '6789', 'SSN')`, a.Seal([]byte("123456789")), a.ID()); err != nil {
				t.Error(err)
			}
		}
	}})
	if !errors.Is(err, store.ErrRotationIncomplete) || res.Left() != 1 || res.Counts[0].Left != 1 || len(res.Counts[0].Unreadable) != 0 {
		t.Fatalf("RotateKeys = %v\n%s", err, res)
	}
	res, err = s.RotateKeys(ctx, mustKeys(t, masterB, masterA), store.RotateOptions{})
	if err != nil || res.Counts[0].Resealed != 1 {
		t.Fatalf("RotateKeys again = %v\n%s", err, res)
	}
}

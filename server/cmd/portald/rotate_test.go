package main

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/associateportal/portal/server/secret"
	"github.com/associateportal/portal/server/seed"
	"github.com/associateportal/portal/server/testdb"
)

func TestMain(m *testing.M) { testdb.Main(m) }

var (
	oldKey = []byte("portald rotate-key test: the old key")
	newKey = []byte("portald rotate-key test: the new key")
)

func mustKeys(t *testing.T, master []byte) *secret.Keys {
	t.Helper()
	k, err := secret.New(master)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// seededUnderOld is a small seeded organisation (W-9 TINs and the demo payout accounts)
// sealed under the old key.
var seededUnderOld = &testdb.Prepare{
	Name: "rotate_key_" + testdb.Sources("server/seed", "server/store", "server/secret"),
	Fn: func(ctx context.Context, pool *pgxpool.Pool) error {
		k, err := secret.New(oldKey)
		if err != nil {
			return err
		}
		_, err = seed.Run(ctx, pool, seed.Options{Associates: 60, Seed: 1, Keys: k, PutFile: func(string, []byte) error { return nil }})
		return err
	},
}

// rotateKey runs portald with args (after rotate-key and the database's flag) and answers
// what it printed (spaces squeezed) and its error.
func rotateKey(t *testing.T, dsn string, args ...string) (string, error) {
	t.Helper()
	cmd := root()
	var out, errOut bytes.Buffer
	cmd.SetOut(&out)
	cmd.SetErr(&errOut)
	cmd.SetArgs(append([]string{"rotate-key", "--database-url", dsn, "--data-dir", t.TempDir()}, args...))
	err := cmd.ExecuteContext(t.Context())
	// One space between words: the summary's columns are for people.
	lines := strings.Split(out.String(), "\n")
	for i, l := range lines {
		lines[i] = strings.Join(strings.Fields(l), " ")
	}
	return strings.Join(lines, "\n"), err
}

func TestRotateKeyCommand(t *testing.T) {
	pool, dsn := testdb.NewWithDSN(t, seededUnderOld)
	ctx := context.Background()
	old, fresh := mustKeys(t, oldKey), mustKeys(t, newKey)
	rotate := []string{"--secret-key", hex.EncodeToString(newKey), "--previous-key", base64.StdEncoding.EncodeToString(oldKey)}

	out, err := rotateKey(t, dsn, rotate...)
	if err != nil {
		t.Fatalf("rotate-key: %v\n%s", err, out)
	}
	var w9s, accounts int
	if err := pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM w9_documents WHERE tin_key_id = $1),
		(SELECT count(*) FROM payout_accounts WHERE key_id = $1)`, fresh.ID()).Scan(&w9s, &accounts); err != nil {
		t.Fatal(err)
	}
	if w9s == 0 || accounts != 2 {
		t.Fatalf("under the new key: %d W-9s, %d accounts", w9s, accounts)
	}
	for _, want := range []string{"current key " + fresh.ID() + "\n", "W-9 TINs:", "payout account numbers: 2 re-sealed, 2 under the current key, 0 left"} {
		if !strings.Contains(out, want) {
			t.Errorf("the summary does not say %q:\n%s", want, out)
		}
	}
	// Again: nothing to do.
	out, err = rotateKey(t, dsn, rotate...)
	if err != nil || !strings.Contains(out, "payout account numbers: 0 re-sealed, 2 under the current key, 0 left") {
		t.Errorf("rotate-key again: %v\n%s", err, out)
	}

	// A value no key given opens: the command fails, and says which.
	var id string
	if err := pool.QueryRow(ctx, `INSERT INTO w9_documents (associate_id, title, name, entity_type, tin_encrypted, tin_key_id, tin_last4, tin_kind)
		VALUES (1, 'W-9', 'Under the old key', 'Individual', $1, $2, '6789', 'SSN') RETURNING id::text`, old.Seal([]byte("123456789")), old.ID()).Scan(&id); err != nil {
		t.Fatal(err)
	}
	out, err = rotateKey(t, dsn, "--secret-key", hex.EncodeToString(newKey))
	if err == nil || !strings.Contains(err.Error(), "1 sealed values are not under the current key") ||
		!strings.Contains(out, "id "+id+": secret: the value is sealed under a key that was not given (key "+old.ID()+")") {
		t.Errorf("rotate-key without the previous key: %v\n%s", err, out)
	}
	// With it, the rotation finishes.
	if out, err := rotateKey(t, dsn, rotate...); err != nil || !strings.Contains(out, "W-9 TINs: 1 re-sealed") {
		t.Errorf("rotate-key: %v\n%s", err, out)
	}
}

// Without the new key, rotate-key refuses: it would make up a key nobody has.
func TestRotateKeyNeedsTheKey(t *testing.T) {
	dir := t.TempDir()
	err := runRotate(t.Context(), config{DataDir: dir, DatabaseURL: "postgres://nowhere.invalid/x"}, &bytes.Buffer{}, &bytes.Buffer{})
	if err == nil || !strings.Contains(err.Error(), "rotate-key needs the new master key") {
		t.Errorf("runRotate without a key: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "secret.key")); !os.IsNotExist(err) {
		t.Errorf("a key file was made: %v", err)
	}
}

func TestPreviousKeys(t *testing.T) {
	current, old, fresh := mustKeys(t, []byte("the current master key, 32 bytes.")), mustKeys(t, oldKey), mustKeys(t, newKey)
	tests := []struct {
		previous string
		want     []string // ids; nil when refused
	}{
		{"", []string{current.ID()}},
		{hex.EncodeToString(oldKey), []string{current.ID(), old.ID()}},
		{base64.StdEncoding.EncodeToString(oldKey), []string{current.ID(), old.ID()}},
		{" " + hex.EncodeToString(oldKey) + " , " + hex.EncodeToString(newKey) + ",", []string{current.ID(), old.ID(), fresh.ID()}},
		{hex.EncodeToString(oldKey) + "," + hex.EncodeToString(oldKey), []string{current.ID(), old.ID()}},
		{"not a key", nil},
		{hex.EncodeToString(oldKey[:31]), nil},
		{hex.EncodeToString(oldKey) + ",zz", nil},
	}
	for _, tt := range tests {
		t.Run(tt.previous, func(t *testing.T) {
			k, err := loadKeys(config{SecretKey: hex.EncodeToString([]byte("the current master key, 32 bytes.")), PreviousKeys: tt.previous})
			if tt.want == nil {
				if err == nil || !strings.Contains(err.Error(), "PORTAL_PREVIOUS_SECRET_KEY") {
					t.Errorf("loadKeys = %v, want an error naming PORTAL_PREVIOUS_SECRET_KEY", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, k.IDs()); diff != "" {
				t.Errorf("key ids (-want +got):\n%s", diff)
			}
		})
	}
}

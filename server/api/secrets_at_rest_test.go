package api_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/associateportal/portal/sdk/oas"
	"github.com/associateportal/portal/server/pgembed"
	"github.com/associateportal/portal/server/secret"
	"github.com/associateportal/portal/server/seed"
	"github.com/associateportal/portal/server/servertest"
	"github.com/associateportal/portal/server/store"
	"github.com/associateportal/portal/server/tax"
	"github.com/associateportal/portal/server/testdb"
)

// TestDumpHoldsNoSecrets: a raw pg_dump of a seeded database with a payout account holds
// no TIN and no bank account number in plain text — only their last four digits.
func TestDumpHoldsNoSecrets(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	agent := client(t, env, ready(t, env, seed.DemoAgent))
	const number = "000918273645"
	if _, err := agent.CreatePayoutAccount(ctx, &oas.PayoutAccountInput{BankName: "Dump Bank", RoutingNumber: "021000021",
		AccountNumber: number, AccountType: oas.BankAccountTypeChecking, Holder: oas.AccountHolderOwner,
		Document: oas.NewOptString(uploadDocument(t, env, agent, voidCheque))}); err != nil {
		t.Fatal(err)
	}
	// The API answers the last four digits only.
	if r := do(t, env, "GET", "/api/account/payout-informations", login(t, env, seed.DemoAgent), nil, nil); r.Status != 200 ||
		regexp.MustCompile(number).Match(r.Body) || !regexp.MustCompile(`"account_last4":"3645"`).Match(r.Body) {
		t.Errorf("the list answers %d %s", r.Status, r.Body)
	}
	tins, accounts := secretsAtRest(t, env.Pool, env.Keys)
	if len(tins) < 20 || len(accounts) != 1 || accounts[0] != number {
		t.Fatalf("%d TINs and the account numbers %q opened", len(tins), accounts)
	}
	// A canary in the clear, which the scan must find: it shows the scan can fail.
	const canary = "555443333"
	if _, err := env.Pool.Exec(ctx, `UPDATE clients SET notes = 'TIN ' || $1 WHERE id = (SELECT min(id) FROM clients)`, canary); err != nil {
		t.Fatal(err)
	}
	dump := pgDump(t, env.Pool)
	if !regexp.MustCompile(`Dump Bank\t021000021\t`).Match(dump) {
		t.Fatal("the dump does not hold the payout account: the scan would prove nothing")
	}
	if !clearRuns(dump)[canary] {
		t.Fatal("the scan misses a value in plain text")
	}
	scanDump(t, dump, append(tins, accounts...))
}

// TestSeededDumpHoldsNoSecrets: the demo organisation as portald seeds it (with files:
// the demo RMD's payout accounts and their void cheques) holds no TIN or account number
// in plain text, before and after the master key is rotated.
func TestSeededDumpHoldsNoSecrets(t *testing.T) {
	pool := testdb.New(t)
	ctx := context.Background()
	keys := servertest.Keys()
	if _, err := seed.Run(ctx, pool, seed.Options{Associates: 60, Seed: 3, Keys: keys, Now: servertest.SeededAt,
		PutFile: func(string, []byte) error { return nil }}); err != nil {
		t.Fatal(err)
	}
	tins, accounts := secretsAtRest(t, pool, keys)
	if len(tins) < 10 || len(accounts) != 2 {
		t.Fatalf("%d TINs and %d account numbers seeded", len(tins), len(accounts))
	}
	scanDump(t, pgDump(t, pool), append(tins, accounts...))

	rotated, err := secret.New([]byte("the key after the rotation, 32 bytes+"), []byte("test-secret-key-0123456789abcdef-0123"))
	if err != nil {
		t.Fatal(err)
	}
	if res, err := store.New(pool).RotateKeys(ctx, rotated, store.RotateOptions{}); err != nil || res.Counts[1].Resealed != 2 {
		t.Fatalf("RotateKeys: %v\n%s", err, res)
	}
	afterTINs, afterAccounts := secretsAtRest(t, pool, rotated)
	if len(afterTINs) != len(tins) || len(afterAccounts) != len(accounts) {
		t.Fatalf("after the rotation: %d TINs and %d account numbers", len(afterTINs), len(afterAccounts))
	}
	scanDump(t, pgDump(t, pool), append(afterTINs, afterAccounts...))
}

// secretsAtRest opens every sealed TIN (answered as its digits and as people write it) and
// bank account number, each with the key its row names.
func secretsAtRest(t *testing.T, pool *pgxpool.Pool, keys *secret.Keys) (tins, accounts []string) {
	t.Helper()
	ctx := context.Background()
	rows, err := pool.Query(ctx, `SELECT 'w9', tin_kind, tin_encrypted, coalesce(tin_key_id, '') FROM w9_documents
		UNION ALL SELECT 'account', '', account_sealed, key_id FROM payout_accounts`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var what, kind, keyID string
		var sealed []byte
		if err := rows.Scan(&what, &kind, &sealed, &keyID); err != nil {
			t.Fatal(err)
		}
		plain, err := keys.OpenWith(keyID, sealed)
		if err != nil {
			t.Fatal(err)
		}
		if what == "w9" {
			tins = append(tins, string(plain), tax.Format(kind, string(plain)))
		} else {
			accounts = append(accounts, string(plain))
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return tins, accounts
}

// pgDump is a raw pg_dump of the database of pool.
func pgDump(t *testing.T, pool *pgxpool.Pool) []byte {
	t.Helper()
	bin, err := pgembed.BinDir()
	if err != nil {
		t.Fatal(err)
	}
	cfg := pool.Config().ConnConfig
	cmd := exec.CommandContext(t.Context(), filepath.Join(bin, "pg_dump"), "--no-owner", "-h", cfg.Host, "-p", strconv.Itoa(int(cfg.Port)),
		"-U", cfg.User, cfg.Database)
	cmd.Env = append(os.Environ(), "PGPASSWORD="+cfg.Password)
	dump, err := cmd.Output()
	if err != nil {
		t.Fatalf("pg_dump: %v", err)
	}
	return dump
}

// clearRuns are the values a dump holds in plain text that could be a secret: a secret in
// the clear is a whole value (a COPY field) or a whole word in text; the hex of sealed values
// may hold any run of digits, so only the maximal runs of hex digits and hyphens count, and
// a secret (digits and hyphens) is in the clear when it is one of them. One pass over the
// dump, however many secrets (a pattern a secret took minutes under -race).
func clearRuns(dump []byte) map[string]bool {
	const longest = 64 // longer runs are sealed values, no secret
	in := func(c byte) bool {
		return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' || c == '-'
	}
	runs := map[string]bool{}
	for i := 0; i < len(dump); {
		if !in(dump[i]) {
			i++
			continue
		}
		j := i
		for j < len(dump) && in(dump[j]) {
			j++
		}
		if j-i <= longest {
			runs[string(dump[i:j])] = true
		}
		i = j
	}
	return runs
}

func scanDump(t *testing.T, dump []byte, secrets []string) {
	t.Helper()
	runs := clearRuns(dump)
	for _, s := range secrets {
		if runs[s] {
			t.Errorf("the dump holds %s in plain text", s)
		}
	}
}

func TestClearRuns(t *testing.T) {
	runs := clearRuns([]byte("1\tTIN 555443333\tx\n\\x0a555443333ff\t123-45-6789.\tab987654321"))
	for s, want := range map[string]bool{"555443333": true, "123-45-6789": true, "987654321": false, "0a555443333ff": true} {
		if runs[s] != want {
			t.Errorf("%q: %v, want %v", s, runs[s], want)
		}
	}
}

package api_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/associateportal/portal/sdk/oas"
	"github.com/associateportal/portal/server/pgembed"
	"github.com/associateportal/portal/server/seed"
	"github.com/associateportal/portal/server/servertest"
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
	// The TINs the seed sealed, opened with the key.
	rows, err := env.Pool.Query(ctx, `SELECT tin_encrypted FROM w9_documents`)
	if err != nil {
		t.Fatal(err)
	}
	var secrets []string
	for rows.Next() {
		var sealed []byte
		if err := rows.Scan(&sealed); err != nil {
			t.Fatal(err)
		}
		tin, err := env.Keys.Open(sealed)
		if err != nil {
			t.Fatal(err)
		}
		secrets = append(secrets, string(tin), string(tin[:3])+"-"+string(tin[3:5])+"-"+string(tin[5:]))
	}
	rows.Close()
	if len(secrets) < 20 {
		t.Fatalf("only %d TINs seeded", len(secrets)/2)
	}
	secrets = append(secrets, number)
	// A canary in the clear, which the scan must find: it shows the scan can fail.
	const canary = "555443333"
	if _, err := env.Pool.Exec(ctx, `UPDATE clients SET notes = 'TIN ' || $1 WHERE id = (SELECT min(id) FROM clients)`, canary); err != nil {
		t.Fatal(err)
	}

	bin, err := pgembed.BinDir()
	if err != nil {
		t.Fatal(err)
	}
	cfg := env.Pool.Config().ConnConfig
	cmd := exec.CommandContext(ctx, filepath.Join(bin, "pg_dump"), "--no-owner", "-h", cfg.Host, "-p", strconv.Itoa(int(cfg.Port)),
		"-U", cfg.User, cfg.Database)
	cmd.Env = append(os.Environ(), "PGPASSWORD="+cfg.Password)
	dump, err := cmd.Output()
	if err != nil {
		t.Fatalf("pg_dump: %v", err)
	}
	if !regexp.MustCompile(`Dump Bank\t021000021\t`).Match(dump) {
		t.Fatal("the dump does not hold the payout account: the scan would prove nothing")
	}
	// A secret in the clear is a whole value (a COPY field) or a whole word in text; the
	// hex of sealed values may hold any run of digits, so only digit runs that are not
	// part of a longer hex run count.
	clear := func(s string) bool {
		return regexp.MustCompile(`(^|[^0-9a-fA-F-])` + regexp.QuoteMeta(s) + `([^0-9a-fA-F-]|$)`).Match(dump)
	}
	if !clear(canary) {
		t.Fatal("the scan misses a value in plain text")
	}
	for _, s := range secrets {
		if clear(s) {
			t.Errorf("the dump holds %s in plain text", s)
		}
	}
}

package importstatement

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

const statement = "policy_number,amount,date\nTL-100,1000.00,2026-11-03\nTL-999,50.00,2026-11-03\n"

// file writes a statement in a temporary folder and returns its path.
func file(t *testing.T, name, body string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestNewCmdImport(t *testing.T) {
	path := file(t, "great-lakes-nov.csv", "\xEF\xBB\xBF"+statement)
	tests := []struct {
		name       string
		args       []string
		want       *oas.StatementImportInput
		wantFields []string
		wantErr    string
	}{
		{name: "the file's base name and text, the provider", args: []string{path, "--provider", "3"},
			want: &oas.StatementImportInput{ProviderID: 3, FileName: "great-lakes-nov.csv", Csv: statement}},
		{name: "json fields", args: []string{"--provider=3", path, "--json=id,action_required"},
			want:       &oas.StatementImportInput{ProviderID: 3, FileName: "great-lakes-nov.csv", Csv: statement},
			wantFields: []string{"id", "action_required"}},
		{name: "no provider", args: []string{path}, wantErr: "--provider is required"},
		{name: "a provider that is no ID", args: []string{path, "--provider", "0"}, wantErr: "invalid --provider 0"},
		{name: "a provider by name", args: []string{path, "--provider", "great-lakes"}, wantErr: `invalid argument "great-lakes" for "--provider"`},
		{name: "no file", args: []string{"--provider", "3"}, wantErr: "takes one CSV file, got 0 arguments"},
		{name: "a file that is not there", args: []string{filepath.Join(t.TempDir(), "missing.csv"), "--provider", "3"},
			wantErr: "no such file or directory"},
		{name: "an empty file", args: []string{file(t, "empty.csv", ""), "--provider", "3"}, wantErr: "empty.csv is empty"},
		{name: "only a byte-order mark", args: []string{file(t, "bom.csv", "\xEF\xBB\xBF"), "--provider", "3"}, wantErr: "bom.csv is empty"},
		{name: "not UTF-8", args: []string{file(t, "latin1.csv", "policy_number,amount,date\nTL-\xe9,1.00,2026-11-03\n"), "--provider", "3"},
			wantErr: "latin1.csv is not UTF-8 text; save the statement as CSV UTF-8"},
		{name: "a NUL byte", args: []string{file(t, "nul.csv", statement+"TL-\x00,1.00,2026-11-03\n"), "--provider", "3"},
			wantErr: "nul.csv has a NUL byte on line 4"},
		{name: "too large", args: []string{file(t, "huge.csv", statement+strings.Repeat("x", sdk.MaxStatementChars)), "--provider", "3"},
			wantErr: "huge.csv is too long: a statement holds at most 900000 characters"},
		{name: "a directory", args: []string{t.TempDir(), "--provider", "3"}, wantErr: "is a directory"},
		{name: "an unknown field", args: []string{path, "--provider", "3", "--json=rows_ok"}, wantErr: `unknown JSON field "rows_ok"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, _, _ := iostreams.Test()
			got := cmdtest.Parse(t, ios, NewCmdImport, tt.args, tt.wantErr)
			if got == nil {
				return
			}
			if diff := cmp.Diff(tt.want, got.Input); diff != "" {
				t.Errorf("input (-want +got):\n%s", diff)
			}
			if tt.wantFields != nil {
				if diff := cmp.Diff(tt.wantFields, got.Exporter.Fields()); diff != "" {
					t.Errorf("fields (-want +got):\n%s", diff)
				}
			}
		})
	}
}

// statementServer answers POST /api/payments/statements with status and body, and keeps the
// request it got.
func statementServer(t *testing.T, status int, body string, got *oas.StatementImportInput) *httptest.Server {
	t.Helper()
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.URL.Path != "/api/payments/statements" {
			http.NotFound(w, r)
			return
		}
		b, _ := io.ReadAll(r.Body)
		if err := json.Unmarshal(b, got); err != nil {
			t.Errorf("request body %s: %v", b, err)
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_, _ = io.WriteString(w, body)
	}))
	t.Cleanup(ts.Close)
	return ts
}

func run(t *testing.T, ios *iostreams.IOStreams, url string, args ...string) error {
	t.Helper()
	f := &cmdutil.Factory{IOStreams: ios, Client: func() (*sdk.Client, error) { return sdk.New(url, sdk.WithToken("t")) }}
	cmd := NewCmdImport(f, nil)
	cmd.SetArgs(args)
	cmd.SetOut(io.Discard)
	cmd.SetErr(io.Discard)
	return cmd.Execute()
}

func TestImport(t *testing.T) {
	path := file(t, "nov.csv", statement)
	var sent oas.StatementImportInput
	ts := statementServer(t, 201, `{"id":12,"rows":2,"ready_to_pay":1,"action_required":1}`, &sent)

	ios, _, out, _ := iostreams.Test()
	ios.SetStdoutTTY(true)
	if err := run(t, ios, ts.URL, path, "--provider", "3"); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(oas.StatementImportInput{ProviderID: 3, FileName: "nov.csv", Csv: statement}, sent); diff != "" {
		t.Errorf("request (-want +got):\n%s", diff)
	}
	want := "✓ Imported nov.csv as statement #12: 2 rows, 1 Ready To Pay, 1 Action Required\n" +
		"See them with: portal payments provider-payments --filter statement_id=eq:12 --filter 'status=eq:Action Required'\n"
	if diff := cmp.Diff(want, out.String()); diff != "" {
		t.Errorf("terminal (-want +got):\n%s", diff)
	}

	ios, _, out, _ = iostreams.Test()
	if err := run(t, ios, ts.URL, path, "--provider", "3"); err != nil {
		t.Fatal(err)
	}
	if out.String() != "12\n" {
		t.Errorf("piped: %q, want the ID", out.String())
	}
}

// A refused statement lists each row's error and imports nothing.
func TestImportRefused(t *testing.T) {
	path := file(t, "nov.csv", statement)
	var sent oas.StatementImportInput
	ts := statementServer(t, 422, `{"status":422,"message":"Validation error","errors":[`+
		`{"field":"rows[1].amount","message":"must be an amount in dollars, like 1234.56"},`+
		`{"field":"rows[1].date","message":"must be a date YYYY-MM-DD"},`+
		`{"field":"rows[7]","message":"has 2 columns, the header 3"}]}`, &sent)
	ios, _, out, errOut := iostreams.Test()
	err := run(t, ios, ts.URL, path, "--provider", "3")
	if err != cmdutil.ErrSilent {
		t.Fatalf("err = %v, want ErrSilent (exit 1, the message printed)", err)
	}
	want := "error: nov.csv was not imported (HTTP 422): 2 rows have errors; nothing was imported\n" +
		"  row 1, amount: must be an amount in dollars, like 1234.56\n" +
		"  row 1, date: must be a date YYYY-MM-DD\n" +
		"  row 7: has 2 columns, the header 3\n"
	if diff := cmp.Diff(want, errOut.String()); diff != "" {
		t.Errorf("stderr (-want +got):\n%s", diff)
	}
	if out.Len() != 0 {
		t.Errorf("stdout: %q", out.String())
	}

	// Another refusal is the server's message, as for any command.
	ts = statementServer(t, 404, `{"status":404,"message":"Provider not found"}`, &sent)
	ios, _, _, errOut = iostreams.Test()
	if err := run(t, ios, ts.URL, path, "--provider", "99"); !sdk.IsNotFound(err) || errOut.Len() != 0 {
		t.Errorf("a 404: err = %v, stderr %q", err, errOut.String())
	}
}

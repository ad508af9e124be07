package payrun

import (
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

func TestNewCmdPayRun(t *testing.T) {
	nov := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		name    string
		args    []string
		want    oas.PayRunInput
		wantErr string
	}{
		{name: "the first day of the month", args: []string{"--period", "2026-11"}, want: oas.PayRunInput{Period: nov}},
		{name: "spaces around", args: []string{"--period", " 2026-11 ", "--json", "id"}, want: oas.PayRunInput{Period: nov}},
		{name: "no period", wantErr: "--period is required: the month to pay, like 2026-11"},
		{name: "a day is not a month", args: []string{"--period", "2026-11-01"}, wantErr: `invalid --period "2026-11-01": expected YYYY-MM, e.g. 2026-11`},
		{name: "no month 13", args: []string{"--period", "2026-13"}, wantErr: `invalid --period "2026-13"`},
		{name: "before 2000", args: []string{"--period", "1999-12"}, wantErr: `invalid --period "1999-12": expected a month from 2000-01 on`},
		{name: "a stray word", args: []string{"2026-11"}, wantErr: `unknown command "2026-11"`},
		{name: "an unknown field", args: []string{"--period", "2026-11", "--json", "month"}, wantErr: `unknown JSON field "month"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, _, _ := iostreams.Test()
			got := cmdtest.Parse(t, ios, NewCmdPayRun, cmdutil.ExpandJSONArgs(tt.args), tt.wantErr)
			if got == nil {
				return
			}
			if diff := cmp.Diff(tt.want, got.Input); diff != "" {
				t.Errorf("input (-want +got):\n%s", diff)
			}
		})
	}
}

// The request carries the first day of the month as a date; the answer is printed.
func TestPayRun(t *testing.T) {
	var body string
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.URL.Path != "/api/payments/pay-runs" {
			http.NotFound(w, r)
			return
		}
		b, _ := io.ReadAll(r.Body)
		body = string(b)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(201)
		_, _ = io.WriteString(w, `{"id":7,"period":"2026-11-01","paid_cents":123456789,"associates":42,"created_at":"2026-12-01T06:00:00Z"}`)
	}))
	t.Cleanup(ts.Close)
	ios, _, out, _ := iostreams.Test()
	ios.SetStdoutTTY(true)
	f := &cmdutil.Factory{IOStreams: ios, Client: func() (*sdk.Client, error) { return sdk.New(ts.URL, sdk.WithToken("t")) }}
	cmd := NewCmdPayRun(f, nil)
	cmd.SetArgs([]string{"--period", "2026-11"})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	if body != `{"period":"2026-11-01"}` {
		t.Errorf("request body %s", body)
	}
	if diff := cmp.Diff("✓ Pay run #7 for Nov 2026: $1,234,567.89 paid to 42 associates\n", out.String()); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

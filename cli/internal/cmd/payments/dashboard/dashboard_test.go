package dashboard

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

func TestNewCmdDashboard(t *testing.T) {
	day := func(m time.Month, d int) oas.OptDate {
		return oas.NewOptDate(time.Date(2026, m, d, 0, 0, 0, 0, time.UTC))
	}
	tests := []struct {
		name       string
		args       []string
		want       oas.GetPaymentsDashboardParams
		wantFields []string
		wantErr    string
	}{
		{name: "this month to date by default"},
		{name: "a period", args: []string{"--period-start", "2026-01-01", "--period-end", "2026-03-31"},
			want: oas.GetPaymentsDashboardParams{PeriodStart: day(1, 1), PeriodEnd: day(3, 31)}},
		{name: "staff name the associate, in any case", args: []string{"--associate", "agt100"},
			want: oas.GetPaymentsDashboardParams{AssociateCode: oas.NewOptString("AGT100")}},
		{name: "json fields", args: []string{"--json", "balances,exposure"}, wantFields: []string{"balances", "exposure"}},
		{name: "a bad date", args: []string{"--period-end", "yesterday"}, wantErr: `invalid --period-end "yesterday": expected YYYY-MM-DD, e.g. 2026-01-31`},
		{name: "a month is not a day", args: []string{"--period-start", "2026-01"}, wantErr: `invalid --period-start "2026-01": expected YYYY-MM-DD`},
		{name: "an end before the start", args: []string{"--period-start", "2026-02-01", "--period-end", "2026-01-31"},
			wantErr: "--period-end is before --period-start"},
		{name: "a bad code", args: []string{"--associate", "a b"}, wantErr: `invalid --associate "a b"`},
		{name: "an unknown field", args: []string{"--json", "balance"}, wantErr: `unknown JSON field "balance"`},
		{name: "a stray word", args: []string{"now"}, wantErr: `unknown command "now"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, _, _ := iostreams.Test()
			got := cmdtest.Parse(t, ios, NewCmdDashboard, cmdutil.ExpandJSONArgs(tt.args), tt.wantErr)
			if got == nil {
				return
			}
			if diff := cmp.Diff(tt.want, got.Params); diff != "" {
				t.Errorf("params (-want +got):\n%s", diff)
			}
			if tt.wantFields != nil {
				if diff := cmp.Diff(tt.wantFields, got.Exporter.Fields()); diff != "" {
					t.Errorf("fields (-want +got):\n%s", diff)
				}
			}
		})
	}
}

// The dashboard is asked for with the flags' period and associate, and its cents arrive and
// print exactly, more of them than a float64 holds.
func TestDashboardRun(t *testing.T) {
	var query string
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/payments/dashboard" {
			http.NotFound(w, r)
			return
		}
		query = r.URL.RawQuery
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"associate_code":"AGT100","associate_name":"Alex Carter","period_start":"2026-01-01","period_end":"2026-03-31",`+
			`"earnings":[{"category":"Personal","amount_cents":9007199254740993}],"earnings_cents":9007199254740993,"chargebacks_cents":0,`+
			`"balances":{"pending_cents":0,"escrow_cents":0,"paid_cents":0,"chargeback_debt_cents":0},"escrow_calendar":[],`+
			`"exposure":{"amount_cents":0,"from_escrow_cents":0,"debit_cents":0,"policies":0},"months":[]}`)
	}))
	t.Cleanup(ts.Close)
	ios, _, out, _ := iostreams.Test()
	f := &cmdutil.Factory{IOStreams: ios, Client: func() (*sdk.Client, error) { return sdk.New(ts.URL, sdk.WithToken("t")) }}
	cmd := NewCmdDashboard(f, nil)
	cmd.SetArgs([]string{"--period-start", "2026-01-01", "--period-end", "2026-03-31", "--associate", "agt100", "--jq", ".earnings_cents"})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	if want := "associate_code=AGT100&period_end=2026-03-31&period_start=2026-01-01"; query != want {
		t.Errorf("query %q, want %q", query, want)
	}
	if out.String() != "9007199254740993\n" {
		t.Errorf("output %q", out.String())
	}
}

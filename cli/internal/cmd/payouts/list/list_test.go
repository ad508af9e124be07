package list

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/cmd/payouts/shared"
	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk/oas"
)

func TestMain(m *testing.M) {
	// Times show in the local zone: fix it so the expected tables hold anywhere.
	time.Local = time.UTC
	os.Exit(m.Run())
}

func TestNewCmdList(t *testing.T) {
	limit := oas.NewOptInt(100)
	queue := oas.NewOptPayoutStatus(oas.PayoutStatusPendingForAdmin)
	tests := []struct {
		args       string
		want       oas.ListPayoutReviewsParams
		wantAll    bool
		wantFields []string
		wantErr    string
	}{
		{args: "", want: oas.ListPayoutReviewsParams{Limit: limit, FilterStatusEq: queue}},
		{args: "--status rejected-by-admin --associate agt100", want: oas.ListPayoutReviewsParams{Limit: limit,
			FilterStatusEq: oas.NewOptPayoutStatus(oas.PayoutStatusRejectedByAdmin), FilterAssociateCodeEq: oas.NewOptString("AGT100")}},
		{args: "--status PendingForAssociate -L 500 --all", wantAll: true, want: oas.ListPayoutReviewsParams{Limit: oas.NewOptInt(500),
			FilterStatusEq: oas.NewOptPayoutStatus(oas.PayoutStatusPendingForAssociate)}},
		{args: "--status any --order updated_at:desc", want: oas.ListPayoutReviewsParams{Limit: limit,
			Order: oas.NewOptPayoutReviewOrder(oas.PayoutReviewOrder{UpdatedAt: oas.NewOptSortDirection(oas.SortDirectionDESC)})}},
		{args: "--filter status=in:Approved,Rejected_By_Owner", wantErr: "Rejected_By_Owner"},
		{args: "--filter associate_code=eq:agt100", want: oas.ListPayoutReviewsParams{Limit: limit, FilterStatusEq: queue,
			FilterAssociateCodeEq: oas.NewOptString("AGT100")}},
		{args: "--json id,can_approve", want: oas.ListPayoutReviewsParams{Limit: limit, FilterStatusEq: queue}, wantFields: []string{"id", "can_approve"}},
		{args: "--status paid", wantErr: `invalid --status "paid": expected one of Approved, Pending For Admin, Pending For Owner, Pending For Associate, Rejected By Admin, Rejected By Owner`},
		{args: "--status approved --filter status=eq:Approved", wantErr: "not both"},
		{args: "--associate agt100 --filter associate_code=eq:agt100", wantErr: "not both"},
		{args: "--associate a-1", wantErr: `invalid associate code "a-1"`},
		{args: "--order bank_name:asc", wantErr: "bank_name"},
		{args: "12", wantErr: `unknown command "12" for "list"`},
		{args: "--json id,account_number", wantErr: `unknown JSON field "account_number"`},
	}
	for _, tt := range tests {
		ios, _, _, _ := iostreams.Test()
		got := cmdtest.Parse(t, ios, NewCmdList, cmdutil.ExpandJSONArgs(strings.Fields(tt.args)), tt.wantErr)
		if got == nil {
			continue
		}
		if diff := cmp.Diff(tt.want, got.Params); diff != "" {
			t.Errorf("%q: params (-want +got):\n%s", tt.args, diff)
		}
		if got.All != tt.wantAll {
			t.Errorf("%q: all %v", tt.args, got.All)
		}
		if tt.wantFields != nil {
			if diff := cmp.Diff(tt.wantFields, got.Exporter.Fields()); diff != "" {
				t.Errorf("%q: fields (-want +got):\n%s", tt.args, diff)
			}
		}
	}
}

func accounts() []oas.PayoutAccount {
	at := time.Date(2026, 11, 22, 14, 5, 0, 0, time.UTC)
	return []oas.PayoutAccount{
		{ID: 7, BankName: "First Texas Bank", Country: oas.CountryUSA, RoutingNumber: "021000021", AccountLast4: "1111",
			AccountType: oas.BankAccountTypeChecking, Holder: oas.AccountHolderOwner, Status: oas.PayoutStatusPendingForAdmin,
			Associate: oas.NewOptPersonRef(oas.PersonRef{Code: "AGT100", Name: "Alex Carter"}), EnteredBy: oas.NewOptString("Alex Carter"),
			CanApprove: oas.NewOptBool(true), CreatedAt: at, UpdatedAt: at},
		{ID: 9, BankName: "Second Bank", Country: oas.CountryUSA, RoutingNumber: "011000015", AccountLast4: "2222",
			AccountType: oas.BankAccountTypeSavings, Holder: oas.AccountHolderAuthorized, HolderName: oas.NewOptString("Olivia Owner"),
			OwnerEmail: oas.NewOptString("olivia@example.com"), Status: oas.PayoutStatusPendingForAdmin,
			Associate: oas.NewOptPersonRef(oas.PersonRef{Code: "AGT100", Name: "Alex Carter"}), EnteredBy: oas.NewOptString("Sam Staffer"),
			CanApprove: oas.NewOptBool(false), CreatedAt: at, UpdatedAt: at.Add(time.Hour)},
	}
}

func TestPrintList(t *testing.T) {
	for _, tt := range []struct {
		name string
		tty  bool
		want string
	}{
		{name: "terminal", tty: true,
			want: `ID  ASSOCIATE           BANK              ACCOUNT   TYPE      HOLDER      STATUS             CAN APPROVE  UPDATED
7   AGT100 Alex Carter  First Texas Bank  ••••1111  Checking  Owner       Pending For Admin  yes          11/22/2026 14:05:00
9   AGT100 Alex Carter  Second Bank       ••••2222  Savings   Authorized  Pending For Admin  no           11/22/2026 15:05:00
`},
		{name: "piped",
			want: "7\tAGT100\tAlex Carter\tFirst Texas Bank\t1111\tChecking\tOwner\tPending For Admin\ttrue\t2026-11-22T14:05:00Z\n" +
				"9\tAGT100\tAlex Carter\tSecond Bank\t2222\tSavings\tAuthorized\tPending For Admin\tfalse\t2026-11-22T15:05:00Z\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, out, _ := iostreams.Test()
			ios.SetStdoutTTY(tt.tty)
			ios.SetWidth(160)
			if err := shared.PrintList(ios, accounts()); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, out.String()); diff != "" {
				t.Errorf("stdout (-want +got):\n%s", diff)
			}
			if !tt.tty {
				line := strings.SplitN(out.String(), "\n", 2)[0]
				if n := len(strings.Split(line, "\t")); n != len(shared.TSVColumns) {
					t.Errorf("%d columns, TSVColumns names %d", n, len(shared.TSVColumns))
				}
			}
		})
	}
}

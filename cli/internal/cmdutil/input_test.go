package cmdutil

import (
	"errors"
	"testing"
	"time"

	"github.com/associateportal/portal/sdk/oas"
)

func TestParseMonth(t *testing.T) {
	for _, tt := range []struct {
		in      string
		want    time.Time
		wantErr string
	}{
		{in: "2026-11", want: time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)},
		{in: " 2026-01 ", want: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)},
		{in: "2000-01", want: time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)},
		{in: "", wantErr: `invalid --period "": expected YYYY-MM, e.g. 2026-11`},
		{in: "Nov 2026", wantErr: `invalid --period "Nov 2026": expected YYYY-MM, e.g. 2026-11`},
		{in: "2026-1", wantErr: `invalid --period "2026-1": expected YYYY-MM, e.g. 2026-11`},
		{in: "2026-13", wantErr: `invalid --period "2026-13": expected YYYY-MM, e.g. 2026-11`},
		{in: "2026-11-01", wantErr: `invalid --period "2026-11-01": expected YYYY-MM, e.g. 2026-11`},
		{in: "0001-01", wantErr: `invalid --period "0001-01": expected a month from 2000-01 on`},
		{in: "1999-12", wantErr: `invalid --period "1999-12": expected a month from 2000-01 on`},
	} {
		got, err := ParseMonth("--period", tt.in)
		if tt.wantErr != "" {
			var fe *FlagError
			if err == nil || err.Error() != tt.wantErr || !errors.As(err, &fe) {
				t.Errorf("ParseMonth(%q) = %v, %v; want the flag error %q", tt.in, got, err, tt.wantErr)
			}
			continue
		}
		if err != nil || !got.Equal(tt.want) || got.Location() != time.UTC {
			t.Errorf("ParseMonth(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
}

func TestParseEnum(t *testing.T) {
	all := oas.ProviderPaymentStatus("").AllValues()
	for in, want := range map[string]oas.ProviderPaymentStatus{
		"ready-to-pay": oas.ProviderPaymentStatusReadyToPay, "Action Required": oas.ProviderPaymentStatusActionRequired,
		"PROCESSED": oas.ProviderPaymentStatusProcessed, "action_required": oas.ProviderPaymentStatusActionRequired,
		"ReadyToPay": oas.ProviderPaymentStatusReadyToPay,
	} {
		if got, err := ParseEnum("status", in, all); err != nil || got != want {
			t.Errorf("ParseEnum(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	_, err := ParseEnum("status", "paid", all)
	var fe *FlagError
	if err == nil || err.Error() != `invalid status "paid": expected one of Received, Action Required, Ready To Pay, Processed` || !errors.As(err, &fe) {
		t.Errorf("err = %v", err)
	}
}

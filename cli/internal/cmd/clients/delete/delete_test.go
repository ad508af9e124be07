package delete

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
)

func TestNewCmdDelete(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		tty     bool
		wantID  int64
		wantYes bool
		wantErr string
	}{
		{name: "yes when piped", args: []string{"42", "--yes"}, wantID: 42, wantYes: true},
		{name: "short flag", args: []string{"-y", "9"}, wantID: 9, wantYes: true},
		{name: "confirm on a terminal", args: []string{"42"}, tty: true, wantID: 42},
		{name: "piped without yes", args: []string{"42"}, wantErr: "--yes is required when not running interactively"},
		{name: "no id", args: []string{"--yes"}, wantErr: "takes one client ID"},
		{name: "zero id", args: []string{"0", "--yes"}, wantErr: `invalid client ID "0"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, _, _ := iostreams.Test()
			ios.SetStdinTTY(tt.tty)
			ios.SetStdoutTTY(tt.tty)
			var got *Options
			cmd := NewCmdDelete(&cmdutil.Factory{IOStreams: ios}, func(_ context.Context, o *Options) error { got = o; return nil })
			cmd.SetArgs(tt.args)
			cmd.SetOut(io.Discard)
			cmd.SetErr(io.Discard)
			_, err := cmd.ExecuteC()
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got.ID != tt.wantID || got.Yes != tt.wantYes {
				t.Errorf("got ID %d yes %v, want %d %v", got.ID, got.Yes, tt.wantID, tt.wantYes)
			}
		})
	}
}

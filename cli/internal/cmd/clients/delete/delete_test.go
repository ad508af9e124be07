package delete

import (
	"testing"

	"github.com/associateportal/portal/cli/internal/cmdtest"
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
			got := cmdtest.Parse(t, ios, NewCmdDelete, tt.args, tt.wantErr)
			if got == nil {
				return
			}
			if got.ID != tt.wantID || got.Yes != tt.wantYes {
				t.Errorf("got ID %d yes %v, want %d %v", got.ID, got.Yes, tt.wantID, tt.wantYes)
			}
		})
	}
}

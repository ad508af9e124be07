package accept

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/iostreams"
)

func TestNewCmdAccept(t *testing.T) {
	dir := t.TempDir()
	svg := filepath.Join(dir, "sig.svg")
	png := filepath.Join(dir, "sig.png")
	if err := os.WriteFile(svg, []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(png, []byte("\x89PNG"), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		args    []string
		tty     bool
		wantSig bool
		wantErr string
	}{
		{name: "yes with a signature", args: []string{"--yes", "--signature", svg}, wantSig: true},
		{name: "confirm on a terminal", args: []string{}, tty: true},
		{name: "piped without yes", args: []string{"--signature", svg}, wantErr: "--yes is required"},
		{name: "not an svg", args: []string{"-y", "--signature", png}, wantErr: "is not an SVG image"},
		{name: "missing file", args: []string{"-y", "--signature", filepath.Join(dir, "none.svg")}, wantErr: "read the signature"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, _, _ := iostreams.Test()
			ios.SetStdinTTY(tt.tty)
			ios.SetStdoutTTY(tt.tty)
			got := cmdtest.Parse(t, ios, NewCmdAccept, tt.args, tt.wantErr)
			if got == nil {
				return
			}
			if (got.Signature != nil) != tt.wantSig {
				t.Errorf("signature loaded = %v, want %v", got.Signature != nil, tt.wantSig)
			}
		})
	}
}

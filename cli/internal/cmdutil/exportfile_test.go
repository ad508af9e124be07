package cmdutil

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/associateportal/portal/cli/internal/iostreams"
)

func TestExportFormatFollowsTheFile(t *testing.T) {
	tests := []struct {
		name        string
		format      string
		formatGiven bool
		output      string
		tty         bool
		want        string
		wantErr     string
	}{
		{name: "xlsx from the extension", format: "csv", output: "team.xlsx", want: "xlsx"},
		{name: "in any case", format: "csv", output: "TEAM.XLSX", want: "xlsx"},
		{name: "csv from the extension", format: "csv", output: "dir/team.csv", want: "csv"},
		{name: "another extension keeps the default", format: "csv", output: "team.txt", want: "csv"},
		{name: "no extension keeps the default", format: "csv", output: "team", want: "csv"},
		{name: "standard output keeps the default", format: "csv", output: "-", want: "csv"},
		{name: "an explicit format that agrees", format: "XLSX", formatGiven: true, output: "team.xlsx", want: "xlsx"},
		{name: "an explicit format with another extension", format: "xlsx", formatGiven: true, output: "team.bin", want: "xlsx"},
		{name: "an explicit format that disagrees", format: "csv", formatGiven: true, output: "out/team.xlsx",
			wantErr: "--format csv does not match the file name team.xlsx: leave --format out (the extension decides) or name the file .csv"},
		{name: "xlsx the other way", format: "xlsx", formatGiven: true, output: "team.csv", wantErr: "--format xlsx does not match the file name team.csv"},
		{name: "a bad format is still one", format: "pdf", formatGiven: true, output: "team.csv", wantErr: `invalid --format "pdf"`},
		{name: "xlsx to a terminal", format: "xlsx", formatGiven: true, tty: true, wantErr: "refusing to write an XLSX file to the terminal"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, _, _ := iostreams.Test()
			ios.SetStdoutTTY(tt.tty)
			e := &ExportFlags{Format: tt.format, Output: tt.output}
			err := e.Resolve(ios, tt.formatGiven)
			if tt.wantErr != "" {
				var fe *FlagError
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) || !errors.As(err, &fe) {
					t.Fatalf("err = %v, want a flag error %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || e.Format != tt.want {
				t.Errorf("format %q, err %v; want %q", e.Format, err, tt.want)
			}
		})
	}
}

func TestExportRefusesToOverwrite(t *testing.T) {
	dir := t.TempDir()
	existing := filepath.Join(dir, "clients.csv")
	if err := os.WriteFile(existing, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	e := &ExportFlags{Output: existing}
	if err := e.CheckOverwrite(false); err == nil || err.Error() != existing+" exists; use --clobber to overwrite it" {
		t.Errorf("an existing file: %v", err)
	}
	if err := e.CheckOverwrite(true); err != nil {
		t.Errorf("with --clobber: %v", err)
	}
	for _, out := range []string{filepath.Join(dir, "new.csv"), "-", ""} {
		e := &ExportFlags{Output: out}
		if err := e.CheckOverwrite(false); err != nil {
			t.Errorf("%q: %v", out, err)
		}
	}
}

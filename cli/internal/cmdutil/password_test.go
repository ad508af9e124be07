package cmdutil

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/iostreams"
)

func TestReadPasswordLines(t *testing.T) {
	tests := []struct {
		in   string
		n    int
		want []string
	}{
		{in: "secret\n", n: 1, want: []string{"secret"}},
		{in: "secret\r\n", n: 1, want: []string{"secret"}},
		{in: "secret", n: 1, want: []string{"secret"}},
		{in: "with space \nnext", n: 1, want: []string{"with space "}},
		{in: "", n: 1, want: []string{""}},
		{in: "old\nnew one\n", n: 2, want: []string{"old", "new one"}},
		{in: "old\r\nnew", n: 2, want: []string{"old", "new"}},
		{in: "old\n", n: 2, want: []string{"old", ""}},
		{in: "old", n: 2, want: []string{"old", ""}},
		{in: "", n: 2, want: []string{"", ""}},
	}
	for _, tt := range tests {
		got, err := ReadPasswordLines(strings.NewReader(tt.in), tt.n)
		if err != nil {
			t.Fatalf("ReadPasswordLines(%q, %d): %v", tt.in, tt.n, err)
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("ReadPasswordLines(%q, %d) (-want +got):\n%s", tt.in, tt.n, diff)
		}
	}
}

func TestCheckPasswordSource(t *testing.T) {
	for _, tt := range []struct {
		tty, stdin bool
		wantErr    bool
	}{{tty: true}, {tty: true, stdin: true}, {stdin: true}, {wantErr: true}} {
		ios, _, _, _ := iostreams.Test()
		ios.SetStdinTTY(tt.tty)
		ios.SetStdoutTTY(tt.tty)
		err := CheckPasswordSource(ios, tt.stdin)
		if (err != nil) != tt.wantErr {
			t.Errorf("terminal %v, --password-stdin %v: %v", tt.tty, tt.stdin, err)
		}
		if _, ok := err.(*FlagError); tt.wantErr && !ok {
			t.Errorf("%T is not a *FlagError", err)
		}
	}
}

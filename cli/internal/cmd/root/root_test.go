package root

import (
	"io"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
)

// --as is a flag of every command, PORTAL_ACT_AS its default: the client every command gets
// acts for that associate.
func TestActAsFlag(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		env     string
		want    string
		wantErr string
	}{
		{name: "nobody", args: []string{"probe"}, want: ""},
		{name: "before the command, in any case", args: []string{"--as", "agt100", "probe"}, want: "AGT100"},
		{name: "after the command", args: []string{"probe", "--as=RMD100"}, want: "RMD100"},
		{name: "from the environment", args: []string{"probe"}, env: "rmd100", want: "RMD100"},
		{name: "the flag wins over the environment", args: []string{"probe", "--as", "AGT100"}, env: "RMD100", want: "AGT100"},
		{name: "a bad code", args: []string{"probe", "--as", "a b"}, wantErr: `invalid --as "a b"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("PORTAL_ACT_AS", tt.env)
			ios, _, _, _ := iostreams.Test()
			f := &cmdutil.Factory{IOStreams: ios, Client: func() (*sdk.Client, error) {
				return sdk.New("http://portal.test", sdk.WithToken("t"))
			}}
			cmd := NewCmdRoot(f, "test")
			got := "unset"
			cmd.AddCommand(&cobra.Command{Use: "probe", RunE: func(*cobra.Command, []string) error {
				c, err := f.Client()
				if err != nil {
					return err
				}
				got = c.AccessToken()
				return nil
			}})
			cmd.SetArgs(tt.args)
			cmd.SetOut(io.Discard)
			cmd.SetErr(io.Discard)
			err := cmd.Execute()
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Errorf("acting for %q (err %v), want %q", got, err, tt.want)
			}
		})
	}
}

// portal help is one command: the help of any command, and the help centre's search and
// view (cobra's own help command is replaced, not doubled).
func TestHelpCommand(t *testing.T) {
	ios, _, out, _ := iostreams.Test()
	cmd := NewCmdRoot(&cmdutil.Factory{IOStreams: ios}, "test")
	cmd.SetArgs([]string{"help", "clients", "list"})
	cmd.SetOut(out)
	cmd.SetErr(io.Discard)
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "Usage:\n  portal clients list") {
		t.Errorf("help clients list:\n%s", out)
	}
	helps := 0
	for _, c := range cmd.Commands() {
		if c.Name() == "help" {
			helps++
		}
	}
	if helps != 1 {
		t.Errorf("%d help commands", helps)
	}
	for _, args := range [][]string{{"help", "search", "escrow"}, {"help", "view", "advances-and-escrow"}} {
		if c, _, err := cmd.Find(args); err != nil || c.CommandPath() != "portal "+strings.Join(args[:2], " ") {
			t.Errorf("%q finds %v (%v)", args, c.CommandPath(), err)
		}
	}
}

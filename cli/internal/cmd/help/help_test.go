package help

import (
	"bytes"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
)

// tree is a root like portal's: a group with a list, a command that takes an ID, and the
// help group as its help command.
func tree() (*cobra.Command, *bytes.Buffer) {
	ios, _, _, _ := iostreams.Test()
	noop := func(*cobra.Command, []string) error { return nil }
	root := &cobra.Command{Use: "portal", Args: cmdutil.NoArgsUnknownCommand, RunE: noop, SilenceErrors: true, SilenceUsage: true}
	clients := &cobra.Command{Use: "clients", Short: "Work with clients", Args: cmdutil.NoArgsUnknownCommand, RunE: noop}
	clients.AddCommand(&cobra.Command{Use: "list", Short: "List clients", Long: "List the clients you may see.", RunE: noop})
	root.AddCommand(clients)
	root.AddCommand(&cobra.Command{Use: "explain <id>", Short: "Explain an entry", Args: cobra.ExactArgs(1), RunE: noop})
	help := NewCmdHelp(&cmdutil.Factory{IOStreams: ios})
	root.AddCommand(help)
	root.SetHelpCommand(help)
	var out bytes.Buffer
	root.SetOut(&out)
	root.SetErr(&out)
	return root, &out
}

func TestHelpTopics(t *testing.T) {
	tests := []struct {
		args    string
		want    string
		wantErr string
	}{
		{args: "help", want: "Available Commands:\n  clients"},
		{args: "help clients list", want: "List the clients you may see.\n\nUsage:\n  portal clients list"},
		{args: "help clients", want: "Usage:\n  portal clients [flags]\n  portal clients [command]"},
		{args: "help explain 12", want: "Usage:\n  portal explain <id>"},
		{args: "help help", want: "portal help search and portal help view"},
		{args: "help search --help", want: "Usage:\n  portal help search <words>..."},
		{args: "help nope", wantErr: "unknown help topic \"nope\"; run `portal help` for the commands, or `portal help search nope` to search the help centre"},
		{args: "help clients nope", wantErr: `unknown help topic "clients nope"`},
		{args: "help view Nope", wantErr: `invalid help article slug "Nope"`},
	}
	for _, tt := range tests {
		t.Run(tt.args, func(t *testing.T) {
			root, out := tree()
			root.SetArgs(strings.Fields(tt.args))
			err := root.Execute()
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(out.String(), tt.want) {
				t.Errorf("output lacks %q:\n%s", tt.want, out)
			}
		})
	}
}

// Completion offers the help centre's commands and the commands whose help may be asked.
func TestHelpCompletion(t *testing.T) {
	for args, want := range map[string][]string{
		"__complete help ":         {"search\t", "view\t", "clients\tWork with clients", "explain\t", "help\t"},
		"__complete help clients ": {"list\tList clients"},
	} {
		root, out := tree()
		root.SetArgs(strings.Split(args, " "))
		if err := root.Execute(); err != nil {
			t.Fatal(err)
		}
		for _, w := range want {
			if !strings.Contains(out.String(), w) {
				t.Errorf("%q: completions lack %q:\n%s", args, w, out)
			}
		}
	}
}

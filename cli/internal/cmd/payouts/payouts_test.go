package payouts

import (
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
)

func TestNewCmdPayouts(t *testing.T) {
	ios, _, _, _ := iostreams.Test()
	cmd := NewCmdPayouts(&cmdutil.Factory{IOStreams: ios})
	var names []string
	for _, c := range cmd.Commands() {
		names = append(names, c.Name())
	}
	slices.Sort(names)
	if diff := cmp.Diff([]string{"approve", "list", "reject", "request-info", "review"}, names); diff != "" {
		t.Errorf("subcommands (-want +got):\n%s", diff)
	}
	cmd.SetArgs([]string{"approvee"})
	cmd.SetOut(io.Discard)
	cmd.SetErr(io.Discard)
	if err := cmd.Execute(); err == nil || !strings.Contains(err.Error(), `unknown command "approvee"`) {
		t.Errorf("a stray word: %v", err)
	}
}

package tui

import (
	"testing"

	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
)

func TestNewCmdTUI(t *testing.T) {
	ios, _, _, _ := iostreams.Test()
	cmdtest.Parse(t, ios, NewCmdTUI, []string{}, "portal tui needs a terminal")
	ios.SetStdinTTY(true)
	ios.SetStdoutTTY(true)
	cmdtest.Parse(t, ios, NewCmdTUI, []string{}, "")
	cmdtest.Parse(t, ios, NewCmdTUI, []string{"clients"}, `unknown command "clients"`)
}

// The client of --as acts from the start; the TUI's own client acts for nobody, and acting
// for another associate goes through it.
func TestOptions(t *testing.T) {
	client, err := sdk.New("http://portal.test", sdk.WithToken("t"), sdk.WithAccessToken("AGT100"))
	if err != nil {
		t.Fatal(err)
	}
	own, opts, err := options(client)
	if err != nil {
		t.Fatal(err)
	}
	if own.AccessToken() != "" || own.Token() != "t" || opts.ActingAs != "AGT100" {
		t.Errorf("own client acts for %q with token %q; acting as %q", own.AccessToken(), own.Token(), opts.ActingAs)
	}
	b, err := opts.ActAs("RMD100")
	if err != nil {
		t.Fatal(err)
	}
	if c, ok := b.(*sdk.Client); !ok || c.AccessToken() != "RMD100" || c.Token() != "t" {
		t.Errorf("the backend acting for RMD100: %#v", b)
	}
}

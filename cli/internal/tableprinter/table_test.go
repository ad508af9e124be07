package tableprinter

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/iostreams"
)

// Too wide for the terminal, the widest columns are cut, but one kept whole.
func TestKeepWhole(t *testing.T) {
	table := func(keep bool) string {
		ios, _, out, _ := iostreams.Test()
		ios.SetStdoutTTY(true)
		ios.SetWidth(40)
		tp := New(ios, "SLUG", "TITLE")
		if keep {
			tp.KeepWhole(0)
		}
		tp.AddRow("new-associate-orientation-toronto", "New Associate Orientation — Toronto")
		if err := tp.Render(); err != nil {
			t.Fatal(err)
		}
		return out.String()
	}
	if diff := cmp.Diff("SLUG                 TITLE\nnew-associate-orie…  New Associate Orie…\n", table(false)); diff != "" {
		t.Errorf("cut (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff("SLUG                               TITLE\nnew-associate-orientation-toronto  New …\n", table(true)); diff != "" {
		t.Errorf("kept whole (-want +got):\n%s", diff)
	}
}

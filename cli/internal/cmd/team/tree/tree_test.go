package tree

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test with -update to create it)", err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("%s (-want +got):\n%s", name, diff)
	}
}

func TestNewCmdTree(t *testing.T) {
	tests := []struct {
		args      string
		wantCode  string
		wantDepth int
		wantErr   string
	}{
		{args: "", wantDepth: 2},
		{args: "agt100 --depth 3", wantCode: "AGT100", wantDepth: 3},
		{args: "RMD100 -d 0 --json code,recruits", wantCode: "RMD100", wantDepth: 0},
		{args: "--depth -1", wantErr: "--depth must be 0 or more"},
		{args: "A-1", wantErr: `invalid associate code "A-1"`},
		{args: "A1 B2", wantErr: "accepts at most 1 arg"},
		{args: "--json code,children_count", wantErr: `unknown JSON field "children_count"`},
	}
	for _, tt := range tests {
		ios, _, _, _ := iostreams.Test()
		got := cmdtest.Parse(t, ios, NewCmdTree, cmdutil.ExpandJSONArgs(strings.Fields(tt.args)), tt.wantErr)
		if got == nil {
			continue
		}
		if got.Code != tt.wantCode || got.Depth != tt.wantDepth {
			t.Errorf("%q: code %q depth %d, want %q %d", tt.args, got.Code, got.Depth, tt.wantCode, tt.wantDepth)
		}
	}
}

// sample is a tree loaded to depth 2: R's recruits and theirs; C1 has recruits not loaded.
func sample() *sdk.GenealogyTree {
	node := func(code, name, level string, status oas.AssociateStatus, below, children int, depth int, upline string) *sdk.GenealogyTree {
		n := &sdk.GenealogyTree{Depth: depth, TreeNode: oas.TreeNode{Code: code, Name: name, Level: oas.Level{Code: level, Name: level, Rank: 1},
			DownlineSize: below, Children: children}}
		if status != "" {
			n.Status = oas.NewOptAssociateStatus(status)
		}
		if upline != "" {
			n.UplineCode = oas.NewOptString(upline)
		}
		return n
	}
	r := node("RMD100", "Renee Mitchell", "RMD", oas.AssociateStatusActive, 7, 3, 0, "DS00004")
	a := node("AGT100", "Alex Carter", "SMD", oas.AssociateStatusActive, 3, 2, 1, "RMD100")
	b := node("BB00002", "Bea Brown", "TA", oas.AssociateStatusTerminated, 0, 0, 1, "RMD100")
	c := node("CC00003", "Cy Cole", "MD", oas.AssociateStatusResignationInitiated, 1, 1, 1, "RMD100")
	a1 := node("AA00011", "Ann Abbott", "A", oas.AssociateStatusActive, 0, 0, 2, "AGT100")
	a2 := node("AA00012", "Al Avery", "SA", oas.AssociateStatusSuspended, 1, 1, 2, "AGT100")
	c1 := node("CC00031", "Cal Crane", "TA", "", 0, 0, 2, "CC00003")
	r.Loaded, a.Loaded, b.Loaded, c.Loaded = true, true, true, true
	r.Recruits = []*sdk.GenealogyTree{a, b, c}
	a.Recruits = []*sdk.GenealogyTree{a1, a2}
	c.Recruits = []*sdk.GenealogyTree{c1}
	return r
}

func TestPrint(t *testing.T) {
	tests := []struct {
		name string
		tty  bool
		args []string
	}{
		{name: "tree_terminal", tty: true},
		{name: "tree_piped"},
		{name: "tree_json", args: []string{"--json=code,name,depth,downline_size,recruits"}},
		{name: "tree_jq", args: []string{"--jq", `.. | objects | select(.status == "Active") | .code`}},
		{name: "tree_csv", args: []string{"--csv"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := cmdtest.Exporter(t, Fields, tt.args)
			ios, _, out, _ := iostreams.Test()
			ios.SetStdoutTTY(tt.tty)
			if err := Print(ios, e, sample()); err != nil {
				t.Fatal(err)
			}
			golden(t, tt.name, out.String())
		})
	}
}

func TestRenderColour(t *testing.T) {
	ios, _, out, _ := iostreams.Test()
	ios.SetStdoutTTY(true)
	ios.SetColorEnabled(true)
	if err := Print(ios, &cmdutil.Exporter{}, sample()); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"\x1b[1mRMD100\x1b[0m", "\x1b[90m├── \x1b[0m", "\x1b[31mTerminated\x1b[0m", "\x1b[33mSuspended\x1b[0m", "\x1b[90m· 7 below\x1b[0m"} {
		if !strings.Contains(out.String(), s) {
			t.Errorf("coloured tree lacks %q:\n%s", s, out.String())
		}
	}
}

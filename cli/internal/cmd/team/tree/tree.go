// Package tree implements `portal team tree`.
package tree

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/team/shared"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/cli/internal/tableprinter"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// MaxNodes bounds how many people one tree command loads: a leader's organisation can hold
// tens of thousands.
const MaxNodes = 10000

// Fields are the JSON fields of a tree node: the contract's TreeNode fields, the depth below
// the root and the loaded recruits (nested nodes; null below --depth).
var Fields = append(cmdutil.JSONFields(oas.TreeNode{}), "depth", "recruits")

// Options are the inputs of a tree.
type Options struct {
	IO       *iostreams.IOStreams
	Client   func() (*sdk.Client, error)
	Exporter *cmdutil.Exporter

	Code  string // the root; "" for the caller
	Depth int
}

// NewCmdTree returns the tree command; runF replaces the run in tests.
func NewCmdTree(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client}
	cmd := &cobra.Command{
		Use:   "tree [CODE]",
		Short: "Show the genealogy tree below you or one of your downline",
		Long: fmt.Sprintf(`Show the genealogy tree below an associate (you when no CODE is given), --depth levels
deep (default 2), loaded level by level. Each node reads
"CODE Name (LEVEL, status) · N below", N counting everyone below it at any depth.

On a terminal the tree is drawn with box-drawing lines, like tree(1). Piped, each node is a
tab-separated line, parents before their recruits: depth, code, name, level, status,
downline_size, children, upline_code. --json prints the root with its recruits nested
("recruits" is null below --depth); --csv one row per node.

At most %d people are loaded; ask for a smaller --depth or a lower root beyond that.`, MaxNodes),
		Example: `  $ portal team tree
  $ portal team tree AGT100 --depth 3
  $ portal team tree --json code,name,recruits
  $ portal team tree --depth 1 --jq '.recruits[] | select(.downline_size > 10) | .code'`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := opts.Exporter.Validate(); err != nil {
				return err
			}
			if opts.Depth < 0 {
				return cmdutil.FlagErrorf("--depth must be 0 or more")
			}
			if len(args) == 1 {
				code, err := cmdutil.ParseCode(args[0])
				if err != nil {
					return err
				}
				opts.Code = code
			}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return treeRun(cmd.Context(), opts)
		},
	}
	cmd.Flags().IntVarP(&opts.Depth, "depth", "d", 2, "Levels to load below the root")
	opts.Exporter = cmdutil.AddFormatFlags(cmd, Fields)
	return cmd
}

func treeRun(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	code := opts.Code
	if code == "" {
		if code, err = client.Me(ctx); err != nil {
			return err
		}
	}
	root, err := client.LoadGenealogy(ctx, code, sdk.TreeOptions{Depth: opts.Depth, MaxNodes: MaxNodes})
	if errors.Is(err, sdk.ErrTooManyNodes) {
		return fmt.Errorf("the tree below %s has more than %d people down to depth %d; use a smaller --depth or a lower root", code, MaxNodes, opts.Depth)
	}
	if err != nil {
		return err
	}
	return Print(opts.IO, opts.Exporter, root)
}

// Print writes a loaded tree in the format asked for.
func Print(ios *iostreams.IOStreams, e *cmdutil.Exporter, root *sdk.GenealogyTree) error {
	switch {
	case e.Enabled() && e.CSV():
		recs, err := FlatRecords(root)
		if err != nil {
			return err
		}
		return e.Write(ios, recs)
	case e.Enabled():
		rec, err := Record(root)
		if err != nil {
			return err
		}
		return e.Write(ios, rec)
	case !ios.IsStdoutTTY():
		t := tableprinter.New(ios)
		root.Walk(func(n *sdk.GenealogyTree) bool {
			t.AddRow(strconv.Itoa(n.Depth), n.Code, n.Name, n.Level.Code, string(n.Status.Or("")),
				strconv.Itoa(n.DownlineSize), strconv.Itoa(n.Children), n.UplineCode.Or(""))
			return true
		})
		return t.Render()
	}
	return Render(ios.Out, ios.ColorScheme(), root)
}

// Render draws the tree with box-drawing lines, like tree(1):
//
//	RMD100 Renee Mitchell (RMD, Active) · 57 below
//	├── AGT100 Alex Carter (SMD, Active) · 12 below
//	│   └── …
//	└── …
func Render(w io.Writer, cs *iostreams.ColorScheme, root *sdk.GenealogyTree) error {
	var b strings.Builder
	b.WriteString(Label(cs, root) + "\n")
	var walk func(n *sdk.GenealogyTree, prefix string)
	walk = func(n *sdk.GenealogyTree, prefix string) {
		for i, r := range n.Recruits {
			branch, next := "├── ", "│   "
			if i == len(n.Recruits)-1 {
				branch, next = "└── ", "    "
			}
			b.WriteString(cs.Gray(prefix+branch) + Label(cs, r) + "\n")
			walk(r, prefix+next)
		}
	}
	walk(root, "")
	_, err := io.WriteString(w, b.String())
	return err
}

// Label is one node: "CODE Name (LEVEL, status) · N below".
func Label(cs *iostreams.ColorScheme, n *sdk.GenealogyTree) string {
	what := n.Level.Code
	if s, ok := n.Status.Get(); ok {
		what += ", " + shared.StatusColor(cs, string(s))
	}
	return fmt.Sprintf("%s %s (%s) %s", cs.Bold(n.Code), n.Name, what, cs.Gray("· "+strconv.Itoa(n.DownlineSize)+" below"))
}

// Record converts a tree for --json and --jq: the node's fields with its recruits nested.
func Record(n *sdk.GenealogyTree) (cmdutil.Record, error) {
	rec, err := nodeRecord(n)
	if err != nil {
		return nil, err
	}
	var recruits cmdutil.Nested // nil: not loaded, null in JSON
	if n.Loaded {
		recruits = cmdutil.Nested{}
		for _, r := range n.Recruits {
			rr, err := Record(r)
			if err != nil {
				return nil, err
			}
			recruits = append(recruits, rr)
		}
	}
	rec["recruits"] = recruits
	return rec, nil
}

// FlatRecords converts a tree for --csv: one record per node, parents first, the recruits
// as a list of codes.
func FlatRecords(root *sdk.GenealogyTree) ([]cmdutil.Record, error) {
	var out []cmdutil.Record
	var err error
	root.Walk(func(n *sdk.GenealogyTree) bool {
		var rec cmdutil.Record
		if rec, err = nodeRecord(n); err != nil {
			return false
		}
		if n.Loaded {
			codes := make([]string, len(n.Recruits))
			for i, r := range n.Recruits {
				codes[i] = r.Code
			}
			rec["recruits"] = codes
		}
		out = append(out, rec)
		return true
	})
	return out, err
}

func nodeRecord(n *sdk.GenealogyTree) (cmdutil.Record, error) {
	rec, err := cmdutil.ToRecord(&n.TreeNode, Fields)
	if err != nil {
		return nil, err
	}
	rec["depth"] = n.Depth
	rec["recruits"] = nil
	return rec, nil
}

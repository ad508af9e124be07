// Package list implements `portal acknowledgements list`.
package list

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/cli/internal/tableprinter"
	"github.com/associateportal/portal/cli/internal/text"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// Fields are the JSON fields of a pending item: the kind and id, then those of a memo and
// those of a W-9 document (null when they do not apply).
var Fields = []string{"kind", "id", "title", "requires_signature", "body", "published_at", "name", "business_name", "entity_type", "tin_masked", "address", "created_at"}

// Options are the inputs of the list.
type Options struct {
	IO       *iostreams.IOStreams
	Client   func() (*sdk.Client, error)
	Exporter *cmdutil.Exporter
}

// NewCmdList returns the list command; runF replaces the run in tests.
func NewCmdList(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client}
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List the memos and W-9 documents waiting for you",
		Long: `List what waits for your acknowledgement, memos first. On a terminal each memo is
shown with its text; piped, each line is kind, id, title and whether a signature is
required, tab-separated.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := opts.Exporter.Validate(); err != nil {
				return err
			}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return listRun(cmd.Context(), opts)
		},
	}
	opts.Exporter = cmdutil.AddFormatFlags(cmd, Fields)
	return cmd
}

func listRun(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	pending, err := client.Pending(ctx)
	if err != nil {
		return err
	}
	if opts.Exporter.Enabled() {
		recs, err := Records(pending)
		if err != nil {
			return err
		}
		return opts.Exporter.Write(opts.IO, recs)
	}
	return Print(opts.IO, pending, true)
}

// Records converts the pending items for --json, --jq and --csv.
func Records(p *oas.Acknowledgements) ([]cmdutil.Record, error) {
	var out []cmdutil.Record
	add := func(kind oas.AcknowledgementKind, v any) error {
		r, err := cmdutil.ToRecord(v, Fields)
		if err != nil {
			return err
		}
		r["kind"] = string(kind)
		out = append(out, r)
		return nil
	}
	for i := range p.Memos {
		if err := add(oas.AcknowledgementKindMemos, &p.Memos[i]); err != nil {
			return nil, err
		}
	}
	for i := range p.W9Documents {
		if err := add(oas.AcknowledgementKindW9Documents, &p.W9Documents[i]); err != nil {
			return nil, err
		}
	}
	if out == nil {
		out = []cmdutil.Record{}
	}
	return out, nil
}

// Print shows the pending items: in full on a terminal, one tab-separated line each when piped.
// hint adds how to accept them.
func Print(ios *iostreams.IOStreams, p *oas.Acknowledgements, hint bool) error {
	if !ios.IsStdoutTTY() {
		t := tableprinter.New(ios)
		for _, m := range p.Memos {
			t.AddRow("memos", strconv.FormatInt(m.ID, 10), m.Title, strconv.FormatBool(m.RequiresSignature))
		}
		for _, w := range p.W9Documents {
			t.AddRow("w9_documents", strconv.FormatInt(w.ID, 10), w.Title, strconv.FormatBool(w.RequiresSignature))
		}
		return t.Render()
	}
	cs := ios.ColorScheme()
	out := ios.Out
	if len(p.Memos)+len(p.W9Documents) == 0 {
		fmt.Fprintf(out, "%s Nothing waits for your acknowledgement.\n", cs.SuccessIcon())
		return nil
	}
	sig := func(required bool) string {
		if required {
			return cs.Yellow(" (signature required)")
		}
		return ""
	}
	for _, m := range p.Memos {
		fmt.Fprintf(out, "%s %s%s\n", cs.Gray(fmt.Sprintf("Memo #%d", m.ID)), cs.Bold(m.Title), sig(m.RequiresSignature))
		for _, line := range text.Wrap(strings.TrimSpace(m.Body), max(ios.TerminalWidth()-4, 20)) {
			fmt.Fprintf(out, "  %s\n", line)
		}
		fmt.Fprintln(out)
	}
	for _, w := range p.W9Documents {
		fmt.Fprintf(out, "%s %s%s\n", cs.Gray(fmt.Sprintf("W-9 #%d", w.ID)), cs.Bold(w.Title), sig(w.RequiresSignature))
		fmt.Fprintf(out, "  %s, %s, TIN %s\n", w.Name, w.EntityType, w.TinMasked)
		if a, ok := w.Address.Get(); ok {
			fmt.Fprintf(out, "  %s\n", a)
		}
		fmt.Fprintln(out)
	}
	if hint {
		fmt.Fprintln(out, cs.Gray("Accept them with `portal acknowledgements accept`."))
	}
	return nil
}

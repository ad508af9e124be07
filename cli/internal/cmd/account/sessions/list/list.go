// Package list implements `portal account sessions list`.
package list

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/cli/internal/tableprinter"
	"github.com/associateportal/portal/cli/internal/text"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// Fields are the JSON fields of a login session, in the contract's order (LoginSession).
var Fields = cmdutil.JSONFields(oas.LoginSession{})

// TSVColumns are the columns of the list when piped, in order (documented in docs/cli.md).
var TSVColumns = []string{"id", "device", "ip", "created_at", "last_seen_at", "current"}

// Options are the inputs of a list.
type Options struct {
	IO       *iostreams.IOStreams
	Client   func() (*sdk.Client, error)
	Exporter *cmdutil.Exporter
	Now      func() time.Time
}

// NewCmdList returns the list command; runF replaces the run in tests.
func NewCmdList(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client, Now: time.Now}
	cmd := &cobra.Command{
		Use:     "list",
		Aliases: []string{"ls"},
		Short:   "List the sessions your login has open",
		Long: `List the sessions your login has open (every browser and program logged in as you), the
current one first and marked with *: the one this command uses. End one with
portal account sessions revoke ID, or all the others with --others.

On a terminal: ID, device, IP address, when it was created and when it was last seen.
Piped, tab-separated without a header: id, device, ip, created_at, last_seen_at, current
(RFC 3339 times, true/false). --json, --jq and --csv take the contract's LoginSession
fields. Sessions are each user's own: staff acting for an associate (--as) cannot list the
associate's.`,
		Example: `  $ portal account sessions list
  $ portal account sessions list --jq '.[] | select(.current | not) | .id'`,
		Args: cmdutil.NoArgsUnknownCommand,
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
	res, err := client.ListLoginSessions(ctx)
	if err != nil {
		return sdk.Wrap(err)
	}
	return Print(opts.IO, opts.Exporter, res.Response.Data, opts.Now())
}

// Print prints sessions in the format asked for: a table on a terminal, the current
// session marked with *, tab-separated rows when piped.
func Print(ios *iostreams.IOStreams, e *cmdutil.Exporter, ss []oas.LoginSession, now time.Time) error {
	if e.Enabled() {
		recs, err := cmdutil.ToRecords(ss, Fields)
		if err != nil {
			return err
		}
		return e.Write(ios, recs)
	}
	if !ios.IsStdoutTTY() {
		t := tableprinter.New(ios)
		for i := range ss {
			s := &ss[i]
			t.AddRow(strconv.FormatInt(s.ID, 10), s.Device, s.IP.Or(""), s.CreatedAt.UTC().Format(time.RFC3339),
				s.LastSeenAt.UTC().Format(time.RFC3339), strconv.FormatBool(s.Current))
		}
		return t.Render()
	}
	if len(ss) == 0 {
		fmt.Fprintln(ios.ErrOut, "No sessions.")
		return nil
	}
	cs := ios.ColorScheme()
	t := tableprinter.New(ios, "", "ID", "DEVICE", "IP", "CREATED", "LAST SEEN")
	t.SetColumnColor(0, cs.Green)
	for i := range ss {
		s := &ss[i]
		mark := ""
		if s.Current {
			mark = "*"
		}
		t.AddRow(mark, strconv.FormatInt(s.ID, 10), s.Device, s.IP.Or(""), text.FormatDateTime(s.CreatedAt), text.FuzzyAgo(now, s.LastSeenAt))
	}
	return t.Render()
}

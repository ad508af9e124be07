// Package edit implements `portal business edit`.
package edit

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/business/shared"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// Options are the inputs of an edit.
type Options struct {
	IO       *iostreams.IOStreams
	Client   func() (*sdk.Client, error)
	Exporter *cmdutil.Exporter
	Fields   shared.InputFlags

	ID int64
}

// NewCmdEdit returns the edit command; runF replaces the run in tests.
func NewCmdEdit(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client}
	cmd := &cobra.Command{
		Use:   "edit <id> [flags]",
		Short: "Change fields of a policy you wrote",
		Long: `Change fields of a policy you wrote, while it is Pending or Action Required. The policy
is fetched, the fields given as flags are changed, and the whole policy is saved; the other
fields keep their values. An empty value clears an optional field (--split "" ends a split,
--trainer "", --issued "", --notes ""). Money is in dollars; --split takes CODE[:SHARE] as
for portal business create.`,
		Example: `  $ portal business edit 42 --target-premium 1350.50 --issued 2026-11-21
  $ portal business edit 42 --split SPL200:50% --trainer ""`,
		Args: cmdutil.ExactID("policy"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := opts.Exporter.Validate(); err != nil {
				return err
			}
			opts.ID, _ = cmdutil.ParseID(args[0])
			opts.Fields.Collect(cmd.Flags())
			if !opts.Fields.Any() {
				return cmdutil.FlagErrorf("nothing to change: give at least one field flag, e.g. --target-premium")
			}
			// Check the values before any request.
			if err := opts.Fields.Apply(&oas.PolicyInput{}); err != nil {
				return err
			}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return editRun(cmd.Context(), opts)
		},
	}
	opts.Fields.Add(cmd)
	opts.Exporter = cmdutil.AddFormatFlags(cmd, shared.PolicyFields)
	return cmd
}

func editRun(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	cur, err := client.GetPolicy(ctx, oas.GetPolicyParams{ID: opts.ID})
	if err != nil {
		return sdk.Wrap(err)
	}
	p := &cur.Response
	if !p.CanEdit {
		return fmt.Errorf("policy %s is %s and written by %s (%s); only its first writer can edit it, while it is Pending or Action Required",
			p.PolicyNumber, p.Status, p.Writers[0].Name, p.Writers[0].Code)
	}
	in := sdk.PolicyInputOf(p)
	if err := opts.Fields.Apply(&in); err != nil {
		return err
	}
	res, err := client.UpdatePolicy(ctx, &in, oas.UpdatePolicyParams{ID: opts.ID})
	if err != nil {
		return sdk.Wrap(err)
	}
	return shared.PrintSaved(opts.IO, opts.Exporter, &res.Response, "Updated")
}

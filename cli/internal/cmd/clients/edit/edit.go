// Package edit implements `portal clients edit`.
package edit

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/clients/shared"
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
		Short: "Change fields of a client",
		Long: `Change fields of one of your own clients. The client is fetched, the fields given as
flags are changed, and the whole client is saved; other fields keep their values. An empty
value clears an optional field (--email "").`,
		Example: `  $ portal clients edit 42 --phone 5551234567 --city Oakland
  $ portal clients edit 42 --annual-income 92500.50 --notes ""`,
		Args: cmdutil.ExactID("client"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := opts.Exporter.Validate(); err != nil {
				return err
			}
			opts.ID, _ = cmdutil.ParseID(args[0])
			opts.Fields.Collect(cmd.Flags())
			if !opts.Fields.Any() {
				return cmdutil.FlagErrorf("nothing to change: give at least one field flag, e.g. --email")
			}
			// Check the values before any request.
			if err := opts.Fields.Apply(&oas.ClientInput{}); err != nil {
				return err
			}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return editRun(cmd.Context(), opts)
		},
	}
	opts.Fields.Add(cmd)
	opts.Exporter = cmdutil.AddFormatFlags(cmd, shared.Fields)
	return cmd
}

func editRun(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	cur, err := client.GetClient(ctx, oas.GetClientParams{ID: opts.ID})
	if err != nil {
		return sdk.Wrap(err)
	}
	if !cur.Response.CanEdit {
		return fmt.Errorf("client %d belongs to %s (%s); only its owner can edit it", opts.ID, cur.Response.AssociateName, cur.Response.AssociateCode)
	}
	in := shared.InputOf(&cur.Response)
	if err := opts.Fields.Apply(&in); err != nil {
		return err
	}
	res, err := client.UpdateClient(ctx, &in, oas.UpdateClientParams{ID: opts.ID})
	if err != nil {
		return sdk.Wrap(err)
	}
	return shared.PrintSaved(opts.IO, opts.Exporter, &res.Response, "Updated")
}

// Package create implements `portal business create`.
package create

import (
	"context"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/business/shared"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// Options are the inputs of a create.
type Options struct {
	IO       *iostreams.IOStreams
	Client   func() (*sdk.Client, error)
	Exporter *cmdutil.Exporter
	Fields   shared.InputFlags
	Now      func() time.Time

	// Input is the request built from the flags.
	Input oas.PolicyInput
}

// NewCmdCreate returns the create command; runF replaces the run in tests.
func NewCmdCreate(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client, Now: time.Now}
	cmd := &cobra.Command{
		Use:   "create --policy-number NUMBER --client ID --product ID --target-premium DOLLARS [flags]",
		Short: "Write a policy",
		Long: `Write a policy, Pending, with you as its first writer. --policy-number, --client (one of
your own clients), --product and --target-premium are required; the sale date is today
unless --submitted says otherwise, and the face amount 0 unless --face-amount is given.

Money is in dollars (1234.56, $1,234.56) and is sent as integer cents. --split CODE[:SHARE]
shares the policy with a second writer, whose share is a percentage (40%) or basis points
(4000bp), 50% by default; you keep the rest. Every writer must hold an active license in
the client's state and an appointment with the product's provider, or the server says
what is missing. See what everyone would earn first with portal business preview.

On a terminal a confirmation is printed; piped, the new policy's ID alone is printed (or
the policy with --json).`,
		Example: `  $ portal business create --policy-number TL-10001 --client 42 --product 7 \
      --face-amount 500000 --target-premium 1200
  $ portal business create --policy-number TL-10002 --client 42 --product 7 --target-premium 2400 \
      --split SPL200:40% --trainer RMD100 --submitted 2026-11-20 --notes "Paid by bank draft"`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := opts.Exporter.Validate(); err != nil {
				return err
			}
			opts.Fields.Collect(cmd.Flags())
			if missing := opts.Fields.Missing("policy-number", "client", "product", "target-premium"); len(missing) > 0 {
				return cmdutil.FlagErrorf("missing %s: --policy-number, --client, --product and --target-premium are required", strings.Join(missing, ", "))
			}
			opts.Input = oas.PolicyInput{SubmittedOn: shared.Today(opts.Now())}
			if err := opts.Fields.Apply(&opts.Input); err != nil {
				return err
			}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return createRun(cmd.Context(), opts)
		},
	}
	opts.Fields.Add(cmd)
	opts.Exporter = cmdutil.AddFormatFlags(cmd, shared.PolicyFields)
	return cmd
}

func createRun(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	res, err := client.CreatePolicy(ctx, &opts.Input)
	if err != nil {
		return sdk.Wrap(err)
	}
	return shared.PrintSaved(opts.IO, opts.Exporter, &res.Response, "Wrote")
}

// Package create implements `portal clients create`.
package create

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/clients/shared"
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

	// Input is the request built from the flags.
	Input oas.ClientInput
}

// NewCmdCreate returns the create command; runF replaces the run in tests.
func NewCmdCreate(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client}
	cmd := &cobra.Command{
		Use:   "create --first-name NAME --last-name NAME [flags]",
		Short: "Create a client",
		Long: `Create a client owned by you. --first-name and --last-name are required; the
country is USA unless --country says otherwise.

On a terminal a confirmation is printed; piped, the new client's ID alone is printed
(or the client with --json).`,
		Example: `  $ portal clients create --first-name Ann --last-name Lee --email ann@example.com \
      --phone "(555) 123-4567" --state CA --annual-income 85000
  $ id=$(portal clients create --first-name Bo --last-name Ray --country Canada --state ON)`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := opts.Exporter.Validate(); err != nil {
				return err
			}
			opts.Fields.Collect(cmd.Flags())
			if !opts.Fields.Changed["first-name"] || !opts.Fields.Changed["last-name"] {
				return cmdutil.FlagErrorf("--first-name and --last-name are required")
			}
			opts.Input = oas.ClientInput{Country: oas.CountryUSA}
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
	opts.Exporter = cmdutil.AddFormatFlags(cmd, shared.Fields)
	return cmd
}

func createRun(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	res, err := client.CreateClient(ctx, &opts.Input)
	if err != nil {
		return sdk.Wrap(err)
	}
	return shared.PrintSaved(opts.IO, opts.Exporter, &res.Response, "Created")
}

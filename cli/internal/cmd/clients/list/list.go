// Package list implements `portal clients list`.
package list

import (
	"context"
	"iter"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/clients/shared"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/lists"
	"github.com/associateportal/portal/sdk/oas"
)

// Options are the inputs of a list.
type Options struct {
	IO       *iostreams.IOStreams
	Client   func() (*sdk.Client, error)
	Exporter *cmdutil.Exporter

	Filters []string
	Orders  []string
	cmdutil.Paging

	// Params is the request built from the flags (filters, order, limit, page).
	Params oas.ListClientsParams
}

// NewCmdList returns the list command; runF replaces the run in tests.
func NewCmdList(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client}
	cmd := &cobra.Command{
		Use:     "list",
		Aliases: []string{"ls"},
		Short:   "List clients",
		Long: `List the clients you may see, one page at a time or --all of them.

Filters are field=op:value, as the API contract declares them (run with a wrong field or
operator to see the available ones); in and nin take comma-separated values, null takes
true or false, dates are YYYY-MM-DD or RFC 3339 times, and annual_income is in cents.
field=value is short for field=eq:value.

On a terminal the list is a table; piped, it is tab-separated with the columns
id, first_name, last_name, email, phone, city, state, country, associate_code,
annual_income (cents), and no header.`,
		Example: `  $ portal clients list
  $ portal clients list --filter last_name=contains:smi --filter state=in:CA,NY
  $ portal clients list --order annual_income:desc --limit 20
  $ portal clients list --all --json id,first_name,email
  $ portal clients list --all --jq '.[] | select(.annual_income > 10000000) | .email'
  $ portal clients list --csv > clients.csv`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := opts.Exporter.Validate(); err != nil {
				return err
			}
			if err := opts.Paging.Validate(cmd); err != nil {
				return err
			}
			ctx, err := cmdutil.ApplyListing(cmd.Context(), &opts.Params, opts.Filters, opts.Orders)
			if err != nil {
				return err
			}
			opts.Params.Limit, opts.Params.Page = opts.Paging.Params()
			if runF != nil {
				return runF(ctx, opts)
			}
			return listRun(ctx, opts)
		},
	}
	cmdutil.AddListingFlags(cmd, &oas.ListClientsParams{}, &opts.Filters, &opts.Orders)
	cmdutil.AddPagingFlags(cmd, &opts.Paging)
	opts.Exporter = cmdutil.AddFormatFlags(cmd, shared.Fields)
	opts.Exporter.SetCSV(lists.ClientExport, nil)
	return cmd
}

func listRun(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	rows, more, err := cmdutil.FetchRows(opts.Paging,
		func() iter.Seq2[sdk.ClientRecord, error] { return client.ClientsAll(ctx, opts.Params) },
		func() ([]sdk.ClientRecord, error) {
			res, err := client.ListClients(ctx, opts.Params)
			if err != nil {
				return nil, err
			}
			return res.Response.Data, nil
		})
	if err != nil {
		return err
	}

	return cmdutil.WriteList(opts.IO, opts.Exporter, opts.Paging, rows, more, "No clients match.", shared.Records, shared.PrintList)
}

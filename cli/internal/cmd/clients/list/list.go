// Package list implements `portal clients list`.
package list

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

// Options are the inputs of a list.
type Options struct {
	IO       *iostreams.IOStreams
	Client   func() (*sdk.Client, error)
	Exporter *cmdutil.Exporter

	Filters []string
	Orders  []string
	Limit   int
	Page    int
	All     bool

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
			if opts.Limit < 1 || opts.Limit > 1000 {
				return cmdutil.FlagErrorf("--limit must be between 1 and 1000")
			}
			if opts.Page < 1 {
				return cmdutil.FlagErrorf("--page must be 1 or more")
			}
			if opts.All && cmd.Flags().Changed("page") {
				return cmdutil.FlagErrorf("--page and --all cannot be combined")
			}
			if err := cmdutil.ApplyListing(&opts.Params, opts.Filters, opts.Orders); err != nil {
				return err
			}
			opts.Params.Limit = oas.NewOptInt(opts.Limit)
			if opts.Page > 1 {
				opts.Params.Page = oas.NewOptInt(opts.Page)
			}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return listRun(cmd.Context(), opts)
		},
	}
	cmdutil.AddListingFlags(cmd, &oas.ListClientsParams{}, &opts.Filters, &opts.Orders)
	cmd.Flags().IntVarP(&opts.Limit, "limit", "L", sdk.DefaultLimit, "Rows per page (1-1000)")
	cmd.Flags().IntVar(&opts.Page, "page", 1, "Page `number` to show")
	cmd.Flags().BoolVar(&opts.All, "all", false, "List every page")
	opts.Exporter = cmdutil.AddFormatFlags(cmd, shared.Fields)
	return cmd
}

func listRun(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}

	var (
		rows []sdk.ClientRecord
		more bool
	)
	if opts.All {
		for c, err := range client.ClientsAll(ctx, opts.Params) {
			if err != nil {
				return err
			}
			rows = append(rows, c)
		}
	} else {
		res, err := client.ListClients(ctx, opts.Params)
		if err != nil {
			return sdk.Wrap(err)
		}
		rows = res.Response.Data
		if len(rows) > opts.Limit { // the extra row only says that another page exists
			rows, more = rows[:opts.Limit], true
		}
	}

	if opts.Exporter.Enabled() {
		recs, err := shared.Records(rows)
		if err != nil {
			return err
		}
		return opts.Exporter.Write(opts.IO, recs)
	}

	ios := opts.IO
	if len(rows) == 0 {
		if ios.IsStdoutTTY() {
			fmt.Fprintln(ios.ErrOut, "No clients match.")
		}
		return nil
	}
	if err := shared.PrintList(ios, rows); err != nil {
		return err
	}
	if ios.IsStdoutTTY() {
		cs := ios.ColorScheme()
		first := (opts.Page-1)*opts.Limit + 1
		if opts.All {
			first = 1
		}
		msg := fmt.Sprintf("Showing %d–%d", first, first+len(rows)-1)
		if more {
			msg += fmt.Sprintf("; more on --page %d, or use --all", opts.Page+1)
		}
		fmt.Fprintln(ios.ErrOut, cs.Gray(msg))
	}
	return nil
}

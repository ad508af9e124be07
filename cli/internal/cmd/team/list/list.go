// Package list implements `portal team list`.
package list

import (
	"context"
	"iter"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/team/shared"
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

	View    string
	Period  shared.Period
	Filters []string
	Orders  []string
	cmdutil.Paging

	// Params is the request built from the flags (view, period, filters, order, limit, page).
	Params oas.ListTeamParams
}

// NewCmdList returns the list command; runF replaces the run in tests.
func NewCmdList(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client}
	cmd := &cobra.Command{
		Use:     "list",
		Aliases: []string{"ls"},
		Short:   "List the members of a team view",
		Long: `List the associates of one of your team views, one page at a time or --all of them.

Views (--view, default Personal): Personal is you alone; BaseShop you and your downline down
to the next senior associate (offered below RMD); RmdSuperBase and RmdSuperTeam your base
and those of your leaders in generation 1 or generations 1-6 (offered from RMD up);
Infinity your whole downline. A view you are not offered fails with the server's reason.

Filters are field=op:value, as the API contract declares them (run with a wrong field or
operator to see the available ones); level takes level codes (TA, A, SA, MD, SMD, RMD,
SRMD, ERMD), joined_on dates YYYY-MM-DD, production cents. The production column is that
of the period (--period-start, --period-end; default this month to date).

On a terminal the list is a table; piped, it is tab-separated with the columns
code, name, level, status, upline_code, generation, licensed, joined_on, and no header.`,
		Example: `  $ portal team list --view BaseShop
  $ portal team list --view Infinity --filter level=in:MD,SMD --filter licensed=false
  $ portal team list --view Infinity --order joined_on:desc --limit 20
  $ portal team list --view RmdSuperTeam --filter generation=lte:2 --all --json code,name,generation
  $ portal team list --view BaseShop --all --jq '.[] | select(.production > 0) | .code'
  $ portal team list --view BaseShop --all --csv > team.csv`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := opts.Exporter.Validate(); err != nil {
				return err
			}
			if err := opts.Paging.Validate(cmd); err != nil {
				return err
			}
			view, err := shared.ParseView(opts.View)
			if err != nil {
				return err
			}
			opts.Params.View = view
			if opts.Params.PeriodStart, opts.Params.PeriodEnd, err = opts.Period.Parse(); err != nil {
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
	shared.AddViewFlag(cmd, &opts.View)
	shared.AddPeriodFlags(cmd, &opts.Period)
	cmdutil.AddListingFlags(cmd, &oas.ListTeamParams{}, &opts.Filters, &opts.Orders)
	cmdutil.AddPagingFlags(cmd, &opts.Paging)
	opts.Exporter = cmdutil.AddFormatFlags(cmd, shared.Fields)
	opts.Exporter.SetCSV(lists.TeamExport, map[string]string{"level": "level.code", "level_name": "level.name"})
	return cmd
}

func listRun(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	rows, more, err := cmdutil.FetchRows(opts.Paging,
		func() iter.Seq2[sdk.TeamMember, error] { return client.TeamAll(ctx, opts.Params) },
		func() ([]sdk.TeamMember, error) {
			res, err := client.ListTeam(ctx, opts.Params)
			if err != nil {
				return nil, err
			}
			return res.Response.Data, nil
		})
	if err != nil {
		return err
	}

	return cmdutil.WriteList(opts.IO, opts.Exporter, opts.Paging, rows, more, "No team members match.", shared.Records, shared.PrintList)
}

// Package list implements `portal business list`.
package list

import (
	"context"
	"iter"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/business/shared"
	teamshared "github.com/associateportal/portal/cli/internal/cmd/team/shared"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/lists"
	"github.com/associateportal/portal/sdk/oas"
)

// Options are the inputs of a list.
type Options struct {
	IO     *iostreams.IOStreams
	Client func() (*sdk.Client, error)
	cmdutil.ListFlags

	View string

	// Params is the request built from the flags (view, filters, order, limit, page).
	Params oas.ListPoliciesParams
}

// NewCmdList returns the list command; runF replaces the run in tests.
func NewCmdList(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client}
	cmd := &cobra.Command{
		Use:     "list",
		Aliases: []string{"ls"},
		Short:   "List policies: yours, or those of a team view",
		Long: `List the policies you may see, one page at a time or --all of them, newest sale first.

--view (default Personal) says whose business: Personal is the policies you wrote; the
other views are those of your team (BaseShop, Infinity below RMD; RmdSuperBase,
RmdSuperTeam, Infinity from RMD up), as for portal team list. Staff allowed to review
policies see every policy; with --as, those of the associate acted for.

Filters are field=op:value, as the API contract declares them (run with a wrong field or
operator to see the available ones): status, category and type take the contract's values
in any case; money fields (target_premium_cents, bv_cents) are in cents; dates YYYY-MM-DD.

On a terminal the list is a table; piped, it is tab-separated with the columns id,
policy_number, status, client_name, writer_code, split_code, provider_name, product_name,
face_amount_cents, target_premium_cents, submitted_on, approved_on, open_requirements, and
no header. --csv writes the columns of portal business export.`,
		Example: `  $ portal business list
  $ portal business list --filter 'status=in:Pending,Action Required' --order target_premium_cents:desc
  $ portal business list --view BaseShop --filter submitted_on=gte:2026-01-01 --all
  $ portal business list --filter split=true --json id,policy_number,writer_code,split_code
  $ portal business list --all --csv > business.csv`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			view, err := teamshared.ParseView(opts.View)
			if err != nil {
				return err
			}
			opts.Params.View = oas.NewOptTeamView(view)
			ctx, err := opts.ListFlags.Apply(cmd, &opts.Params)
			if err != nil {
				return err
			}
			if runF != nil {
				return runF(ctx, opts)
			}
			return listRun(ctx, opts)
		},
	}
	teamshared.AddViewFlag(cmd, &opts.View)
	opts.ListFlags.Add(cmd, &oas.ListPoliciesParams{}, shared.RowFields)
	opts.Exporter.SetCSV(lists.PolicyExport, nil)
	return cmd
}

func listRun(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	return cmdutil.RunList(opts.IO, &opts.ListFlags,
		func() iter.Seq2[sdk.PolicyRow, error] { return client.PoliciesAll(ctx, opts.Params) },
		cmdutil.Rows(func() (*oas.PolicyListHeaders, error) { return client.ListPolicies(ctx, opts.Params) },
			func(r *oas.PolicyListHeaders) []sdk.PolicyRow { return r.Response.Data }),
		"No policies match.", shared.Records, shared.PrintList)
}

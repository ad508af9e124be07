// Package providerpayments implements `portal payments provider-payments`: the list, and
// its move subcommand.
package providerpayments

import (
	"context"
	"iter"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/payments/providerpayments/move"
	"github.com/associateportal/portal/cli/internal/cmd/payments/shared"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// Options are the inputs of the list.
type Options struct {
	IO     *iostreams.IOStreams
	Client func() (*sdk.Client, error)
	cmdutil.ListFlags

	// Params is the request built from the flags (filters, order, limit, page).
	Params oas.ListProviderPaymentsParams
}

// NewCmdProviderPayments returns the provider-payments command (a list, with move below
// it); runF replaces the list's run in tests.
func NewCmdProviderPayments(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client}
	cmd := &cobra.Command{
		Use:   "provider-payments [flags]",
		Short: "List the payments received from providers (staff); move one",
		Long: `List the payments received from providers, one row of an imported statement each, newest
first, one page at a time or --all of them: the statement and its row, the provider, the
policy number (and the policy it matched), the amount, the date paid, the status and the
reason of an Action Required one. Staff allowed to read payments only.

Payments move Received → Action Required → Ready To Pay → Processed; portal payments
provider-payments move ID STATUS moves one (staff allowed to manage payments), portal
payments process processes every Ready To Pay one.

Filters: status (eq, in: Received, Action Required, Ready To Pay, Processed; any case),
provider_id, statement_id, policy_number (eq). Sortable: id, paid_on, amount_cents, status.
On a terminal a table in USD; piped, tab-separated with the columns id, statement_id,
provider_id, provider_name, row_no, policy_number, policy_id, amount_cents, paid_on,
status, reason, and no header.`,
		Example: `  $ portal payments provider-payments
  $ portal payments provider-payments --filter 'status=eq:Action Required' --filter statement_id=eq:12
  $ portal payments provider-payments --all --json id,policy_number,status,reason
  $ portal payments provider-payments move 57 ready-to-pay --reason "Matched by hand to TL-100"`,
		Args: cmdutil.NoArgsUnknownCommand,
		RunE: func(cmd *cobra.Command, _ []string) error {
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
	opts.ListFlags.Add(cmd, &oas.ListProviderPaymentsParams{}, shared.ProviderPaymentFields)
	cmd.AddCommand(move.NewCmdMove(f, nil))
	return cmd
}

func listRun(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	return cmdutil.RunList(opts.IO, &opts.ListFlags,
		func() iter.Seq2[sdk.ProviderPayment, error] { return client.ProviderPaymentsAll(ctx, opts.Params) },
		cmdutil.Rows(func() (*oas.ProviderPaymentListHeaders, error) { return client.ListProviderPayments(ctx, opts.Params) },
			func(r *oas.ProviderPaymentListHeaders) []sdk.ProviderPayment { return r.Response.Data }),
		"No provider payments match.", shared.ProviderPaymentRecords, shared.PrintProviderPayments)
}

// Package list implements `portal products list`.
package list

import (
	"context"
	"iter"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/cli/internal/tableprinter"
	"github.com/associateportal/portal/cli/internal/text"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// Fields are the JSON fields of a product, in the contract's order.
var Fields = cmdutil.JSONFields(sdk.Product{})

// Options are the inputs of a list.
type Options struct {
	IO     *iostreams.IOStreams
	Client func() (*sdk.Client, error)
	cmdutil.ListFlags

	// Params is the request built from the flags (filters, order, limit, page).
	Params oas.ListProductsParams
}

// NewCmdList returns the list command; runF replaces the run in tests.
func NewCmdList(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client}
	cmd := &cobra.Command{
		Use:     "list",
		Aliases: []string{"ls"},
		Short:   "List products",
		Long: `List the products of every provider, by name, one page at a time or --all of them: the
provider, category and type, the commission rate (the share of target premium the provider
pays, 110% say), the BV factor, the countries it is offered in and whether it is active.

Filters are field=op:value as the API contract declares them: id, provider_id, name
(contains), category, type (the contract's values, any case), country, active. Piped, the
list is tab-separated with the columns id, name, provider_id, provider_name, category,
type, commission_rate_bp, bv_factor_bp, countries (comma-separated), active, and no header:
rates in basis points (11000 = 110%).`,
		Example: `  $ portal products list --filter active=true
  $ portal products list --filter provider_id=eq:3 --order commission_rate_bp:desc
  $ portal products list --filter 'category=eq:life insurance' --all --json id,name,commission_rate_bp`,
		Args: cobra.NoArgs,
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
	opts.ListFlags.Add(cmd, &oas.ListProductsParams{}, Fields)
	return cmd
}

func listRun(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	return cmdutil.RunList(opts.IO, &opts.ListFlags,
		func() iter.Seq2[sdk.Product, error] { return client.ProductsAll(ctx, opts.Params) },
		cmdutil.Rows(func() (*oas.ProductListHeaders, error) { return client.ListProducts(ctx, opts.Params) },
			func(r *oas.ProductListHeaders) []sdk.Product { return r.Response.Data }),
		"No products match.", func(ps []sdk.Product) ([]cmdutil.Record, error) { return cmdutil.ToRecords(ps, Fields) }, PrintList)
}

// PrintList prints products as a table on a terminal (rates as percentages), as
// tab-separated values otherwise (rates in basis points).
func PrintList(ios *iostreams.IOStreams, ps []sdk.Product) error {
	if !ios.IsStdoutTTY() {
		t := tableprinter.New(ios)
		for i := range ps {
			p := &ps[i]
			t.AddRow(strconv.FormatInt(p.ID, 10), p.Name, strconv.FormatInt(p.ProviderID, 10), p.ProviderName, string(p.Category),
				string(p.Type), strconv.Itoa(p.CommissionRateBp), strconv.Itoa(p.BvFactorBp),
				strings.Join(cmdutil.EnumStrings(p.Countries), ","), strconv.FormatBool(p.Active))
		}
		return t.Render()
	}
	cs := ios.ColorScheme()
	t := tableprinter.New(ios, "ID", "NAME", "PROVIDER", "CATEGORY", "TYPE", "COMMISSION", "BV FACTOR", "COUNTRIES", "ACTIVE")
	t.SetColumnColor(0, cs.Gray)
	for i := range ps {
		p := &ps[i]
		active := "yes"
		if !p.Active {
			active = cs.Gray("no")
		}
		t.AddRow(strconv.FormatInt(p.ID, 10), p.Name, p.ProviderName, string(p.Category), string(p.Type),
			text.FormatPercent(p.CommissionRateBp), text.FormatPercent(p.BvFactorBp), strings.Join(cmdutil.EnumStrings(p.Countries), ", "), active)
	}
	return t.Render()
}

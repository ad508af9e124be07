// Package list implements `portal providers list`.
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
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// Fields are the JSON fields of a provider, in the contract's order.
var Fields = cmdutil.JSONFields(sdk.Provider{})

// Options are the inputs of a list.
type Options struct {
	IO     *iostreams.IOStreams
	Client func() (*sdk.Client, error)
	cmdutil.ListFlags

	// Params is the request built from the flags (filters, order, limit, page).
	Params oas.ListProvidersParams
}

// NewCmdList returns the list command; runF replaces the run in tests.
func NewCmdList(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client}
	cmd := &cobra.Command{
		Use:     "list",
		Aliases: []string{"ls"},
		Short:   "List product providers",
		Long: `List the product providers, by name, one page at a time or --all of them, with the
number of their active products, contacts, videos, links and attachments.

Filters are field=op:value as the API contract declares them: id, name (contains), country.
Piped, the list is tab-separated with the columns id, code, name, countries (comma-
separated), products, contacts, videos, links, attachments, and no header.`,
		Example: `  $ portal providers list
  $ portal providers list --filter name=contains:life --filter country=eq:canada
  $ portal providers list --all --json id,code,name`,
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
	opts.ListFlags.Add(cmd, &oas.ListProvidersParams{}, Fields)
	return cmd
}

func listRun(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	return cmdutil.RunList(opts.IO, &opts.ListFlags,
		func() iter.Seq2[sdk.Provider, error] { return client.ProvidersAll(ctx, opts.Params) },
		cmdutil.Rows(func() (*oas.ProviderListHeaders, error) { return client.ListProviders(ctx, opts.Params) },
			func(r *oas.ProviderListHeaders) []sdk.Provider { return r.Response.Data }),
		"No providers match.", func(ps []sdk.Provider) ([]cmdutil.Record, error) { return cmdutil.ToRecords(ps, Fields) }, PrintList)
}

// PrintList prints providers as a table on a terminal, as tab-separated values otherwise.
func PrintList(ios *iostreams.IOStreams, ps []sdk.Provider) error {
	n := strconv.Itoa
	if !ios.IsStdoutTTY() {
		t := tableprinter.New(ios)
		for i := range ps {
			p := &ps[i]
			t.AddRow(strconv.FormatInt(p.ID, 10), p.Code, p.Name, strings.Join(cmdutil.EnumStrings(p.Countries), ","),
				n(p.Products), n(p.Contacts), n(p.Videos), n(p.Links), n(p.Attachments))
		}
		return t.Render()
	}
	cs := ios.ColorScheme()
	t := tableprinter.New(ios, "ID", "CODE", "NAME", "COUNTRIES", "PRODUCTS", "CONTACTS", "VIDEOS", "LINKS", "ATTACHMENTS")
	t.SetColumnColor(0, cs.Gray)
	for i := range ps {
		p := &ps[i]
		t.AddRow(strconv.FormatInt(p.ID, 10), p.Code, p.Name, strings.Join(cmdutil.EnumStrings(p.Countries), ", "),
			n(p.Products), n(p.Contacts), n(p.Videos), n(p.Links), n(p.Attachments))
	}
	return t.Render()
}

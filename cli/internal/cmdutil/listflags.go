package cmdutil

import (
	"context"
	"iter"
	"reflect"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk/oas"
)

// ListFlags are the flags every list command takes: --filter and --order (the contract's
// fields and operators for the list), --limit, --page and --all, and --json, --jq and --csv.
type ListFlags struct {
	Exporter *Exporter
	Filters  []string
	Orders   []string
	Paging
}

// Add declares the flags on cmd for the list whose generated parameters are params (a
// pointer, e.g. &oas.ListPoliciesParams{}) and whose JSON records have fields.
func (l *ListFlags) Add(cmd *cobra.Command, params any, fields []string) {
	AddListingFlags(cmd, params, &l.Filters, &l.Orders)
	AddPagingFlags(cmd, &l.Paging)
	l.Exporter = AddFormatFlags(cmd, fields)
}

// Apply checks the flags, before any request, and sets the filters, order, limit and page
// on params (a pointer to the generated parameters, which have Limit and Page fields). The
// context it returns carries the order keys in the order given (ApplyListing): send the
// request with it.
func (l *ListFlags) Apply(cmd *cobra.Command, params any) (context.Context, error) {
	if err := l.Exporter.Validate(); err != nil {
		return nil, err
	}
	if err := l.Paging.Validate(cmd); err != nil {
		return nil, err
	}
	ctx, err := ApplyListing(cmd.Context(), params, l.Filters, l.Orders)
	if err != nil {
		return nil, err
	}
	limit, page := l.Paging.Params()
	v := reflect.ValueOf(params).Elem()
	v.FieldByName("Limit").Set(reflect.ValueOf(limit))
	v.FieldByName("Page").Set(reflect.ValueOf(page))
	return ctx, nil
}

// RunList is the run of a list command: the rows the paging flags of l ask for (every row
// all yields with --all, else the one page page answers) written as WriteList writes them.
func RunList[T any](ios *iostreams.IOStreams, l *ListFlags, all func() iter.Seq2[T, error], page func() ([]T, error), none string,
	records func([]T) ([]Record, error), print func(*iostreams.IOStreams, []T) error) error {
	rows, more, err := FetchRows(l.Paging, all, page)
	if err != nil {
		return err
	}
	return WriteList(ios, l.Exporter, l.Paging, rows, more, none, records, print)
}

// Rows is the page function of RunList for a generated list operation: list sends the
// request, data picks the rows of its answer.
func Rows[R, T any](list func() (R, error), data func(R) []T) func() ([]T, error) {
	return func() ([]T, error) {
		res, err := list()
		if err != nil {
			return nil, err
		}
		return data(res), nil
	}
}

// ExportListFlags are the flags every export of a list takes: --format, -o and --clobber
// (AddExportFileFlags), and the list's --filter and --order.
type ExportListFlags struct {
	ExportFlags
	Clobber bool
	Filters []string
	Orders  []string
}

// Add declares the flags on cmd for the download whose generated parameters are params (a
// pointer, e.g. &oas.DownloadPoliciesParams{}).
func (x *ExportListFlags) Add(cmd *cobra.Command, params any) {
	AddListingFlags(cmd, params, &x.Filters, &x.Orders)
	AddExportFileFlags(cmd, &x.ExportFlags, &x.Clobber)
}

// Apply checks the flags, before any request (Resolve, ApplyListing), and sets the filters,
// order and format on params (a pointer to the generated parameters, which have a Format
// field). The context it returns carries the order keys in the order given.
func (x *ExportListFlags) Apply(cmd *cobra.Command, ios *iostreams.IOStreams, params any) (context.Context, error) {
	if err := x.Resolve(ios, cmd.Flags().Changed("format")); err != nil {
		return nil, err
	}
	ctx, err := ApplyListing(cmd.Context(), params, x.Filters, x.Orders)
	if err != nil {
		return nil, err
	}
	reflect.ValueOf(params).Elem().FieldByName("Format").Set(reflect.ValueOf(oas.NewOptDownloadFormat(oas.DownloadFormat(x.Format))))
	return ctx, nil
}

// Package importstatement implements `portal payments import`.
package importstatement

import (
	"context"
	"fmt"
	"os"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/payments/shared"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// Options are the inputs of an import.
type Options struct {
	IO       *iostreams.IOStreams
	Client   func() (*sdk.Client, error)
	Exporter *cmdutil.Exporter

	Path       string
	ProviderID int64

	// Input is the request, the file read before any request is sent.
	Input *oas.StatementImportInput
}

// NewCmdImport returns the import command; runF replaces the run in tests.
func NewCmdImport(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client}
	cmd := &cobra.Command{
		Use:   "import <file> --provider ID",
		Short: "Import a provider's commission statement (staff)",
		Long: `Import a provider's commission statement as provider payments: a CSV file with the header
row policy_number,amount,date, then one row per payment (amount in dollars, date
YYYY-MM-DD). Staff allowed to manage payments only. --provider is the provider's ID (see
portal providers list); the file's base name is recorded with the statement.

All rows or none: when a row is wrong the server refuses the whole statement, imports
nothing, and every wrong row is listed (row 1 is the first after the header); fix the file
and import it again. Payments matched to a policy become Ready To Pay; unknown policies
and short payments become Action Required with the reason (portal payments
provider-payments shows them). portal payments process then pays the Ready To Pay ones.

The file must be UTF-8 text of at most 900,000 characters, without NUL bytes (a
byte-order mark is dropped); one that is not is refused before any request.
On a terminal a summary is printed; piped, the statement's ID; --json the contract's
StatementImport (id, rows, ready_to_pay, action_required).`,
		Example: `  $ portal payments import great-lakes-2026-11.csv --provider 3
  $ portal payments import statement.csv --provider 3 --json`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 {
				return cmdutil.FlagErrorf("%s takes one CSV file, got %d arguments", cmd.CommandPath(), len(args))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := opts.Exporter.Validate(); err != nil {
				return err
			}
			switch {
			case !cmd.Flags().Changed("provider"):
				return cmdutil.FlagErrorf("--provider is required: the ID of the provider whose statement it is (see portal providers list)")
			case opts.ProviderID < 1:
				return cmdutil.FlagErrorf("invalid --provider %d: a provider ID is a positive integer", opts.ProviderID)
			}
			opts.Path = args[0]
			file, err := os.Open(opts.Path)
			if err != nil {
				return err
			}
			defer func() { _ = file.Close() }()
			if opts.Input, err = sdk.StatementInput(opts.ProviderID, opts.Path, file); err != nil {
				return err
			}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return importRun(cmd.Context(), opts)
		},
	}
	cmd.Flags().Int64Var(&opts.ProviderID, "provider", 0, "The `ID` of the provider whose statement it is")
	opts.Exporter = cmdutil.AddFormatFlags(cmd, shared.ImportFields)
	return cmd
}

func importRun(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	res, err := client.ImportStatement(ctx, opts.Input)
	if err != nil {
		err = sdk.Wrap(err)
		if rows := sdk.StatementRowErrors(err); len(rows) > 0 {
			PrintRowErrors(opts.IO, opts.Input.FileName, rows)
			return cmdutil.ErrSilent
		}
		return err
	}
	return PrintImported(opts.IO, opts.Exporter, opts.Input.FileName, &res.Response)
}

// PrintRowErrors says on standard error that the statement name was refused, with each
// row's error on a line of its own ("  row 3, amount: …"); errors about the statement as a
// whole come without a row.
func PrintRowErrors(ios *iostreams.IOStreams, name string, rows []sdk.RowError) {
	cs := ios.ColorScheme()
	bad := map[int]bool{}
	for _, r := range rows {
		if r.Row > 0 {
			bad[r.Row] = true
		}
	}
	what := fmt.Sprintf("%d rows have errors", len(bad))
	switch len(bad) {
	case 0:
		what = "the statement has errors"
	case 1:
		what = "1 row has errors"
	}
	fmt.Fprintf(ios.ErrOut, "%s %s was not imported (HTTP 422): %s; nothing was imported\n", cs.Red("error:"), name, what)
	for _, r := range rows {
		where := r.Field
		if r.Row > 0 {
			where = "row " + strconv.Itoa(r.Row)
			if r.Field != "" {
				where += ", " + r.Field
			}
		}
		if where == "" {
			fmt.Fprintf(ios.ErrOut, "  %s\n", r.Message)
			continue
		}
		fmt.Fprintf(ios.ErrOut, "  %s: %s\n", where, r.Message)
	}
}

// PrintImported reports an imported statement: the statement with --json/--jq/--csv, a
// summary on a terminal, the ID alone when piped.
func PrintImported(ios *iostreams.IOStreams, e *cmdutil.Exporter, name string, s *oas.StatementImport) error {
	if e.Enabled() {
		rec, err := cmdutil.ToRecord(s, shared.ImportFields)
		if err != nil {
			return err
		}
		return e.Write(ios, rec)
	}
	if !ios.IsStdoutTTY() {
		_, err := fmt.Fprintln(ios.Out, s.ID)
		return err
	}
	cs := ios.ColorScheme()
	fmt.Fprintf(ios.Out, "%s Imported %s as statement %s: %d rows, %d Ready To Pay, %s\n", cs.SuccessIcon(), name,
		cs.Bold(fmt.Sprintf("#%d", s.ID)), s.Rows, s.ReadyToPay, actionRequired(cs, s.ActionRequired))
	if s.ActionRequired > 0 {
		fmt.Fprintln(ios.Out, cs.Gray(fmt.Sprintf("See them with: portal payments provider-payments --filter statement_id=eq:%d --filter 'status=eq:Action Required'", s.ID)))
	}
	return nil
}

func actionRequired(cs *iostreams.ColorScheme, n int) string {
	s := fmt.Sprintf("%d Action Required", n)
	if n > 0 {
		return cs.Yellow(s)
	}
	return s
}

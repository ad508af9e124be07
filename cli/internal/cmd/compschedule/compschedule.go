// Package compschedule implements `portal comp-schedule`: the compensation schedule, what
// every level earns on each product, the caller's level marked; and its export.
package compschedule

import (
	"context"
	"fmt"
	"iter"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/compschedule/export"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/cli/internal/tableprinter"
	"github.com/associateportal/portal/cli/internal/text"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/lists"
	"github.com/associateportal/portal/sdk/oas"
)

// Fields are the JSON fields of a row of the schedule, in the contract's order; levels is
// the array of what each level earns.
var Fields = cmdutil.JSONFields(sdk.ScheduleRow{})

// Options are the inputs of the schedule.
type Options struct {
	IO     *iostreams.IOStreams
	Client func() (*sdk.Client, error)
	cmdutil.ListFlags

	// Params is the request built from the flags (filters, order, limit, page).
	Params oas.ListCompensationScheduleParams
}

// NewCmdCompSchedule returns the comp-schedule command; runF replaces the run in tests.
func NewCmdCompSchedule(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client}
	cmd := &cobra.Command{
		Use:     "comp-schedule [flags]",
		Aliases: []string{"schedule"},
		Short:   "Show the compensation schedule: what every level earns on each product",
		Long: `Show the compensation schedule: each active product, by provider, with its commission
rate and what every level earns on it (commission rate × level rate, per dollar of target
premium), your level marked. One page at a time or --all of it; the filters and order are
those of portal products list.

On a terminal, a table with a column per level, yours marked with *. Piped, one
tab-separated line per product and level: product_id, product_name, provider_name,
category, type, commission_rate_bp, level, level_name, level_rate_bp, earning_bp, mine
(rates in basis points). --csv writes the columns of portal comp-schedule export (one row
per product and level); --json the rows with their levels nested.`,
		Example: `  $ portal comp-schedule
  $ portal comp-schedule --filter provider_id=eq:3 --all
  $ portal comp-schedule --all --jq '.[] | {product: .product_name, mine: (.levels[] | select(.mine) | .earning_bp)}'
  $ portal comp-schedule --all --csv > schedule.csv
  $ portal comp-schedule export -o schedule.xlsx`,
		Args: cmdutil.NoArgsUnknownCommand,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx, err := opts.ListFlags.Apply(cmd, &opts.Params)
			if err != nil {
				return err
			}
			if runF != nil {
				return runF(ctx, opts)
			}
			return scheduleRun(ctx, opts)
		},
	}
	opts.ListFlags.Add(cmd, &oas.ListCompensationScheduleParams{}, Fields)
	opts.Exporter.SetCSV(lists.ScheduleExport, nil)
	cmd.AddCommand(export.NewCmdExport(f, nil))
	return cmd
}

func scheduleRun(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	return cmdutil.RunList(opts.IO, &opts.ListFlags,
		func() iter.Seq2[sdk.ScheduleRow, error] { return client.ScheduleAll(ctx, opts.Params) },
		cmdutil.Rows(func() (*oas.ScheduleListHeaders, error) { return client.ListCompensationSchedule(ctx, opts.Params) },
			func(r *oas.ScheduleListHeaders) []sdk.ScheduleRow { return r.Response.Data }),
		"No products match.", func(rows []sdk.ScheduleRow) ([]cmdutil.Record, error) {
			if opts.Exporter.CSV() {
				return FlatRecords(rows), nil
			}
			return cmdutil.ToRecords(rows, Fields)
		}, PrintSchedule)
}

// FlatRecords turns rows into one record per product and level, with the columns of the
// schedule's download (lists.ScheduleExport): what --csv writes.
func FlatRecords(rows []sdk.ScheduleRow) []cmdutil.Record {
	var out []cmdutil.Record
	for _, r := range rows {
		for _, l := range r.Levels {
			out = append(out, cmdutil.Record{
				"product_id": r.ProductID, "product_name": r.ProductName, "provider_name": r.ProviderName,
				"category": string(r.Category), "type": string(r.Type), "commission_rate_bp": r.CommissionRateBp,
				"level": l.Level, "level_name": l.Name, "level_rate_bp": l.LevelRateBp, "earning_bp": l.EarningBp,
			})
		}
	}
	return out
}

// PrintSchedule prints the schedule: on a terminal a table with a column per level (the
// caller's marked with *), piped one tab-separated line per product and level.
func PrintSchedule(ios *iostreams.IOStreams, rows []sdk.ScheduleRow) error {
	if !ios.IsStdoutTTY() {
		t := tableprinter.New(ios)
		for _, r := range rows {
			for _, l := range r.Levels {
				t.AddRow(strconv.FormatInt(r.ProductID, 10), r.ProductName, r.ProviderName, string(r.Category), string(r.Type),
					strconv.Itoa(r.CommissionRateBp), l.Level, l.Name, strconv.Itoa(l.LevelRateBp), strconv.Itoa(l.EarningBp),
					strconv.FormatBool(l.Mine))
			}
		}
		return t.Render()
	}
	cs := ios.ColorScheme()
	header := []string{"PRODUCT", "PROVIDER", "TYPE", "COMMISSION"}
	mine := ""
	var levels []oas.LevelEarning
	if len(rows) > 0 {
		levels = rows[0].Levels
	}
	mineCol := -1
	for _, l := range levels {
		label := l.Level
		if l.Mine {
			label, mine, mineCol = label+"*", l.Name, len(header)
		}
		header = append(header, label)
	}
	t := tableprinter.New(ios, header...)
	if mineCol >= 0 {
		t.SetColumnColor(mineCol, cs.Bold)
	}
	for i := range rows {
		r := &rows[i]
		row := []string{r.ProductName, r.ProviderName, string(r.Type), text.FormatPercent(r.CommissionRateBp)}
		for _, l := range r.Levels {
			row = append(row, text.FormatPercent(l.EarningBp))
		}
		t.AddRow(row...)
	}
	if err := t.Render(); err != nil {
		return err
	}
	if mine != "" {
		fmt.Fprintln(ios.Out, cs.Gray("* your level ("+mine+"); each cell is what a level earns per dollar of target premium"))
	}
	return nil
}

// Package calendar implements `portal events calendar`.
package calendar

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/events/shared"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// Options are the inputs of a calendar download.
type Options struct {
	IO     *iostreams.IOStreams
	Client func() (*sdk.Client, error)

	Slug    string
	Output  string // the file; "-" for standard output
	Clobber bool
}

// NewCmdCalendar returns the calendar command; runF replaces the run in tests.
func NewCmdCalendar(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client}
	cmd := &cobra.Command{
		Use:   "calendar <slug>",
		Short: "Download an event as an iCalendar (.ics) file",
		Long: `Download an event as an iCalendar file, to add it to a calendar: its title, summary,
place, start and end, and a link to its page. The file is written from the event as it is
at the time: download it again after a change.

The file is SLUG.ics in the current folder unless -o names another (-o - writes it to
standard output). An existing file is not replaced unless --clobber is given.`,
		Example: `  $ portal events calendar regional-kickoff-dallas
  $ portal events calendar regional-kickoff-dallas -o ~/Downloads/kickoff.ics --clobber
  $ portal events calendar regional-kickoff-dallas -o - | grep DTSTART`,
		Args: shared.SlugArg,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Slug = args[0]
			if !cmd.Flags().Changed("output") {
				opts.Output = opts.Slug + ".ics"
			}
			if opts.Output == "" {
				return cmdutil.FlagErrorf("-o needs a file name, or - for standard output")
			}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return calendarRun(cmd.Context(), opts)
		},
	}
	cmd.Flags().StringVarP(&opts.Output, "output", "o", "", "Write to `file` (- for standard output; default SLUG.ics)")
	cmd.Flags().BoolVar(&opts.Clobber, "clobber", false, "Overwrite the -o file if it exists")
	return cmd
}

func calendarRun(ctx context.Context, opts *Options) error {
	file := cmdutil.ExportFlags{Output: opts.Output}
	if err := file.CheckOverwrite(opts.Clobber); err != nil {
		return err
	}
	client, err := opts.Client()
	if err != nil {
		return err
	}
	res, err := client.GetEventCalendar(ctx, oas.GetEventCalendarParams{Slug: opts.Slug})
	if err != nil {
		return shared.Explain(sdk.Wrap(err), opts.Slug, shared.NotFound(opts.Slug))
	}
	return cmdutil.SaveDownload(ctx, opts.IO, client, res.Response.URL, opts.Output, "Downloading", "Saved the calendar of "+opts.Slug)
}

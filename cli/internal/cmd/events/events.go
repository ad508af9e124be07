// Package events holds `portal events`: list the upcoming and past events, view one,
// register and cancel, download one to a calendar; staff list the attendees and check them
// in.
package events

import (
	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/events/attendees"
	"github.com/associateportal/portal/cli/internal/cmd/events/calendar"
	"github.com/associateportal/portal/cli/internal/cmd/events/cancel"
	"github.com/associateportal/portal/cli/internal/cmd/events/checkin"
	"github.com/associateportal/portal/cli/internal/cmd/events/list"
	"github.com/associateportal/portal/cli/internal/cmd/events/register"
	"github.com/associateportal/portal/cli/internal/cmd/events/view"
	"github.com/associateportal/portal/cli/internal/cmdutil"
)

// NewCmdEvents returns the events command group.
func NewCmdEvents(f *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:     "events <command>",
		Aliases: []string{"event"},
		Short:   "List, view and register for events; staff list attendees and check them in",
		Long: `Work with events: kickoffs, trainings, calls and dinners, in person or online.

An event is named by its slug (regional-kickoff-dallas) and shown in its own time zone.
Associates see the Open events, register for a seat and cancel before the start; staff
with the events.manage permission see every state, list an event's attendees and check
them in by ticket or associate code.`,
		Args: cmdutil.NoArgsUnknownCommand,
		RunE: func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	cmd.AddCommand(list.NewCmdList(f, nil))
	cmd.AddCommand(view.NewCmdView(f, nil))
	cmd.AddCommand(register.NewCmdRegister(f, nil))
	cmd.AddCommand(cancel.NewCmdCancel(f, nil))
	cmd.AddCommand(calendar.NewCmdCalendar(f, nil))
	cmd.AddCommand(attendees.NewCmdAttendees(f, nil))
	cmd.AddCommand(checkin.NewCmdCheckIn(f, nil))
	return cmd
}

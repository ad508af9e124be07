// Package root builds the portal command tree.
package root

import (
	"github.com/spf13/cobra"

	accountCmd "github.com/associateportal/portal/cli/internal/cmd/account"
	ackCmd "github.com/associateportal/portal/cli/internal/cmd/acknowledgements"
	associatesCmd "github.com/associateportal/portal/cli/internal/cmd/associates"
	authCmd "github.com/associateportal/portal/cli/internal/cmd/auth"
	businessCmd "github.com/associateportal/portal/cli/internal/cmd/business"
	clientsCmd "github.com/associateportal/portal/cli/internal/cmd/clients"
	compScheduleCmd "github.com/associateportal/portal/cli/internal/cmd/compschedule"
	eventsCmd "github.com/associateportal/portal/cli/internal/cmd/events"
	helpCmd "github.com/associateportal/portal/cli/internal/cmd/help"
	paymentsCmd "github.com/associateportal/portal/cli/internal/cmd/payments"
	payoutsCmd "github.com/associateportal/portal/cli/internal/cmd/payouts"
	productsCmd "github.com/associateportal/portal/cli/internal/cmd/products"
	providersCmd "github.com/associateportal/portal/cli/internal/cmd/providers"
	ssoCmd "github.com/associateportal/portal/cli/internal/cmd/sso"
	teamCmd "github.com/associateportal/portal/cli/internal/cmd/team"
	tuiCmd "github.com/associateportal/portal/cli/internal/cmd/tui"
	"github.com/associateportal/portal/cli/internal/cmdutil"
)

// NewCmdRoot returns the portal command.
func NewCmdRoot(f *cmdutil.Factory, version string) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "portal <command> <subcommand> [flags]",
		Short: "Work with the Associate Portal from the command line",
		Long: `Work with the Associate Portal from the command line.

Output is a human table on a terminal and stable tab-separated text when piped; --json,
--jq and --csv give machine output. Exit codes: 0 ok, 1 error, 2 cancelled,
4 authentication needed.

Support staff act for an associate with --as CODE (or PORTAL_ACT_AS=CODE): every command
then works as that associate would see it.`,
		Example: `  $ portal auth login --server https://portal.example.com --login agent@example.com
  $ portal clients list --filter state=in:CA,NY --order last_name
  $ portal clients list --all --json id,email --jq '.[].email'
  $ portal clients export --format xlsx -o clients.xlsx
  $ portal team list --view BaseShop
  $ portal team tree --depth 3
  $ portal associates view AGT100 --licenses
  $ portal business list --filter status=eq:pending
  $ portal business preview --product 7 --target-premium 1200 --split SPL200:40%
  $ portal comp-schedule
  $ portal payments cashflow list --filter status=eq:escrow
  $ portal payments explain 1234
  $ portal team list --as AGT100
  $ portal account sessions list
  $ portal payouts list
  $ portal events list
  $ portal events register regional-kickoff-dallas
  $ portal help search escrow
  $ portal tui`,
		Version:       version,
		SilenceErrors: true,
		SilenceUsage:  true,
		Args:          cmdutil.NoArgsUnknownCommand,
		RunE:          func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	cmd.SetVersionTemplate("portal version {{.Version}}\n")
	cmd.PersistentFlags().StringVar(&f.ServerOverride, "server", "", "Server `URL`, e.g. https://portal.example.com (overrides PORTAL_SERVER and the saved server)")
	var actAs string
	cmd.PersistentFlags().StringVar(&actAs, "as", "", "Act for the associate `CODE` (staff; overrides PORTAL_ACT_AS)")
	cmd.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return &cmdutil.FlagError{Err: err} })

	// Every command asks f.Client for its client when it runs, once the flags are parsed: the
	// client acts for --as (or PORTAL_ACT_AS). The commands below keep this f.Client.
	if f.Client != nil {
		f.Client = cmdutil.ActingClient(f.Client, func() string { return actAs })
	}

	cmd.AddCommand(authCmd.NewCmdAuth(f))
	cmd.AddCommand(clientsCmd.NewCmdClients(f))
	cmd.AddCommand(teamCmd.NewCmdTeam(f))
	cmd.AddCommand(associatesCmd.NewCmdAssociates(f))
	cmd.AddCommand(businessCmd.NewCmdBusiness(f))
	cmd.AddCommand(paymentsCmd.NewCmdPayments(f))
	cmd.AddCommand(providersCmd.NewCmdProviders(f))
	cmd.AddCommand(productsCmd.NewCmdProducts(f))
	cmd.AddCommand(compScheduleCmd.NewCmdCompSchedule(f, nil))
	cmd.AddCommand(ackCmd.NewCmdAcknowledgements(f))
	cmd.AddCommand(accountCmd.NewCmdAccount(f))
	cmd.AddCommand(ssoCmd.NewCmdSSO(f))
	cmd.AddCommand(payoutsCmd.NewCmdPayouts(f))
	cmd.AddCommand(eventsCmd.NewCmdEvents(f))
	cmd.AddCommand(tuiCmd.NewCmdTUI(f, nil))

	// portal help takes the place of cobra's help command: the help of any command, and the
	// help centre's search and view.
	help := helpCmd.NewCmdHelp(f)
	cmd.AddCommand(help)
	cmd.SetHelpCommand(help)
	return cmd
}

// Package portalcmd runs the portal command: it builds the factory and the command tree,
// executes the command line and turns the outcome into an exit code.
package portalcmd

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/build"
	"github.com/associateportal/portal/cli/internal/cmd/factory"
	"github.com/associateportal/portal/cli/internal/cmd/root"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
)

// Main runs the process's command line and returns the exit code.
func Main() int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return Run(ctx, os.Args[1:], iostreams.System())
}

// Run executes args with the given streams and returns the exit code (cmdutil.Exit…).
func Run(ctx context.Context, args []string, ios *iostreams.IOStreams) int {
	f := factory.New(ctx, build.Version, ios)
	cmd := root.NewCmdRoot(f, build.Version)
	cmd.SetArgs(cmdutil.ExpandJSONArgs(args))
	cmd.SetIn(ios.In)
	cmd.SetOut(ios.Out)
	cmd.SetErr(ios.ErrOut)

	err := cmd.ExecuteContext(ctx)
	if err == nil {
		return cmdutil.ExitOK
	}
	code := cmdutil.ExitCode(err)
	cs := ios.ColorScheme()
	switch {
	case errors.Is(err, cmdutil.ErrSilent):
	case code == cmdutil.ExitCancel:
		if !errors.Is(err, cmdutil.ErrCancel) || ios.IsStderrTTY() {
			fmt.Fprintln(ios.ErrOut, "cancelled")
		}
	default:
		fmt.Fprintf(ios.ErrOut, "%s %s\n", cs.Red("error:"), cmdutil.Message(err))
		var flagErr *cmdutil.FlagError
		if errors.As(err, &flagErr) || isCobraUsageError(err) {
			fmt.Fprintf(ios.ErrOut, "Run '%s --help' for usage.\n", commandPath(cmd, args))
		}
	}
	return code
}

// isCobraUsageError recognises the errors cobra returns for a bad command line.
func isCobraUsageError(err error) bool {
	msg := err.Error()
	for _, p := range []string{"unknown command", "unknown flag", "unknown shorthand flag", "flag needs an argument", "invalid argument", "accepts ", "requires at least", "requires at most", "if any flags in the group"} {
		if strings.HasPrefix(msg, p) || strings.Contains(msg, p) {
			return true
		}
	}
	return false
}

func commandPath(root *cobra.Command, args []string) string {
	if c, _, err := root.Find(args); err == nil && c != nil {
		return c.CommandPath()
	}
	return root.CommandPath()
}

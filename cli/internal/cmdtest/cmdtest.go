// Package cmdtest runs a command's flag handling in tests: the command is built with a run
// that records its options instead of calling the server.
package cmdtest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/config"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/cli/internal/prompter"
)

// NewCmd is the shape of every command constructor: a factory and the run that replaces the
// real one.
type NewCmd[O any] func(*cmdutil.Factory, func(context.Context, *O) error) *cobra.Command

// Run builds the command on ios, runs it with args as the root would (flag errors are
// *cmdutil.FlagError) and returns the options its run got (nil when it was not reached).
func Run[O any](ios *iostreams.IOStreams, newCmd NewCmd[O], args []string) (*O, error) {
	_, got, err := run(ios, newCmd, args)
	return got, err
}

// Context runs the command as Run does and returns the context its run got, which carries
// what the flags put there (the order of --order keys, sdk.OrderFrom). An error stops the
// test.
func Context[O any](t testing.TB, ios *iostreams.IOStreams, newCmd NewCmd[O], args []string) context.Context {
	t.Helper()
	ctx, _, err := run(ios, newCmd, args)
	if err != nil {
		t.Fatalf("%q: %v", args, err)
	}
	return ctx
}

func run[O any](ios *iostreams.IOStreams, newCmd NewCmd[O], args []string) (context.Context, *O, error) {
	var (
		got    *O
		gotCtx context.Context
	)
	cmd := newCmd(&cmdutil.Factory{IOStreams: ios}, func(ctx context.Context, o *O) error { gotCtx, got = ctx, o; return nil })
	cmd.SetArgs(args)
	cmd.SetOut(io.Discard)
	cmd.SetErr(io.Discard)
	cmd.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return &cmdutil.FlagError{Err: err} })
	_, err := cmd.ExecuteC()
	return gotCtx, got, err
}

// Parse is Run for a table test: when wantErr is set the command must fail with an error
// containing it before its run, and Parse returns nil; otherwise it must succeed, and Parse
// returns the options. A failure stops the test.
func Parse[O any](t testing.TB, ios *iostreams.IOStreams, newCmd NewCmd[O], args []string, wantErr string) *O {
	t.Helper()
	got, err := Run(ios, newCmd, args)
	if wantErr != "" {
		if err == nil || !strings.Contains(err.Error(), wantErr) {
			t.Fatalf("%q: err = %v, want %q", args, err, wantErr)
		}
		if got != nil {
			t.Fatalf("%q: the run was called despite the error", args)
		}
		return nil
	}
	if err != nil {
		t.Fatalf("%q: %v", args, err)
	}
	return got
}

// Exporter returns the --json/--jq/--csv handling of a command whose records have fields, as
// the flags args set it; bad flags stop the test.
func Exporter(t testing.TB, fields []string, args []string) *cmdutil.Exporter {
	t.Helper()
	return ExporterFunc(t, func() []string { return fields }, args)
}

// ExporterFunc is Exporter for fields that depend on the other flags
// (cmdutil.AddFormatFlagsFunc).
func ExporterFunc(t testing.TB, fields func() []string, args []string) *cmdutil.Exporter {
	t.Helper()
	cmd := &cobra.Command{RunE: func(*cobra.Command, []string) error { return nil }}
	e := cmdutil.AddFormatFlagsFunc(cmd, fields)
	cmd.SetArgs(append([]string{}, args...)) // never nil: cobra would read os.Args
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	if err := e.Validate(); err != nil {
		t.Fatal(err)
	}
	return e
}

// Accounts returns a configuration saved in a temporary file, with server as the default
// server and an account for each login, in that order, the last one active. Account i
// has the token "t-" + login and the name "User A", "User B"…
func Accounts(t testing.TB, server string, logins ...string) *config.Config {
	t.Helper()
	cfg, err := config.LoadFile(filepath.Join(t.TempDir(), config.FileName))
	if err != nil {
		t.Fatal(err)
	}
	err = cfg.Update(func(c *config.Config) error {
		c.Server = server
		for i, l := range logins {
			c.AddAccount(server, config.Account{Login: l, Token: "t-" + l, Name: fmt.Sprintf("User %c", 'A'+i)})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

var _ prompter.Prompter = Answer("")

// Answer is a Prompter that answers every Input with its text, and
// asks for no password or confirmation.
type Answer string

// Input answers a.
func (a Answer) Input(string) (string, error) { return string(a), nil }

// Password fails: no test that uses Answer expects the question.
func (a Answer) Password(string) (string, error) { return "", errors.New("no password here") }

// ConfirmWord fails: no test that uses Answer expects the question.
func (a Answer) ConfirmWord(string, string) (bool, error) {
	return false, errors.New("no confirmation here")
}

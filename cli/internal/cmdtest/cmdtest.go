// Package cmdtest runs a command's flag handling in tests: the command is built with a run
// that records its options instead of calling the server.
package cmdtest

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
)

// NewCmd is the shape of every command constructor: a factory and the run that replaces the
// real one.
type NewCmd[O any] func(*cmdutil.Factory, func(context.Context, *O) error) *cobra.Command

// Run builds the command on ios, runs it with args as the root would (flag errors are
// *cmdutil.FlagError) and returns the options its run got (nil when it was not reached).
func Run[O any](ios *iostreams.IOStreams, newCmd NewCmd[O], args []string) (*O, error) {
	var got *O
	cmd := newCmd(&cmdutil.Factory{IOStreams: ios}, func(_ context.Context, o *O) error { got = o; return nil })
	cmd.SetArgs(args)
	cmd.SetOut(io.Discard)
	cmd.SetErr(io.Discard)
	cmd.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return &cmdutil.FlagError{Err: err} })
	_, err := cmd.ExecuteC()
	return got, err
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

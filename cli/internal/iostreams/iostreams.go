// Package iostreams holds the standard streams of a command and what is known about them:
// whether each is a terminal, whether colour is wanted, how wide the terminal is. Commands
// decide between human and machine output by asking it, and tests replace it with Test().
package iostreams

import (
	"bytes"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/mattn/go-isatty"
	"golang.org/x/term"
)

// IOStreams are the streams of one command run.
type IOStreams struct {
	In     io.Reader
	Out    io.Writer
	ErrOut io.Writer

	stdinTTY, stdoutTTY, stderrTTY bool
	colorEnabled                   bool
	width                          int // 0: ask the terminal
	stdinFd, stdoutFd              int // -1 when not a file
}

// System returns the process's streams.
func System() *IOStreams {
	ios := &IOStreams{
		In:       os.Stdin,
		Out:      os.Stdout,
		ErrOut:   os.Stderr,
		stdinFd:  int(os.Stdin.Fd()),
		stdoutFd: int(os.Stdout.Fd()),
	}
	ios.stdinTTY = isTerminal(os.Stdin)
	ios.stdoutTTY = isTerminal(os.Stdout)
	ios.stderrTTY = isTerminal(os.Stderr)
	ios.colorEnabled = ios.stdoutTTY && colorWanted(os.Getenv)
	return ios
}

func isTerminal(f *os.File) bool {
	return isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd())
}

// colorWanted follows NO_COLOR (https://no-color.org), CLICOLOR=0 and TERM=dumb.
func colorWanted(getenv func(string) string) bool {
	if _, ok := os.LookupEnv("NO_COLOR"); ok {
		return false
	}
	if getenv("CLICOLOR") == "0" || getenv("TERM") == "dumb" {
		return false
	}
	return true
}

// Test returns streams over buffers, none a terminal, with the buffers for stdin, stdout
// and stderr.
func Test() (*IOStreams, *bytes.Buffer, *bytes.Buffer, *bytes.Buffer) {
	in, out, errOut := &bytes.Buffer{}, &bytes.Buffer{}, &bytes.Buffer{}
	return &IOStreams{In: in, Out: out, ErrOut: errOut, stdinFd: -1, stdoutFd: -1, width: 80}, in, out, errOut
}

// IsStdinTTY reports whether standard input is a terminal.
func (s *IOStreams) IsStdinTTY() bool { return s.stdinTTY }

// IsStdoutTTY reports whether standard output is a terminal: human output when true,
// stable machine output when false.
func (s *IOStreams) IsStdoutTTY() bool { return s.stdoutTTY }

// IsStderrTTY reports whether standard error is a terminal (progress bars go there).
func (s *IOStreams) IsStderrTTY() bool { return s.stderrTTY }

// SetStdinTTY overrides the detection (tests).
func (s *IOStreams) SetStdinTTY(v bool) { s.stdinTTY = v }

// SetStdoutTTY overrides the detection (tests).
func (s *IOStreams) SetStdoutTTY(v bool) { s.stdoutTTY = v }

// SetStderrTTY overrides the detection (tests).
func (s *IOStreams) SetStderrTTY(v bool) { s.stderrTTY = v }

// CanPrompt reports whether the user can be asked something: stdin and stdout are terminals.
func (s *IOStreams) CanPrompt() bool { return s.stdinTTY && s.stdoutTTY }

// ColorEnabled reports whether output may carry colour.
func (s *IOStreams) ColorEnabled() bool { return s.colorEnabled }

// SetColorEnabled overrides the detection (tests).
func (s *IOStreams) SetColorEnabled(v bool) { s.colorEnabled = v }

// SetWidth fixes the terminal width (tests).
func (s *IOStreams) SetWidth(w int) { s.width = w }

// TerminalWidth is the width of the terminal, from COLUMNS or the terminal itself, 80 when
// unknown.
func (s *IOStreams) TerminalWidth() int {
	if s.width > 0 {
		return s.width
	}
	if n, err := strconv.Atoi(strings.TrimSpace(os.Getenv("COLUMNS"))); err == nil && n > 0 {
		return n
	}
	if s.stdoutFd >= 0 {
		if w, _, err := term.GetSize(s.stdoutFd); err == nil && w > 0 {
			return w
		}
	}
	return 80
}

// StdinFd is the file descriptor of standard input, -1 when it is not a file.
func (s *IOStreams) StdinFd() int { return s.stdinFd }

// ColorScheme returns the styles for human output.
func (s *IOStreams) ColorScheme() *ColorScheme { return &ColorScheme{enabled: s.colorEnabled} }

// ColorScheme colours text when colour is enabled.
type ColorScheme struct{ enabled bool }

func (c *ColorScheme) wrap(code, s string) string {
	if !c.enabled || s == "" {
		return s
	}
	return "\x1b[" + code + "m" + s + "\x1b[0m"
}

// Bold makes s bold.
func (c *ColorScheme) Bold(s string) string { return c.wrap("1", s) }

// Green colours s green.
func (c *ColorScheme) Green(s string) string { return c.wrap("32", s) }

// Red colours s red.
func (c *ColorScheme) Red(s string) string { return c.wrap("31", s) }

// Yellow colours s yellow.
func (c *ColorScheme) Yellow(s string) string { return c.wrap("33", s) }

// Gray dims s.
func (c *ColorScheme) Gray(s string) string { return c.wrap("90", s) }

// SuccessIcon is a green check mark.
func (c *ColorScheme) SuccessIcon() string { return c.Green("✓") }

// WarningIcon is a yellow exclamation mark.
func (c *ColorScheme) WarningIcon() string { return c.Yellow("!") }

// FailureIcon is a red cross.
func (c *ColorScheme) FailureIcon() string { return c.Red("X") }

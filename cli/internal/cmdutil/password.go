package cmdutil

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/associateportal/portal/cli/internal/iostreams"
)

// Passwords are never given as flag values (they would stay in the shell's history and in
// the process list): a command asks for them on a terminal without echo (Prompter.Password)
// or reads them from standard input with --password-stdin, one a line.

// CheckPasswordSource fails when a password cannot be asked for (standard input or output
// is not a terminal) and --password-stdin was not given: call it in RunE, before the run.
func CheckPasswordSource(ios *iostreams.IOStreams, fromStdin bool) error {
	if !fromStdin && !ios.CanPrompt() {
		return FlagErrorf("--password-stdin is required when not running interactively")
	}
	return nil
}

// ReadPasswordLines reads the first n lines of r without their line endings (spaces are
// kept: they may be part of a password); lines missing at the end are "".
func ReadPasswordLines(r io.Reader, n int) ([]string, error) {
	in := bufio.NewReader(r)
	out := make([]string, n)
	for i := range out {
		line, err := in.ReadString('\n')
		if err != nil && err != io.EOF {
			return nil, fmt.Errorf("read password from standard input: %w", err)
		}
		out[i] = strings.TrimRight(line, "\r\n")
		if err == io.EOF {
			break
		}
	}
	return out, nil
}

// Package prompter asks the user things on the terminal.
package prompter

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"golang.org/x/term"

	"github.com/associateportal/portal/cli/internal/iostreams"
)

// ErrNoInput is returned when standard input ends before an answer.
var ErrNoInput = errors.New("no answer: standard input closed")

// Prompter asks questions. Commands only call it when IOStreams.CanPrompt() is true.
type Prompter interface {
	// Input asks for a line of text.
	Input(prompt string) (string, error)
	// Password asks for a secret without echoing it.
	Password(prompt string) (string, error)
	// ConfirmWord asks the user to type word (e.g. "yes") to go on; false for anything else.
	ConfirmWord(prompt, word string) (bool, error)
}

// ErrInterrupted is returned when the run is interrupted (Ctrl-C) during a question.
var ErrInterrupted = errors.New("interrupted")

// New returns a Prompter over ios. When ctx ends (Ctrl-C) a pending question returns
// ErrInterrupted at once, with the terminal restored.
func New(ctx context.Context, ios *iostreams.IOStreams) Prompter {
	return &terminal{ctx: ctx, ios: ios, in: bufio.NewReader(ios.In)}
}

type terminal struct {
	ctx context.Context
	ios *iostreams.IOStreams
	in  *bufio.Reader
}

type answer struct {
	s   string
	err error
}

// wait returns the answer, or ErrInterrupted when the context ends first.
func (t *terminal) wait(ch <-chan answer, onCancel func()) (string, error) {
	select {
	case a := <-ch:
		return a.s, a.err
	case <-t.ctx.Done():
		if onCancel != nil {
			onCancel()
		}
		_, _ = fmt.Fprintln(t.ios.ErrOut)
		return "", ErrInterrupted
	}
}

func (t *terminal) Input(prompt string) (string, error) {
	_, _ = fmt.Fprint(t.ios.ErrOut, prompt)
	ch := make(chan answer, 1)
	go func() {
		line, err := t.in.ReadString('\n')
		if err == io.EOF && line != "" {
			err = nil
		} else if err == io.EOF {
			err = ErrNoInput
		}
		ch <- answer{strings.TrimSpace(line), err}
	}()
	return t.wait(ch, nil)
}

func (t *terminal) Password(prompt string) (string, error) {
	_, _ = fmt.Fprint(t.ios.ErrOut, prompt)
	fd := t.ios.StdinFd()
	if fd < 0 || !term.IsTerminal(fd) {
		return "", errors.New("cannot read a password: standard input is not a terminal")
	}
	state, err := term.GetState(fd)
	if err != nil {
		return "", fmt.Errorf("read password: %w", err)
	}
	ch := make(chan answer, 1)
	go func() {
		b, err := term.ReadPassword(fd)
		if err != nil {
			err = fmt.Errorf("read password: %w", err)
		}
		ch <- answer{string(b), err}
	}()
	s, err := t.wait(ch, func() { _ = term.Restore(fd, state) })
	if err == nil {
		_, _ = fmt.Fprintln(t.ios.ErrOut)
	}
	return s, err
}

func (t *terminal) ConfirmWord(prompt, word string) (bool, error) {
	ans, err := t.Input(prompt)
	if err != nil {
		return false, err
	}
	return strings.EqualFold(strings.TrimSpace(ans), word), nil
}

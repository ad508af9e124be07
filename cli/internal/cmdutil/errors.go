package cmdutil

import (
	"context"
	"errors"
	"fmt"

	"github.com/associateportal/portal/cli/internal/prompter"
	"github.com/associateportal/portal/sdk"
)

// Exit codes: what scripts may rely on.
const (
	ExitOK     = 0 // success
	ExitError  = 1 // any failure
	ExitCancel = 2 // cancelled by the user (a declined confirmation, Ctrl-C)
	ExitAuth   = 4 // authentication needed: no token, or the server answered 401
)

// ErrSilent is an error whose message was already printed: exit 1 without more output.
var ErrSilent = errors.New("silent error")

// ErrCancel reports a run cancelled by the user: exit 2.
var ErrCancel = errors.New("cancelled")

// FlagError is a mistake in the command line: the message is followed by a usage hint.
type FlagError struct{ Err error }

func (e *FlagError) Error() string { return e.Err.Error() }
func (e *FlagError) Unwrap() error { return e.Err }

// FlagErrorf returns a *FlagError.
func FlagErrorf(format string, args ...any) error {
	return &FlagError{Err: fmt.Errorf(format, args...)}
}

// AuthError says that the user must log in first: exit 4.
type AuthError struct{ Err error }

func (e *AuthError) Error() string { return e.Err.Error() }
func (e *AuthError) Unwrap() error { return e.Err }

// ExitCode maps the error a command returned to the process's exit code.
func ExitCode(err error) int {
	var authErr *AuthError
	switch {
	case err == nil:
		return ExitOK
	case errors.Is(err, ErrCancel), errors.Is(err, context.Canceled), errors.Is(err, prompter.ErrInterrupted):
		return ExitCancel
	case sdk.IsAccessTokenRefused(err):
		// Logging in again does not help: the --as code is wrong, or the account may not act.
		return ExitError
	case errors.As(err, &authErr), sdk.IsUnauthorized(err):
		return ExitAuth
	default:
		return ExitError
	}
}

// NotLoggedIn is the authentication error (exit code 4) of a command that needs a session
// of server while none is saved; server "" means no server is known either.
func NotLoggedIn(server string) error {
	if server == "" {
		return &AuthError{Err: errors.New("no server configured; run `portal auth login --server URL`")}
	}
	return &AuthError{Err: fmt.Errorf("not logged in to %s; run `portal auth login`", server)}
}

// Message is the text to print for err (without the "error: " prefix), with the server's
// field errors one per line and a hint for authentication errors; messages about acting
// for an associate name --as and PORTAL_ACT_AS, not the access-token header.
func Message(err error) string {
	var authErr *AuthError
	if errors.As(err, &authErr) {
		return authErr.Error()
	}
	if errors.Is(err, sdk.ErrNoToken) {
		return "not logged in; run `portal auth login`"
	}
	if msg, ok := actAsMessage(err); ok {
		return msg
	}
	if e, ok := sdk.AsError(err); ok {
		msg := e.Message
		if msg == "" {
			msg = fmt.Sprintf("HTTP %d", e.Status)
		}
		msg = fmt.Sprintf("%s (HTTP %d)", msg, e.Status)
		for _, fe := range e.Errors {
			if fe.Field != "" {
				msg += fmt.Sprintf("\n  %s: %s", fe.Field, fe.Message)
			} else {
				msg += "\n  " + fe.Message
			}
		}
		switch e.Status {
		case 401:
			msg += "\nthe session expired or was revoked; run `portal auth login`"
		}
		if e.Code == sdk.CodeAcknowledgementsPending {
			msg += "\nsee them with `portal acknowledgements list`"
		}
		return msg
	}
	return err.Error()
}

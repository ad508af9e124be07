package cmdutil

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/associateportal/portal/cli/internal/config"
	"github.com/associateportal/portal/sdk"
)

// ActAsHint tells a staff member how to act for an associate.
const ActAsHint = "staff act for an associate with --as CODE or " + config.EnvActAs + "=CODE"

// ActAsCode returns the associate a staff member acts for: flag (--as) when given, else the
// environment variable PORTAL_ACT_AS (read through getenv), read as ParseCode reads a code;
// "" for nobody. source names where it came from, for messages.
func ActAsCode(flag string, getenv func(string) string) (code, source string, err error) {
	raw, source := flag, "--as"
	if strings.TrimSpace(raw) == "" {
		raw, source = getenv(config.EnvActAs), config.EnvActAs
	}
	if strings.TrimSpace(raw) == "" {
		return "", "", nil
	}
	if code, err = ParseCode(raw); err != nil {
		err = fmt.Errorf("invalid %s %q: an associate code is 3 to 16 letters and digits", source, raw)
		if source == "--as" {
			err = &FlagError{Err: err}
		}
		return "", "", err
	}
	return code, source, nil
}

// ActingClient wraps the Client function of a Factory: the client it returns acts for the
// associate ActAsCode gives (flag is read when the client is asked for, once the command
// line is parsed), and for nobody when none is given.
func ActingClient(client func() (*sdk.Client, error), flag func() string) func() (*sdk.Client, error) {
	return func() (*sdk.Client, error) {
		code, _, err := ActAsCode(flag(), os.Getenv)
		if err != nil {
			return nil, err
		}
		c, err := client()
		if err != nil || code == "" {
			return c, err
		}
		return c.ActAs(code)
	}
}

// actAsMessage is the message of an error about acting for an associate, in the words of
// the command line: an operation for associates called by a staff member acting for nobody
// (with the hint to use --as), a code no associate has, --as used by someone who may not
// act. ok is false for any other error.
func actAsMessage(err error) (msg string, ok bool) {
	if errors.Is(err, sdk.ErrNotAssociate) {
		return err.Error() + "\n" + ActAsHint, true
	}
	e, isAPI := sdk.AsError(err)
	switch {
	case !isAPI:
		return "", false
	case sdk.IsAccessTokenNeeded(err):
		return fmt.Sprintf("%s (HTTP %d)\n%s", e.Message, e.Status, ActAsHint), true
	case e.Code == sdk.CodeActingCodeUnknown:
		return fmt.Sprintf("%s given with --as or %s (HTTP %d)", e.Message, config.EnvActAs, e.Status), true
	case e.Code == sdk.CodeActingNotAllowed:
		return fmt.Sprintf("--as (or %s) is only for staff allowed to act for associates (HTTP %d)", config.EnvActAs, e.Status), true
	}
	return "", false
}

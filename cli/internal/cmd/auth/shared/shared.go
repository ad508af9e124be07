// Package shared holds what the auth commands share: the optional LOGIN argument and
// finding the accounts kept for the server.
package shared

import (
	"fmt"
	"strings"

	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/config"
)

// LoginArg reads the optional LOGIN argument of switch and logout ("" when absent).
func LoginArg(args []string) (string, error) {
	if len(args) == 0 {
		return "", nil
	}
	login := strings.TrimSpace(args[0])
	if login == "" {
		return "", cmdutil.FlagErrorf("the login is empty")
	}
	return login, nil
}

// Accounts loads the configuration and the accounts kept for the server; no account is an
// authentication error (exit code 4) whose message ends with hint.
func Accounts(server func() (string, string, error), load func() (*config.Config, error), hint string) (string, *config.Config, *config.Host, error) {
	s, _, err := server()
	if err != nil {
		return "", nil, nil, err
	}
	cfg, err := load()
	if err != nil {
		return "", nil, nil, err
	}
	h := cfg.Host(s)
	if s == "" || h == nil || len(h.Accounts) == 0 {
		to := ""
		if s != "" {
			to = " to " + s
		}
		return "", nil, nil, &cmdutil.AuthError{Err: fmt.Errorf("not logged in%s%s", to, hint)}
	}
	return s, cfg, h, nil
}

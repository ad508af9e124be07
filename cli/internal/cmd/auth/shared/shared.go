// Package shared holds what the auth commands share: the optional LOGIN argument, finding
// the accounts kept for the server and one of them, and listing them.
package shared

import (
	"fmt"
	"io"
	"strings"

	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/config"
	"github.com/associateportal/portal/cli/internal/iostreams"
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

// Accounts loads the configuration and the accounts kept for the server; a server without
// any is cmdutil.NotLoggedIn (exit code 4).
func Accounts(server func() (string, string, error), load func() (*config.Config, error)) (string, *config.Config, *config.Host, error) {
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
		return "", nil, nil, cmdutil.NotLoggedIn(s)
	}
	return s, cfg, h, nil
}

// Account returns the account of h (the accounts of server) named login, its login in any
// case or its associate code, or the active one when login is "". A login without an
// account is an error that wraps config.ErrNoAccount and lists the accounts; no active
// account (and no login) is an authentication error.
func Account(h *config.Host, server, login string) (*config.Account, error) {
	if login == "" {
		if a := h.ActiveAccount(); a != nil {
			return a, nil
		}
		return nil, &cmdutil.AuthError{Err: fmt.Errorf("no active account on %s; name one of %s", server, strings.Join(h.Logins(), ", "))}
	}
	if a := h.Find(login); a != nil {
		return a, nil
	}
	return nil, fmt.Errorf("%w %q on %s; logged in: %s", config.ErrNoAccount, login, server, strings.Join(h.Logins(), ", "))
}

// PrintAccounts lists the accounts of h, one a line, the active one marked with * and
// "(active)"; numbered, each line has its number (from 1) for a choice.
func PrintAccounts(w io.Writer, cs *iostreams.ColorScheme, h *config.Host, numbered bool) {
	if h == nil {
		return
	}
	active := h.ActiveAccount()
	for i, a := range h.Accounts {
		num := ""
		if numbered {
			num = fmt.Sprintf("%d. ", i+1)
		}
		if active != nil && a.Login == active.Login {
			fmt.Fprintf(w, "  * %s%s %s\n", num, cs.Bold(a.Label()), cs.Gray("(active)"))
		} else {
			fmt.Fprintf(w, "    %s%s\n", num, a.Label())
		}
	}
}

// Package cmdutil holds what commands share: the Factory, errors and exit codes, the
// --json/--jq/--csv exporter, listing flags (--filter, --order) and value parsing.
package cmdutil

import (
	"github.com/associateportal/portal/cli/internal/config"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/cli/internal/prompter"
	"github.com/associateportal/portal/sdk"
)

// Factory gives commands their dependencies, built lazily so that a command that does not
// talk to the server never reads a token.
type Factory struct {
	AppVersion string
	IOStreams  *iostreams.IOStreams
	Prompter   prompter.Prompter

	// Config loads the saved configuration.
	Config func() (*config.Config, error)

	// ServerOverride is the value of the global --server flag ("" when not given).
	ServerOverride string

	// Server returns the server to talk to (--server, then PORTAL_SERVER, then the saved
	// default) and where that came from; "" when none is known.
	Server func() (server, source string, err error)

	// NewClient returns an SDK client of server without a token, for logging in.
	NewClient func(server string) (*sdk.Client, error)

	// Client returns an SDK client of the effective server with the effective token
	// (PORTAL_TOKEN, then the saved one); an *AuthError when there is no server or no token.
	Client func() (*sdk.Client, error)
}

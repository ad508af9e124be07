// Package factory builds the real cmdutil.Factory of the portal binary.
package factory

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"sync"

	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/config"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/cli/internal/prompter"
	"github.com/associateportal/portal/sdk"
)

// New returns the Factory of a run with the given streams; ctx ends on Ctrl-C.
func New(ctx context.Context, appVersion string, ios *iostreams.IOStreams) *cmdutil.Factory {
	f := &cmdutil.Factory{AppVersion: appVersion, IOStreams: ios, Prompter: prompter.New(ctx, ios)}

	var (
		once   sync.Once
		cfg    *config.Config
		cfgErr error
	)
	f.Config = func() (*config.Config, error) {
		once.Do(func() { cfg, cfgErr = config.Load() })
		return cfg, cfgErr
	}

	f.Server = func() (string, string, error) {
		if s := config.NormalizeServer(f.ServerOverride); s != "" {
			return s, "--server", config.ValidateServer(s)
		}
		if s := config.NormalizeServer(os.Getenv(config.EnvServer)); s != "" {
			return s, config.EnvServer, config.ValidateServer(s)
		}
		c, err := f.Config()
		if err != nil {
			return "", "", err
		}
		if c.Server != "" {
			return c.Server, "config", nil
		}
		return "", "", nil
	}

	userAgent := fmt.Sprintf("portal-cli/%s (%s/%s)", appVersion, runtime.GOOS, runtime.GOARCH)
	retryHook := func(e sdk.RetryEvent) {
		if !ios.IsStderrTTY() {
			return
		}
		why := fmt.Sprintf("HTTP %d", e.Status)
		if e.Err != nil {
			why = e.Err.Error()
		}
		fmt.Fprintf(ios.ErrOut, "%s %s (%s); retrying in %s…\n", ios.ColorScheme().WarningIcon(), e.Method+" "+e.URL, why, e.Wait)
	}

	f.NewClient = func(server string) (*sdk.Client, error) {
		return sdk.New(server, sdk.WithUserAgent(userAgent), sdk.WithRetryHook(retryHook))
	}

	f.Client = func() (*sdk.Client, error) {
		server, _, err := f.Server()
		if err != nil {
			return nil, err
		}
		if server == "" {
			return nil, cmdutil.NotLoggedIn("")
		}
		var store sdk.TokenStore
		if tok := os.Getenv(config.EnvToken); tok != "" {
			store = sdk.NewMemoryTokenStore(tok)
		} else {
			c, err := f.Config()
			if err != nil {
				return nil, err
			}
			a := c.Active(server)
			if a == nil || a.Token == "" {
				return nil, cmdutil.NotLoggedIn(server)
			}
			store = &configTokenStore{cfg: c, server: server, login: a.Login, token: a.Token}
		}
		return sdk.New(server, sdk.WithUserAgent(userAgent), sdk.WithRetryHook(retryHook), sdk.WithTokenStore(store))
	}
	return f
}

// configTokenStore keeps the token of one account of a server in the configuration file, so
// that a renewal (x-token) survives the run.
type configTokenStore struct {
	mu     sync.Mutex
	cfg    *config.Config
	server string
	login  string
	token  string
}

func (s *configTokenStore) Token() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.token
}

func (s *configTokenStore) SetToken(t string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.token = t
	return s.cfg.SetToken(s.server, s.login, t)
}

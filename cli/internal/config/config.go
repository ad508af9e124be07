// Package config reads and writes the CLI's configuration: the default server and, per
// server, the accounts logged in (login and session token) and which one is active. It
// lives in $XDG_CONFIG_HOME/portal/config.json (~/.config/portal/config.json without
// XDG_CONFIG_HOME); the directory is kept 0700 and the file 0600 because it holds tokens.
package config

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// Environment variables that override the saved configuration.
const (
	EnvServer = "PORTAL_SERVER" // the server to talk to
	EnvToken  = "PORTAL_TOKEN"  // the session token to send
	EnvActAs  = "PORTAL_ACT_AS" // the associate a staff member acts for (--as wins over it)
)

// FileName is the name of the configuration file inside Dir().
const FileName = "config.json"

// Account is one login on a server: the login as it was typed, the session token, and who
// the server said it is (to tell the accounts apart and to recognise a login again).
type Account struct {
	Login  string `json:"login"`
	Token  string `json:"token,omitempty"`
	UserID int64  `json:"user_id,omitempty"`
	Name   string `json:"name,omitempty"`
	Code   string `json:"code,omitempty"` // the associate code; none for staff
}

// Label names an account for people: "agent@example.com (Ann Agent, AGT100)".
func (a Account) Label() string {
	var who []string
	if a.Name != "" {
		who = append(who, a.Name)
	}
	if a.Code != "" && !strings.EqualFold(a.Code, a.Login) {
		who = append(who, a.Code)
	}
	if len(who) == 0 {
		return a.Login
	}
	return a.Login + " (" + strings.Join(who, ", ") + ")"
}

// Host is what is saved about one server: its accounts and the login of the active one.
type Host struct {
	Active   string    `json:"active,omitempty"`
	Accounts []Account `json:"accounts,omitempty"`
}

// UnmarshalJSON reads a host, including one saved before several accounts were kept
// ({"login", "token"}): that single account becomes the only, active one, when it has a
// token (the logout of those days left {"login"} alone, which is no account).
func (h *Host) UnmarshalJSON(b []byte) error {
	var raw struct {
		Active   string    `json:"active"`
		Accounts []Account `json:"accounts"`
		Login    string    `json:"login"`
		Token    string    `json:"token"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	h.Active, h.Accounts = raw.Active, raw.Accounts
	if len(h.Accounts) == 0 && raw.Token != "" {
		h.Active, h.Accounts = raw.Login, []Account{{Login: raw.Login, Token: raw.Token}}
	}
	return nil
}

// ActiveAccount returns the active account, nil when there is none.
func (h *Host) ActiveAccount() *Account {
	if h == nil {
		return nil
	}
	if i := h.find(h.Active); i >= 0 {
		return &h.Accounts[i]
	}
	return nil
}

// find returns the index of the account whose login (in any case) or associate code is
// login, -1 when there is none.
func (h *Host) find(login string) int {
	login = strings.TrimSpace(login)
	for i, a := range h.Accounts {
		if strings.EqualFold(a.Login, login) {
			return i
		}
	}
	for i, a := range h.Accounts {
		if a.Code != "" && strings.EqualFold(a.Code, login) {
			return i
		}
	}
	return -1
}

// Find returns the account named login (its login in any case, or its associate code), nil
// when there is none.
func (h *Host) Find(login string) *Account {
	if h == nil {
		return nil
	}
	if i := h.find(login); i >= 0 {
		return &h.Accounts[i]
	}
	return nil
}

// Logins lists the logins of the accounts, in the order they were added.
func (h *Host) Logins() []string {
	if h == nil {
		return nil
	}
	out := make([]string, len(h.Accounts))
	for i, a := range h.Accounts {
		out[i] = a.Login
	}
	return out
}

func (h *Host) clone() *Host {
	cp := *h
	cp.Accounts = append([]Account(nil), h.Accounts...)
	return &cp
}

// Config is the saved configuration.
type Config struct {
	// Server is the default server, the one of the last login.
	Server string           `json:"server,omitempty"`
	Hosts  map[string]*Host `json:"hosts,omitempty"`

	mu   sync.Mutex
	path string
}

// Dir returns the configuration directory: $XDG_CONFIG_HOME/portal, else ~/.config/portal.
func Dir() (string, error) {
	if x := os.Getenv("XDG_CONFIG_HOME"); x != "" {
		return filepath.Join(x, "portal"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("find the configuration directory: %w", err)
	}
	return filepath.Join(home, ".config", "portal"), nil
}

// Load reads the configuration from Dir(); a missing file is an empty configuration.
func Load() (*Config, error) {
	dir, err := Dir()
	if err != nil {
		return nil, err
	}
	return LoadFile(filepath.Join(dir, FileName))
}

// LoadFile reads the configuration at path.
func LoadFile(path string) (*Config, error) {
	c := &Config{path: path}
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return c, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read configuration: %w", err)
	}
	if err := json.Unmarshal(b, c); err != nil {
		return nil, fmt.Errorf("read configuration %s: %w", path, err)
	}
	return c, nil
}

// Path is the file the configuration is saved to.
func (c *Config) Path() string { return c.path }

// Host returns a copy of the saved entry of server, nil when there is none.
func (c *Config) Host(server string) *Host {
	c.mu.Lock()
	defer c.mu.Unlock()
	if h := c.Hosts[NormalizeServer(server)]; h != nil {
		return h.clone()
	}
	return nil
}

// Active returns a copy of the active account of server, nil when there is none.
func (c *Config) Active(server string) *Account {
	c.mu.Lock()
	defer c.mu.Unlock()
	if a := c.Hosts[NormalizeServer(server)].ActiveAccount(); a != nil {
		cp := *a
		return &cp
	}
	return nil
}

// AddAccount saves a for server (without writing the file; see Update) and makes it the
// active account. An account of the same login (in any case) or of the same user is
// replaced; any other is kept beside it.
func (c *Config) AddAccount(server string, a Account) {
	c.mu.Lock()
	defer c.mu.Unlock()
	h := c.host(server)
	i := h.find(a.Login)
	if i < 0 && a.UserID != 0 {
		for j, old := range h.Accounts {
			if old.UserID == a.UserID {
				i = j
			}
		}
	}
	if i >= 0 {
		h.Accounts[i] = a
	} else {
		h.Accounts = append(h.Accounts, a)
	}
	h.Active = a.Login
}

// ErrNoAccount is returned by Switch and RemoveAccount for a login that has no account.
var ErrNoAccount = errors.New("no account")

// Switch makes the account named login (its login in any case, or its associate code) the
// active one of server (without writing the file; see Update) and returns it.
func (c *Config) Switch(server, login string) (*Account, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	h := c.Hosts[NormalizeServer(server)]
	i := -1
	if h != nil {
		i = h.find(login)
	}
	if i < 0 {
		return nil, fmt.Errorf("%w %q on %s", ErrNoAccount, login, NormalizeServer(server))
	}
	a := h.Accounts[i]
	h.Active = a.Login
	return &a, nil
}

// RemoveAccount forgets the account named login of server (without writing the file; see
// Update); the server's entry goes with its last account. When the account was the active
// one and others are left, the first of them becomes active and is returned; otherwise
// next is nil (the active account did not change, or none is left).
func (c *Config) RemoveAccount(server, login string) (next *Account, err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	server = NormalizeServer(server)
	h := c.Hosts[server]
	i := -1
	if h != nil {
		i = h.find(login)
	}
	if i < 0 {
		return nil, fmt.Errorf("%w %q on %s", ErrNoAccount, login, server)
	}
	wasActive := h.find(h.Active) == i
	h.Accounts = append(h.Accounts[:i], h.Accounts[i+1:]...)
	if len(h.Accounts) == 0 {
		delete(c.Hosts, server)
		return nil, nil
	}
	if !wasActive {
		return nil, nil
	}
	h.Active = h.Accounts[0].Login
	a := h.Accounts[0]
	return &a, nil
}

// SetToken replaces the token of the account login of server and writes the file (a
// renewed session token), through Update: what other runs saved meanwhile is kept, and an
// account removed meanwhile stays removed.
func (c *Config) SetToken(server, login, token string) error {
	return c.Update(func(c *Config) error {
		if a := c.Hosts[NormalizeServer(server)].Find(login); a != nil {
			a.Token = token
		}
		return nil
	})
}

// host returns the entry of server, made when there is none; c.mu is held.
func (c *Config) host(server string) *Host {
	server = NormalizeServer(server)
	if c.Hosts == nil {
		c.Hosts = map[string]*Host{}
	}
	h := c.Hosts[server]
	if h == nil {
		h = &Host{}
		c.Hosts[server] = h
	}
	return h
}

// Update changes the configuration file, safe against other runs of portal changing it at
// the same time (a login in one terminal while a long portal tui renews its token, say). It
// takes an advisory lock on a lock file beside the file (config.json.lock), reads the file
// again, applies fn to what it read, and writes the result atomically (a temporary file
// renamed over the file; the directory 0700, the file 0600). fn must make its changes on
// the *Config it is given; when it fails nothing is written. Once written, c holds the
// saved configuration.
func (c *Config) Update(fn func(*Config) error) error {
	c.mu.Lock()
	path := c.path
	c.mu.Unlock()
	if path == "" {
		dir, err := Dir()
		if err != nil {
			return err
		}
		path = filepath.Join(dir, FileName)
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("save configuration: %w", err)
	}
	_ = os.Chmod(dir, 0o700)
	unlock, err := lockFile(path + ".lock")
	if err != nil {
		return fmt.Errorf("lock configuration: %w", err)
	}
	defer unlock()

	fresh, err := LoadFile(path)
	if err != nil {
		return err
	}
	if err := fn(fresh); err != nil {
		return err
	}
	if err := writeFile(path, fresh); err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.path, c.Server, c.Hosts = path, fresh.Server, fresh.Hosts
	return nil
}

// writeFile writes c to path atomically, mode 0600; the caller holds the lock.
func writeFile(path string, c *Config) error {
	c.mu.Lock()
	b, err := json.MarshalIndent(c, "", "  ")
	c.mu.Unlock()
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".config-*.json")
	if err != nil {
		return fmt.Errorf("save configuration: %w", err)
	}
	defer func() { _ = os.Remove(tmp.Name()) }()
	if err := tmp.Chmod(0o600); err != nil {
		_ = tmp.Close()
		return fmt.Errorf("save configuration: %w", err)
	}
	if _, err := tmp.Write(append(b, '\n')); err != nil {
		_ = tmp.Close()
		return fmt.Errorf("save configuration: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("save configuration: %w", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("save configuration: %w", err)
	}
	return nil
}

// NormalizeServer trims spaces and trailing slashes so that equal servers compare equal.
func NormalizeServer(s string) string {
	return strings.TrimRight(strings.TrimSpace(s), "/")
}

// ValidateServer checks that s is an http(s) URL.
func ValidateServer(s string) error {
	if !strings.HasPrefix(s, "http://") && !strings.HasPrefix(s, "https://") {
		return fmt.Errorf("server %q must start with http:// or https://", s)
	}
	return nil
}

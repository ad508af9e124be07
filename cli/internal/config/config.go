// Package config reads and writes the CLI's configuration: the default server and, per
// server, the login and session token. It lives in $XDG_CONFIG_HOME/portal/config.json
// (~/.config/portal/config.json without XDG_CONFIG_HOME); the directory is kept 0700 and the
// file 0600 because it holds tokens.
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
)

// FileName is the name of the configuration file inside Dir().
const FileName = "config.json"

// Host is what is saved about one server.
type Host struct {
	Login string `json:"login,omitempty"`
	Token string `json:"token,omitempty"`
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

// Host returns the saved entry of server, nil when there is none.
func (c *Config) Host(server string) *Host {
	c.mu.Lock()
	defer c.mu.Unlock()
	if h := c.Hosts[NormalizeServer(server)]; h != nil {
		cp := *h
		return &cp
	}
	return nil
}

// SetHost saves login and token for server (without writing the file).
func (c *Config) SetHost(server string, h Host) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.Hosts == nil {
		c.Hosts = map[string]*Host{}
	}
	c.Hosts[NormalizeServer(server)] = &h
}

// SetToken replaces the token saved for server and writes the file.
func (c *Config) SetToken(server, token string) error {
	c.mu.Lock()
	server = NormalizeServer(server)
	if c.Hosts == nil {
		c.Hosts = map[string]*Host{}
	}
	h := c.Hosts[server]
	if h == nil {
		h = &Host{}
		c.Hosts[server] = h
	}
	h.Token = token
	c.mu.Unlock()
	return c.Save()
}

// Save writes the configuration atomically, the directory 0700 and the file 0600.
func (c *Config) Save() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.path == "" {
		dir, err := Dir()
		if err != nil {
			return err
		}
		c.path = filepath.Join(dir, FileName)
	}
	dir := filepath.Dir(c.path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("save configuration: %w", err)
	}
	_ = os.Chmod(dir, 0o700)
	b, err := json.MarshalIndent(c, "", "  ")
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, ".config-*.json")
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
	if err := os.Rename(tmp.Name(), c.path); err != nil {
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

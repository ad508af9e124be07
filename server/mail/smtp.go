package mail

import (
	"context"
	"crypto/tls"
	"fmt"
	"net"
	"net/url"
	"strconv"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// TLSMode is how an SMTP connection is encrypted.
type TLSMode int

// TLS modes. The zero value is the safe one.
const (
	// StartTLSMandatory upgrades with STARTTLS and sends nothing when the server cannot.
	StartTLSMandatory TLSMode = iota
	// StartTLSOpportunistic upgrades with STARTTLS when the server offers it.
	StartTLSOpportunistic
	// NoTLS never encrypts (a relay on the same host).
	NoTLS
	// ImplicitTLS speaks TLS from the first byte (smtps://, port 465).
	ImplicitTLS
)

var tlsModeNames = map[TLSMode]string{
	StartTLSMandatory: "mandatory", StartTLSOpportunistic: "opportunistic", NoTLS: "none",
}

// auths are the SASL mechanisms the auth parameter may name.
var auths = map[string]gomail.SMTPAuthType{
	"plain":         gomail.SMTPAuthPlain,
	"login":         gomail.SMTPAuthLogin,
	"cram-md5":      gomail.SMTPAuthCramMD5,
	"scram-sha-1":   gomail.SMTPAuthSCRAMSHA1,
	"scram-sha-256": gomail.SMTPAuthSCRAMSHA256,
}

// DefaultTimeout bounds each step of an SMTP conversation (connect, each command).
const DefaultTimeout = 15 * time.Second

// Config configures the SMTP sender. ParseURL fills it from one URL; From may be set
// after (from its own flag).
type Config struct {
	Host     string
	Port     int // 587, or 465 with ImplicitTLS, when 0
	Username string
	Password string
	TLS      TLSMode
	// Auth names the SASL mechanism ("plain", "login", "cram-md5", "scram-sha-1",
	// "scram-sha-256"). Empty picks the strongest the server offers, and never one that
	// sends the password in clear over an unencrypted connection.
	Auth string
	// From is the sender of every message; its domain is the right side of Message-IDs.
	From Address
	// Timeout bounds each step of a conversation: DefaultTimeout when 0. A context's
	// deadline, when sooner, bounds it too.
	Timeout time.Duration
	// TLSConfig sets the trusted roots (a private CA, a test's certificate); nil trusts the
	// system's. Its ServerName defaults to Host.
	TLSConfig *tls.Config
}

// ParseURL reads an SMTP configuration from a URL:
//
//	smtp://user:password@host:587?from=Portal%20%3Cno-reply@example.com%3E
//	smtps://user:password@host             (TLS from the first byte; port 465)
//	smtp://relay.internal:25?starttls=none (no credentials, no TLS)
//
// The user name and password are percent-encoded. Parameters: from (the sender address),
// starttls (mandatory, the default with credentials; opportunistic, the default without;
// none), timeout (a Go duration: 30s) and auth (see Config.Auth). Every error is a
// *ConfigError and never holds the password.
func ParseURL(raw string) (Config, error) {
	if strings.TrimSpace(raw) == "" {
		return Config{}, &ConfigError{Reason: "the SMTP URL is empty"}
	}
	u, err := url.Parse(raw)
	if err != nil {
		// url's own message quotes the whole URL, password and all.
		return Config{}, &ConfigError{Reason: "the SMTP URL is not a URL of the form smtp://user:password@host:port " +
			"(percent-encode / ? # @ : in the user name and password)"}
	}
	if u.User == nil && hasStrayAt(u) {
		// "smtp://u:pa/ss@host" parses as host u, port pa and a path: the port, path or
		// query would show a piece of the password.
		return Config{}, &ConfigError{Reason: "the SMTP URL's user name or password holds a character that must be " +
			"percent-encoded (/ ? # @ :)"}
	}
	bad := func(format string, args ...any) (Config, error) {
		return Config{}, &ConfigError{URL: display(u), Reason: fmt.Sprintf(format, args...)}
	}
	var c Config
	switch strings.ToLower(u.Scheme) {
	case "smtp":
	case "smtps":
		c.TLS = ImplicitTLS
	default:
		return bad("the scheme must be smtp or smtps")
	}
	if u.Opaque != "" || (u.Path != "" && u.Path != "/") || u.Fragment != "" {
		return bad("only smtp://user:password@host:port?parameters is understood (no path)")
	}
	if c.Host = u.Hostname(); c.Host == "" {
		return bad("the host is missing")
	}
	if p := u.Port(); p != "" {
		if c.Port, err = strconv.Atoi(p); err != nil || c.Port < 1 || c.Port > 65535 {
			return bad("the port must be a number from 1 to 65535")
		}
	}
	if u.User != nil {
		c.Username = u.User.Username()
		c.Password, _ = u.User.Password()
		if c.Username == "" || c.Password == "" {
			return bad("give both a user name and a password, or neither")
		}
	}
	if c.TLS != ImplicitTLS && c.Username == "" {
		c.TLS = StartTLSOpportunistic
	}
	q, err := url.ParseQuery(u.RawQuery)
	if err != nil {
		return bad("the parameters are not percent-encoded correctly")
	}
	for k, vs := range q {
		if len(vs) != 1 {
			return bad("the parameter %s is given %d times", k, len(vs))
		}
		if err := c.param(k, vs[0]); err != nil {
			return bad("%s", err.Error())
		}
	}
	return c, nil
}

// param applies one URL parameter.
func (c *Config) param(k, v string) error {
	switch k {
	case "from":
		a, err := ParseAddress(v)
		if err != nil {
			return fmt.Errorf("from=%q is not an address", v)
		}
		c.From = a
	case "starttls":
		if c.TLS == ImplicitTLS {
			return fmt.Errorf("starttls does not apply to smtps (TLS from the first byte)")
		}
		for m, name := range tlsModeNames {
			if strings.EqualFold(v, name) {
				c.TLS = m
				return nil
			}
		}
		return fmt.Errorf("starttls=%q: use mandatory, opportunistic or none", v)
	case "timeout":
		d, err := time.ParseDuration(v)
		if err != nil || d < time.Second || d > 10*time.Minute {
			return fmt.Errorf("timeout=%q: use a duration from 1s to 10m, such as 30s", v)
		}
		c.Timeout = d
	case "auth":
		if _, ok := auths[strings.ToLower(v)]; !ok {
			return fmt.Errorf("auth=%q: use plain, login, cram-md5, scram-sha-1 or scram-sha-256", v)
		}
		if c.Username == "" {
			return fmt.Errorf("auth needs a user name and a password")
		}
		c.Auth = strings.ToLower(v)
	default:
		// The name is not echoed: in a mangled URL it may be a piece of the password.
		return fmt.Errorf("unknown parameter (known: from, starttls, timeout, auth)")
	}
	return nil
}

// hasStrayAt reports an @ where a URL without user info should have none: in the path,
// the fragment, a parameter's name, or a parameter other than from.
func hasStrayAt(u *url.URL) bool {
	if strings.Contains(u.Opaque+u.Path+u.Fragment+u.Host, "@") {
		return true
	}
	q, err := url.ParseQuery(u.RawQuery)
	if err != nil {
		return strings.Contains(u.RawQuery, "@")
	}
	for k, vs := range q {
		if strings.Contains(k, "@") || (k != "from" && strings.Contains(strings.Join(vs, ""), "@")) {
			return true
		}
	}
	return false
}

// display shows a parsed URL's scheme, user, host and port, the password as xxxxx, and
// nothing else.
func display(u *url.URL) string {
	d := url.URL{Scheme: u.Scheme, Host: u.Host}
	if u.User != nil {
		d.User = url.UserPassword(u.User.Username(), "xxxxx")
	}
	return d.String()
}

// String is the configuration as a URL, the password shown as xxxxx: for a start-up log.
func (c Config) String() string {
	u := url.URL{Scheme: "smtp", Host: net.JoinHostPort(c.Host, strconv.Itoa(c.port()))}
	q := url.Values{}
	if c.TLS == ImplicitTLS {
		u.Scheme = "smtps"
	} else {
		q.Set("starttls", tlsModeNames[c.TLS])
	}
	if c.Username != "" {
		u.User = url.UserPassword(c.Username, "xxxxx")
	}
	if c.From.Address != "" {
		q.Set("from", c.From.String())
	}
	if c.Auth != "" {
		q.Set("auth", c.Auth)
	}
	if c.Timeout != 0 {
		q.Set("timeout", c.Timeout.String())
	}
	u.RawQuery = q.Encode()
	return u.String()
}

// GoString is String, so that %#v does not print the password either.
func (c Config) GoString() string { return c.String() }

func (c Config) port() int {
	switch {
	case c.Port != 0:
		return c.Port
	case c.TLS == ImplicitTLS:
		return 465
	}
	return 587
}

// SMTP sends through an SMTP server with go-mail, one connection per message.
type SMTP struct {
	cfg  Config
	tls  *tls.Config
	opts []gomail.Option
	now  func() time.Time
}

var _ Sender = (*SMTP)(nil)

// NewSMTP checks a configuration and builds the sender; it does not connect (Check does).
// A missing sender address or a setting go-mail refuses is a *ConfigError.
func NewSMTP(cfg Config) (*SMTP, error) {
	bad := func(format string, args ...any) (*SMTP, error) {
		return nil, &ConfigError{Reason: fmt.Sprintf(format, args...)}
	}
	if cfg.Host == "" {
		return bad("the SMTP host is missing")
	}
	if cfg.From.Address == "" {
		return bad("the sender address is missing (add ?from=… to the SMTP URL)")
	}
	if err := cfg.From.check("sender"); err != nil {
		return bad("the sender address %q is not an address", cfg.From.Address)
	}
	if (cfg.Username == "") != (cfg.Password == "") {
		return bad("give both a user name and a password, or neither")
	}
	if cfg.Timeout == 0 {
		cfg.Timeout = DefaultTimeout
	}
	tc := &tls.Config{}
	if cfg.TLSConfig != nil {
		tc = cfg.TLSConfig.Clone()
	}
	if tc.ServerName == "" {
		tc.ServerName = cfg.Host
	}
	tc.MinVersion = max(tc.MinVersion, tls.VersionTLS12)
	opts := []gomail.Option{gomail.WithPort(cfg.port()), gomail.WithTLSConfig(tc)}
	switch cfg.TLS {
	case ImplicitTLS:
		// The dialer speaks TLS from the first byte; go-mail sees a TLS connection, which
		// the server does not offer to upgrade again.
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSOpportunistic))
	case StartTLSMandatory:
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
	case StartTLSOpportunistic:
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSOpportunistic))
	case NoTLS:
		opts = append(opts, gomail.WithTLSPolicy(gomail.NoTLS))
	default:
		return bad("unknown TLS mode %d", cfg.TLS)
	}
	if cfg.Username != "" {
		mech := gomail.SMTPAuthAutoDiscover
		if cfg.Auth != "" {
			m, ok := auths[strings.ToLower(cfg.Auth)]
			if !ok {
				return bad("unknown auth mechanism %q", cfg.Auth)
			}
			mech = m
		}
		opts = append(opts, gomail.WithSMTPAuth(mech), gomail.WithUsername(cfg.Username), gomail.WithPassword(cfg.Password))
	}
	s := &SMTP{cfg: cfg, tls: tc, opts: opts, now: time.Now}
	if _, err := s.client(cfg.Timeout, &conn{}); err != nil {
		return bad("%v", err)
	}
	return s, nil
}

// conn dials one conversation's connection and keeps it, so that it is closed however the
// conversation ends (go-mail leaves it open when EHLO, STARTTLS or AUTH fails) and as soon
// as the caller's context is done.
type conn struct {
	ctx      context.Context
	implicit *tls.Config // TLS from the first byte, or nil
	c        net.Conn
	stop     func() bool
}

func (d *conn) dial(ctx context.Context, network, addr string) (net.Conn, error) {
	var nd net.Dialer
	c, err := nd.DialContext(ctx, network, addr)
	if err != nil {
		return nil, err
	}
	if d.implicit != nil {
		tc := tls.Client(c, d.implicit)
		if err := tc.HandshakeContext(ctx); err != nil {
			_ = c.Close()
			return nil, err
		}
		c = tc
	}
	d.c = c
	d.stop = context.AfterFunc(d.ctx, func() { _ = c.Close() })
	return c, nil
}

func (d *conn) close() {
	if d.c != nil {
		d.stop()
		_ = d.c.Close()
	}
}

// client builds a go-mail client for one conversation. go-mail applies the timeout to the
// connect and again to every command.
func (s *SMTP) client(timeout time.Duration, d *conn) (*gomail.Client, error) {
	return gomail.NewClient(s.cfg.Host, append(s.opts, gomail.WithTimeout(timeout), gomail.WithDialContextFunc(d.dial))...)
}

// open starts a conversation's client under a context: the configured timeout, or less
// when the context's deadline is sooner.
func (s *SMTP) open(ctx context.Context) (*gomail.Client, *conn, error) {
	t := s.cfg.Timeout
	if dl, ok := ctx.Deadline(); ok {
		t = min(t, time.Until(dl))
	}
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	if t <= 0 {
		return nil, nil, context.DeadlineExceeded
	}
	d := &conn{ctx: ctx}
	if s.cfg.TLS == ImplicitTLS {
		d.implicit = s.tls
	}
	c, err := s.client(t, d)
	return c, d, err
}

// Send delivers one message: connect, TLS, AUTH, MAIL, RCPT, DATA, QUIT. A message the
// server accepted is sent, even when closing the connection fails afterwards. An invalid
// message is an ErrInvalid error; a failed delivery a *SendError that says whether it is
// permanent.
func (s *SMTP) Send(ctx context.Context, m Message) error {
	msg, err := m.build(s.cfg.From, s.now())
	if err != nil {
		return err
	}
	id := m.MessageID(s.cfg.From)
	c, d, err := s.open(ctx)
	if err != nil {
		return &SendError{MessageID: id, Err: err}
	}
	defer d.close()
	if err := c.DialAndSendWithContext(ctx, msg); err != nil {
		if msg.IsDelivered() {
			return nil
		}
		return classify(id, err)
	}
	return nil
}

// Check connects, says hello, starts TLS and authenticates as a send would, then quits:
// a start-up check that the configuration works. Its errors are *SendError.
func (s *SMTP) Check(ctx context.Context) error {
	c, d, err := s.open(ctx)
	if err != nil {
		return &SendError{Err: err}
	}
	defer d.close()
	sc, err := c.DialToSMTPClientWithContext(ctx)
	if err != nil {
		return classify("", err)
	}
	if err := c.CloseWithSMTPClient(sc); err != nil {
		return classify("", err)
	}
	return nil
}

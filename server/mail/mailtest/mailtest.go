// Package mailtest is a real SMTP server (emersion/go-smtp) started in-process for tests:
// it records every message it accepts, and Parse reads one back as a receiver would.
package mailtest

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"errors"
	"io"
	"log"
	"math/big"
	"mime"
	"mime/multipart"
	"net"
	netmail "net/mail"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// Options shape the in-process SMTP server.
type Options struct {
	User, Pass  string          // both set: AUTH PLAIN is offered and required
	StartTLS    *tls.Config     // offers STARTTLS with this configuration
	ImplicitTLS *tls.Config     // speaks TLS from the first byte
	MailErr     *smtp.SMTPError // the answer to MAIL FROM
	RcptErr     *smtp.SMTPError // the answer to RCPT TO
	DataErr     *smtp.SMTPError // the answer after DATA
	Insecure    bool            // allows AUTH without TLS
	Stall       *Stall          // holds the answer to RCPT TO
}

// stall holds a conversation: reached gets a value when RCPT TO arrives, and the answer
// waits until release is closed.
type Stall struct {
	Reached chan struct{} // buffered
	Release chan struct{}
}

// Delivery is one message the server accepted.
type Delivery struct {
	From string
	To   []string
	User string // who authenticated, "" when nobody did
	TLS  bool   // whether the session was encrypted
	Data []byte
}

// server is a real SMTP server (emersion/go-smtp) on 127.0.0.1 that records every
// message it accepts.
type Server struct {
	Addr string
	Port string
	opts Options

	mu  sync.Mutex
	got []Delivery
}

// Start starts a server that the test's end stops.
func Start(t testing.TB, o Options) *Server {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if o.ImplicitTLS != nil {
		ln = tls.NewListener(ln, o.ImplicitTLS)
	}
	s := &Server{Addr: ln.Addr().String(), opts: o}
	_, s.Port, _ = net.SplitHostPort(s.Addr)
	srv := smtp.NewServer(smtp.BackendFunc(func(c *smtp.Conn) (smtp.Session, error) {
		_, isTLS := c.TLSConnectionState()
		return &session{s: s, tls: isTLS}, nil
	}))
	srv.Domain = "localhost"
	srv.ReadTimeout, srv.WriteTimeout = 10*time.Second, 10*time.Second
	srv.TLSConfig = o.StartTLS
	srv.AllowInsecureAuth = o.Insecure
	srv.ErrorLog = log.New(io.Discard, "", 0)
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = srv.Serve(ln)
	}()
	t.Cleanup(func() {
		_ = srv.Close()
		// Serve registers the listener when it starts; one that has not started yet
		// would miss Close, so the listener is closed here as well.
		_ = ln.Close()
		<-done
	})
	return s
}

// Deliveries answers what the server has accepted so far. A send returns after the server
// answered the end of DATA, so what it accepted is here by then.
func (s *Server) Deliveries() []Delivery {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Delivery(nil), s.got...)
}

type session struct {
	s    *Server
	tls  bool
	user string
	from string
	to   []string
}

var _ smtp.AuthSession = (*session)(nil)

func (ss *session) AuthMechanisms() []string {
	if ss.s.opts.User == "" {
		return nil
	}
	return []string{sasl.Plain}
}

func (ss *session) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, user, pass string) error {
		if user != ss.s.opts.User || pass != ss.s.opts.Pass {
			return smtp.ErrAuthFailed
		}
		ss.user = user
		return nil
	}), nil
}

func (ss *session) Mail(from string, _ *smtp.MailOptions) error {
	if ss.s.opts.User != "" && ss.user == "" {
		return smtp.ErrAuthRequired
	}
	if e := ss.s.opts.MailErr; e != nil {
		return e
	}
	ss.from = from
	return nil
}

func (ss *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	if st := ss.s.opts.Stall; st != nil {
		st.Reached <- struct{}{}
		<-st.Release
	}
	if e := ss.s.opts.RcptErr; e != nil {
		return e
	}
	ss.to = append(ss.to, to)
	return nil
}

func (ss *session) Data(r io.Reader) error {
	b, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	if e := ss.s.opts.DataErr; e != nil {
		return e
	}
	ss.s.mu.Lock()
	defer ss.s.mu.Unlock()
	ss.s.got = append(ss.s.got, Delivery{From: ss.from, To: ss.to, User: ss.user, TLS: ss.tls, Data: b})
	return nil
}

func (ss *session) Reset() { ss.from, ss.to = "", nil }

func (ss *session) Logout() error { return nil }

// TLS makes a self-signed certificate for 127.0.0.1: the server's configuration and
// the roots a client must trust.
func TLS(t testing.TB) (*tls.Config, *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "mail test"},
		IPAddresses:           []net.IP{net.IPv4(127, 0, 0, 1)},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(time.Hour),
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AddCert(cert)
	return &tls.Config{Certificates: []tls.Certificate{{Certificate: [][]byte{der}, PrivateKey: key}}}, pool
}

// Parsed is a message read back with the standard library alone.
type Parsed struct {
	Header netmail.Header
	Text   string
	HTML   string
}

// parse reads a message as a receiver would: the headers, then the text/plain and
// text/html parts of its multipart/alternative body, decoded.
func Parse(t testing.TB, raw []byte) Parsed {
	t.Helper()
	msg, err := netmail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("ReadMessage: %v\n%s", err, raw)
	}
	p := Parsed{Header: msg.Header}
	mt, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err != nil {
		t.Fatalf("Content-Type: %v", err)
	}
	if mt != "multipart/alternative" {
		t.Fatalf("Content-Type %s, want multipart/alternative", mt)
	}
	mr := multipart.NewReader(msg.Body, params["boundary"])
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("NextPart: %v", err)
		}
		ct, cp, err := mime.ParseMediaType(part.Header.Get("Content-Type"))
		if err != nil {
			t.Fatalf("part Content-Type: %v", err)
		}
		if !strings.EqualFold(cp["charset"], "utf-8") {
			t.Errorf("%s charset %q, want UTF-8", ct, cp["charset"])
		}
		b, err := io.ReadAll(part) // quoted-printable is decoded by the reader
		if err != nil {
			t.Fatalf("read %s: %v", ct, err)
		}
		switch ct {
		case "text/plain":
			p.Text = string(b)
		case "text/html":
			p.HTML = string(b)
		default:
			t.Errorf("unexpected part %s", ct)
		}
	}
	if p.Text == "" || p.HTML == "" {
		t.Fatalf("want a text/plain and a text/html part; text %q, html %q", p.Text, p.HTML)
	}
	return p
}

// DecodeHeader decodes an RFC 2047 header value.
func DecodeHeader(t testing.TB, h netmail.Header, name string) string {
	t.Helper()
	var dec mime.WordDecoder
	s, err := dec.DecodeHeader(h.Get(name))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return s
}

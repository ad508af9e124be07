package mail_test

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

// serverOpts shape the in-process SMTP server.
type serverOpts struct {
	user, pass  string          // both set: AUTH PLAIN is offered and required
	startTLS    *tls.Config     // offers STARTTLS with this configuration
	implicitTLS *tls.Config     // speaks TLS from the first byte
	mailErr     *smtp.SMTPError // the answer to MAIL FROM
	rcptErr     *smtp.SMTPError // the answer to RCPT TO
	dataErr     *smtp.SMTPError // the answer after DATA
	insecure    bool            // allows AUTH without TLS
	stall       *stall          // holds the answer to RCPT TO
}

// stall holds a conversation: reached gets a value when RCPT TO arrives, and the answer
// waits until release is closed.
type stall struct {
	reached chan struct{} // buffered
	release chan struct{}
}

// delivery is one message the server accepted.
type delivery struct {
	From string
	To   []string
	User string // who authenticated, "" when nobody did
	TLS  bool   // whether the session was encrypted
	Data []byte
}

// server is a real SMTP server (emersion/go-smtp) on 127.0.0.1 that records every
// message it accepts.
type server struct {
	Addr string
	Port string
	opts serverOpts

	mu  sync.Mutex
	got []delivery
}

// startServer starts a server that the test's end stops.
func startServer(t *testing.T, o serverOpts) *server {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if o.implicitTLS != nil {
		ln = tls.NewListener(ln, o.implicitTLS)
	}
	s := &server{Addr: ln.Addr().String(), opts: o}
	_, s.Port, _ = net.SplitHostPort(s.Addr)
	srv := smtp.NewServer(smtp.BackendFunc(func(c *smtp.Conn) (smtp.Session, error) {
		_, isTLS := c.TLSConnectionState()
		return &session{s: s, tls: isTLS}, nil
	}))
	srv.Domain = "localhost"
	srv.ReadTimeout, srv.WriteTimeout = 10*time.Second, 10*time.Second
	srv.TLSConfig = o.startTLS
	srv.AllowInsecureAuth = o.insecure
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
func (s *server) Deliveries() []delivery {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]delivery(nil), s.got...)
}

type session struct {
	s    *server
	tls  bool
	user string
	from string
	to   []string
}

var _ smtp.AuthSession = (*session)(nil)

func (ss *session) AuthMechanisms() []string {
	if ss.s.opts.user == "" {
		return nil
	}
	return []string{sasl.Plain}
}

func (ss *session) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, user, pass string) error {
		if user != ss.s.opts.user || pass != ss.s.opts.pass {
			return smtp.ErrAuthFailed
		}
		ss.user = user
		return nil
	}), nil
}

func (ss *session) Mail(from string, _ *smtp.MailOptions) error {
	if ss.s.opts.user != "" && ss.user == "" {
		return smtp.ErrAuthRequired
	}
	if e := ss.s.opts.mailErr; e != nil {
		return e
	}
	ss.from = from
	return nil
}

func (ss *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	if st := ss.s.opts.stall; st != nil {
		st.reached <- struct{}{}
		<-st.release
	}
	if e := ss.s.opts.rcptErr; e != nil {
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
	if e := ss.s.opts.dataErr; e != nil {
		return e
	}
	ss.s.mu.Lock()
	defer ss.s.mu.Unlock()
	ss.s.got = append(ss.s.got, delivery{From: ss.from, To: ss.to, User: ss.user, TLS: ss.tls, Data: b})
	return nil
}

func (ss *session) Reset() { ss.from, ss.to = "", nil }

func (ss *session) Logout() error { return nil }

// testTLS makes a self-signed certificate for 127.0.0.1: the server's configuration and
// the roots a client must trust.
func testTLS(t *testing.T) (*tls.Config, *x509.CertPool) {
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

// parsed is a message read back with the standard library alone.
type parsed struct {
	Header netmail.Header
	Text   string
	HTML   string
}

// parse reads a message as a receiver would: the headers, then the text/plain and
// text/html parts of its multipart/alternative body, decoded.
func parse(t *testing.T, raw []byte) parsed {
	t.Helper()
	msg, err := netmail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("ReadMessage: %v\n%s", err, raw)
	}
	p := parsed{Header: msg.Header}
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

// decodeHeader decodes an RFC 2047 header value.
func decodeHeader(t *testing.T, h netmail.Header, name string) string {
	t.Helper()
	var dec mime.WordDecoder
	s, err := dec.DecodeHeader(h.Get(name))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return s
}

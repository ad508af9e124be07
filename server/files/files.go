// Package files is the file host of portald: storage behind an interface (local disk by
// default), HMAC-signed expiring URLs, type sniffing from content and SVG sanitising.
package files

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Storage keeps file contents by id. Disk is the default; S3-compatible storage can
// replace it.
type Storage interface {
	Put(ctx context.Context, id string, r io.Reader) (int64, error)
	Open(ctx context.Context, id string) (io.ReadCloser, error)
	// Delete removes a file's content; a file already gone is no error.
	Delete(ctx context.Context, id string) error
}

// Disk stores files under a directory, two levels of fan-out by id.
type Disk struct{ Dir string }

var idPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{8,64}$`)

func (d Disk) path(id string) (string, error) {
	if !idPattern.MatchString(id) {
		return "", errors.New("files: bad id")
	}
	return filepath.Join(d.Dir, id[:2], id), nil
}

// Put writes a file atomically (temp file and rename).
func (d Disk) Put(_ context.Context, id string, r io.Reader) (int64, error) {
	p, err := d.path(id)
	if err != nil {
		return 0, err
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o750); err != nil {
		return 0, err
	}
	f, err := os.CreateTemp(filepath.Dir(p), ".upload-*")
	if err != nil {
		return 0, err
	}
	n, err := io.Copy(f, r)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), p)
	}
	if err != nil {
		_ = os.Remove(f.Name())
		return 0, err
	}
	return n, nil
}

// Delete removes a stored file; one already gone is no error.
func (d Disk) Delete(_ context.Context, id string) error {
	p, err := d.path(id)
	if err != nil {
		return err
	}
	if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return nil
}

// Open reads a stored file.
func (d Disk) Open(_ context.Context, id string) (io.ReadCloser, error) {
	p, err := d.path(id)
	if err != nil {
		return nil, err
	}
	return os.Open(p)
}

// NewID is a fresh random file id (22 URL-safe characters).
func NewID() string {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// Signer makes and checks signed URLs of the file host.
type Signer struct {
	Key  []byte
	Base string // the path prefix of the file host, e.g. /api/files/
	Now  func() time.Time
}

func (s Signer) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

func (s Signer) mac(method, name string, expires int64) string {
	m := hmac.New(sha256.New, s.Key)
	fmt.Fprintf(m, "%s\n%s\n%d", method, name, expires)
	return hex.EncodeToString(m.Sum(nil))
}

// URL is a signed URL allowing one method on a file name for ttl.
func (s Signer) URL(method, name string, ttl time.Duration) string {
	return s.URLUntil(method, name, s.now().Add(ttl))
}

// CacheableUntil is when the cacheable links made at now expire (URLUntil): midnight UTC
// after the next, between 24 and 48 hours away, so that a day's links are all the same.
func CacheableUntil(now time.Time) time.Time {
	return now.UTC().Truncate(24 * time.Hour).Add(48 * time.Hour)
}

// URLUntil is URL with the expiry a fixed time: URLs made until then are the same, so
// that a browser may cache what they lead to (photos).
func (s Signer) URLUntil(method, name string, expires time.Time) string {
	exp := expires.Unix()
	q := url.Values{"expires": {strconv.FormatInt(exp, 10)}, "signature": {s.mac(method, name, exp)}}
	return s.Base + name + "?" + q.Encode()
}

// Errors of Verify.
var (
	ErrExpired   = errors.New("The link has expired")
	ErrSignature = errors.New("The link is not valid")
)

// Verify checks a signature for a method and name.
func (s Signer) Verify(method, name string, expires int64, signature string) error {
	if !hmac.Equal([]byte(signature), []byte(s.mac(method, name, expires))) {
		return ErrSignature
	}
	if s.now().Unix() > expires {
		return ErrExpired
	}
	return nil
}

// Types the host accepts, sniffed from content.
const (
	TypeJPEG = "image/jpeg"
	TypePNG  = "image/png"
	TypeWebP = "image/webp"
	TypePDF  = "application/pdf"
	TypeCSV  = "text/csv"
	TypeXLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
	TypeSVG  = "image/svg+xml"
)

// Sniff tells the type of content from its first bytes (up to 512): jpg, png, webp,
// pdf, xlsx, svg or csv; "" for anything else.
func Sniff(head []byte) string {
	switch {
	case bytes.HasPrefix(head, []byte("\xFF\xD8\xFF")):
		return TypeJPEG
	case bytes.HasPrefix(head, []byte("\x89PNG\r\n\x1a\n")):
		return TypePNG
	case len(head) >= 12 && bytes.Equal(head[:4], []byte("RIFF")) && bytes.Equal(head[8:12], []byte("WEBP")):
		return TypeWebP
	case bytes.HasPrefix(head, []byte("%PDF-")):
		return TypePDF
	case bytes.HasPrefix(head, []byte("PK\x03\x04")):
		// An OOXML package; the content checks of Sanitize/Validate confirm it is a workbook.
		return TypeXLSX
	}
	text := bytes.TrimLeft(head, "\xEF\xBB\xBF \t\r\n")
	if bytes.HasPrefix(text, []byte("<")) {
		if looksLikeSVG(text) {
			return TypeSVG
		}
		return ""
	}
	if isCSV(head) {
		return TypeCSV
	}
	return ""
}

func looksLikeSVG(b []byte) bool {
	s := strings.ToLower(string(b))
	return strings.Contains(s, "<svg")
}

func isCSV(b []byte) bool {
	if len(b) == 0 || http.DetectContentType(b) != "text/plain; charset=utf-8" {
		return false
	}
	return bytes.ContainsAny(b, ",;\t\n")
}

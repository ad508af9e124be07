package files_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/associateportal/portal/server/files"
)

func TestSniff(t *testing.T) {
	workbook := zipOf(t, "[Content_Types].xml", "_rels/.rels", "xl/workbook.xml")
	tests := []struct {
		name string
		head []byte
		want string
	}{
		{"jpeg", []byte("\xFF\xD8\xFF\xE0\x00\x10JFIF\x00\x01"), files.TypeJPEG},
		{"png", []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), files.TypePNG},
		{"webp", []byte("RIFF\x24\x00\x00\x00WEBPVP8 \x18\x00\x00\x00"), files.TypeWebP},
		{"avi is RIFF but not webp", []byte("RIFF\x24\x00\x00\x00AVI LIST"), ""},
		{"short RIFF", []byte("RIFF\x24\x00"), ""},
		{"pdf", []byte("%PDF-1.7\n%\xE2\xE3\xCF\xD3\n"), files.TypePDF},
		{"xlsx", workbook[:min(512, len(workbook))], files.TypeXLSX},
		{"svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg" width="10"></svg>`), files.TypeSVG},
		{"svg with declaration", []byte(`<?xml version="1.0" encoding="UTF-8"?>` + "\n" + `<svg xmlns="http://www.w3.org/2000/svg"/>`), files.TypeSVG},
		{"svg after BOM and blanks", []byte("\xEF\xBB\xBF \r\n\t<svg/>"), files.TypeSVG},
		{"svg in capitals", []byte("<SVG></SVG>"), files.TypeSVG},
		{"html", []byte("<!DOCTYPE html><html><body>hi</body></html>"), ""},
		{"xml that is not svg", []byte(`<?xml version="1.0"?><note>a,b</note>`), ""},
		{"csv", []byte("first_name,last_name\r\nAnn,Lee\r\n"), files.TypeCSV},
		{"csv with BOM", []byte("\xEF\xBB\xBFfirst_name;last_name\nAnn;Lee\n"), files.TypeCSV},
		{"tab separated", []byte("a\tb\n1\t2"), files.TypeCSV},
		{"utf-8 csv", []byte("nom,ville\nZoë,Montréal\n"), files.TypeCSV},
		{"one word", []byte("hello"), ""},
		{"gif", []byte("GIF89a\x01\x00\x01\x00"), ""},
		{"binary", []byte{0, 1, 2, 3, ',', '\n'}, ""},
		{"empty", nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := files.Sniff(tt.head); got != tt.want {
				t.Errorf("Sniff(%q) = %q, want %q", tt.head, got, tt.want)
			}
		})
	}
}

func TestSignerURLVerifies(t *testing.T) {
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	s := files.Signer{Key: []byte("0123456789abcdef0123456789abcdef"), Base: "/api/files/", Now: func() time.Time { return now }}
	raw := s.URL("GET", "AbCdEfGh12_-.webp", 15*time.Minute)

	u, err := url.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	if u.Path != "/api/files/AbCdEfGh12_-.webp" {
		t.Errorf("path = %q, want /api/files/AbCdEfGh12_-.webp", u.Path)
	}
	exp, err := strconv.ParseInt(u.Query().Get("expires"), 10, 64)
	if err != nil {
		t.Fatalf("expires: %v", err)
	}
	if want := now.Add(15 * time.Minute).Unix(); exp != want {
		t.Errorf("expires = %d, want %d", exp, want)
	}
	sig := u.Query().Get("signature")
	if !regexp.MustCompile(`^[0-9a-f]{64}$`).MatchString(sig) {
		t.Errorf("signature %q is not 64 hex digits", sig)
	}

	other := s
	other.Key = []byte("another key of thirty-two bytes!")
	flipped := []byte(sig)
	flipped[10] ^= 1
	later := func(d time.Duration) files.Signer {
		l := s
		l.Now = func() time.Time { return now.Add(d) }
		return l
	}
	tests := []struct {
		name      string
		signer    files.Signer
		method    string
		file      string
		expires   int64
		signature string
		want      error
	}{
		{"as signed", s, "GET", "AbCdEfGh12_-.webp", exp, sig, nil},
		{"at the last second", later(15 * time.Minute), "GET", "AbCdEfGh12_-.webp", exp, sig, nil},
		{"expired", later(15*time.Minute + time.Second), "GET", "AbCdEfGh12_-.webp", exp, sig, files.ErrExpired},
		{"expired and tampered", later(time.Hour), "GET", "AbCdEfGh12_-.webp", exp + 3600, sig, files.ErrSignature},
		{"another name", s, "GET", "AbCdEfGh12_-.png", exp, sig, files.ErrSignature},
		{"another method", s, "PUT", "AbCdEfGh12_-.webp", exp, sig, files.ErrSignature},
		{"lowercase method", s, "get", "AbCdEfGh12_-.webp", exp, sig, files.ErrSignature},
		{"later expiry", s, "GET", "AbCdEfGh12_-.webp", exp + 1, sig, files.ErrSignature},
		{"tampered signature", s, "GET", "AbCdEfGh12_-.webp", exp, string(flipped), files.ErrSignature},
		{"signature in capitals", s, "GET", "AbCdEfGh12_-.webp", exp, strings.ToUpper(sig), files.ErrSignature},
		{"truncated signature", s, "GET", "AbCdEfGh12_-.webp", exp, sig[:63], files.ErrSignature},
		{"no signature", s, "GET", "AbCdEfGh12_-.webp", exp, "", files.ErrSignature},
		{"another key", other, "GET", "AbCdEfGh12_-.webp", exp, sig, files.ErrSignature},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.signer.Verify(tt.method, tt.file, tt.expires, tt.signature)
			if !errors.Is(err, tt.want) {
				t.Errorf("Verify = %v, want %v", err, tt.want)
			}
		})
	}
}

func TestSignerWallClock(t *testing.T) {
	s := files.Signer{Key: []byte("k"), Base: "/f/"}
	u, err := url.Parse(s.URL("PUT", "name0001", time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	exp, _ := strconv.ParseInt(u.Query().Get("expires"), 10, 64)
	if err := s.Verify("PUT", "name0001", exp, u.Query().Get("signature")); err != nil {
		t.Errorf("Verify with the wall clock: %v", err)
	}
	past := s.URL("PUT", "name0001", -time.Minute)
	u, _ = url.Parse(past)
	exp, _ = strconv.ParseInt(u.Query().Get("expires"), 10, 64)
	if err := s.Verify("PUT", "name0001", exp, u.Query().Get("signature")); !errors.Is(err, files.ErrExpired) {
		t.Errorf("Verify of a URL that expired a minute ago = %v, want ErrExpired", err)
	}
}

func TestCacheableUntil(t *testing.T) {
	// Every link of a UTC day expires at once, midnight after the next; a zone changes nothing.
	want := time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC)
	toronto := time.FixedZone("EST", -5*3600)
	for _, now := range []time.Time{
		time.Date(2026, 11, 28, 0, 0, 0, 0, time.UTC),
		time.Date(2026, 11, 28, 23, 59, 59, 999999999, time.UTC),
		time.Date(2026, 11, 28, 18, 30, 0, 0, toronto), // 23:30 UTC
	} {
		got := files.CacheableUntil(now)
		if !got.Equal(want) {
			t.Errorf("CacheableUntil(%v) = %v, want %v", now, got, want)
		}
		if d := got.Sub(now); d <= 24*time.Hour || d > 48*time.Hour {
			t.Errorf("CacheableUntil(%v) is %v away, want (24h, 48h]", now, d)
		}
	}
	if got := files.CacheableUntil(time.Date(2026, 11, 29, 0, 0, 0, 0, time.UTC)); !got.Equal(want.Add(24 * time.Hour)) {
		t.Errorf("the next day's links: %v", got)
	}
}

func TestDiskRoundTrip(t *testing.T) {
	ctx := context.Background()
	d := files.Disk{Dir: t.TempDir()}
	id := files.NewID()
	content := bytes.Repeat([]byte("signature\x00\xff"), 10_000)

	n, err := d.Put(ctx, id, bytes.NewReader(content))
	if err != nil {
		t.Fatalf("Put: %v", err)
	}
	if n != int64(len(content)) {
		t.Errorf("Put wrote %d bytes, want %d", n, len(content))
	}
	if _, err := os.Stat(filepath.Join(d.Dir, id[:2], id)); err != nil {
		t.Errorf("file not fanned out by the first two characters: %v", err)
	}
	if got := readAll(t, d, id); !bytes.Equal(got, content) {
		t.Errorf("Open read %d bytes that differ from the %d put", len(got), len(content))
	}

	if _, err := d.Put(ctx, id, strings.NewReader("second")); err != nil {
		t.Fatalf("Put again: %v", err)
	}
	if got := readAll(t, d, id); string(got) != "second" {
		t.Errorf("after a second Put, Open = %q, want %q", got, "second")
	}

	if _, err := d.Open(ctx, files.NewID()); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Open of an unknown id = %v, want fs.ErrNotExist", err)
	}
}

func readAll(t *testing.T, d files.Disk, id string) []byte {
	t.Helper()
	r, err := d.Open(context.Background(), id)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer func() { _ = r.Close() }()
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

type failingReader struct{ n int }

func (r *failingReader) Read(p []byte) (int, error) {
	if r.n == 0 {
		return 0, errors.New("connection reset")
	}
	r.n--
	return copy(p, "partial"), nil
}

func TestDiskFailedPutLeavesNothing(t *testing.T) {
	ctx := context.Background()
	d := files.Disk{Dir: t.TempDir()}
	id := files.NewID()
	if _, err := d.Put(ctx, id, &failingReader{n: 3}); err == nil {
		t.Fatal("Put of a failing reader succeeded")
	}
	if _, err := d.Open(ctx, id); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Open after a failed Put = %v, want fs.ErrNotExist", err)
	}
	left, err := os.ReadDir(filepath.Join(d.Dir, id[:2]))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range left {
		t.Errorf("left behind: %s", e.Name())
	}
}

func TestDiskRefusesBadIDs(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	d := files.Disk{Dir: filepath.Join(dir, "store")}
	for _, id := range []string{
		"", "short", "../../../etc/passwd", "..%2f..%2fx", "abc/defghij", `abc\defghij`, "abcdefgh.png",
		"abcdefgh ", "abcdéfgh", strings.Repeat("a", 65), "abcd\x00efgh",
	} {
		t.Run(id, func(t *testing.T) {
			if _, err := d.Put(ctx, id, strings.NewReader("x")); err == nil {
				t.Errorf("Put(%q) succeeded", id)
			}
			if r, err := d.Open(ctx, id); err == nil {
				_ = r.Close()
				t.Errorf("Open(%q) succeeded", id)
			}
		})
	}
	if _, err := os.Stat(d.Dir); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a refused id created the storage directory: %v", err)
	}
	for _, id := range []string{"abcdefgh", strings.Repeat("Z", 64), "a-b_c-d_"} {
		if _, err := d.Put(ctx, id, strings.NewReader("x")); err != nil {
			t.Errorf("Put(%q): %v", id, err)
		}
	}
}

func TestNewID(t *testing.T) {
	shape := regexp.MustCompile(`^[A-Za-z0-9_-]{22}$`)
	seen := map[string]bool{}
	for range 10_000 {
		id := files.NewID()
		if !shape.MatchString(id) {
			t.Fatalf("NewID() = %q, want 22 URL-safe characters", id)
		}
		if seen[id] {
			t.Fatalf("NewID() repeated %q", id)
		}
		seen[id] = true
	}
}

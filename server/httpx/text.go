package httpx

import (
	"bytes"
	"errors"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/go-faster/jx"
)

// Messages of the text check.
const (
	msgBadText = "The value is not valid text: it must be UTF-8 without NUL characters"
	msgBadName = "The name is not valid text: it must be UTF-8 without NUL characters"
)

// validText is the one check of text encoding at the edge of the API: a query parameter
// (name or value) or a string of a JSON body (key or value) that is not valid UTF-8, or
// that holds a NUL character, answers 422 naming the parameter or field. PostgreSQL
// refuses such text (22021) and nothing of the portal can store or match it, so it stops
// here, before any handler sees it, whatever the operation.
//
// The body is read once, up to the body limit set before, and handed on as read: the
// operation decodes the same bytes, and meets the same read error (an oversized body is
// still a 413 there). A body that is not JSON is left for the operation to refuse.
func validText(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !isAPIPath(r.URL.Path) {
			next.ServeHTTP(w, r)
			return
		}
		if field, msg, ok := queryText(r.URL.RawQuery); !ok {
			writeFieldError(w, field, msg)
			return
		}
		if r.Body != nil && r.Body != http.NoBody && isJSON(r.Header.Get("Content-Type")) {
			body, err := io.ReadAll(r.Body)
			r.Body = replay{Reader: bytes.NewReader(body), err: err}
			if err == nil {
				if field, msg, ok := jsonText(body); !ok {
					writeFieldError(w, field, msg)
					return
				}
			}
		}
		next.ServeHTTP(w, r)
	})
}

// replay gives back a body that was read: its bytes, then the error that ended the read.
type replay struct {
	*bytes.Reader
	err error
}

func (r replay) Read(p []byte) (int, error) {
	n, err := r.Reader.Read(p)
	if err == io.EOF && r.err != nil {
		return n, r.err
	}
	return n, err
}

func (replay) Close() error { return nil }

func isJSON(contentType string) bool {
	mt, _, err := mime.ParseMediaType(contentType)
	return err == nil && (mt == "application/json" || strings.HasSuffix(mt, "+json"))
}

// goodText reports whether s is text the portal can store: UTF-8 without NUL.
func goodText(s string) bool { return utf8.ValidString(s) && strings.IndexByte(s, 0) < 0 }

// goodBytes is goodText of bytes.
func goodBytes(b []byte) bool { return utf8.Valid(b) && bytes.IndexByte(b, 0) < 0 }

// printable is a name as an error may show it: invalid bytes and NUL as U+FFFD.
func printable(s string) string {
	return strings.ReplaceAll(strings.ToValidUTF8(s, "\uFFFD"), "\x00", "\uFFFD")
}

// queryText checks every parameter of a raw query string. It answers the first parameter
// whose name or value is not good text, and a message; ok when all are good. A name or
// value that is not valid URL encoding is left to the operation, which refuses it itself.
func queryText(rawQuery string) (field, msg string, ok bool) {
	for part := range strings.SplitSeq(rawQuery, "&") {
		if part == "" {
			continue
		}
		rawKey, rawVal, _ := strings.Cut(part, "=")
		key, err := url.QueryUnescape(rawKey)
		if err != nil {
			key = rawKey
		}
		if !goodText(key) {
			return printable(key), msgBadName, false
		}
		if val, err := url.QueryUnescape(rawVal); err == nil && !goodText(val) {
			return key, msgBadText, false
		}
	}
	return "", "", true
}

// jsonText checks every string of a JSON document, keys included. It answers the first
// field (`name`, `address.city`, `lines[2]`; `body` for the document itself) whose key or
// value is not good text; ok when all are good, and when the document is not JSON at all
// (the operation answers that itself).
func jsonText(body []byte) (field, msg string, ok bool) {
	if goodBytes(body) && !bytes.Contains(body, []byte(`\u0000`)) {
		return "", "", true // nothing can decode to bad text: the common case, without decoding
	}
	w := textWalk{}
	if err := w.walk(jx.DecodeBytes(body), "", 0); err != nil || w.field == "" {
		return "", "", true
	}
	return w.field, w.msg, false
}

// textWalk finds the first bad string of a document; it reads the whole document so that
// a document that is not JSON is left alone.
type textWalk struct{ field, msg string }

// maxDepth bounds the nesting the walk follows (ogen's decoder refuses deeper documents).
const maxDepth = 128

func (w *textWalk) walk(d *jx.Decoder, at string, depth int) error {
	if depth > maxDepth {
		return errTooDeep
	}
	switch d.Next() {
	case jx.String:
		s, err := d.StrBytes()
		if err != nil {
			return err
		}
		if !goodBytes(s) {
			w.bad(at, msgBadText)
		}
		return nil
	case jx.Object:
		return d.ObjBytes(func(d *jx.Decoder, key []byte) error {
			name := printable(string(key))
			if at != "" {
				name = at + "." + name
			}
			if !goodBytes(key) {
				w.bad(name, msgBadName)
			}
			return w.walk(d, name, depth+1)
		})
	case jx.Array:
		i := 0
		return d.Arr(func(d *jx.Decoder) error {
			err := w.walk(d, at+"["+strconv.Itoa(i)+"]", depth+1)
			i++
			return err
		})
	default:
		return d.Skip()
	}
}

func (w *textWalk) bad(at, msg string) {
	if w.field != "" {
		return
	}
	if at == "" {
		at = "body"
	}
	w.field, w.msg = at, msg
}

var errTooDeep = errors.New("the document is nested too deeply")

// writeFieldError writes the contract's 422 Error body with one field error.
func writeFieldError(w http.ResponseWriter, field, msg string) {
	WriteError(w, http.StatusUnprocessableEntity, "Validation error", FieldError{field, msg})
}

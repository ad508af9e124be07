package httpx

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"unicode/utf8"
)

type textError struct {
	Status  int    `json:"status"`
	Message string `json:"message"`
	Errors  []struct {
		Field   string `json:"field"`
		Message string `json:"message"`
	} `json:"errors"`
}

// A query parameter or a JSON string that is not UTF-8, or holds NUL, answers 422 naming
// the parameter or field before any handler runs; good text, bodies that are not JSON and
// the web app's paths go on untouched, and the handler reads the body as it was sent.
func TestValidText(t *testing.T) {
	var got []byte
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		got, _ = io.ReadAll(r.Body)
		_, _ = w.Write([]byte("ok"))
	})
	for _, tc := range []struct {
		name, path, contentType, body string
		field                         string // "" for a request that reaches the handler
	}{
		{"a good query", "/api/clients?search_keyword=caf%C3%A9&filter%5Bstate%5D%5Bin%5D%5B%5D=TX", "", "", ""},
		{"NUL in a value", "/api/search/associates?search_keyword=a%00b", "", "", "search_keyword"},
		{"invalid UTF-8 in a value", "/api/search/associates?search_keyword=%ff", "", "", "search_keyword"},
		{"a cut UTF-8 sequence", "/api/search/associates?include[]=%C3", "", "", "include[]"},
		{"a bracketed filter", "/api/clients?filter%5Bcity%5D%5Beq%5D=%00", "", "", "filter[city][eq]"},
		{"NUL in a name", "/api/clients?a%00b=1", "", "", "a\uFFFDb"},
		{"invalid UTF-8 in a name", "/api/clients?%fe=1", "", "", "\uFFFD"},
		{"bad URL encoding is the operation's", "/api/clients?search_keyword=%zz", "", "", ""},
		{"the web app is not checked", "/clients?q=%00", "", "", ""},
		{"a good body", "/api/clients", "application/json", `{"first_name":"Zoë","notes":"a\nb"}`, ""},
		{"NUL escaped in a body", "/api/clients", "application/json", `{"first_name":"A\u0000"}`, "first_name"},
		{"raw NUL in a body is not JSON: the operation's", "/api/clients", "application/json", "{\"first_name\":\"A\x00\"}", ""},
		{"invalid UTF-8 in a body", "/api/clients", "application/json; charset=utf-8", "{\"last_name\":\"\xff\"}", "last_name"},
		{"a nested field", "/api/x", "application/json", `{"a":{"b":[1,"ok","\u0000"]}}`, "a.b[2]"},
		{"a bad key", "/api/x", "application/json", "{\"\xff\":1}", "\uFFFD"},
		{"an escaped NUL key", "/api/x", "application/json", `{"a\u0000":1}`, "a\uFFFD"},
		{"a bare string", "/api/x", "application/json", `"\u0000"`, "body"},
		{"an escaped backslash is not NUL", "/api/x", "application/json", `{"a":"\\u0000"}`, ""},
		{"a lone surrogate decodes to U+FFFD", "/api/x", "application/json", `{"a":"\ud800"}`, ""},
		{"a body that is not JSON is the operation's", "/api/x", "application/json", "{\"a\":\"\xff\"", ""},
		{"an upload is not JSON", "/api/files/x", "application/octet-stream", "\x00\xff", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got = nil
			method, body := "GET", io.Reader(nil)
			if tc.contentType != "" {
				method, body = "POST", strings.NewReader(tc.body)
			}
			req, err := http.NewRequest(method, srv.URL+tc.path, body)
			if err != nil {
				t.Fatal(err)
			}
			if tc.contentType != "" {
				req.Header.Set("Content-Type", tc.contentType)
			}
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			raw, _ := io.ReadAll(res.Body)
			if tc.field == "" {
				if res.StatusCode != 200 || string(got) != tc.body {
					t.Fatalf("%d %s; the handler read %q, want %q", res.StatusCode, raw, got, tc.body)
				}
				return
			}
			var e textError
			if err := json.Unmarshal(raw, &e); err != nil {
				t.Fatalf("%d: not an Error body: %v: %s", res.StatusCode, err, raw)
			}
			if res.StatusCode != 422 || e.Status != 422 || e.Message != "Validation error" || len(e.Errors) != 1 ||
				e.Errors[0].Field != tc.field || e.Errors[0].Message == "" {
				t.Fatalf("%d %s, want 422 naming %q", res.StatusCode, raw, tc.field)
			}
			if got != nil {
				t.Fatalf("the handler ran and read %q", got)
			}
		})
	}
}

// A body over the limit reaches the handler as the same failed read (which the API
// answers 413), not as a shorter body.
func TestValidTextKeepsReadErrors(t *testing.T) {
	var readErr error
	var n int
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		b, err := io.ReadAll(r.Body)
		n, readErr = len(b), err
	})
	body := `{"notes":"` + strings.Repeat("a", 2<<20) + `"}`
	res, err := http.Post(srv.URL+"/api/clients", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	var tooBig *http.MaxBytesError
	if !errors.As(readErr, &tooBig) || n != 1<<20 {
		t.Fatalf("read %d bytes and %v, want the limit and a MaxBytesError", n, readErr)
	}
}

func FuzzQueryText(f *testing.F) {
	for _, q := range []string{"", "a=1&b=2", "search_keyword=a%00b", "x=%ff", "%fe=1", "a=%zz&b=%00", "filter%5Bx%5D%5Beq%5D=%C3", "include[]=%C3%A9", "&&=&", "a+b=c+d"} {
		f.Add(q)
	}
	f.Fuzz(func(t *testing.T, q string) {
		field, msg, ok := queryText(q)
		if !ok {
			if msg == "" || !utf8.ValidString(field) || strings.IndexByte(field, 0) >= 0 {
				t.Fatalf("refused %q naming %q: %q", q, field, msg)
			}
			return
		}
		for part := range strings.SplitSeq(q, "&") {
			k, v, _ := strings.Cut(part, "=")
			for _, s := range []string{k, v} {
				if u, err := url.QueryUnescape(s); err == nil && !goodText(u) {
					t.Fatalf("accepted %q, whose %q is %q", q, s, u)
				}
			}
		}
	})
}

func FuzzJSONText(f *testing.F) {
	for _, b := range []string{`{}`, `{"a":"b"}`, `{"a":"\u0000"}`, "{\"a\":\"\xff\"}", `[1,"x",{"y":null}]`, `"\ud800"`,
		`{"a":{"b":[true,false,"\u0000"]}}`, `{"a\u0000":1}`, `{"a":"\\u0000"}`, `{bad`, ``, `[[[[[[["\u0000"]]]]]]]`} {
		f.Add([]byte(b))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		field, msg, ok := jsonText(body)
		if !ok {
			if msg == "" || field == "" || !utf8.ValidString(field) || strings.IndexByte(field, 0) >= 0 {
				t.Fatalf("refused %q naming %q: %q", body, field, msg)
			}
			return
		}
		// What the standard decoder reads of an accepted document holds no NUL (it turns
		// invalid UTF-8 into U+FFFD, so only NUL can be checked through it).
		var v any
		d := json.NewDecoder(bytes.NewReader(body))
		if d.Decode(&v) != nil || d.More() {
			return
		}
		if holdsNUL(v) {
			t.Fatalf("accepted %q, which holds NUL", body)
		}
	})
}

func holdsNUL(v any) bool {
	switch v := v.(type) {
	case string:
		return strings.IndexByte(v, 0) >= 0
	case []any:
		for _, x := range v {
			if holdsNUL(x) {
				return true
			}
		}
	case map[string]any:
		for k, x := range v {
			if holdsNUL(k) || holdsNUL(x) {
				return true
			}
		}
	}
	return false
}

package httpx

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"time"
)

// notBuilt is served when portald was compiled without a web build.
const notBuilt = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Associate Portal</title></head>
<body style="font-family:system-ui;margin:4rem auto;max-width:40rem"><h1>Associate Portal</h1>
<p>The API is running at <code>/api</code>, but this portald was built without the web app.
Run <code>make run</code> (or <code>make build</code>) to build it in.</p></body></html>`

// encodings are the precompressed copies the build writes beside a file (web/scripts/
// precompress.mjs), best first.
var encodings = []struct{ name, ext string }{{"br", ".br"}, {"gzip", ".gz"}}

// SPA serves the built web app: files as they are (hashed assets cached for a year),
// and index.html for every other path so that the client router takes over. A file with
// a precompressed copy (.br, .gz) is sent compressed to a client that accepts it.
func SPA(dist fs.FS) http.Handler {
	index, err := fs.ReadFile(dist, "index.html")
	if err != nil {
		index = []byte(notBuilt)
	}
	indexGz := gzipped(index)
	started := time.Now()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			WriteError(w, http.StatusMethodNotAllowed, "Method not allowed")
			return
		}
		w.Header().Add("Vary", "Accept-Encoding")
		name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
		if name != "" && name != "index.html" {
			if st, err := fs.Stat(dist, name); err == nil && !st.IsDir() {
				if strings.HasPrefix(name, "assets/") {
					w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
				} else {
					w.Header().Set("Cache-Control", "no-cache")
				}
				serveFile(w, r, dist, name, st)
				return
			}
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		body := index
		if accepts(r, "gzip") {
			w.Header().Set("Content-Encoding", "gzip")
			body = indexGz
		}
		http.ServeContent(w, r, "index.html", started, bytes.NewReader(body))
	})
}

// serveFile sends name, or its precompressed copy when the client accepts that encoding.
func serveFile(w http.ResponseWriter, r *http.Request, dist fs.FS, name string, st fs.FileInfo) {
	ctype := mime.TypeByExtension(path.Ext(name))
	if ctype == "" {
		ctype = "application/octet-stream"
	}
	w.Header().Set("Content-Type", ctype)
	for _, e := range encodings {
		if !accepts(r, e.name) {
			continue
		}
		if data, err := fs.ReadFile(dist, name+e.ext); err == nil {
			w.Header().Set("Content-Encoding", e.name)
			http.ServeContent(w, r, name, st.ModTime(), bytes.NewReader(data))
			return
		}
	}
	data, err := fs.ReadFile(dist, name)
	if err != nil {
		WriteError(w, http.StatusInternalServerError, "The file cannot be read")
		return
	}
	http.ServeContent(w, r, name, st.ModTime(), bytes.NewReader(data))
}

// accepts reports whether the request's Accept-Encoding allows enc: named with a q above
// 0, or, when not named, covered by a `*` with a q above 0.
func accepts(r *http.Request, enc string) bool {
	named, star := "", ""
	for part := range strings.SplitSeq(r.Header.Get("Accept-Encoding"), ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		q := strings.ReplaceAll(strings.TrimSpace(params), " ", "")
		if q == "" {
			q = "q=1"
		}
		switch name = strings.TrimSpace(name); {
		case strings.EqualFold(name, enc):
			named = q
		case name == "*":
			star = q
		}
	}
	q := cmp.Or(named, star)
	return q != "" && q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
}

func gzipped(b []byte) []byte {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	_, _ = zw.Write(b)
	_ = zw.Close()
	return buf.Bytes()
}

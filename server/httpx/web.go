package httpx

import (
	"io/fs"
	"net/http"
	"path"
	"strings"
)

// notBuilt is served when portald was compiled without a web build.
const notBuilt = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Associate Portal</title></head>
<body style="font-family:system-ui;margin:4rem auto;max-width:40rem"><h1>Associate Portal</h1>
<p>The API is running at <code>/api</code>, but this portald was built without the web app.
Run <code>make run</code> (or <code>make build</code>) to build it in.</p></body></html>`

// SPA serves the built web app: files as they are (hashed assets cached for a year),
// and index.html for every other path so that the client router takes over.
func SPA(dist fs.FS) http.Handler {
	index, err := fs.ReadFile(dist, "index.html")
	if err != nil {
		index = []byte(notBuilt)
	}
	files := http.FileServerFS(dist)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			WriteError(w, http.StatusMethodNotAllowed, "Method not allowed")
			return
		}
		name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
		if name != "" && name != "index.html" {
			if st, err := fs.Stat(dist, name); err == nil && !st.IsDir() {
				if strings.HasPrefix(name, "assets/") {
					w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
				} else {
					w.Header().Set("Cache-Control", "no-cache")
				}
				files.ServeHTTP(w, r)
				return
			}
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		_, _ = w.Write(index)
	})
}

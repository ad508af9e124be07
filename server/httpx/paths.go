package httpx

import (
	"net/http"
	"path"
	"strings"
)

// cleanAPIPaths answers 404 in the contract's Error shape for an API path with an empty or
// dot segment (`/api//clients`, `/api/clients/../access`, `//api/clients`) and for `/api`
// itself. net/http's ServeMux would answer those with an HTML redirect to the cleaned path
// (307, or 301 for `/api`), which a client of the API neither expects nor should follow:
// no operation of the contract lives at such a path. Paths of the web app keep the
// redirect.
func cleanAPIPaths(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if p := r.URL.Path; p == "/api" || !isCleanPath(p) && (isAPIPath(p) || isAPIPath(cleanPath(p))) {
			WriteError(w, http.StatusNotFound, "No API operation at "+r.Method+" "+p)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// isAPIPath reports whether p is under the API's base path.
func isAPIPath(p string) bool { return p == "/api" || strings.HasPrefix(p, "/api/") }

// isCleanPath reports whether ServeMux would take p as it is: no empty, `.` or `..` segment
// (a trailing slash is kept).
func isCleanPath(p string) bool { return cleanPath(p) == p }

// cleanPath is the path ServeMux redirects to: path.Clean, keeping a trailing slash.
func cleanPath(p string) string {
	if p == "" {
		return "/"
	}
	if p[0] != '/' {
		p = "/" + p
	}
	np := path.Clean(p)
	if p[len(p)-1] == '/' && np != "/" {
		np += "/"
	}
	return np
}

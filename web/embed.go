// Package web holds the built web app (web/dist), embedded into portald.
package web

import "embed"

// Dist is the output of `npm run build`. Without a build it holds only .keep and
// portald answers the web routes with a page that says how to build it.
//
//go:embed all:dist
var Dist embed.FS

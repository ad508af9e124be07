// Package app assembles portald: the API handler, the file host, the web app and the
// middleware, over a pool. main and the in-process test server both use it.
package app

import (
	"context"
	ferrors "github.com/go-faster/errors"
	"io/fs"
	"log/slog"
	"net/http"
	"path/filepath"
	"time"

	"github.com/associateportal/portal/server/api"
	"github.com/associateportal/portal/server/auth"
	"github.com/associateportal/portal/server/cardpay"
	"github.com/associateportal/portal/server/event"
	"github.com/associateportal/portal/server/files"
	"github.com/associateportal/portal/server/httpx"
	"github.com/associateportal/portal/server/jobs"
	"github.com/associateportal/portal/server/secret"
	"github.com/associateportal/portal/server/store"
	"github.com/associateportal/portal/web"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Limits of request bodies.
const (
	MaxBody   = 1 << 20  // JSON bodies
	MaxUpload = 10 << 20 // file uploads
)

// Options assemble the application.
type Options struct {
	Pool       *pgxpool.Pool
	Keys       *secret.Keys
	DataDir    string // files live under DataDir/files
	Log        *slog.Logger
	TrustProxy bool
	// LoginMemory is the memory budget of the password checks running at once, in bytes
	// (64 MiB each); beyond it a login waits up to LoginWait, then answers 429. Zero
	// values take auth.DefaultHashBudget and auth.DefaultHashWait.
	LoginMemory int64
	LoginWait   time.Duration
	// BodyTimeout and UploadTimeout bound the time to read a JSON body and an upload;
	// zero values take httpx.DefaultBodyTimeout and httpx.DefaultUploadTimeout.
	BodyTimeout   time.Duration
	UploadTimeout time.Duration
	Report        func(ctx context.Context, err error)
	OnPanic       func(ctx context.Context, v any)
	// Pay takes card payments for the store; nil turns checkout off.
	Pay *cardpay.Gateway
	// Web is the built web app; nil uses the embedded build.
	Web fs.FS
}

// New builds the whole HTTP handler of portald and the API handler inside it.
func New(o Options) (http.Handler, *api.Handler, error) {
	// ogen reports every absent optional parameter as an error internally; capturing a
	// stack frame for each cost a tenth of a list request. Our errors never show frames.
	ferrors.DisableTrace()
	st := store.New(o.Pool)
	mailer, err := jobs.NewMailer(o.Pool, o.Keys)
	if err != nil {
		return nil, nil, err
	}
	st.SetMailer(mailer)
	h := &api.Handler{
		Store:   st,
		Files:   files.Disk{Dir: filepath.Join(o.DataDir, "files")},
		Signer:  files.Signer{Key: o.Keys.Derive("files"), Base: "/api/files/"},
		Log:     o.Log,
		Report:  o.Report,
		Hashing: auth.NewBudget(o.LoginMemory, o.LoginWait),
		SSOKey:  o.Keys.Derive("sso"),
		Tickets: event.Tickets{Key: o.Keys.Derive("event-ticket")},
		Keys:    o.Keys,
		Pay:     o.Pay,
	}
	srv, err := h.Server()
	if err != nil {
		return nil, nil, err
	}
	dist := o.Web
	if dist == nil {
		dist, err = fs.Sub(web.Dist, "dist")
		if err != nil {
			return nil, nil, err
		}
	}
	mux := http.NewServeMux()
	mux.Handle("/api/", httpx.Compress(srv))
	mux.Handle("/", httpx.SPA(dist))
	return httpx.Wrap(mux, httpx.Options{Log: o.Log, TrustProxy: o.TrustProxy, MaxBody: MaxBody, MaxUpload: MaxUpload,
		BodyTimeout: o.BodyTimeout, UploadTimeout: o.UploadTimeout, OnPanic: o.OnPanic}), h, nil
}

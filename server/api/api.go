// Package api implements the contract (oas.Handler) over the store: thin handlers that
// translate oas types to the domain and back. One file per operation group.
package api

import (
	"context"
	metricnoop "go.opentelemetry.io/otel/metric/noop"
	tracenoop "go.opentelemetry.io/otel/trace/noop"
	"log/slog"
	"time"

	"github.com/associateportal/portal/sdk/oas"
	"github.com/associateportal/portal/server/auth"
	"github.com/associateportal/portal/server/cardpay"
	"github.com/associateportal/portal/server/errs"
	"github.com/associateportal/portal/server/event"
	"github.com/associateportal/portal/server/files"
	"github.com/associateportal/portal/server/httpx"
	"github.com/associateportal/portal/server/secret"
	"github.com/associateportal/portal/server/store"
)

// Handler is the one implementation of the contract.
type Handler struct {
	Store  *store.Store
	Files  files.Storage
	Signer files.Signer
	Log    *slog.Logger
	Now    func() time.Time
	// Hashing bounds the memory of the password checks running at once (logins); nil
	// does not bound it.
	Hashing *auth.Budget
	// Jobs is told when approvals or lapses were written, to drain them now; optional (the
	// engine's periodic sweep takes them up anyway).
	Jobs interface {
		PolicyEventsWritten(ctx context.Context) error
		StripeEventsWritten(ctx context.Context) error
	}
	// Pay takes card payments (Stripe, or stripe-mock in demo mode); nil: the store's
	// checkout answers 503.
	Pay *cardpay.Gateway
	// PublicURL is where people reach the web app (scheme, host and any path prefix): the
	// links in mail and SSO answers start with it, never with a request's Host header.
	PublicURL string
	// SSOKey signs SSO tokens.
	SSOKey []byte
	// Tickets signs and checks event tickets (the QR codes of registrations).
	Tickets event.Tickets
	// Keys seal secrets at rest (bank account numbers).
	Keys *secret.Keys
	// Report sends unexpected errors to error reporting (Sentry); optional.
	Report func(ctx context.Context, err error)
}

var (
	_ oas.Handler         = (*Handler)(nil)
	_ oas.SecurityHandler = (*Handler)(nil)
)

func (h *Handler) now() time.Time {
	if h.Now != nil {
		return h.Now()
	}
	return time.Now()
}

// policyEventsWritten kicks the engine after an approval or a lapse committed. A failed
// kick is logged, not answered: the change is saved and the sweep will take it up.
func (h *Handler) policyEventsWritten(ctx context.Context) {
	if h.Jobs == nil {
		return
	}
	if err := h.Jobs.PolicyEventsWritten(context.WithoutCancel(ctx)); err != nil && h.Log != nil {
		h.Log.Warn("could not enqueue the compensation engine; the sweep will take the event up", "err", err.Error())
	}
}

// stripeEventsWritten kicks the job that applies Stripe's events after one was stored; a
// failed kick is logged, and the sweep takes the event up.
func (h *Handler) stripeEventsWritten(ctx context.Context) {
	if h.Jobs == nil {
		return
	}
	if err := h.Jobs.StripeEventsWritten(context.WithoutCancel(ctx)); err != nil && h.Log != nil {
		h.Log.Warn("could not enqueue the Stripe events job; the sweep will take the event up", "err", err.Error())
	}
}

// Server builds the ogen server with our error paths and the access table (access.go).
func (h *Handler) Server() (*oas.Server, error) {
	return oas.NewServer(h, h,
		oas.WithPathPrefix("/api"),
		oas.WithErrorHandler(h.ErrorHandler),
		oas.WithNotFound(h.NotFound),
		oas.WithMethodNotAllowed(h.MethodNotAllowed),
		oas.WithMiddleware(h.authorise),
		// portald exports no telemetry: without these ogen would start spans and record
		// metrics on OpenTelemetry's global (delegating) providers on every request.
		oas.WithTracerProvider(tracenoop.NewTracerProvider()),
		oas.WithMeterProvider(metricnoop.NewMeterProvider()),
	)
}

// HandleBearerAuth authenticates a session token. A rotated token goes back in x-token
// on whatever response follows.
func (h *Handler) HandleBearerAuth(ctx context.Context, _ oas.OperationName, t oas.BearerAuth) (context.Context, error) {
	p, err := h.Store.Authenticate(ctx, t.Token)
	if err != nil {
		return nil, err
	}
	if p.RenewedToken != "" {
		httpx.HintsFrom(ctx).XToken = p.RenewedToken
	}
	return auth.With(ctx, p), nil
}

// HandleAccessToken switches a staff session to the associate named by access-token
// (admin app mode) and audits the request.
func (h *Handler) HandleAccessToken(ctx context.Context, op oas.OperationName, t oas.AccessToken) (context.Context, error) {
	p := auth.From(ctx)
	if p == nil {
		return nil, errs.Coded(errs.Unauthenticated, errs.CodeActingNotAllowed, "Acting for an associate needs a staff session")
	}
	acting, err := h.Store.ActAs(ctx, p, t.APIKey, string(op), httpx.InfoFrom(ctx).IP)
	if err != nil {
		return nil, err
	}
	return auth.With(ctx, acting), nil
}

// principal is the caller of an authenticated operation.
func principal(ctx context.Context) (*auth.Principal, error) {
	p := auth.From(ctx)
	if p == nil {
		return nil, errs.Unauthenticatedf("Authentication required")
	}
	return p, nil
}

// associate is the caller when the operation needs an associate.
func associate(ctx context.Context) (*auth.Principal, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	if !p.IsAssociate() {
		return nil, errAssociates
	}
	return p, nil
}

// GetHealth answers while the process runs.
func (h *Handler) GetHealth(context.Context) (*oas.Health, error) {
	return &oas.Health{Status: "ok"}, nil
}

// GetReadiness answers 503 while the database cannot be reached.
func (h *Handler) GetReadiness(ctx context.Context) (*oas.Health, error) {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	if err := h.Store.Ping(ctx); err != nil {
		return nil, err
	}
	return &oas.Health{Status: "ready"}, nil
}

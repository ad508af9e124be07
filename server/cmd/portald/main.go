// Command portald is the Associate Portal server: the API, the file host and the web app
// in one binary, over PostgreSQL (an embedded private cluster when DATABASE_URL is unset).
package main

import (
	"bytes"
	"cmp"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/getsentry/sentry-go"
	sentryhttp "github.com/getsentry/sentry-go/http"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/spf13/cobra"

	"github.com/associateportal/portal/server/app"
	"github.com/associateportal/portal/server/auth"
	"github.com/associateportal/portal/server/cardpay"
	"github.com/associateportal/portal/server/cardpay/stripemock"
	"github.com/associateportal/portal/server/files"
	"github.com/associateportal/portal/server/jobs"
	"github.com/associateportal/portal/server/mail"
	"github.com/associateportal/portal/server/pgembed"
	"github.com/associateportal/portal/server/secret"
	"github.com/associateportal/portal/server/seed"
	"github.com/associateportal/portal/server/store"
)

var version = "dev"

// config is every setting of portald: flags over environment variables over defaults.
type config struct {
	Addr        string
	DataDir     string
	DatabaseURL string
	SecretKey   string
	SentryDSN   string
	TrustProxy  bool
	LogFormat   string
	LogLevel    string
	MaxConns    int
	LoginMemory int // MiB
	Associates  int
	Clients     int
	Policies    int
	SeedNumber  uint64
	NoSeed      bool
	NoJobs      bool
	SMTPURL     string
	PublicURL   string

	// Stripe: all three keys, or none (the demo payment mode against stripe-mock).
	StripeSecretKey      string
	StripePublishableKey string
	StripeWebhookSecret  string
	StripeMock           string // the stripe-mock binary of the demo mode
	StripeAPIURL         string // with the keys: another Stripe API (stripe-mock, in the browser tests)

	// PreviousKeys are earlier master keys (comma-separated), for opening only.
	PreviousKeys string
}

func env(name, def string) string {
	if v, ok := os.LookupEnv(name); ok {
		return v
	}
	return def
}

func envInt(name string, def int) int {
	if v, ok := os.LookupEnv(name); ok {
		if n, err := strconv.Atoi(v); err == nil {
			return n
		}
		fmt.Fprintf(os.Stderr, "portald: %s=%q is not a whole number; using %d\n", name, v, def)
	}
	return def
}

func main() {
	if err := root().Execute(); err != nil {
		fmt.Fprintln(os.Stderr, "portald:", err)
		os.Exit(1)
	}
}

func root() *cobra.Command {
	var c config
	cmd := &cobra.Command{
		Use:           "portald",
		Short:         "The Associate Portal server",
		Version:       version,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	pf := cmd.PersistentFlags()
	pf.StringVar(&c.DataDir, "data-dir", env("PORTAL_DATA_DIR", "./.portal"), "data directory: embedded database, files, secret key (PORTAL_DATA_DIR)")
	pf.StringVar(&c.DatabaseURL, "database-url", env("DATABASE_URL", ""), "PostgreSQL URL; empty runs the embedded cluster (DATABASE_URL)")
	pf.StringVar(&c.SecretKey, "secret-key", env("PORTAL_SECRET_KEY", ""), "master key, hex or base64 of 32+ bytes; generated into the data dir when empty (PORTAL_SECRET_KEY)")
	pf.StringVar(&c.PreviousKeys, "previous-key", env("PORTAL_PREVIOUS_SECRET_KEY", ""),
		"earlier master key(s), comma-separated: they open values sealed before a rotation, never seal (PORTAL_PREVIOUS_SECRET_KEY)")
	pf.StringVar(&c.LogFormat, "log-format", env("PORTAL_LOG_FORMAT", "text"), "log format: text or json (PORTAL_LOG_FORMAT)")
	pf.StringVar(&c.LogLevel, "log-level", env("PORTAL_LOG_LEVEL", "info"), "log level: debug, info, warn, error (PORTAL_LOG_LEVEL)")
	pf.IntVar(&c.MaxConns, "max-conns", envInt("PORTAL_MAX_CONNS", 20), "database pool size (PORTAL_MAX_CONNS)")

	serve := &cobra.Command{
		Use:   "serve",
		Short: "Serve the API and the web app",
		RunE:  func(cmd *cobra.Command, _ []string) error { return runServe(cmd.Context(), c) },
	}
	serve.Flags().StringVar(&c.Addr, "addr", env("PORTAL_ADDR", "127.0.0.1:8080"), "listen address (PORTAL_ADDR)")
	serve.Flags().StringVar(&c.SentryDSN, "sentry-dsn", env("SENTRY_DSN", ""), "report errors to Sentry when set (SENTRY_DSN)")
	serve.Flags().BoolVar(&c.TrustProxy, "trust-proxy", env("PORTAL_TRUST_PROXY", "") == "true", "take client addresses from X-Forwarded-For (PORTAL_TRUST_PROXY)")
	serve.Flags().IntVar(&c.LoginMemory, "login-memory", envInt("PORTAL_LOGIN_MEMORY", int(auth.DefaultHashBudget>>20)),
		"memory budget of the password checks running at once, in MiB (19 each; default one per core); logins beyond it wait briefly, then answer 429 (PORTAL_LOGIN_MEMORY)")
	serve.Flags().BoolVar(&c.NoSeed, "no-seed", false, "do not seed the embedded database on first start")
	serve.Flags().BoolVar(&c.NoJobs, "no-jobs", env("PORTAL_NO_JOBS", "") == "true",
		"serve without the compensation engine's workers; another instance runs them (PORTAL_NO_JOBS)")
	serve.Flags().IntVar(&c.Associates, "associates", envInt("PORTAL_SEED_ASSOCIATES", 2000), "associates seeded on first start of the embedded database")
	serve.Flags().StringVar(&c.PublicURL, "public-url", env("PORTAL_PUBLIC_URL", ""),
		"where people reach the portal, e.g. https://portal.example.com; links in mail start with it (default http://<addr>) (PORTAL_PUBLIC_URL)")
	serve.Flags().StringVar(&c.SMTPURL, "smtp-url", env("SMTP_URL", ""),
		"mail server, smtp://user:password@host:587?from=no-reply@example.com (smtps:// for TLS from the start); empty writes the mail to <data-dir>/outbox as .eml files, listed by 'portald outbox' (SMTP_URL)")

	serve.Flags().StringVar(&c.StripeSecretKey, "stripe-secret-key", env("STRIPE_SECRET_KEY", ""),
		"Stripe secret key (sk_test_… or sk_live_…); empty runs the store's checkout in demo payment mode against stripe-mock (STRIPE_SECRET_KEY)")
	serve.Flags().StringVar(&c.StripePublishableKey, "stripe-publishable-key", env("STRIPE_PUBLISHABLE_KEY", ""),
		"Stripe publishable key, handed to the browser at checkout; required with the secret key (STRIPE_PUBLISHABLE_KEY)")
	serve.Flags().StringVar(&c.StripeWebhookSecret, "stripe-webhook-secret", env("STRIPE_WEBHOOK_SECRET", ""),
		"signing secret of the Stripe webhook endpoint <public-url>/api/store/stripe-webhook; required with the secret key (STRIPE_WEBHOOK_SECRET)")
	serve.Flags().StringVar(&c.StripeAPIURL, "stripe-api-url", env("STRIPE_API_URL", ""),
		"with the Stripe keys: the Stripe API's address; empty is Stripe's own. Tests point it at stripe-mock to run the Stripe Elements checkout offline (STRIPE_API_URL)")
	serve.Flags().StringVar(&c.StripeMock, "stripe-mock", env("PORTAL_STRIPE_MOCK", ""),
		"the stripe-mock binary of the demo payment mode; default: beside portald (make build puts it in bin/), else on the PATH (PORTAL_STRIPE_MOCK)")

	migrate := &cobra.Command{
		Use:   "migrate",
		Short: "Apply the database migrations and exit",
		RunE: func(cmd *cobra.Command, _ []string) error {
			_, pool, stop, _, err := open(cmd.Context(), c, slogger(c))
			if err != nil {
				return err
			}
			defer stop()
			defer pool.Close()
			n, err := store.Migrate(cmd.Context(), pool)
			if err == nil {
				fmt.Printf("applied %d migrations\n", n)
			}
			return err
		},
	}
	seedCmd := &cobra.Command{
		Use:   "seed",
		Short: "Fill an empty database with a deterministic demo organisation",
		RunE: func(cmd *cobra.Command, _ []string) error {
			log := slogger(c)
			keys, err := loadKeys(c)
			if err != nil {
				return err
			}
			_, pool, stop, _, err := open(cmd.Context(), c, log)
			if err != nil {
				return err
			}
			defer stop()
			defer pool.Close()
			if _, err := store.Migrate(cmd.Context(), pool); err != nil {
				return err
			}
			return runSeed(cmd.Context(), pool, keys, c, true)
		},
	}
	seedCmd.Flags().IntVar(&c.Associates, "associates", 2000, "number of associates")
	seedCmd.Flags().IntVar(&c.Clients, "clients", 0, "number of clients (0: about 8 per associate)")
	seedCmd.Flags().IntVar(&c.Policies, "policies", 0, "number of policies (0: about 3 per associate)")
	seedCmd.Flags().Uint64Var(&c.SeedNumber, "seed", 1, "seed number: the same number gives the same data")
	outbox := &cobra.Command{
		Use:   "outbox",
		Short: "List the mail written to <data-dir>/outbox (when no SMTP server is configured), with its links",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return printOutbox(cmd.OutOrStdout(), filepath.Join(c.DataDir, "outbox"))
		},
	}
	cmd.AddCommand(serve, migrate, seedCmd, outbox, rotateKeyCmd(&c))
	return cmd
}

// checkPublicURL checks PORTAL_PUBLIC_URL: empty (the listening address is used), or an
// absolute http(s) URL without query.
func checkPublicURL(raw string) (string, error) {
	if raw == "" {
		return "", nil
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
		return "", fmt.Errorf("PORTAL_PUBLIC_URL %q is not an absolute http(s) URL without query", raw)
	}
	return strings.TrimRight(raw, "/"), nil
}

// listeningURL is the URL of the address listened on (127.0.0.1 for every interface): the
// public URL when none is configured. It is the address actually bound, so that port 0 (a
// free port) gives working links.
func listeningURL(addr net.Addr) string {
	host, port, _ := net.SplitHostPort(addr.String())
	if ip := net.ParseIP(host); ip == nil || ip.IsUnspecified() {
		host = "127.0.0.1"
	}
	return "http://" + net.JoinHostPort(host, port)
}

// cardPayments is Stripe when its keys are set (all three, or portald refuses to start),
// else the demo payment mode: stripe-mock started beside portald, test keys, and a webhook
// secret derived from the master key. Without stripe-mock the store's checkout is off (it
// answers 503) and portald says so.
func cardPayments(ctx context.Context, c config, keys *secret.Keys, log *slog.Logger) (*cardpay.Gateway, func(), error) {
	if c.StripeAPIURL != "" && c.StripeSecretKey == "" {
		return nil, nil, errors.New("STRIPE_API_URL is set without the Stripe keys: it is where those keys are used")
	}
	if c.StripeSecretKey != "" || c.StripePublishableKey != "" || c.StripeWebhookSecret != "" {
		for name, v := range map[string]string{"STRIPE_SECRET_KEY": c.StripeSecretKey, "STRIPE_PUBLISHABLE_KEY": c.StripePublishableKey,
			"STRIPE_WEBHOOK_SECRET": c.StripeWebhookSecret} {
			if v == "" {
				return nil, nil, fmt.Errorf("%s is not set: Stripe needs its secret key, publishable key and webhook secret together", name)
			}
		}
		g, err := cardpay.New(cardpay.Config{SecretKey: c.StripeSecretKey, PublishableKey: c.StripePublishableKey,
			WebhookSecret: c.StripeWebhookSecret, APIURL: c.StripeAPIURL})
		if err != nil {
			return nil, nil, err
		}
		log.Info("card payments through Stripe", "mode", map[bool]string{true: "live", false: "test"}[strings.HasPrefix(c.StripeSecretKey, "sk_live_")],
			"api", cmp.Or(c.StripeAPIURL, "https://api.stripe.com"))
		return g, func() {}, nil
	}
	bin, err := stripemock.Find(c.StripeMock)
	if err != nil {
		log.Warn("the store's checkout is off: no Stripe keys are set and stripe-mock was not found (make build puts it in bin/; or set PORTAL_STRIPE_MOCK)")
		return nil, func() {}, nil
	}
	m, err := stripemock.Start(ctx, bin)
	if err != nil {
		return nil, nil, fmt.Errorf("demo payment mode: %w", err)
	}
	g, err := cardpay.New(cardpay.Config{SecretKey: "sk_test_demo", PublishableKey: "pk_test_demo",
		WebhookSecret: "whsec_" + hex.EncodeToString(keys.Derive("stripe-demo-webhook")[:24]), APIURL: m.URL, Demo: true})
	if err != nil {
		m.Stop()
		return nil, nil, err
	}
	log.Info("the store's checkout runs in demo payment mode (no Stripe keys): stripe-mock", "url", m.URL)
	return g, m.Stop, nil
}

// mailSender is the SMTP server of SMTP_URL, or the outbox under the data dir.
func mailSender(c config, log *slog.Logger) (mail.Sender, error) {
	if c.SMTPURL == "" {
		dir := filepath.Join(c.DataDir, "outbox")
		log.Info("mail goes to the outbox (no SMTP_URL): list it with 'portald outbox'", "dir", dir)
		return mail.NewOutbox(dir, mail.Address{})
	}
	cfg, err := mail.ParseURL(c.SMTPURL)
	if err != nil {
		return nil, fmt.Errorf("SMTP_URL: %w", err)
	}
	sender, err := mail.NewSMTP(cfg)
	if err != nil {
		return nil, fmt.Errorf("SMTP_URL: %w", err)
	}
	log.Info("mail goes through SMTP", "server", cfg.String())
	return sender, nil
}

// printOutbox lists the outbox's messages, oldest first, with the links of each.
func printOutbox(w io.Writer, dir string) error {
	entries, err := mail.ListOutbox(dir)
	if err != nil {
		return err
	}
	if len(entries) == 0 {
		fmt.Fprintf(w, "No mail in %s.\n", dir)
		return nil
	}
	for _, e := range entries {
		if e.Err != nil {
			fmt.Fprintf(w, "%s: not a readable message: %v\n\n", e.File, e.Err)
			continue
		}
		fmt.Fprintf(w, "%s  to %s\n  %s\n", e.Time.Local().Format("2006-01-02 15:04:05"), e.To, e.Subject)
		for _, l := range e.Links {
			fmt.Fprintf(w, "  %s\n", l)
		}
		fmt.Fprintf(w, "  (%s)\n\n", e.File)
	}
	return nil
}

func slogger(c config) *slog.Logger {
	var level slog.Level
	if err := level.UnmarshalText([]byte(c.LogLevel)); err != nil {
		level = slog.LevelInfo
	}
	opts := &slog.HandlerOptions{Level: level}
	if c.LogFormat == "json" {
		return slog.New(slog.NewJSONHandler(os.Stderr, opts))
	}
	return slog.New(slog.NewTextHandler(os.Stderr, opts))
}

// loadKeys reads PORTAL_SECRET_KEY, or the key file of the data dir, creating it on
// first start.
func loadKeys(c config) (*secret.Keys, error) {
	raw := strings.TrimSpace(c.SecretKey)
	if raw == "" {
		path := filepath.Join(c.DataDir, "secret.key")
		b, err := os.ReadFile(path)
		switch {
		case errors.Is(err, os.ErrNotExist):
			key := make([]byte, 32)
			if _, err := rand.Read(key); err != nil {
				return nil, err
			}
			if err := os.MkdirAll(c.DataDir, 0o755); err != nil {
				return nil, fmt.Errorf("PORTAL_DATA_DIR %s: %w", c.DataDir, err)
			}
			raw = hex.EncodeToString(key)
			if err := os.WriteFile(path, []byte(raw+"\n"), 0o600); err != nil {
				return nil, fmt.Errorf("PORTAL_DATA_DIR: cannot write %s: %w", path, err)
			}
		case err != nil:
			return nil, fmt.Errorf("PORTAL_DATA_DIR: cannot read %s: %w", path, err)
		default:
			raw = strings.TrimSpace(string(b))
		}
	}
	key, ok := decodeKey(raw)
	if !ok {
		return nil, errors.New("PORTAL_SECRET_KEY must be hex or base64 of at least 32 bytes (e.g. `openssl rand -hex 32`)")
	}
	return withPrevious(c, key)
}

// open connects to DATABASE_URL, or starts the embedded cluster. created tells that the
// embedded database is new. The embedded cluster is watched while ctx lasts: a server that
// dies is started again, and died reports one that cannot be (nil with DATABASE_URL).
func open(ctx context.Context, c config, log *slog.Logger) (created bool, pool *pgxpool.Pool, stop func(), died <-chan error, err error) {
	stop = func() {}
	dsn := c.DatabaseURL
	if dsn == "" {
		dir, err := filepath.Abs(filepath.Join(c.DataDir, "pg"))
		if err != nil {
			return false, nil, stop, nil, err
		}
		if err := os.MkdirAll(c.DataDir, 0o755); err != nil {
			return false, nil, stop, nil, fmt.Errorf("PORTAL_DATA_DIR %s: %w", c.DataDir, err)
		}
		log.Info("starting the embedded PostgreSQL cluster", "dir", dir)
		cluster, err := pgembed.Start(ctx, dir, false)
		if err != nil {
			return false, nil, stop, nil, fmt.Errorf("embedded database (DATABASE_URL is unset): %w", err)
		}
		stop = cluster.Stop
		created, err = cluster.EnsureDatabase(ctx, "portal")
		if err != nil {
			stop()
			return false, nil, func() {}, nil, err
		}
		dsn = cluster.DSN("portal")
		watch := make(chan error, 1)
		go func() {
			if err := cluster.Watch(ctx, log); err != nil {
				watch <- err
			}
		}()
		died = watch
	}
	pool, err = store.Connect(ctx, dsn, int32(c.MaxConns))
	if err != nil {
		stop()
		return false, nil, func() {}, nil, err
	}
	pctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := pool.Ping(pctx); err != nil {
		pool.Close()
		stop()
		return false, nil, func() {}, nil, fmt.Errorf("DATABASE_URL: cannot connect: %w", err)
	}
	return created, pool, stop, died, nil
}

func runSeed(ctx context.Context, pool *pgxpool.Pool, keys *secret.Keys, c config, progress bool) error {
	start := time.Now()
	disk := files.Disk{Dir: filepath.Join(c.DataDir, "files")}
	opts := seed.Options{Associates: c.Associates, Clients: c.Clients, Policies: c.Policies, Seed: c.SeedNumber, Keys: keys,
		PutFile: func(id string, b []byte) error { _, err := disk.Put(ctx, id, bytes.NewReader(b)); return err }}
	if progress {
		opts.Progress = func(stage string, done, total int) {
			fmt.Fprintf(os.Stderr, "\rseed: %-16s %9d / %-9d %6.1fs", stage, done, total, time.Since(start).Seconds())
			if stage == "done" {
				fmt.Fprintln(os.Stderr)
			}
		}
	}
	res, err := seed.Run(ctx, pool, opts)
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "seeded %d associates, %d clients and %d policies in %s\n", res.Associates, res.Clients, res.Policies, time.Since(start).Round(time.Millisecond))
	return nil
}

func printDemo(url string) {
	fmt.Printf(`
  Associate Portal is running at %s

  Demo logins (password %q):
    %-20s a senior associate (RMD, code %s)
    %-20s a non-senior associate in that RMD's base shop (code %s)
    %-20s a staff user (admin app mode)

`, url, seed.DemoPassword, seed.DemoRMD, seed.DemoRMDCode, seed.DemoAgent, seed.DemoAgtCode, seed.DemoStaff)
}

func runServe(ctx context.Context, c config) error {
	log := slogger(c)
	ctx, stopSignals := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stopSignals()
	if _, _, err := net.SplitHostPort(c.Addr); err != nil {
		return fmt.Errorf("PORTAL_ADDR %q is not host:port", c.Addr)
	}
	publicURL, err := checkPublicURL(c.PublicURL)
	if err != nil {
		return err
	}
	if one := auth.HashMemory >> 20; int64(c.LoginMemory) < one {
		return fmt.Errorf("PORTAL_LOGIN_MEMORY %d is too small: one password check takes %d MiB", c.LoginMemory, one)
	}
	keys, err := loadKeys(c)
	if err != nil {
		return err
	}
	var report func(context.Context, error)
	var onPanic func(context.Context, any)
	if c.SentryDSN != "" {
		if err := sentry.Init(sentry.ClientOptions{Dsn: c.SentryDSN, TracesSampleRate: 1, Release: version,
			BeforeSend: dropAborts}); err != nil {
			return fmt.Errorf("SENTRY_DSN: %w", err)
		}
		defer sentry.Flush(5 * time.Second)
		report = func(_ context.Context, err error) { sentry.CaptureException(err) }
		onPanic = func(_ context.Context, v any) { sentry.CurrentHub().Recover(v) }
	}
	created, pool, stopDB, dbDied, err := open(ctx, c, log)
	if err != nil {
		return err
	}
	defer stopDB()
	defer pool.Close()
	n, err := store.Migrate(ctx, pool)
	if err != nil {
		return err
	}
	log.Info("database migrated", "applied", n)
	seeded := false
	if c.DatabaseURL == "" && !c.NoSeed {
		var empty bool
		if err := pool.QueryRow(ctx, `SELECT NOT EXISTS (SELECT 1 FROM associates)`).Scan(&empty); err != nil {
			return err
		}
		if created || empty {
			log.Info("seeding the embedded database", "associates", c.Associates)
			c.SeedNumber = 1
			if err := runSeed(ctx, pool, keys, c, false); err != nil {
				return err
			}
			seeded = true
		}
	}
	pay, stopPay, err := cardPayments(ctx, c, keys, log)
	if err != nil {
		return err
	}
	defer stopPay()
	handler, apiHandler, err := app.New(app.Options{Pool: pool, Keys: keys, DataDir: c.DataDir, Log: log,
		TrustProxy: c.TrustProxy, LoginMemory: int64(c.LoginMemory) << 20, Report: report, OnPanic: onPanic, Pay: pay})
	if err != nil {
		return err
	}
	// The compensation engine's workers (River): every instance runs them and shares the jobs,
	// unless told another instance does.
	if !c.NoJobs {
		sender, err := mailSender(c, log)
		if err != nil {
			return err
		}
		runner, err := jobs.New(jobs.Options{Pool: pool, Store: apiHandler.Store, Log: log, Mail: sender, Keys: keys,
			OrderMail: apiHandler.OrderMail})
		if err != nil {
			return err
		}
		if err := runner.Start(ctx); err != nil {
			return fmt.Errorf("starting the job workers: %w", err)
		}
		apiHandler.Jobs = runner
		defer func() {
			sctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			_ = runner.Stop(sctx)
		}()
	}
	ln, err := net.Listen("tcp", c.Addr)
	if err != nil {
		return fmt.Errorf("PORTAL_ADDR %s: %w", c.Addr, err)
	}
	if c.SentryDSN != "" {
		// A transaction per request (traces sample rate 1), panics reported and re-raised
		// to our own recovery, which answers the Error body.
		handler = sentryhttp.New(sentryhttp.Options{Repanic: true}).Handle(handler)
	}
	// Headers must arrive within 10 s; each body has its own read deadline (httpx: 15 s for
	// JSON, 2 minutes for uploads). No ReadTimeout or WriteTimeout: they would also end
	// long answers (streamed downloads), and a ReadTimeout cancels the request's context
	// when it passes while the handler runs.
	srv := &http.Server{Handler: handler, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 120 * time.Second}
	if publicURL == "" {
		publicURL = listeningURL(ln.Addr())
	}
	apiHandler.PublicURL = publicURL
	url := "http://" + ln.Addr().String()
	log.Info("listening", "url", url, "embedded_db", c.DatabaseURL == "", "seeded", seeded)
	if c.DatabaseURL == "" {
		printDemo(url)
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	var dbErr error
	select {
	case err := <-errc:
		return err
	case dbErr = <-dbDied:
		// Exit non-zero so that a supervisor starts portald (and the database) again,
		// rather than answer every request with an error.
		log.Error("shutting down: the database is gone", "err", dbErr.Error())
	case <-ctx.Done():
	}
	log.Info("shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	return errors.Join(srv.Shutdown(sctx), dbErr)
}

// dropAborts keeps deliberate aborts out of error reporting: http.ErrAbortHandler is how a
// response that has already started is cut (a failing download, a panic after the status
// line), already logged where it happens, and sentryhttp would report each as a panic.
func dropAborts(event *sentry.Event, hint *sentry.EventHint) *sentry.Event {
	if hint != nil {
		if err, ok := hint.RecoveredException.(error); ok && errors.Is(err, http.ErrAbortHandler) {
			return nil
		}
	}
	return event
}

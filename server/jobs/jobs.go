// Package jobs runs the portal's background work on River: the compensation engine's
// (draining the outbox of approvals and lapses into the ledger, releasing escrow as policy
// months start, the monthly bonus pools, folding the dashboard's running figures) and mail.
// Every portald runs the workers; River hands each job to one of them, and the store's
// writes are idempotent and transactional (store/engine.go), so a job retried, run on two
// instances, or cut by a crash leaves the ledger as one clean run.
package jobs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"github.com/associateportal/portal/server/ledger"
	"github.com/associateportal/portal/server/mail"
	"github.com/associateportal/portal/server/secret"
	"github.com/associateportal/portal/server/store"
)

// Batch is how many events or policies one transaction takes.
const Batch = 500

// DrainArgs drains the outbox of policy events until it is empty.
type DrainArgs struct{}

// Kind names the job in River's table.
func (DrainArgs) Kind() string { return "policy_events" }

// ReleaseArgs writes the escrow releases due by the engine's today.
type ReleaseArgs struct{}

// Kind names the job in River's table.
func (ReleaseArgs) Kind() string { return "escrow_release" }

// PoolsArgs runs the bonus pools of the months through the one before the engine's today.
type PoolsArgs struct{}

// Kind names the job in River's table.
func (PoolsArgs) Kind() string { return "bonus_pools" }

// FoldArgs folds the rows the ledger's writers appended to the running figures (the
// dashboard's totals, escrow calendar and chargeback exposure) into one per key.
type FoldArgs struct{}

// Kind names the job in River's table.
func (FoldArgs) Kind() string { return "running_figures" }

// StripeArgs applies the Stripe events received and not applied yet.
type StripeArgs struct{}

// Kind names the job in River's table.
func (StripeArgs) Kind() string { return "stripe_events" }

// MailArgs sends one message. The message (its links carry single-use tokens) is sealed
// with the master key: a copy of River's table shows who mail went to, not the links.
type MailArgs struct {
	ID     string `json:"id"` // the message's ID, in the clear for people looking at the queue
	Sealed []byte `json:"sealed"`
}

// Kind names the job in River's table.
func (MailArgs) Kind() string { return "mail" }

// MailQueue is the mail's own queue, so that a message never waits behind the engine's
// drains.
const MailQueue = "mail"

// InsertOpts puts mail on its queue, and gives up after 8 attempts: River's backoff spreads
// them over about an hour and a quarter, about as long as the links mail carries stay
// valid.
func (MailArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: MailQueue, MaxAttempts: 8}
}

// sealMail makes a message into job arguments.
func sealMail(keys *secret.Keys, m mail.Message) (MailArgs, error) {
	b, err := json.Marshal(m)
	if err != nil {
		return MailArgs{}, err
	}
	return MailArgs{ID: m.ID, Sealed: keys.Seal(b)}, nil
}

// Mailer queues mail in the caller's transaction (store.Mailer): a message is sent if and
// only if what it tells of (a reset token, a registration) was committed. It needs no
// workers; any instance running them sends it.
type Mailer struct {
	client *river.Client[pgx.Tx]
	keys   *secret.Keys
}

// NewMailer is an insert-only River client for mail.
func NewMailer(pool *pgxpool.Pool, keys *secret.Keys) (*Mailer, error) {
	c, err := river.NewClient(riverpgxv5.New(pool), &river.Config{Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		return nil, err
	}
	return &Mailer{client: c, keys: keys}, nil
}

// QueueMail inserts the mail job in tx.
func (q *Mailer) QueueMail(ctx context.Context, tx pgx.Tx, m mail.Message) error {
	args, err := sealMail(q.keys, m)
	if err != nil {
		return err
	}
	_, err = q.client.InsertTx(ctx, tx, args, nil)
	return err
}

// Options configure the runner.
type Options struct {
	Pool  *pgxpool.Pool
	Store *store.Store
	// Now is the engine's clock (the wall clock when nil); tests move it month by month.
	Now func() time.Time
	Log *slog.Logger
	// Workers is how many jobs run at once on this instance (2 when 0).
	Workers int
	// Sweep is how often the outbox is drained even without a kick (15 s when 0): it takes
	// up events whose kick was lost and events written by other means (the seed).
	Sweep time.Duration
	// NoPeriodic leaves out the periodic jobs (tests that drive every run themselves).
	NoPeriodic bool
	// Mail delivers the mail jobs (SMTP, or the outbox of .eml files); without it the
	// runner takes no mail. Keys open the sealed messages (required with Mail).
	Mail mail.Sender
	Keys *secret.Keys
	// OrderMail is the mail an order's payment moving sends (api.Handler.OrderMail).
	OrderMail store.OrderMail
}

// Runner is the River client with the engine's workers.
type Runner struct {
	client *river.Client[pgx.Tx]
	now    func() time.Time
	keys   *secret.Keys
}

// New builds the runner; Start starts its workers.
func New(o Options) (*Runner, error) {
	now := o.Now
	if now == nil {
		now = time.Now
	}
	workers := river.NewWorkers()
	river.AddWorker(workers, &drainWorker{store: o.Store})
	river.AddWorker(workers, &releaseWorker{store: o.Store, now: now})
	river.AddWorker(workers, &poolsWorker{store: o.Store, now: now})
	river.AddWorker(workers, &foldWorker{store: o.Store})
	river.AddWorker(workers, &stripeWorker{store: o.Store, now: now, notify: o.OrderMail})
	if o.Mail != nil {
		if o.Keys == nil {
			return nil, errors.New("jobs: mail needs the keys that seal it")
		}
		river.AddWorker(workers, &mailWorker{sender: o.Mail, keys: o.Keys})
	}
	n := o.Workers
	if n <= 0 {
		n = 2
	}
	sweep := o.Sweep
	if sweep <= 0 {
		sweep = 15 * time.Second
	}
	log := o.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	cfg := &river.Config{
		Queues:  map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: n}, MailQueue: {MaxWorkers: 2}},
		Workers: workers,
		Logger:  log,
		// A job that keeps failing is retried with backoff for a day, not 25 times over weeks.
		MaxAttempts: 20,
	}
	if !o.NoPeriodic {
		cfg.PeriodicJobs = []*river.PeriodicJob{
			river.NewPeriodicJob(river.PeriodicInterval(sweep), func() (river.JobArgs, *river.InsertOpts) {
				return DrainArgs{}, nil
			}, &river.PeriodicJobOpts{RunOnStart: true}),
			river.NewPeriodicJob(river.PeriodicInterval(sweep), func() (river.JobArgs, *river.InsertOpts) {
				return StripeArgs{}, nil
			}, &river.PeriodicJobOpts{RunOnStart: true}),
			river.NewPeriodicJob(river.PeriodicInterval(time.Hour), func() (river.JobArgs, *river.InsertOpts) {
				return ReleaseArgs{}, nil
			}, &river.PeriodicJobOpts{RunOnStart: true}),
			river.NewPeriodicJob(river.PeriodicInterval(6*time.Hour), func() (river.JobArgs, *river.InsertOpts) {
				return PoolsArgs{}, nil
			}, &river.PeriodicJobOpts{RunOnStart: true}),
			river.NewPeriodicJob(river.PeriodicInterval(5*time.Minute), func() (river.JobArgs, *river.InsertOpts) {
				return FoldArgs{}, nil
			}, &river.PeriodicJobOpts{RunOnStart: true}),
		}
	}
	client, err := river.NewClient(riverpgxv5.New(o.Pool), cfg)
	if err != nil {
		return nil, err
	}
	return &Runner{client: client, now: now, keys: o.Keys}, nil
}

// Start starts the workers.
func (r *Runner) Start(ctx context.Context) error { return r.client.Start(ctx) }

// Stop waits for running jobs to finish, then stops.
func (r *Runner) Stop(ctx context.Context) error { return r.client.Stop(ctx) }

// Enqueue inserts a job.
func (r *Runner) Enqueue(ctx context.Context, args river.JobArgs) error {
	_, err := r.client.Insert(ctx, args, nil)
	return err
}

// PolicyEventsWritten asks for the outbox to be drained now (after an approval or a lapse
// committed). A lost kick costs only the sweep's delay.
func (r *Runner) PolicyEventsWritten(ctx context.Context) error { return r.Enqueue(ctx, DrainArgs{}) }

// StripeEventsWritten asks for the Stripe events received to be applied now (after one
// was stored). A lost kick costs only the sweep's delay.
func (r *Runner) StripeEventsWritten(ctx context.Context) error { return r.Enqueue(ctx, StripeArgs{}) }

// stripeWorker applies Stripe's events to the orders, each once (store.ApplyStripeEvents).
type stripeWorker struct {
	river.WorkerDefaults[StripeArgs]
	store  *store.Store
	now    func() time.Time
	notify store.OrderMail
}

func (w *stripeWorker) Work(ctx context.Context, _ *river.Job[StripeArgs]) error {
	_, err := w.store.ApplyStripeEvents(ctx, w.now(), w.notify)
	return err
}

// SendMail queues a message; a worker sends it, retrying with backoff while the failure
// may pass (a 4xx reply, the server away) and giving up at once on a refusal (5xx, an
// invalid message). Sending is at-least-once: the message's ID is its Message-ID.
func (r *Runner) SendMail(ctx context.Context, m mail.Message) error {
	if r.keys == nil {
		return errors.New("jobs: mail needs the keys that seal it")
	}
	args, err := sealMail(r.keys, m)
	if err != nil {
		return err
	}
	return r.Enqueue(ctx, args)
}

type mailWorker struct {
	river.WorkerDefaults[MailArgs]
	sender mail.Sender
	keys   *secret.Keys
}

func (w *mailWorker) Timeout(*river.Job[MailArgs]) time.Duration { return time.Minute }

func (w *mailWorker) Work(ctx context.Context, job *river.Job[MailArgs]) error {
	plain, err := w.keys.Open(job.Args.Sealed)
	if err != nil {
		// Sealed under another key (rotated since): it can never be opened.
		return river.JobCancel(fmt.Errorf("mail %s: %w", job.Args.ID, err))
	}
	var m mail.Message
	if err := json.Unmarshal(plain, &m); err != nil {
		return river.JobCancel(fmt.Errorf("mail %s: %w", job.Args.ID, err))
	}
	err = w.sender.Send(ctx, m)
	if err != nil && mail.IsPermanent(err) {
		return river.JobCancel(err)
	}
	return err
}

type drainWorker struct {
	river.WorkerDefaults[DrainArgs]
	store *store.Store
}

// Timeout lets a drain of a large backlog (a seeded organisation) run to the end.
func (w *drainWorker) Timeout(*river.Job[DrainArgs]) time.Duration { return time.Hour }

func (w *drainWorker) Work(ctx context.Context, _ *river.Job[DrainArgs]) error {
	_, err := w.store.DrainAll(ctx, Batch)
	return err
}

type releaseWorker struct {
	river.WorkerDefaults[ReleaseArgs]
	store *store.Store
	now   func() time.Time
}

func (w *releaseWorker) Timeout(*river.Job[ReleaseArgs]) time.Duration { return time.Hour }

func (w *releaseWorker) Work(ctx context.Context, _ *river.Job[ReleaseArgs]) error {
	_, err := w.store.ReleaseEscrow(ctx, ledger.Day(w.now()), Batch)
	return err
}

type poolsWorker struct {
	river.WorkerDefaults[PoolsArgs]
	store *store.Store
	now   func() time.Time
}

func (w *poolsWorker) Timeout(*river.Job[PoolsArgs]) time.Duration { return time.Hour }

func (w *poolsWorker) Work(ctx context.Context, _ *river.Job[PoolsArgs]) error {
	_, err := w.store.RunBonusPoolsThrough(ctx, ledger.AddMonths(ledger.MonthOf(ledger.Day(w.now())), -1))
	return err
}

type foldWorker struct {
	river.WorkerDefaults[FoldArgs]
	store *store.Store
}

func (w *foldWorker) Timeout(*river.Job[FoldArgs]) time.Duration { return time.Hour }

func (w *foldWorker) Work(ctx context.Context, _ *river.Job[FoldArgs]) error {
	_, err := w.store.FoldRunningFigures(ctx, Batch)
	return err
}

// CatchUp does at once, without River, what the workers do over time: drains the outbox,
// releases the escrow due by today, runs the bonus pools of the month before and folds the
// running figures. The seeded test databases use it; its writes are the same idempotent
// ones.
func CatchUp(ctx context.Context, st *store.Store, today time.Time) error {
	if _, err := st.DrainAll(ctx, Batch); err != nil {
		return err
	}
	today = ledger.Day(today)
	if _, err := st.ReleaseEscrow(ctx, today, Batch); err != nil {
		return err
	}
	if _, err := st.RunBonusPoolsThrough(ctx, ledger.AddMonths(ledger.MonthOf(today), -1)); err != nil {
		return err
	}
	_, err := st.FoldRunningFigures(ctx, Batch)
	return err
}

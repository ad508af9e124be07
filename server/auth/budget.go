package auth

import (
	"context"
	"errors"
	"runtime"
	"runtime/debug"
	"sync"
	"time"

	"golang.org/x/sync/semaphore"
)

// Defaults of the hashing budget: a check at the default parameters (19 MiB) per core at
// once, two at least — what keeps the cores busy (each check runs on argonThreads lanes);
// more at once would only share the cores and wait longer.
var DefaultHashBudget = int64(max(2, runtime.GOMAXPROCS(0))) * HashMemory

const (
	DefaultHashWait = 2 * time.Second
	// HashMemory is what one check of a hash made by HashPassword holds while it runs.
	HashMemory int64 = argonMemory * 1024
)

// ErrBusy says that a password check found the hashing budget spent for longer than the
// budget lets it wait: the server is busy, the password was not checked.
var ErrBusy = errors.New("auth: too many password checks at once")

// Budget bounds the memory that password checks take at once. Every argon2id check
// holds the memory its hash names (m) for as long as it runs; a check that finds the
// budget spent waits, first come first served, at most Wait for its share and then fails
// with ErrBusy. A nil *Budget lets every check run at once.
type Budget struct {
	size int64 // bytes
	wait time.Duration
	sem  *semaphore.Weighted

	mu     sync.Mutex
	used   int64
	idle   int    // counts the times the budget fell idle (see release)
	onIdle func() // debug.FreeOSMemory
}

// idleRelease is how long the budget stays idle before the memory of the checks is
// handed back (see release).
const idleRelease = time.Second

// NewBudget is a budget of size bytes (at least one default check) with the longest wait
// for a share; zero values take the defaults.
func NewBudget(size int64, wait time.Duration) *Budget {
	if size <= 0 {
		size = DefaultHashBudget
	}
	if wait <= 0 {
		wait = DefaultHashWait
	}
	size = max(size, HashMemory)
	return &Budget{size: size, wait: wait, sem: semaphore.NewWeighted(size), onIdle: debug.FreeOSMemory}
}

// Size is the budget in bytes.
func (b *Budget) Size() int64 { return b.size }

// Acquire takes n bytes of the budget (a share larger than the whole budget takes all of
// it), waiting at most the budget's wait. It answers the function that gives them back.
func (b *Budget) Acquire(ctx context.Context, n int64) (release func(), err error) {
	if b == nil {
		return func() {}, nil
	}
	n = min(max(n, 1), b.size)
	wait, cancel := context.WithTimeout(ctx, b.wait)
	defer cancel()
	if err := b.sem.Acquire(wait, n); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, ErrBusy
	}
	b.mu.Lock()
	b.used += n
	b.mu.Unlock()
	var once sync.Once
	return func() { once.Do(func() { b.release(n) }) }, nil
}

// release gives n bytes back. When the last check ends, the memory the checks used is
// garbage the runtime would keep for minutes (nothing allocates, so nothing collects it,
// and the scavenger returns pages slowly): once the budget has stayed idle for
// idleRelease, it is collected and handed back to the system.
func (b *Budget) release(n int64) {
	b.sem.Release(n)
	b.mu.Lock()
	defer b.mu.Unlock()
	b.used -= n
	if b.used != 0 {
		return
	}
	b.idle++
	idle := b.idle
	time.AfterFunc(idleRelease, func() {
		b.mu.Lock()
		still := b.used == 0 && b.idle == idle
		b.mu.Unlock()
		if still {
			b.onIdle()
		}
	})
}

// CheckPassword is auth.CheckPassword within the budget: it holds the memory the hash
// names while it runs, or fails with ErrBusy (or the context's error) without checking.
func (b *Budget) CheckPassword(ctx context.Context, encoded, password string) (bool, error) {
	h, err := parseHash(encoded)
	if err != nil {
		return false, err
	}
	release, err := b.Acquire(ctx, int64(h.m)*1024)
	if err != nil {
		return false, err
	}
	defer release()
	return h.check(password), nil
}

// HashPassword is HashPassword within the budget: it holds the memory a new hash takes
// while it runs, or fails with ErrBusy (or the context's error) without hashing.
func (b *Budget) HashPassword(ctx context.Context, password string) (string, error) {
	release, err := b.Acquire(ctx, int64(argonMemory)*1024)
	if err != nil {
		return "", err
	}
	defer release()
	return HashPassword(password)
}

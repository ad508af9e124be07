package store_test

import (
	"context"
	"fmt"
	"net/netip"
	"sync"
	"testing"

	"github.com/associateportal/portal/server/errs"
	"github.com/associateportal/portal/server/store"
	"github.com/associateportal/portal/server/testdb"
)

// throttled reports whether err is the throttle's refusal, and checks its Retry-After.
func throttled(t *testing.T, err error) bool {
	t.Helper()
	if err == nil {
		return false
	}
	e := errs.As(err)
	if !errs.Is(err, errs.TooMany) || e.Code != errs.CodeLoginThrottled {
		t.Fatalf("not a throttle refusal: %v", err)
	}
	if e.RetryAfter <= 0 || e.RetryAfter > store.ThrottleWindow {
		t.Errorf("RetryAfter %s, want within the window", e.RetryAfter)
	}
	return true
}

// Parallel attempts at one account are checked and counted one at a time: exactly the
// limit pass, whatever their number, and a successful login forgets them.
func TestBeginLoginCountsParallelAttemptsOnce(t *testing.T) {
	s := store.New(testdb.New(t))
	ctx := context.Background()
	key := store.AccountKey(42)
	const n = 20
	results := make([]error, n)
	attempts := make([]store.LoginAttempt, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Each from its own address: only the account's limit is in play.
			attempts[i], results[i] = s.BeginLogin(ctx, key, netip.MustParseAddr(fmt.Sprintf("192.0.2.%d", i+1)))
		}()
	}
	wg.Wait()
	passed, some := 0, -1
	for i, err := range results {
		if !throttled(t, err) {
			passed, some = passed+1, i
		}
	}
	if passed != store.MaxFailuresAccount {
		t.Fatalf("%d of %d parallel attempts passed, want %d", passed, n, store.MaxFailuresAccount)
	}
	// A login that succeeds forgets the account's failures.
	if err := s.LoginSucceeded(ctx, attempts[some]); err != nil {
		t.Fatal(err)
	}
	if _, err := s.BeginLogin(ctx, key, netip.Addr{}); err != nil {
		t.Fatalf("after a successful login: %v", err)
	}
}

// The address limit counts across accounts; an attempt taken back (never checked) does
// not count, nor does one that succeeded.
func TestBeginLoginPerAddress(t *testing.T) {
	s := store.New(testdb.New(t))
	ctx := context.Background()
	ip := netip.MustParseAddr("198.51.100.7")
	var last store.LoginAttempt
	for i := range store.MaxFailuresIP {
		a, err := s.BeginLogin(ctx, store.LoginKey(fmt.Sprintf("nobody%d@example.com", i)), ip)
		if err != nil {
			t.Fatalf("attempt %d: %v", i, err)
		}
		last = a
	}
	if _, err := s.BeginLogin(ctx, store.LoginKey("one-more@example.com"), ip); !throttled(t, err) {
		t.Fatal("the address is not throttled after its limit")
	}
	if err := s.CancelLogin(ctx, last); err != nil {
		t.Fatal(err)
	}
	a, err := s.BeginLogin(ctx, store.AccountKey(7), ip)
	if err != nil {
		t.Fatalf("after an attempt was taken back: %v", err)
	}
	if err := s.LoginSucceeded(ctx, a); err != nil {
		t.Fatal(err)
	}
	if _, err := s.BeginLogin(ctx, store.AccountKey(8), ip); err != nil {
		t.Fatalf("after a successful login from the address: %v", err)
	}
	// Another address is not concerned.
	if _, err := s.BeginLogin(ctx, store.LoginKey("x@example.com"), netip.MustParseAddr("198.51.100.8")); err != nil {
		t.Fatalf("another address: %v", err)
	}
}

// The keys: an account is one key whatever was typed; a login naming nobody is keyed by
// its text, in any case and spacing.
func TestLoginKeys(t *testing.T) {
	if store.AccountKey(5) == store.AccountKey(6) || store.AccountKey(5) == store.LoginKey("5") {
		t.Error("account keys collide")
	}
	if store.LoginKey(" Nobody@Example.com ") != store.LoginKey("nobody@example.com") {
		t.Error("the login key depends on case or spacing")
	}
}

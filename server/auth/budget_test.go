package auth_test

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/associateportal/portal/server/auth"
)

// Checks never hold more than the budget at once, however many run.
func TestBudgetBoundsConcurrentUse(t *testing.T) {
	const share = 10
	b := auth.NewBudget(auth.HashMemory, time.Minute)
	n := auth.HashMemory / share // shares that fit: ten at a time
	var inUse, most atomic.Int64
	var wg sync.WaitGroup
	for range 40 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			release, err := b.Acquire(context.Background(), n)
			if err != nil {
				t.Error(err)
				return
			}
			now := inUse.Add(n)
			for {
				m := most.Load()
				if now <= m || most.CompareAndSwap(m, now) {
					break
				}
			}
			time.Sleep(time.Millisecond)
			inUse.Add(-n)
			release()
		}()
	}
	wg.Wait()
	if got := most.Load(); got > b.Size() {
		t.Fatalf("%d bytes in use at once, budget %d", got, b.Size())
	}
}

// A check that finds the budget spent waits for its share, then gives up with ErrBusy;
// a share given back goes to the first in line.
func TestBudgetWaitsThenRefuses(t *testing.T) {
	b := auth.NewBudget(2*auth.HashMemory, 50*time.Millisecond)
	ctx := context.Background()
	r1, err := b.Acquire(ctx, auth.HashMemory)
	if err != nil {
		t.Fatal(err)
	}
	r2, err := b.Acquire(ctx, auth.HashMemory)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Acquire(ctx, auth.HashMemory); !errors.Is(err, auth.ErrBusy) {
		t.Fatalf("third share of a budget of two: %v, want ErrBusy", err)
	}
	// A share must wait for all of it; one over the whole budget takes the whole budget.
	patient := auth.NewBudget(2*auth.HashMemory, time.Minute)
	ra, _ := patient.Acquire(ctx, auth.HashMemory)
	got := make(chan error, 1)
	go func() {
		release, err := patient.Acquire(ctx, 10*auth.HashMemory)
		if err == nil {
			release()
		}
		got <- err
	}()
	select {
	case err := <-got:
		t.Fatalf("a share over the free part ran at once (%v)", err)
	case <-time.After(20 * time.Millisecond):
	}
	ra()
	if err := <-got; err != nil {
		t.Fatalf("the waiter after the share came back: %v", err)
	}
	// A cancelled request stops waiting with its context's error.
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := b.Acquire(cctx, auth.HashMemory); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled wait: %v", err)
	}
	r1()
	r1() // giving back twice gives back once
	if release, err := b.Acquire(ctx, auth.HashMemory); err != nil {
		t.Fatalf("after a share came back: %v", err)
	} else {
		release()
	}
	r2()
}

// CheckPassword within a spent budget answers ErrBusy without checking; within a free
// one it checks as auth.CheckPassword does. A nil budget does not limit.
func TestBudgetCheckPassword(t *testing.T) {
	salt := []byte("0123456789abcdef")
	hash := encode("pw", salt, 64, 1, 1, 32) // 64 KiB
	b := auth.NewBudget(auth.HashMemory, 20*time.Millisecond)
	ctx := context.Background()
	hold, err := b.Acquire(ctx, b.Size())
	if err != nil {
		t.Fatal(err)
	}
	if ok, err := b.CheckPassword(ctx, hash, "pw"); ok || !errors.Is(err, auth.ErrBusy) {
		t.Fatalf("spent budget: %v %v, want ErrBusy", ok, err)
	}
	hold()
	for _, tc := range []struct {
		b    *auth.Budget
		pw   string
		want bool
	}{{b, "pw", true}, {b, "wrong", false}, {nil, "pw", true}} {
		if ok, err := tc.b.CheckPassword(ctx, hash, tc.pw); err != nil || ok != tc.want {
			t.Errorf("CheckPassword(%q) = %v, %v; want %v", tc.pw, ok, err, tc.want)
		}
	}
	if _, err := b.CheckPassword(ctx, "$argon2id$nonsense", "pw"); !errors.Is(err, auth.ErrBadHash) {
		t.Errorf("malformed hash: %v", err)
	}
}

// Once the last check has ended and the budget stays idle, the memory is handed back
// (once per idle spell); never while a check runs.
func TestBudgetHandsMemoryBackWhenIdle(t *testing.T) {
	b := auth.NewBudget(2*auth.HashMemory, time.Second)
	freed := make(chan struct{}, 10)
	auth.SetOnIdle(b, func() { freed <- struct{}{} })
	ctx := context.Background()
	r1, _ := b.Acquire(ctx, auth.HashMemory)
	r2, _ := b.Acquire(ctx, auth.HashMemory)
	r1()
	select {
	case <-freed:
		t.Fatal("memory handed back while a check ran")
	case <-time.After(1500 * time.Millisecond):
	}
	r2()
	select {
	case <-freed:
	case <-time.After(30 * time.Second):
		t.Fatal("the memory was not handed back once idle")
	}
	select {
	case <-freed:
		t.Fatal("handed back twice for one idle spell")
	case <-time.After(1500 * time.Millisecond):
	}
}

package store_test

import (
	"context"
	"sync"
	"testing"

	"github.com/associateportal/portal/server/store"
	"github.com/associateportal/portal/server/testdb"
)

func TestMain(m *testing.M) { testdb.Main(m) }

func TestMigrationsAreNumberedOnce(t *testing.T) {
	ms, err := store.Migrations()
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) == 0 {
		t.Fatal("no migrations embedded")
	}
	for i := 1; i < len(ms); i++ {
		if ms[i].Version <= ms[i-1].Version {
			t.Errorf("%s does not come after %s", ms[i].Name, ms[i-1].Name)
		}
	}
	if ms[0].Version != 1 {
		t.Errorf("the first migration is %s, want 0001_…", ms[0].Name)
	}
}

func TestMigrationsApplyOnceUnderConcurrency(t *testing.T) {
	pool := testdb.New(t) // already migrated from the template
	ctx := context.Background()
	var wg sync.WaitGroup
	applied := make([]int, 4)
	errs := make([]error, 4)
	for i := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			applied[i], errs[i] = store.Migrate(ctx, pool)
		}()
	}
	wg.Wait()
	for i := range 4 {
		if errs[i] != nil || applied[i] != 0 {
			t.Errorf("run %d: applied %d, %v", i, applied[i], errs[i])
		}
	}
	ms, _ := store.Migrations()
	var n int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM schema_migrations`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != len(ms) {
		t.Errorf("schema_migrations has %d rows, want %d", n, len(ms))
	}
}

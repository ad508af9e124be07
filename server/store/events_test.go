package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/associateportal/portal/server/testdb"
)

// The database takes an event's slug only in the form of the other slugs, and never "past",
// which the web app's /events/past would shadow.
func TestEventSlugs(t *testing.T) {
	pool := testdb.New(t)
	ctx := context.Background()
	start := time.Date(2027, 1, 9, 15, 0, 0, 0, time.UTC)
	insert := func(slug string) error {
		_, err := pool.Exec(ctx, `INSERT INTO events (slug, title, summary, description_markdown, venue, time_zone, starts_at, ends_at,
			capacity, state, registration) VALUES ($1, 'T', 'S', 'D', 'Hall', 'America/Chicago', $2, $3, 10, 'Draft', 'Open for registration')`,
			slug, start, start.Add(time.Hour))
		return err
	}
	for _, slug := range []string{"past", "Past-Event", "two--hyphens", "-lead", "trail-", "a b", ""} {
		var pgErr *pgconn.PgError
		if err := insert(slug); !errors.As(err, &pgErr) || pgErr.ConstraintName != "events_slug_form" {
			t.Errorf("slug %q: %v, want the events_slug_form check", slug, err)
		}
	}
	for _, slug := range []string{"past-winners-gala", "kickoff-2027"} {
		if err := insert(slug); err != nil {
			t.Errorf("slug %q: %v", slug, err)
		}
	}
}

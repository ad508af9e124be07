package store_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/associateportal/portal/server/hierarchy"
	"github.com/associateportal/portal/server/secret"
	"github.com/associateportal/portal/server/seed"
	"github.com/associateportal/portal/server/store"
	"github.com/associateportal/portal/server/testdb"
)

type row struct {
	id, upline int64
	path       string
	senior     bool
	leader     int64
	leaderPath string
	size       int
}

func load(t *testing.T, pool *pgxpool.Pool) (*hierarchy.Tree, []row) {
	t.Helper()
	rows, err := pool.Query(context.Background(), `SELECT id, coalesce(upline_id, 0), path::text, senior, coalesce(leader_id, 0),
		leader_path::text, downline_size FROM associates ORDER BY depth, id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	tree := hierarchy.NewTree()
	var out []row
	for rows.Next() {
		var r row
		if err := rows.Scan(&r.id, &r.upline, &r.path, &r.senior, &r.leader, &r.leaderPath, &r.size); err != nil {
			t.Fatal(err)
		}
		tree.Add(r.id, r.upline, r.senior)
		out = append(out, r)
	}
	return tree, out
}

func join(ids []int64) string {
	s := make([]string, len(ids))
	for i, id := range ids {
		s[i] = strconv.FormatInt(id, 10)
	}
	return strings.Join(s, ".")
}

// verify holds the denormalised columns and every view of the sampled roots against the
// reference computed from the definitions.
func verify(t *testing.T, st *store.Store, pool *pgxpool.Pool, roots int, r *rand.Rand) {
	t.Helper()
	ctx := context.Background()
	tree, rows := load(t, pool)
	for _, x := range rows {
		want := row{id: x.id, upline: x.upline, path: join(tree.Chain(x.id)), senior: x.senior, leader: tree.Leader(x.id),
			leaderPath: join(tree.LeaderChain(x.id)), size: len(tree.Downline(x.id))}
		if diff := cmp.Diff(want, x, cmp.AllowUnexported(row{})); diff != "" {
			t.Fatalf("associate %d columns (-want +got):\n%s", x.id, diff)
		}
	}
	sample := slices.Clone(rows)
	r.Shuffle(len(sample), func(i, j int) { sample[i], sample[j] = sample[j], sample[i] })
	if roots < len(sample) {
		sample = sample[:roots]
	}
	for _, x := range sample {
		root, err := st.TeamRoot(ctx, x.id)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range hierarchy.Views {
			want, werr := tree.Members(v, x.id)
			got, gerr := st.TeamMembers(ctx, v, root)
			if (werr == nil) != (gerr == nil) {
				t.Fatalf("%s of %d: reference error %v, store error %v", v, x.id, werr, gerr)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Fatalf("%s of %d (senior %v) (-reference +store):\n%s", v, x.id, x.senior, diff)
			}
		}
	}
}

func TestViewsMatchTheDefinitionsAfterMovesAndPromotions(t *testing.T) {
	pool := testdb.New(t)
	ctx := context.Background()
	keys, _ := secret.New([]byte("0123456789abcdef0123456789abcdef"))
	if _, err := seed.Run(ctx, pool, seed.Options{Associates: 400, Clients: 100, Seed: 11, Keys: keys}); err != nil {
		t.Fatal(err)
	}
	st := store.New(pool)
	r := rand.New(rand.NewPCG(5, 6))
	verify(t, st, pool, 400, r)
	on := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	for round := range 6 {
		for op := range 10 {
			_, rows := load(t, pool)
			x := rows[1+r.IntN(len(rows)-1)]
			switch op % 3 {
			case 0: // move under someone outside its own organisation
				var target int64
				for {
					c := rows[r.IntN(len(rows))]
					if c.path != x.path && !strings.HasPrefix(c.path, x.path+".") {
						target = c.id
						break
					}
				}
				if err := st.MoveAssociate(ctx, x.id, target, on, "test"); err != nil {
					t.Fatalf("move %d under %d: %v", x.id, target, err)
				}
			case 1: // promote to a senior level or demote below it
				level := int16(6 + r.IntN(3))
				if x.senior {
					level = int16(1 + r.IntN(5))
				}
				if err := st.SetLevel(ctx, x.id, level, on, 100, 2, "test"); err != nil {
					t.Fatal(err)
				}
			case 2: // recruit someone
				_, err := st.AddAssociate(ctx, store.NewAssociate{Code: fmt.Sprintf("NEW%d%d", round, op), FirstName: "New", LastName: "Recruit",
					Email: fmt.Sprintf("new%d%d@example.net", round, op), UplineID: x.id, LevelID: int16(1 + r.IntN(8)), Country: "USA", JoinedOn: on})
				if err != nil {
					t.Fatal(err)
				}
			}
		}
		verify(t, st, pool, 80, r)
	}
	verify(t, st, pool, 1000, r)
}

func TestMoveRefusesCyclesAndTheTop(t *testing.T) {
	pool := testdb.New(t)
	ctx := context.Background()
	keys, _ := secret.New([]byte("0123456789abcdef0123456789abcdef"))
	if _, err := seed.Run(ctx, pool, seed.Options{Associates: 60, Clients: 10, Seed: 2, Keys: keys}); err != nil {
		t.Fatal(err)
	}
	st := store.New(pool)
	var child, grandchild int64
	if err := pool.QueryRow(ctx, `SELECT c.id, g.id FROM associates c JOIN associates g ON g.upline_id = c.id WHERE c.depth = 1 LIMIT 1`).Scan(&child, &grandchild); err != nil {
		t.Fatal(err)
	}
	on := time.Now()
	if err := st.MoveAssociate(ctx, child, grandchild, on, "t"); err == nil {
		t.Error("moving an associate under its own downline succeeded")
	}
	if err := st.MoveAssociate(ctx, child, child, on, "t"); err == nil {
		t.Error("moving an associate under itself succeeded")
	}
	if err := st.MoveAssociate(ctx, 1, child, on, "t"); err == nil {
		t.Error("moving the top succeeded")
	}
	var histories int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM upline_history WHERE changed_by = 't'`).Scan(&histories); err != nil || histories != 0 {
		t.Errorf("refused moves wrote %d history rows (%v)", histories, err)
	}
}

package store

import (
	"context"
	"fmt"

	"github.com/associateportal/portal/server/errs"
	"github.com/associateportal/portal/server/hierarchy"
	"github.com/associateportal/portal/server/listing"
)

// Root is the associate a team view is seen from.
type Root struct {
	ID         int64
	Code       string
	Path       string
	Senior     bool
	LeaderID   *int64
	LeaderPath string
}

// TeamRoot loads the hierarchy columns of an associate.
func (s *Store) TeamRoot(ctx context.Context, id int64) (Root, error) {
	var r Root
	err := s.db.QueryRow(ctx, `SELECT id, code, path::text, senior, leader_id, leader_path::text FROM associates WHERE id = $1`, id).
		Scan(&r.ID, &r.Code, &r.Path, &r.Senior, &r.LeaderID, &r.LeaderPath)
	if err != nil && errs.Is(translate(err), errs.NotFound) {
		return r, errs.NotFoundf("Associate not found")
	}
	return r, translate(err)
}

// teamScope is the condition on `a` that selects a view of r, and the SQL expression of
// each member's generation (NULL where generations do not apply). Every view is an
// index lookup on the denormalised columns:
//
//	Personal      a.id = r
//	BaseShop      same leader as r, inside r's organisation (no senior in between)
//	RmdSuperBase  leader chain under r's, at most 1 senior deeper
//	RmdSuperTeam  leader chain under r's, at most 6 seniors deeper
//	Infinity      inside r's organisation
func teamScope(v hierarchy.View, r Root, args *listing.Args) (where, generation string, err error) {
	if err := hierarchy.Check(v, r.Senior); err != nil {
		return "", "", err
	}
	gen := "NULL::int"
	if r.Senior {
		gen = fmt.Sprintf("(nlevel(a.leader_path) - %d)", nlevel(r.LeaderPath))
	}
	switch v {
	case hierarchy.Personal:
		return "a.id = " + args.Add(r.ID), "NULL::int", nil
	case hierarchy.BaseShop:
		in := "a.path <@ " + args.Add(r.Path) + "::ltree"
		if r.LeaderID == nil {
			return "a.leader_id IS NULL AND " + in, "NULL::int", nil
		}
		return "a.leader_id = " + args.Add(*r.LeaderID) + " AND " + in, "NULL::int", nil
	case hierarchy.RmdSuperBase, hierarchy.RmdSuperTeam:
		return fmt.Sprintf("a.leader_path <@ %s::ltree AND nlevel(a.leader_path) <= %d", args.Add(r.LeaderPath), nlevel(r.LeaderPath)+v.Generations()), gen, nil
	case hierarchy.Infinity:
		return "a.path <@ " + args.Add(r.Path) + "::ltree", gen, nil
	}
	return "", "", errs.NotFoundf("Unknown team view %q", string(v))
}

func nlevel(path string) int {
	if path == "" {
		return 0
	}
	n := 1
	for _, c := range path {
		if c == '.' {
			n++
		}
	}
	return n
}

// TeamMembers answers every member of a view with its generation (-1 where it does not
// apply). Meant for checks and small views; lists page through TeamList.
func (s *Store) TeamMembers(ctx context.Context, v hierarchy.View, r Root) (map[int64]int, error) {
	var args listing.Args
	where, gen, err := teamScope(v, r, &args)
	if err != nil {
		return nil, err
	}
	rows, err := s.db.Query(ctx, `SELECT a.id, coalesce(`+gen+`, -1) FROM associates a WHERE `+where, args.Values...)
	if err != nil {
		return nil, translate(err)
	}
	defer rows.Close()
	out := map[int64]int{}
	for rows.Next() {
		var id int64
		var g int
		if err := rows.Scan(&id, &g); err != nil {
			return nil, translate(err)
		}
		out[id] = g
	}
	return out, translate(rows.Err())
}

package store

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/associateportal/portal/server/errs"
)

// The hierarchy keeps, on every associate, denormalised columns that make the team
// views index lookups instead of walks: path (ids top down), senior, leader_id (nearest
// senior on the path, itself when senior), leader_path (the senior ids on the path) and
// downline_size. Every change below keeps them correct inside its transaction.

// node is the part of an associate the hierarchy maintenance needs.
type node struct {
	id, upline int64
	path       string
	depth      int
	senior     bool
	leaderID   *int64
	leaderPath string
	size       int
}

func (s *Store) lockNode(ctx context.Context, id int64) (node, error) {
	var n node
	var upline *int64
	err := s.db.QueryRow(ctx, `SELECT id, upline_id, path::text, depth, senior, leader_id, leader_path::text, downline_size
		FROM associates WHERE id = $1 FOR UPDATE`, id).
		Scan(&n.id, &upline, &n.path, &n.depth, &n.senior, &n.leaderID, &n.leaderPath, &n.size)
	if upline != nil {
		n.upline = *upline
	}
	if err != nil && errs.Is(translate(err), errs.NotFound) {
		return n, errs.NotFoundf("Associate %d not found", id)
	}
	return n, translate(err)
}

// pathIDs lists the ids of a path, top down.
func pathIDs(path string) []int64 {
	if path == "" {
		return nil
	}
	parts := strings.Split(path, ".")
	out := make([]int64, len(parts))
	for i, p := range parts {
		out[i], _ = strconv.ParseInt(p, 10, 64)
	}
	return out
}

// NewAssociate is what adding an associate needs.
type NewAssociate struct {
	Code, FirstName, LastName, Email string
	UplineID                         int64
	LevelID                          int16
	Country, Kind, Status            string
	JoinedOn                         time.Time
	By                               string
}

// AddAssociate inserts an associate under an upline and keeps the hierarchy columns of
// it and its ancestors right.
func (s *Store) AddAssociate(ctx context.Context, in NewAssociate) (int64, error) {
	var id int64
	err := s.InTx(ctx, func(tx *Store) error {
		// A recruit that brings a downline to the hub size builds that hub's rollup
		// (ensureHubs below): then the production lock comes first, as in a move.
		if err := tx.lockIfHubDue(ctx, in.UplineID); err != nil {
			return err
		}
		up, err := tx.lockNode(ctx, in.UplineID)
		if err != nil {
			return err
		}
		var senior bool
		if err := tx.db.QueryRow(ctx, `SELECT is_senior FROM levels WHERE id = $1`, in.LevelID).Scan(&senior); err != nil {
			return translate(err)
		}
		if err := tx.db.QueryRow(ctx, `SELECT nextval(pg_get_serial_sequence('associates', 'id'))`).Scan(&id); err != nil {
			return translate(err)
		}
		self := strconv.FormatInt(id, 10)
		in.Code = codeFromID(in.Code, id)
		leaderID, leaderPath := up.leaderID, up.leaderPath
		if senior {
			leaderID, leaderPath = &id, joinPath(up.leaderPath, self)
		}
		if in.Status == "" {
			in.Status = "Active"
		}
		if in.Kind == "" {
			in.Kind = "Builder"
		}
		_, err = tx.db.Exec(ctx, `
			INSERT INTO associates (id, code, upline_id, path, depth, level_id, senior, leader_id, leader_path, status, kind, country,
				first_name, last_name, email, joined_on)
			VALUES ($1, $2, $3, $4::ltree, $5, $6, $7, $8, $9::ltree, $10, $11, $12, $13, $14, $15, $16)`,
			id, in.Code, up.id, up.path+"."+self, up.depth+1, in.LevelID, senior, leaderID, leaderPath, in.Status, in.Kind,
			in.Country, in.FirstName, in.LastName, in.Email, in.JoinedOn)
		if err != nil {
			return translate(err)
		}
		if _, err := tx.db.Exec(ctx, `UPDATE associates SET downline_size = downline_size + 1 WHERE id = ANY($1)`, pathIDs(up.path)); err != nil {
			return translate(err)
		}
		if err := tx.ensureHubs(ctx, append(pathIDs(up.path), id)); err != nil {
			return err
		}
		return tx.history(ctx, id, &up.id, in.LevelID, in.JoinedOn, 0, 0, in.By)
	})
	return id, err
}

func joinPath(prefix, id string) string {
	if prefix == "" {
		return id
	}
	return prefix + "." + id
}

func (s *Store) history(ctx context.Context, id int64, upline *int64, level int16, on time.Time, points, recruits int, by string) error {
	if upline != nil {
		if _, err := s.db.Exec(ctx, `INSERT INTO upline_history (associate_id, upline_id, effective_on, changed_by) VALUES ($1, $2, $3, $4)`,
			id, *upline, on, nullable(by)); err != nil {
			return translate(err)
		}
	}
	if level != 0 {
		if _, err := s.db.Exec(ctx, `INSERT INTO level_history (associate_id, level_id, effective_on, points, recruits, approved_by)
			VALUES ($1, $2, $3, $4, $5, $6)`, id, level, on, points, recruits, nullable(by)); err != nil {
			return translate(err)
		}
	}
	return nil
}

// MoveAssociate moves an associate with its whole organisation under a new upline,
// effective on a date.
func (s *Store) MoveAssociate(ctx context.Context, id, newUpline int64, on time.Time, by string) error {
	return s.InTx(ctx, func(tx *Store) error {
		// Before any row lock: production changes wait for the move, never the reverse.
		if err := tx.lockHierarchyForRollup(ctx); err != nil {
			return err
		}
		n, err := tx.lockNode(ctx, id)
		if err != nil {
			return err
		}
		if n.upline == 0 {
			return errs.Conflictf("The top of the organisation has no upline to change")
		}
		if n.upline == newUpline {
			return nil
		}
		up, err := tx.lockNode(ctx, newUpline)
		if err != nil {
			return err
		}
		if up.path == n.path || strings.HasPrefix(up.path, n.path+".") {
			return errs.Validation(errs.Field("upline", "An associate cannot move under its own organisation"))
		}
		if err := tx.leaveRollups(ctx, id); err != nil {
			return err
		}
		moved := n.size + 1
		oldAncestors := pathIDs(n.path)
		oldAncestors = oldAncestors[:len(oldAncestors)-1]
		if _, err := tx.db.Exec(ctx, `UPDATE associates SET downline_size = downline_size - $2 WHERE id = ANY($1)`, oldAncestors, moved); err != nil {
			return translate(err)
		}
		if _, err := tx.db.Exec(ctx, `UPDATE associates SET downline_size = downline_size + $2 WHERE id = ANY($1)`, pathIDs(up.path), moved); err != nil {
			return translate(err)
		}
		// The subtree keeps its shape: its paths get the new upline's path as a prefix.
		_, err = tx.db.Exec(ctx, `
			UPDATE associates a SET path = $1::ltree || subpath(path, $2), depth = depth - $2 + $3
			WHERE `+subtreeOf("a", n.path), up.path, n.depth, up.depth+1)
		if err != nil {
			return translate(err)
		}
		if _, err := tx.db.Exec(ctx, `UPDATE associates SET upline_id = $2, updated_at = now() WHERE id = $1`, id, newUpline); err != nil {
			return translate(err)
		}
		if err := tx.history(ctx, id, &newUpline, 0, on, 0, 0, by); err != nil {
			return err
		}
		if err := tx.recomputeLeaders(ctx, id, up.leaderID, up.leaderPath); err != nil {
			return err
		}
		if err := tx.joinRollups(ctx, id); err != nil {
			return err
		}
		return tx.ensureHubs(ctx, pathIDs(up.path))
	})
}

// SetLevel changes an associate's level with a history row (what qualified it, who
// approved). When seniority changes, the leaders of its organisation are recomputed.
func (s *Store) SetLevel(ctx context.Context, id int64, level int16, on time.Time, points, recruits int, by string) error {
	return s.InTx(ctx, func(tx *Store) error {
		var senior bool
		if err := tx.db.QueryRow(ctx, `SELECT is_senior FROM levels WHERE id = $1`, level).Scan(&senior); err != nil {
			if errs.Is(translate(err), errs.NotFound) {
				return errs.Validation(errs.Field("level", "Unknown level"))
			}
			return translate(err)
		}
		// A change of seniority moves the organisation's production between generations of
		// the hubs above: take the production lock before any row lock, as a move does.
		if err := tx.lockHierarchyForRollup(ctx); err != nil {
			return err
		}
		n, err := tx.lockNode(ctx, id)
		if err != nil {
			return err
		}
		if senior != n.senior {
			if err := tx.leaveRollups(ctx, id); err != nil {
				return err
			}
		}
		if _, err := tx.db.Exec(ctx, `UPDATE associates SET level_id = $2, senior = $3, updated_at = now() WHERE id = $1`, id, level, senior); err != nil {
			return translate(err)
		}
		if err := tx.history(ctx, id, nil, level, on, points, recruits, by); err != nil {
			return err
		}
		if senior == n.senior {
			return nil
		}
		var upLeader *int64
		upPath := ""
		if n.upline != 0 {
			up, err := tx.lockNode(ctx, n.upline)
			if err != nil {
				return err
			}
			upLeader, upPath = up.leaderID, up.leaderPath
		}
		if err := tx.recomputeLeaders(ctx, id, upLeader, upPath); err != nil {
			return err
		}
		return tx.joinRollups(ctx, id)
	})
}

// recomputeLeaders sets leader_id and leader_path of the organisation rooted at root,
// given the leader and leader path of root's upline, in one pass over the subtree.
func (s *Store) recomputeLeaders(ctx context.Context, root int64, upLeader *int64, upPath string) error {
	var rootPath string
	if err := s.db.QueryRow(ctx, `SELECT path::text FROM associates WHERE id = $1`, root).Scan(&rootPath); err != nil {
		return translate(err)
	}
	// The top's upline is NULL: read as 0, which no associate is.
	rows, err := s.db.Query(ctx, `SELECT d.id, coalesce(d.upline_id, 0), d.senior FROM associates d WHERE `+subtreeOf("d", rootPath)+` ORDER BY d.depth`)
	if err != nil {
		return translate(err)
	}
	type lead struct {
		id   *int64
		path string
	}
	computed := map[int64]lead{}
	var ids, leaders []int64
	var paths []string
	var hasLeader []bool
	for rows.Next() {
		var id, upline int64
		var senior bool
		if err := rows.Scan(&id, &upline, &senior); err != nil {
			rows.Close()
			return translate(err)
		}
		parent, ok := computed[upline]
		if id == root || !ok {
			parent = lead{upLeader, upPath}
		}
		me := parent
		if senior {
			self := id
			me = lead{&self, joinPath(parent.path, strconv.FormatInt(id, 10))}
		}
		computed[id] = me
		ids = append(ids, id)
		paths = append(paths, me.path)
		if me.id != nil {
			leaders = append(leaders, *me.id)
			hasLeader = append(hasLeader, true)
		} else {
			leaders = append(leaders, 0)
			hasLeader = append(hasLeader, false)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return translate(err)
	}
	_, err = s.db.Exec(ctx, `
		UPDATE associates a SET leader_id = CASE WHEN x.has THEN x.leader END, leader_path = x.lpath::ltree
		FROM unnest($1::bigint[], $2::bigint[], $3::bool[], $4::text[]) AS x(id, leader, has, lpath)
		WHERE a.id = x.id AND (a.leader_id IS DISTINCT FROM CASE WHEN x.has THEN x.leader END OR a.leader_path::text <> x.lpath)`,
		ids, leaders, hasLeader, paths)
	return translate(err)
}

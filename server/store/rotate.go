package store

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/associateportal/portal/server/secret"
)

// RotateBatch is how many rows one transaction of RotateKeys re-seals.
const RotateBatch = 500

// sealedColumn is a column of values sealed with the master key, with the id of the key
// beside it (secret.Keys.ID).
type sealedColumn struct {
	what, table, sealed, keyID string
}

// sealedColumns are every value sealed at rest with a key id.
var sealedColumns = []sealedColumn{
	{"W-9 TINs", "w9_documents", "tin_encrypted", "tin_key_id"},
	{"payout account numbers", "payout_accounts", "account_sealed", "key_id"},
}

// mailJobs names the mail jobs of River in a rotation. Their arguments (jobs.MailArgs:
// {"id": …, "sealed": base64}) hold the message sealed without a key id: the key that
// opens one is found by trying.
const (
	mailJobs    = "mail jobs"
	mailJobKind = "mail"
)

// finishedJob is the condition that a River job is done with: it never runs again by
// itself, and River's cleaner deletes it (within a day, a week when discarded).
const finishedJob = `state::text IN ('completed', 'cancelled', 'discarded')`

// RotateOptions tune RotateKeys.
type RotateOptions struct {
	Batch int // rows per transaction; RotateBatch when 0
	// Progress, when set, is told after each committed batch how many values of a kind
	// were re-sealed so far.
	Progress func(what string, resealed int)
}

// Unreadable is a sealed value that no key given opens.
type Unreadable struct {
	ID     int64
	KeyID  string // "" when the row names no key
	Reason string
}

// RotationCount is what a rotation did to one kind of sealed value.
type RotationCount struct {
	What     string
	Resealed int // re-sealed under the current key by this run
	Current  int // under the current key at the end (the re-sealed ones included)
	// Left are the values not under the current key at the end: those no key opens, and
	// any written under another key while the rotation ran (an instance still running
	// with the old key). Run the rotation again once every instance has the new one.
	Left       int
	Unreadable []Unreadable
	// Ignored are finished mail jobs no key opens: they are never opened again, and River
	// deletes them.
	Ignored int
}

// Rotation is what RotateKeys did.
type Rotation struct {
	KeyID  string // the current key's id
	Counts []RotationCount
}

// Left is how many values are not under the current key.
func (r Rotation) Left() int {
	n := 0
	for _, c := range r.Counts {
		n += c.Left
	}
	return n
}

// ErrRotationIncomplete: after a rotation some values are still not under the current
// key (Rotation.Counts says which).
var ErrRotationIncomplete = errors.New("some sealed values are not under the current key")

// RotateKeys re-seals under the current key every sealed value at rest that is not under
// it yet: W-9 TINs and payout account numbers (by their key id; a value without one is
// opened with whichever key opens it), and the arguments of River's mail jobs (opened by
// trying each key). Values are taken in order of id, a batch per transaction, each row's
// value and key id written together, so that a run cut short leaves every value openable
// with the key its row names, and the next run carries on; a run over values all under
// the current key changes nothing. A value no key opens is left as it is and reported;
// then, or when any value is left under another key, the error is ErrRotationIncomplete
// (the counts are answered either way).
func (s *Store) RotateKeys(ctx context.Context, keys *secret.Keys, o RotateOptions) (Rotation, error) {
	if o.Batch <= 0 {
		o.Batch = RotateBatch
	}
	if o.Progress == nil {
		o.Progress = func(string, int) {}
	}
	r := Rotation{KeyID: keys.ID()}
	for _, col := range sealedColumns {
		c, err := s.rotateColumn(ctx, keys, col, o)
		if err != nil {
			return r, fmt.Errorf("rotate %s: %w", col.what, err)
		}
		r.Counts = append(r.Counts, c)
	}
	c, err := s.rotateMailJobs(ctx, keys, o)
	if err != nil {
		return r, fmt.Errorf("rotate %s: %w", mailJobs, err)
	}
	r.Counts = append(r.Counts, c)
	// What is under which key once every pass is done: a value written under another key
	// meanwhile is found whichever pass it slipped behind.
	for i, col := range sealedColumns {
		k := pgx.Identifier{col.keyID}.Sanitize()
		if err := s.db.QueryRow(ctx, `SELECT count(*) FILTER (WHERE `+k+` = $1), count(*) FILTER (WHERE `+k+` IS DISTINCT FROM $1)
			FROM `+pgx.Identifier{col.table}.Sanitize(), keys.ID()).Scan(&r.Counts[i].Current, &r.Counts[i].Left); err != nil {
			return r, translate(err)
		}
	}
	if err := s.countMailJobs(ctx, keys, &r.Counts[len(r.Counts)-1]); err != nil {
		return r, err
	}
	if r.Left() > 0 {
		return r, ErrRotationIncomplete
	}
	return r, nil
}

// rotateColumn re-seals the values of one column not under the current key.
func (s *Store) rotateColumn(ctx context.Context, keys *secret.Keys, col sealedColumn, o RotateOptions) (RotationCount, error) {
	c := RotationCount{What: col.what}
	t, v, k := pgx.Identifier{col.table}.Sanitize(), pgx.Identifier{col.sealed}.Sanitize(), pgx.Identifier{col.keyID}.Sanitize()
	var last int64
	for {
		n := 0
		err := s.InTx(ctx, func(tx *Store) error {
			// FOR UPDATE: a row someone is changing is taken once they are done, with what
			// they wrote.
			rows, err := tx.db.Query(ctx, `SELECT id, `+v+`, coalesce(`+k+`, '') FROM `+t+`
				WHERE id > $1 AND `+k+` IS DISTINCT FROM $2 ORDER BY id LIMIT $3 FOR UPDATE`, last, keys.ID(), o.Batch)
			type row struct {
				id     int64
				sealed []byte
				keyID  string
			}
			batch, err := collect(rows, err, func(r pgx.Rows, x *row) error { return r.Scan(&x.id, &x.sealed, &x.keyID) })
			if err != nil {
				return err
			}
			var ids []int64
			var sealed [][]byte
			var bad []Unreadable
			for _, x := range batch {
				plain, err := keys.OpenWith(x.keyID, x.sealed)
				if err != nil {
					bad = append(bad, Unreadable{ID: x.id, KeyID: x.keyID, Reason: err.Error()})
					continue
				}
				ids, sealed = append(ids, x.id), append(sealed, keys.Seal(plain))
			}
			if len(ids) > 0 {
				if _, err := tx.db.Exec(ctx, `UPDATE `+t+` SET `+v+` = u.sealed, `+k+` = $3
					FROM unnest($1::bigint[], $2::bytea[]) AS u (id, sealed) WHERE `+t+`.id = u.id`, ids, sealed, keys.ID()); err != nil {
					return translate(err)
				}
			}
			if len(batch) > 0 {
				last = batch[len(batch)-1].id
			}
			n = len(batch)
			c.Resealed += len(ids)
			c.Unreadable = append(c.Unreadable, bad...)
			return nil
		})
		if err != nil {
			return c, err
		}
		if n == 0 {
			break
		}
		o.Progress(col.what, c.Resealed)
	}
	return c, nil
}

// rotateMailJobs re-seals the mail jobs' messages that a previous key sealed, whatever
// the job's state (a finished job's message may still hold a link that works). Jobs River
// holds at the moment (fetching or finishing them) are passed over and counted as left.
func (s *Store) rotateMailJobs(ctx context.Context, keys *secret.Keys, o RotateOptions) (RotationCount, error) {
	c := RotationCount{What: mailJobs}
	var last int64
	for {
		n := 0
		err := s.InTx(ctx, func(tx *Store) error {
			rows, err := tx.db.Query(ctx, `SELECT id, coalesce(args->>'sealed', ''), `+finishedJob+` FROM river_job
				WHERE kind = $1 AND id > $2 ORDER BY id LIMIT $3 FOR UPDATE SKIP LOCKED`, mailJobKind, last, o.Batch)
			type row struct {
				id       int64
				sealed   string
				finished bool
			}
			batch, err := collect(rows, err, func(r pgx.Rows, x *row) error { return r.Scan(&x.id, &x.sealed, &x.finished) })
			if err != nil {
				return err
			}
			var ids []int64
			var sealed []string
			for _, x := range batch {
				plain, keyID, err := openMail(keys, x.sealed)
				switch {
				case err != nil && x.finished:
					c.Ignored++
				case err != nil:
					c.Unreadable = append(c.Unreadable, Unreadable{ID: x.id, Reason: err.Error()})
				case keyID != keys.ID():
					ids, sealed = append(ids, x.id), append(sealed, base64.StdEncoding.EncodeToString(keys.Seal(plain)))
				}
			}
			if len(ids) > 0 {
				if _, err := tx.db.Exec(ctx, `UPDATE river_job j SET args = jsonb_set(j.args, '{sealed}', to_jsonb(u.sealed))
					FROM unnest($1::bigint[], $2::text[]) AS u (id, sealed) WHERE j.id = u.id`, ids, sealed); err != nil {
					return translate(err)
				}
			}
			if len(batch) > 0 {
				last = batch[len(batch)-1].id
			}
			n = len(batch)
			c.Resealed += len(ids)
			return nil
		})
		if err != nil {
			return c, err
		}
		if n == 0 {
			break
		}
		o.Progress(mailJobs, c.Resealed)
	}
	return c, nil
}

// countMailJobs counts the mail jobs under the current key, and those left: every job
// (but the finished ones no key opens) that the current key does not open, passed over by
// rotateMailJobs or sealed by an instance with the old key since.
func (s *Store) countMailJobs(ctx context.Context, keys *secret.Keys, c *RotationCount) error {
	rows, err := s.db.Query(ctx, `SELECT coalesce(args->>'sealed', ''), `+finishedJob+` FROM river_job WHERE kind = $1`, mailJobKind)
	type row struct {
		sealed   string
		finished bool
	}
	all, err := collect(rows, err, func(r pgx.Rows, x *row) error { return r.Scan(&x.sealed, &x.finished) })
	if err != nil {
		return err
	}
	for _, x := range all {
		switch _, keyID, err := openMail(keys, x.sealed); {
		case err == nil && keyID == keys.ID():
			c.Current++
		case err != nil && x.finished: // Ignored above
		default:
			c.Left++
		}
	}
	return nil
}

// openMail opens the sealed message of a mail job's arguments (base64, as encoding/json
// writes bytes).
func openMail(keys *secret.Keys, sealed string) ([]byte, string, error) {
	b, err := base64.StdEncoding.DecodeString(sealed)
	if err != nil {
		return nil, "", fmt.Errorf("the job's arguments hold no sealed message: %w", err)
	}
	return keys.OpenAny(b)
}

// String is the summary of a rotation, a line per kind of value.
func (r Rotation) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "current key %s\n", r.KeyID)
	for _, c := range r.Counts {
		fmt.Fprintf(&b, "%-24s %6d re-sealed, %6d under the current key, %6d left", c.What+":", c.Resealed, c.Current, c.Left)
		if c.Ignored > 0 {
			fmt.Fprintf(&b, " (%d finished mail jobs no key opens, left as they are)", c.Ignored)
		}
		b.WriteByte('\n')
		for i, u := range c.Unreadable {
			if i == 20 {
				fmt.Fprintf(&b, "  … and %d more no key opens\n", len(c.Unreadable)-i)
				break
			}
			fmt.Fprintf(&b, "  id %d: %s\n", u.ID, u.Reason)
		}
	}
	return b.String()
}

package store

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/associateportal/portal/server/comp"
	"github.com/associateportal/portal/server/ledger"
)

// approvalsBatch computes the entries of a batch of approvals with a handful of queries
// however many policies it holds: the policies and their writers at once, and the chains
// from the materialised paths, with each member's level as of the policy's sale date from
// its level history. A writer whose chain has a member who moved after the sale date (an
// upline history row after it) has its chain walked as of that date one by one (chainAsOf),
// like the preview does. The answer is the calculator's, line for line (TestEngineInvariants
// compares it with CommissionOf).
func (s *Store) approvalsBatch(ctx context.Context, events []policyEvent) ([]ledger.Entry, error) {
	if len(events) == 0 {
		return nil, nil
	}
	rules, err := s.CompRules(ctx)
	if err != nil {
		return nil, err
	}
	ids := make([]int64, len(events))
	for i, e := range events {
		ids[i] = e.PolicyID
	}
	type pol struct {
		ref     ledger.Policy
		premium int64
		rate    int32
		trainer *int64
		writers []int64
		shares  []int32
	}
	rows, err := s.db.Query(ctx, `SELECT p.id, p.policy_number, pv.name, pr.name, p.submitted_on, p.target_premium_cents,
			pr.commission_rate_bp, p.trainer_id
		FROM policies p JOIN providers pv ON pv.id = p.provider_id JOIN products pr ON pr.id = p.product_id
		WHERE p.id = ANY($1) ORDER BY p.id`, ids)
	list, err := collect(rows, err, func(r pgx.Rows, p *pol) error {
		return r.Scan(&p.ref.ID, &p.ref.Number, &p.ref.Provider, &p.ref.Product, &p.ref.SubmittedOn, &p.premium, &p.rate, &p.trainer)
	})
	if err != nil {
		return nil, err
	}
	byID := make(map[int64]*pol, len(list))
	for i := range list {
		byID[list[i].ref.ID] = &list[i]
	}
	rows, err = s.db.Query(ctx, `SELECT policy_id, associate_id, share_bp FROM policy_writers WHERE policy_id = ANY($1)
		ORDER BY policy_id, position`, ids)
	if err != nil {
		return nil, translate(err)
	}
	people := map[int64]bool{}
	for rows.Next() {
		var pid, aid int64
		var share int32
		if err := rows.Scan(&pid, &aid, &share); err != nil {
			rows.Close()
			return nil, translate(err)
		}
		if p := byID[pid]; p != nil {
			p.writers, p.shares = append(p.writers, aid), append(p.shares, share)
			people[aid] = true
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, translate(err)
	}
	for _, p := range list {
		if p.trainer != nil {
			people[*p.trainer] = true
		}
	}
	chains, err := s.chainsBatch(ctx, people)
	if err != nil {
		return nil, err
	}
	var out []ledger.Entry
	for _, e := range events {
		p := byID[e.PolicyID]
		if p == nil {
			return nil, fmt.Errorf("policy %d of event %d not found", e.PolicyID, e.ID)
		}
		on := p.ref.SubmittedOn
		in := comp.Policy{TargetPremiumCents: p.premium, CommissionRateBP: p.rate}
		for i, w := range p.writers {
			chain, err := chains.asOf(ctx, s, w, on)
			if err != nil {
				return nil, err
			}
			in.Writers = append(in.Writers, comp.Writer{ShareBP: p.shares[i], Chain: chain})
		}
		if p.trainer != nil {
			chain, err := chains.asOf(ctx, s, *p.trainer, on)
			if err != nil {
				return nil, err
			}
			in.Trainer = &chain[0]
		}
		lines, err := comp.Calculate(in, rules)
		if err != nil {
			return nil, &eventError{e.ID, fmt.Errorf("policy %d cannot be calculated: %w", p.ref.ID, err)}
		}
		ref := p.ref
		ref.ApprovedOn = e.OccurredOn
		more, err := ledger.Approval(eventSource(e), ref, lines, rules.AdvanceBP)
		if err != nil {
			return nil, &eventError{e.ID, err}
		}
		out = append(out, more...)
	}
	return out, nil
}

// member is an associate of a chain with what its level as of a day needs.
type member struct {
	code, name string
	level      int16 // current level
	active     bool
	levels     []levelChange // level history, oldest first
	moved      time.Time     // the last upline change (zero: none)
}

type levelChange struct {
	on    time.Time
	level int16
}

type levelInfo struct {
	code, name string
	rateBP     int32
	senior     bool
}

// chainSet holds the current chains of a batch's people and their members.
type chainSet struct {
	paths   map[int64][]int64 // person → itself then its uplines, nearest first
	members map[int64]*member
	levels  map[int16]levelInfo
}

// chainsBatch loads the current chains of people and every member's level history.
func (s *Store) chainsBatch(ctx context.Context, people map[int64]bool) (*chainSet, error) {
	cs := &chainSet{paths: map[int64][]int64{}, members: map[int64]*member{}, levels: map[int16]levelInfo{}}
	ids := make([]int64, 0, len(people))
	for id := range people {
		ids = append(ids, id)
	}
	rows, err := s.db.Query(ctx, `SELECT id, ltree2text(path) FROM associates WHERE id = ANY($1)`, ids)
	if err != nil {
		return nil, translate(err)
	}
	all := map[int64]bool{}
	for rows.Next() {
		var id int64
		var path string
		if err := rows.Scan(&id, &path); err != nil {
			rows.Close()
			return nil, translate(err)
		}
		parts := strings.Split(path, ".")
		chain := make([]int64, 0, len(parts))
		for i := len(parts) - 1; i >= 0; i-- {
			v, err := strconv.ParseInt(parts[i], 10, 64)
			if err != nil {
				rows.Close()
				return nil, fmt.Errorf("associate %d: path %q: %w", id, path, err)
			}
			chain = append(chain, v)
			all[v] = true
		}
		cs.paths[id] = chain
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, translate(err)
	}
	memberIDs := make([]int64, 0, len(all))
	for id := range all {
		memberIDs = append(memberIDs, id)
	}
	slices.Sort(memberIDs)
	rows, err = s.db.Query(ctx, `SELECT a.id, a.code, a.first_name || ' ' || a.last_name, a.level_id, a.status = 'Active',
			(SELECT max(effective_on) FROM upline_history u WHERE u.associate_id = a.id)
		FROM associates a WHERE a.id = ANY($1)`, memberIDs)
	if err != nil {
		return nil, translate(err)
	}
	for rows.Next() {
		var id int64
		var m member
		var moved *time.Time
		if err := rows.Scan(&id, &m.code, &m.name, &m.level, &m.active, &moved); err != nil {
			rows.Close()
			return nil, translate(err)
		}
		if moved != nil {
			m.moved = *moved
		}
		cs.members[id] = &m
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, translate(err)
	}
	rows, err = s.db.Query(ctx, `SELECT associate_id, level_id, effective_on FROM level_history WHERE associate_id = ANY($1)
		ORDER BY associate_id, effective_on, id`, memberIDs)
	if err != nil {
		return nil, translate(err)
	}
	for rows.Next() {
		var id int64
		var c levelChange
		if err := rows.Scan(&id, &c.level, &c.on); err != nil {
			rows.Close()
			return nil, translate(err)
		}
		if m := cs.members[id]; m != nil {
			m.levels = append(m.levels, c)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, translate(err)
	}
	rows, err = s.db.Query(ctx, `SELECT id, code, name, contract_rate_bp, is_senior FROM levels`)
	if err != nil {
		return nil, translate(err)
	}
	for rows.Next() {
		var id int16
		var l levelInfo
		if err := rows.Scan(&id, &l.code, &l.name, &l.rateBP, &l.senior); err != nil {
			rows.Close()
			return nil, translate(err)
		}
		cs.levels[id] = l
	}
	rows.Close()
	return cs, translate(rows.Err())
}

// asOf is a person's chain as of a day: from the batch when nobody in it moved after that
// day, else walked one by one as of the day (chainAsOf).
func (cs *chainSet) asOf(ctx context.Context, s *Store, id int64, on time.Time) ([]comp.Person, error) {
	path, ok := cs.paths[id]
	if !ok {
		return nil, fmt.Errorf("associate %d not found", id)
	}
	for _, m := range path {
		if cs.members[m].moved.After(on) {
			return s.chainAsOf(ctx, id, on, map[int64]string{})
		}
	}
	out := make([]comp.Person, len(path))
	for i, mid := range path {
		m := cs.members[mid]
		level := m.level
		for _, c := range m.levels {
			if c.on.After(on) {
				break
			}
			level = c.level
		}
		l := cs.levels[level]
		out[i] = comp.Person{ID: mid, Code: m.code, Level: l.code, LevelName: l.name, RateBP: l.rateBP, Senior: l.senior, Active: m.active}
	}
	return out, nil
}

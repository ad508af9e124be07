// Package comp is the commission calculator of DOMAIN.md's "Compensation": given a policy
// (commission, writers with their upline chains as of the sale date, field trainer) and the
// rules (generation and training rates), it answers every line the policy pays, each with an
// explanation in words. It is pure: no database, no I/O, no clock, no floating point.
//
// Money is int64 cents and rates are int32 basis points (75 % = 7500). Every product of an
// amount and a rate is computed exactly over 128 bits and rounded half up to the cent:
// R(x × bp) below means round_half_up(x × bp / 10000).
//
// The calculation, exactly:
//
//  1. The commissionable amount C = R(target premium × commission rate).
//  2. Writer shares: every writer but the last gets Ci = R(C × share); the last gets C minus
//     the others, so the shares add up to C to the cent.
//  3. Personal and overrides, per share Ci. The writer's leader is the nearest senior person
//     of its chain (the writer itself when senior); with no senior in the chain the walk goes
//     to the top and there are no generations. With h the writer's rate, the writer earns
//     R(Ci × h) (bonus type Writing, or Split when the policy has two writers), whatever its
//     status. Walking up the chain to the leader inclusive, each Active upline whose rate is
//     above h earns R(Ci × its rate) − R(Ci × h) (Override Bonus), and h becomes its rate. The
//     lines of a stretch therefore add up to exactly R(Ci × the highest rate paid): each line
//     is a difference of amounts rounded once. An upline at or below h earns nothing. An
//     upline that is not Active earns nothing and does not raise h, so the next Active upline
//     earns the difference (DOMAIN.md is silent on this; it is our decision). An inactive
//     leader's difference is not paid to anyone: the walk stops at the leader.
//  4. Generations: the senior people strictly above the leader, in order up the chain, are
//     generations 1, 2, … up to len(Rules.GenerationBP); non-senior people above the leader
//     earn nothing on the policy. An Active generation-g person earns R(Ci × GenerationBP[g-1])
//     (an Override Bonus line of category Generation). An inactive one earns nothing; the same amount goes to the
//     nearest Active senior person above it, searching the whole chain (beyond generation 6
//     too), as an Unpaid Generations Bonus line numbered g; with none, it is not paid. The
//     numbering of the others does not change.
//  5. Training: a policy's field trainer earns R(C × TrainingBP) once, on the whole C,
//     whatever its status; it reduces no one else's line.
//  6. No line of 0 is emitted. Lines come per writer in the order of Policy.Writers, up the
//     chain (at one person, its own line before the Unpaid Generations lines it receives, these
//     by generation); the training line is last.
//
// Inputs outside their bounds (MaxPremiumCents and the others) are refused with an
// *InputError naming the field, which callers answer with 422.
//
// Advance, EscrowParts, EscrowHeld, Chargeback and SharePool hold the other money rules of
// DOMAIN.md (advance and escrow, chargebacks, bonus pools) with the same arithmetic.
package comp

import "slices"

// BonusType is the kind of a line, as the spec names the bonus types.
type BonusType string

// The bonus types of the lines Calculate answers.
const (
	BonusWriting           BonusType = "Writing"                  // personal line, one writer
	BonusSplit             BonusType = "Split"                    // personal line of each of two writers
	BonusOverride          BonusType = "Override Bonus"           // difference of rates up to the leader
	BonusUnpaidGenerations BonusType = "Unpaid Generations Bonus" // an inactive leader's generation share
	BonusTraining          BonusType = "Training"                 // the field trainer
)

// Rule is which rule of the plan made a line; its explanation is worded by it. The bonus
// type of the line follows from it: the spec's list of bonus types has none for a plain
// generation line, which is an Override Bonus of category Generation.
type Rule string

// The rules of Calculate.
const (
	RuleWriting           Rule = "Writing"
	RuleSplit             Rule = "Split"
	RuleOverride          Rule = "Override Bonus"
	RuleGeneration        Rule = "Generation"
	RuleUnpaidGenerations Rule = "Unpaid Generations Bonus"
	RuleTraining          Rule = "Training"
)

// BonusType is the bonus type of the lines a rule makes.
func (r Rule) BonusType() BonusType {
	switch r {
	case RuleWriting:
		return BonusWriting
	case RuleSplit:
		return BonusSplit
	case RuleUnpaidGenerations:
		return BonusUnpaidGenerations
	case RuleTraining:
		return BonusTraining
	}
	return BonusOverride
}

// The bonus types of the monthly pool runs (see SharePool); Calculate never answers them.
const (
	BonusBuilderRMD         BonusType = "Builder RMD Bonus"
	BonusBuilderRMDInfinity BonusType = "Builder RMD Infinity Bonus"
	BonusGrossIncome        BonusType = "Gross Income Bonus"
	BonusMDPool             BonusType = "MD Bonus Pool"
	BonusRMDPool            BonusType = "RMD Bonus Pool"
	BonusRevenue            BonusType = "Revenue Bonus"
)

// Category is the earning category of a line.
type Category string

// The earning categories.
const (
	CategoryPersonal   Category = "Personal"
	CategoryOverride   Category = "Override"
	CategoryGeneration Category = "Generation"
	CategoryBonus      Category = "Bonus"
)

// Person is an associate as of the policy's sale date.
type Person struct {
	ID        int64
	Code      string
	Level     string // level code, e.g. "RMD"
	LevelName string // level name for explanations, e.g. "Regional Marketing Director"; optional
	RateBP    int32  // the level's contract rate
	Senior    bool   // the level is senior (RMD and up)
	Active    bool   // status Active
}

// Writer is one writing associate of a policy.
type Writer struct {
	ShareBP int32 // share of the commissionable amount
	// Chain is the writer (Chain[0]) then its upline, nearest first, up to the top of the
	// organisation, as of the sale date.
	Chain []Person
}

// Policy is what Calculate needs of an approved policy.
type Policy struct {
	TargetPremiumCents int64
	CommissionRateBP   int32    // the product's commission rate (110 % = 11000)
	Writers            []Writer // one or two
	Trainer            *Person  // the field trainer, if any
}

// Rules are the organisation's rates (data, not constants: see DefaultRules).
type Rules struct {
	GenerationBP []int32 // [0] is generation 1; at most 6
	TrainingBP   int32
	AdvanceBP    int32 // the part of an earning paid on approval (Advance); Calculate does not use it
}

// DefaultRules are DOMAIN.md's default rates: generations 6, 4, 3, 2, 1, 0.5 % and
// training 5 %. They seed the data; the engine reads the organisation's own.
func DefaultRules() Rules {
	return Rules{GenerationBP: []int32{600, 400, 300, 200, 100, 50}, TrainingBP: 500, AdvanceBP: DefaultAdvanceBP}
}

// Line is one amount the policy pays one person.
type Line struct {
	Person    Person
	BonusType BonusType
	Category  Category
	// Generation is 1..6 on Generation and Unpaid Generations Bonus lines (for the latter,
	// the generation whose share rolled up), else 0.
	Generation int
	// BaseCents is the commissionable amount the line is computed on: the writer's share Ci,
	// or C for Training.
	BaseCents int64
	// RateBP is the rate applied to BaseCents: the difference of rates on an override (the
	// amount is then R(Ci × rate) − R(Ci × rate below), which may differ from R(Ci × RateBP)
	// by a cent).
	RateBP      int32
	AmountCents int64
	WriterID    int64 // the writer whose share produced the line; 0 for Training
	Why         Explanation
}

// Calculate answers the lines an approved policy pays under the rules (see the package
// doc for the rules), or an *InputError naming the first bad field.
func Calculate(p Policy, r Rules) ([]Line, error) {
	if err := validate(p, r); err != nil {
		return nil, err
	}
	c := Commissionable(p.TargetPremiumCents, p.CommissionRateBP)
	personal := RuleWriting
	if len(p.Writers) > 1 {
		personal = RuleSplit
	}
	n := 1 // at most one line per person of each chain, one unpaid line per generation, training
	for _, w := range p.Writers {
		n += len(w.Chain) + len(r.GenerationBP)
	}
	lines := make([]Line, 0, n)
	for i, ci := range shares(c, p.Writers) {
		lines = writerLines(lines, p.Writers[i], ci, c, personal, r)
	}
	if t := p.Trainer; t != nil {
		amount := mulDivRound(c, int64(r.TrainingBP), bpScale)
		if amount > 0 {
			lines = append(lines, Line{
				Person: *t, BonusType: BonusTraining, Category: CategoryBonus,
				BaseCents: c, RateBP: r.TrainingBP, AmountCents: amount,
				Why: Explanation{
					Rule: RuleTraining, Level: levelName(*t), EarnerRateBP: t.RateBP,
					RateBP: r.TrainingBP, BaseCents: c, CommissionableCents: c, ShareBP: bpScale,
					AmountCents: amount, Chain: []string{t.Code},
				},
			})
		}
	}
	return lines, nil
}

// shares splits C between the writers by their shares (Split).
func shares(c int64, ws []Writer) []int64 {
	bp := make([]int32, len(ws))
	for i, w := range ws {
		bp[i] = w.ShareBP
	}
	return Split(c, bp)
}

// share is one writer's share Ci of a policy, which every line of the writer is computed
// on, and the lines made so far.
type share struct {
	chain    []Person
	codes    []string
	ci, c    int64
	shareBP  int32
	writerID int64

	// out gets the writer's own lines (personal, overrides, generations) as they are made,
	// in chain order, from out[start]; ats holds their earners' chain indexes. rolled holds
	// the Unpaid Generations lines, merged in at the end.
	out    []Line
	start  int
	ats    []int
	rolled []placed
}

// placed is a line and the chain index of its earner.
type placed struct {
	at   int
	line Line
}

// writerLines appends to lines those of one writer's share ci: personal, overrides up to
// the leader, generations above it.
func writerLines(lines []Line, w Writer, ci, c int64, personal Rule, r Rules) []Line {
	s := &share{chain: w.Chain, codes: make([]string, len(w.Chain)), ci: ci, c: c, shareBP: w.ShareBP,
		writerID: w.Chain[0].ID, out: lines, start: len(lines)}
	for i, p := range w.Chain {
		s.codes[i] = p.Code
	}
	leader := slices.IndexFunc(w.Chain, func(p Person) bool { return p.Senior })
	if leader < 0 {
		s.stretch(len(w.Chain)-1, personal)
		return s.out
	}
	s.stretch(leader, personal)
	s.generations(leader, r.GenerationBP)
	return s.merge()
}

// stretch makes the personal line and the overrides of chain[1..top].
func (s *share) stretch(top int, personal Rule) {
	h := s.chain[0].RateBP
	paid := mulDivRound(s.ci, int64(h), bpScale)
	s.own(0, personal, CategoryPersonal, 0, h, paid, Explanation{EarnerRateBP: h, RateBP: h})
	for i := 1; i <= top; i++ {
		u := s.chain[i]
		if !u.Active || u.RateBP <= h {
			continue
		}
		next := mulDivRound(s.ci, int64(u.RateBP), bpScale)
		s.own(i, RuleOverride, CategoryOverride, 0, u.RateBP-h, next-paid,
			Explanation{EarnerRateBP: u.RateBP, BelowRateBP: h, RateBP: u.RateBP - h})
		h, paid = u.RateBP, next
	}
}

// generations makes the generation lines of the seniors above chain[leader], and the
// Unpaid Generations lines of the inactive ones.
func (s *share) generations(leader int, rates []int32) {
	ch, g := s.chain, 0
	for j := leader + 1; j < len(ch) && g < len(rates); j++ {
		if !ch[j].Senior {
			continue
		}
		g++
		rate := rates[g-1]
		amount := mulDivRound(s.ci, int64(rate), bpScale)
		why := Explanation{EarnerRateBP: ch[j].RateBP, RateBP: rate, Leader: ch[leader].Code}
		if ch[j].Active {
			s.own(j, RuleGeneration, CategoryGeneration, g, rate, amount, why)
			continue
		}
		k := j + 1 + slices.IndexFunc(ch[j+1:], func(p Person) bool { return p.Senior && p.Active })
		if k > j && amount > 0 {
			why.EarnerRateBP, why.Inactive = ch[k].RateBP, ch[j].Code
			s.rolled = append(s.rolled, placed{k, s.line(k, RuleUnpaidGenerations, CategoryGeneration, g, rate, amount, why)})
		}
	}
}

// own appends a line of the writer's own walk, unless its amount is 0.
func (s *share) own(at int, rule Rule, cat Category, g int, rate int32, amount int64, why Explanation) {
	if amount > 0 {
		s.out = append(s.out, s.line(at, rule, cat, g, rate, amount, why))
		s.ats = append(s.ats, at)
	}
}

// line makes a line earned by chain[at], filling in what every explanation of the share
// holds.
func (s *share) line(at int, rule Rule, cat Category, g int, rate int32, amount int64, why Explanation) Line {
	p := s.chain[at]
	why.Rule, why.Level, why.Generation = rule, levelName(p), g
	why.BaseCents, why.CommissionableCents, why.ShareBP, why.AmountCents = s.ci, s.c, s.shareBP, amount
	why.Chain = slices.Clone(s.codes[:at+1])
	return Line{
		Person: p, BonusType: rule.BonusType(), Category: cat, Generation: g, BaseCents: s.ci,
		RateBP: rate, AmountCents: amount, WriterID: s.writerID, Why: why,
	}
}

// merge puts the Unpaid Generations lines among the writer's own, each after its earner's
// own line. The nearest active senior above an inactive leader moves up with the leader,
// so they are in chain order already.
func (s *share) merge() []Line {
	if len(s.rolled) == 0 {
		return s.out
	}
	own := s.out[s.start:]
	merged := make([]Line, 0, len(own)+len(s.rolled))
	i := 0
	for _, rl := range s.rolled {
		for ; i < len(own) && s.ats[i] <= rl.at; i++ {
			merged = append(merged, own[i])
		}
		merged = append(merged, rl.line)
	}
	merged = append(merged, own[i:]...)
	return append(s.out[:s.start], merged...)
}

func levelName(p Person) string {
	if p.LevelName != "" {
		return p.LevelName
	}
	return p.Level
}

package comp

import "fmt"

// The bounds of the inputs. Beyond them a request is refused, not computed.
const (
	MaxPremiumCents     = 1_000_000_000_000 // $10 billion of target premium
	MaxCommissionRateBP = 100_000           // a product may pay up to 1,000 % of premium
	MaxRateBP           = bpScale           // a level, generation or training rate: 100 %
	MaxWriters          = 2
	MaxGenerations      = 6
)

// InputError is an input that breaks a rule: Field names it as a path into the Policy or
// Rules (e.g. "writers[1].chain[2].rateBP") and Message says what is wrong, in words a
// user can read. Callers answer it with 422.
type InputError struct {
	Field   string
	Message string
}

func (e *InputError) Error() string { return "comp: " + e.Field + ": " + e.Message }

func invalid(field, format string, args ...any) error {
	return &InputError{Field: field, Message: fmt.Sprintf(format, args...)}
}

// validate answers the first rule that p or r breaks, or nil.
func validate(p Policy, r Rules) error {
	if p.TargetPremiumCents < 0 || p.TargetPremiumCents > MaxPremiumCents {
		return invalid("targetPremiumCents", "must be between 0 and %s", FormatCents(MaxPremiumCents))
	}
	if p.CommissionRateBP < 0 || p.CommissionRateBP > MaxCommissionRateBP {
		return invalid("commissionRateBP", "must be between 0 and %s", FormatBP(MaxCommissionRateBP))
	}
	if err := validateRules(r); err != nil {
		return err
	}
	if n := len(p.Writers); n == 0 || n > MaxWriters {
		return invalid("writers", "a policy has one or two writers, not %d", n)
	}
	var total int32
	for i, w := range p.Writers {
		if w.ShareBP < 1 || w.ShareBP > bpScale {
			return invalid(fmt.Sprintf("writers[%d].shareBP", i), "must be between 0.01 %% and 100 %%")
		}
		total += w.ShareBP
		if len(w.Chain) == 0 {
			return invalid(fmt.Sprintf("writers[%d].chain", i), "must hold at least the writer")
		}
		for _, v := range p.Writers[:i] {
			if v.Chain[0].ID == w.Chain[0].ID {
				return invalid(fmt.Sprintf("writers[%d]", i), "writer %s is already a writer of the policy", w.Chain[0].Code)
			}
		}
		if err := validateChain(i, w.Chain); err != nil {
			return err
		}
	}
	if total != bpScale {
		return invalid("writers", "the shares add up to %s, not 100 %%", FormatBP(total))
	}
	if p.Trainer != nil && badRate(p.Trainer.RateBP) {
		return invalid("trainer.rateBP", "must be between 0 and 100 %%")
	}
	return nil
}

func validateRules(r Rules) error {
	if len(r.GenerationBP) > MaxGenerations {
		return invalid("rules.generationBP", "at most %d generations, not %d", MaxGenerations, len(r.GenerationBP))
	}
	for g, bp := range r.GenerationBP {
		if badRate(bp) {
			return invalid(fmt.Sprintf("rules.generationBP[%d]", g), "must be between 0 and 100 %%")
		}
	}
	if badRate(r.TrainingBP) {
		return invalid("rules.trainingBP", "must be between 0 and 100 %%")
	}
	return nil
}

// validateChain checks each person of writer w's chain, and that no one appears twice in
// it (a cycle in the hierarchy snapshot).
func validateChain(w int, chain []Person) error {
	for i, p := range chain {
		if badRate(p.RateBP) {
			return invalid(fmt.Sprintf("writers[%d].chain[%d].rateBP", w, i), "must be between 0 and 100 %%")
		}
		for j, q := range chain[:i] { // a chain is as long as the organisation is deep
			if q.ID == p.ID {
				return invalid(fmt.Sprintf("writers[%d].chain[%d]", w, i), "%s is already at position %d of the chain", p.Code, j)
			}
		}
	}
	return nil
}

// badRate tells a level, generation or training rate outside 0..100 %.
func badRate(bp int32) bool { return bp < 0 || bp > MaxRateBP }

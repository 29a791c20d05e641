package normalize

import (
	"strconv"

	"github.com/autofix/autofix/rules"
)

// FromRules are project rules in force as the normalizer sees them, so
// that it names what a new rule supersedes.
func FromRules(inForce []rules.Rule) []Existing {
	out := make([]Existing, 0, len(inForce))
	for _, r := range inForce {
		out = append(out, Existing{ID: strconv.Itoa(r.Number), Category: r.Category, Instruction: r.Instruction})
	}
	return out
}

package cochange

import (
	"slices"
	"strconv"
	"strings"

	"github.com/autofix/autofix/brief"
	"github.com/autofix/autofix/stale"
)

// Tie is a rule tied to a file that changes together with an edited one.
type Tie struct {
	Rule brief.Rule
	// Edited is the file being edited, Neighbour the file the rule is
	// tied to, Count how often they changed together.
	Edited, Neighbour string
	Count             int
}

// Reason is the tie as the brief says it: "changes together with A (n×)".
func (t Tie) Reason() string {
	return "changes together with " + t.Neighbour + " (" + strconv.Itoa(t.Count) + "×)"
}

// Ties returns up to limit rules tied to the neighbours of the edited
// files, the most co-changes first, each once, leaving out those skip
// says were delivered already. A rule is tied to a file when its
// instruction names the file, its directory or a glob matching it, or
// when it was delivered for that file ([Graph.Delivered]).
func Ties(g Graph, edited []string, rules []brief.Rule, skip func(key string) bool, limit int) []Tie {
	// A rule's paths are read once; most rules name none.
	mentions := make([][]stale.Claim, len(rules))
	for i, r := range rules {
		if strings.ContainsAny(r.Instruction, "`/*") {
			mentions[i] = stale.Mentions(r.Instruction)
		}
	}
	var out []Tie
	taken := map[string]bool{}
	for _, b := range edited {
		for _, n := range g.Neighbours[b] {
			delivered := g.Delivered[n.File]
			for i, r := range rules {
				if len(out) >= limit {
					return out
				}
				k := brief.Key(r)
				if taken[k] || skip(k) || !names(mentions[i], n.File) && !slices.Contains(delivered, k) {
					continue
				}
				taken[k] = true
				out = append(out, Tie{Rule: r, Edited: b, Neighbour: n.File, Count: n.Count})
			}
		}
	}
	return out
}

func names(claims []stale.Claim, file string) bool {
	for _, c := range claims {
		if stale.Names(c, file) {
			return true
		}
	}
	return false
}

package brief

import (
	"cmp"
	"slices"

	"github.com/autofix/autofix/normalize"
)

// Merge resolves rules into the active ones, in precedence order (project
// rules, then workspace-scoped preferences, then global ones; newest first
// within each), and the superseded ones with the reason.
//
// A rule is superseded when a newer or stronger rule names it in
// [Rule.Supersedes] (a preference cannot supersede a project rule that
// way), or, for a preference, when it contradicts a rule that takes
// precedence, as [normalize.Conflicts] decides. Project rules are not
// tested against each other: a project rule that replaces another says so
// in its Why when it is recorded (SPEC §2), and testing thousands of them
// on every prompt would cost more than the whole brief. So that the cost
// stays linear, a preference is only tested against the stronger rules
// that share a word or a concept with it (rare ones first, at most
// [maxConflictTests]), and each instruction is parsed once.
func Merge(rules []Rule) (active []Rule, superseded []Superseded) {
	return merge(rules, normalize.ParseClaim, normalize.Claim.Conflicts)
}

// merge is [Merge] with the contradiction test passed in: parse reduces an
// instruction once, conflicts compares two reduced instructions.
func merge[C any](rules []Rule, parse func(string) C, conflicts func(newer, older C) bool) (active []Rule, superseded []Superseded) {
	idx, superseded := mergeCorpus(newCorpus(rules, nil), parse, conflicts)
	active = make([]Rule, len(idx))
	for k, i := range idx {
		active[k] = rules[i]
	}
	return active, superseded
}

// rank orders sources and scopes: lower wins.
func rank(r Rule) int {
	if r.Source != Personal {
		return 0
	}
	if r.Scope == ScopeWorkspace {
		return 1
	}
	return 2
}

// Bounds of the contradiction search.
const (
	// maxConflictTests caps the contradiction tests per rule.
	maxConflictTests = 8
	// maxPostingScan caps how many stronger rules sharing one word are
	// looked at, strongest first.
	maxPostingScan = 16
	// rareDF is how many rules a word may appear in and still count as
	// rare: rare words are searched first.
	rareDF = 32
)

// mergeCorpus returns the indices of c's active rules in precedence order,
// and the superseded rules.
func mergeCorpus[C any](c *corpus, parse func(string) C, conflicts func(newer, older C) bool) (active []int32, superseded []Superseded) {
	rules := c.rules
	order := precedenceOrder(rules)
	// Rules are found by source and ID (the last of equal keys wins); only
	// needed when some rule supersedes others explicitly.
	type ruleKey struct {
		src Source
		id  string
	}
	var byKey map[ruleKey]int
	for _, r := range rules {
		if len(r.Supersedes) > 0 {
			byKey = make(map[ruleKey]int, len(rules))
			for i, r := range rules {
				byKey[ruleKey{r.Source, r.ID}] = i
			}
			break
		}
	}
	by := make([]int, len(rules)) // index+1 of the winner, 0 when active
	why := make([]string, len(rules))

	// Explicit supersession.
	for _, i := range order {
		r := rules[i]
		for _, id := range r.Supersedes {
			t, ok := byKey[ruleKey{r.Source, id}]
			if !ok {
				t, ok = byKey[ruleKey{otherSource(r.Source), id}]
			}
			if !ok || t == i || by[t] != 0 || rank(rules[t]) < rank(r) && r.Source == Personal {
				continue
			}
			by[t] = i + 1
			why[t] = "superseded by " + describe(r)
		}
	}

	// Contradictions: each rule against the stronger active rules that share
	// a word or a concept with it.
	hasPersonal := false
	for _, r := range rules {
		hasPersonal = hasPersonal || r.Source == Personal
	}
	if conflicts != nil && hasPersonal {
		nc := int32(lex().nConcepts)
		key := func(e evidence) int32 {
			if e.concept {
				return e.id
			}
			return nc + e.id
		}
		df := make([]int32, int(nc)+len(c.lexOf))
		for _, e := range c.ev {
			if !e.why {
				df[key(e)]++
			}
		}
		// Few rules are ever tested: their claims are parsed on demand and
		// kept in a short list (slot[i] is the index in claims + 1).
		var claims []C
		slot := make([]int32, len(rules))
		claim := func(i int) C {
			if slot[i] == 0 {
				claims = append(claims, parse(rules[i].Instruction))
				slot[i] = int32(len(claims))
			}
			return claims[slot[i]-1]
		}
		posting := make([][]int32, len(df)) // subject → active rules, strongest first
		addPostings := func(i int) {
			for _, e := range c.evidenceOf(i) {
				if t := key(e); !e.why && len(posting[t]) < maxPostingScan {
					posting[t] = append(posting[t], int32(i))
				}
			}
		}
		seen := make([]int, len(rules))
		for _, i := range order {
			if by[i] != 0 {
				continue
			}
			if rules[i].Source != Personal {
				addPostings(i)
				continue
			}
			tests := 0
			// Rare subjects first: they say most about what the rule is about.
		search:
			for pass := range 2 {
				for _, e := range c.evidenceOf(i) {
					t := key(e)
					if e.why || (df[t] <= rareDF) != (pass == 0) {
						continue
					}
					list := posting[t]
					if len(list) > maxPostingScan {
						list = list[:maxPostingScan]
					}
					for _, j := range list {
						if seen[j] == i+1 {
							continue
						}
						seen[j] = i + 1
						if tests == maxConflictTests {
							break search
						}
						tests++
						if conflicts(claim(int(j)), claim(i)) {
							by[i] = int(j) + 1
							why[i] = "contradicts " + describe(rules[j]) + ", which takes precedence"
							break search
						}
					}
				}
			}
			if by[i] == 0 {
				addPostings(i)
			}
		}
	}

	active = make([]int32, 0, len(rules))
	for _, i := range order {
		if by[i] == 0 {
			active = append(active, int32(i))
			continue
		}
		superseded = append(superseded, Superseded{Rule: rules[i], By: rules[by[i]-1].ID, Reason: why[i]})
	}
	return active, superseded
}

// precedenceOrder returns the indices of rules in precedence order: by
// rank, then newest first, then in the order given (a stable sort).
func precedenceOrder(rules []Rule) []int {
	type key struct{ order, i int }
	var n [3]int
	for i := range rules {
		n[rank(rules[i])]++
	}
	var byRank [3][]key
	for k := range byRank {
		byRank[k] = make([]key, 0, n[k])
	}
	for i := range rules {
		r := &rules[i]
		k := rank(*r)
		byRank[k] = append(byRank[k], key{r.Order, i})
	}
	less := func(a, b key) int {
		if c := cmp.Compare(b.order, a.order); c != 0 {
			return c
		}
		return cmp.Compare(a.i, b.i)
	}
	order := make([]int, 0, len(rules))
	for _, keys := range byRank {
		// The keys are distinct, so any sort gives the stable order. A
		// source lists its rules oldest first: reversed, it is often
		// sorted already.
		if !slices.IsSortedFunc(keys, less) {
			slices.Reverse(keys)
			if !slices.IsSortedFunc(keys, less) {
				slices.SortFunc(keys, less)
			}
		}
		for _, k := range keys {
			order = append(order, k.i)
		}
	}
	return order
}

func otherSource(s Source) Source {
	if s == Personal {
		return Project
	}
	return Personal
}

// describe names a rule in a reason: "project rule 4", "preference p2".
func describe(r Rule) string {
	if r.Source == Personal {
		return "preference " + r.ID
	}
	return "project rule " + r.ID
}

package brief

import (
	"cmp"
	"slices"
)

// Distinctive terms: what tells one rule from the others in the words of
// someone following it. A rule's distinctive terms are the stemmed words of
// its instruction (at least 4 letters, no stopwords, no CJK) that at most
// [maxDistinctiveDF] of the rules share, rarest first, at most n; text
// mentions the rule when it holds [minMentioned] of them (see [Mentioned]).
const (
	maxDistinctiveDF = 2
	minMentioned     = 2
)

// Distinctive returns the distinctive terms of each rule by key ([Key]);
// a rule with fewer than two has none (it can be named only by its
// marker).
func Distinctive(rules []Rule, n int) map[string][]string {
	var sc scanner
	perRule := make([][]string, len(rules))
	df := map[string]int{}
	for i, r := range rules {
		var terms []string
		sc.scan(r.Instruction, func(term []byte, kind termKind) {
			if kind != kindWord || len(term) < 4 || slices.Contains(terms, string(term)) {
				return
			}
			terms = append(terms, string(term))
		})
		for _, t := range terms {
			df[t]++
		}
		perRule[i] = terms
	}
	out := make(map[string][]string, len(rules))
	for i, r := range rules {
		var rare []string
		for _, t := range perRule[i] {
			if df[t] <= maxDistinctiveDF {
				rare = append(rare, t)
			}
		}
		// Rarest first; the instruction's order among equals.
		slices.SortStableFunc(rare, func(a, b string) int { return cmp.Compare(df[a], df[b]) })
		if len(rare) > n {
			rare = rare[:n]
		}
		if len(rare) >= minMentioned {
			out[Key(r)] = rare
		}
	}
	return out
}

// Mentioned returns, of the keys of terms (from [Distinctive]), those
// whose text holds at least two of their distinctive terms, in key order.
func Mentioned(text string, terms map[string][]string) []string {
	if len(terms) == 0 {
		return nil
	}
	var sc scanner
	seen := map[string]bool{}
	sc.scan(text, func(term []byte, kind termKind) {
		if kind == kindWord {
			seen[string(term)] = true
		}
	})
	var out []string
	for key, ts := range terms {
		n := 0
		for _, t := range ts {
			if seen[t] {
				n++
			}
		}
		if n >= minMentioned {
			out = append(out, key)
		}
	}
	slices.Sort(out)
	return out
}

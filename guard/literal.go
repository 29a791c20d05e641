package guard

import (
	"regexp/syntax"
	"strings"
)

// required returns literals one of which every match of re contains, or
// nil when there is no such set. Evaluate looks for them with
// strings.Contains before it runs the pattern: most calls hold none, and
// a substring search is far cheaper than the regexp machine over a whole
// file.
func required(re *syntax.Regexp) []string {
	switch re.Op {
	case syntax.OpLiteral:
		if re.Flags&syntax.FoldCase != 0 {
			return nil
		}
		return []string{string(re.Rune)}
	case syntax.OpCapture:
		return required(re.Sub[0])
	case syntax.OpPlus:
		return required(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return required(re.Sub[0])
		}
		return nil
	case syntax.OpConcat:
		// The child whose shortest literal is longest narrows most.
		var best []string
		bestLen := 0
		for _, sub := range re.Sub {
			lits := required(sub)
			if n := strength(lits); n > 0 && n > bestLen {
				best, bestLen = lits, n
			}
		}
		return best
	case syntax.OpAlternate:
		var out []string
		for _, sub := range re.Sub {
			lits := required(sub)
			if lits == nil {
				return nil
			}
			out = append(out, lits...)
		}
		return out
	}
	return nil
}

// strength is how much a literal set narrows: its shortest literal's
// length, where the keywords found in most source files and commands
// count as one.
func strength(lits []string) int {
	n := 0
	for i, l := range lits {
		k := len(l)
		if common[l] {
			k = 1
		}
		if i == 0 || k < n {
			n = k
		}
	}
	return n
}

var common = map[string]bool{"import": true, "from": true, "require": true, "git": true, "push": true}

// containsAny reports whether s contains one of lits.
func containsAny(s string, lits []string) bool {
	for _, l := range lits {
		if strings.Contains(s, l) {
			return true
		}
	}
	return false
}

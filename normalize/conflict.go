package normalize

import (
	"strings"
	"sync"
)

// Claim is what an instruction says, reduced for comparison: its direction,
// the things it asks for, the things it rules out, and the context it
// applies in. Parse an instruction once with [ParseClaim] when comparing it
// with many others.
type Claim struct {
	pol      polarity
	pos, neg []string // object terms asked for / ruled out
	ctx      []string // terms after a preposition ("in TypeScript")
}

// ParseClaim reduces an instruction to a [Claim].
func ParseClaim(instruction string) Claim {
	var c Claim
	_, _, c.pol = markerOf(instruction)
	s := instruction
	for _, b := range []string{" - because ", " - weil ", " - parce que ", " - porque "} {
		if i := strings.Index(s, b); i >= 0 {
			s = s[:i]
		}
	}
	segNeg := c.pol == polNever
	if i := strings.Index(s, "ではなく"); i >= 0 {
		for _, w := range splitWords(strings.ToLower(s[:i])) {
			c.neg = appendTerm(c.neg, w)
		}
		s = s[i:]
	}
	lower := strings.ToLower(s)
	neg, inCtx := segNeg, false
	start := -1
	flush := func(w string) {
		w = strings.Trim(w, ".-/")
		if w == "" {
			return
		}
		switch {
		case w == "—" || w == ";":
			return
		case negationCue[w]:
			neg, inCtx = true, false
			return
		case w == "never" || w == "niemals" || w == "nunca" || w == "jamais":
			neg = true
			return
		case prepositions[w]:
			if !neg || len(c.neg) > 0 {
				inCtx = true
			}
			return
		case stopWords()[w] || isMarkerWord(w) || isVerb(w) && families()[w] == 0:
			return
		}
		switch {
		case inCtx:
			c.ctx = appendTerm(c.ctx, w)
		case neg:
			c.neg = appendTerm(c.neg, w)
		default:
			c.pos = appendTerm(c.pos, w)
		}
	}
	for i, r := range lower {
		boundary := r == ',' || r == '—' || r == ';' || r == '。' || r == '、' || r == '(' || r == ')'
		sep := boundary || r == ' ' || r == ':' || r == '"' || r == '\'' || r == '’' || (r > 0x2FFF && isJapanese(r))
		if sep {
			if start >= 0 {
				flush(lower[start:i])
				start = -1
			}
			if boundary {
				neg, inCtx = false, false
			}
			continue
		}
		if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		flush(lower[start:])
	}
	return c
}

func appendTerm(ts []string, w string) []string {
	if families()[w] == 0 {
		if n := len(w); n > 3 && w[n-1] == 's' && families()[w[:n-1]] != 0 {
			w = w[:n-1] // "spaces" → "space", "tabs" → "tab"
		} else {
			w = trimPlural(w)
		}
	}
	for _, t := range ts {
		if t == w {
			return ts
		}
	}
	return append(ts, w)
}

func isVerb(w string) bool {
	return enVerbs()[w] || deVerbs()[w] != "" || frVerbs()[w] != "" || esVerbs()[w] != ""
}

// negationCue words rule out what follows: "instead of npm", "not jest",
// "statt npm", "au lieu de", "en lugar de", "pas", "no".
var negationCue = map[string]bool{
	"instead": true, "not": true, "rather": true, "over": true, "statt": true, "anstatt": true, "nicht": true,
	"lieu": true, "plutôt": true, "pas": true, "lugar": true, "vez": true, "no": true, "ni": true, "kein": true, "keine": true,
	"aux": true,
}

// prepositions start the context of a rule ("in TypeScript", "for tests").
var prepositions = map[string]bool{
	"in": true, "for": true, "on": true, "with": true, "to": true, "under": true, "inside": true, "within": true, "when": true,
	"im": true, "für": true, "bei": true, "mit": true, "unter": true, "dans": true, "pour": true, "avec": true, "sur": true,
	"en": true, "para": true, "con": true, "dentro": true, "at": true, "by": true, "from": true,
	"before": true, "after": true, "during": true, "while": true, "if": true, "unless": true, "except": true, "outside": true,
	"into": true, "onto": true, "across": true, "between": true, "via": true, "per": true, "whenever": true, "until": true,
	"vor": true, "nach": true, "während": true, "wenn": true, "außer": true, "avant": true, "après": true, "pendant": true,
	"quand": true, "sauf": true, "antes": true, "después": true, "durante": true, "cuando": true, "excepto": true,
}

// families group alternatives: two rules that each ask for a different
// member of one family conflict ("Always use fetch" vs "Always use axios").
var families = sync.OnceValue(func() map[string]int {
	m := map[string]int{}
	for i, f := range []string{
		"npm pnpm yarn bun",
		"fetch axios node-fetch got ky superagent",
		"jest vitest mocha jasmine ava",
		"pytest unittest nose",
		"pip poetry uv pipenv conda",
		"prettier biome dprint",
		"eslint tslint",
		"webpack vite rollup esbuild parcel turbopack",
		"zod yup joi valibot ajv",
		"prisma drizzle typeorm sequelize knex",
		"redux zustand mobx jotai recoil",
		"moment dayjs date-fns luxon",
		"lodash underscore ramda",
		"tab space",
		"camelcase snake_case pascalcase kebab-case",
		"javascript typescript",
		"merge rebase squash",
		"tailwind styled-components emotion sass",
		"mysql postgres postgresql sqlite mongodb",
		"cypress playwright",
		"gradle maven",
	} {
		for _, w := range strings.Fields(f) {
			m[w] = i + 1
		}
	}
	return m
})

// Conflicts reports whether two claims name the same subject in opposite
// directions: one asks for what the other rules out, or each asks for a
// different alternative of the same kind.
//
// Qualifiers ("in CI", "for Next.js pages", "before commit") narrow a
// rule: a newer rule supersedes an older one only when every qualifier of
// the newer rule is also on the older one. So "Never use npm" supersedes
// "Always use npm in CI", but "Always use npm ci in the Dockerfile" does
// not supersede "Always use pnpm", and rules with different qualifiers
// never conflict.
func (newer Claim) Conflicts(older Claim) bool {
	for _, x := range newer.ctx {
		if !contains(older.ctx, x) {
			return false
		}
	}
	np, op := newer.positives(), older.positives()
	if overlaps(np, older.neg) || overlaps(newer.neg, op) {
		return true
	}
	for _, a := range np {
		fa := families()[a]
		if fa == 0 {
			continue
		}
		for _, b := range op {
			if families()[b] == fa && a != b && !contains(np, b) && !contains(op, a) {
				return true
			}
		}
	}
	return false
}

// positives are the terms a claim asks for: its objects, and for a
// positive rule also its context ("run the tests with jest" asks for jest).
func (c Claim) positives() []string {
	if c.pol == polNever || len(c.ctx) == 0 {
		return c.pos
	}
	return append(c.pos[:len(c.pos):len(c.pos)], c.ctx...)
}

// Conflicts reports whether the newer instruction names the same subject as
// the older one with the opposite direction, so that newer supersedes older:
// "Never use npm" vs "Always use npm", "Always use fetch" vs "Always use
// axios", "Always use pnpm instead of npm" vs "Always use npm". It is
// deterministic and allocation-light; use [ParseClaim] to compare one
// instruction with many.
func Conflicts(newer, older string) bool {
	return ParseClaim(newer).Conflicts(ParseClaim(older))
}

func overlaps(a, b []string) bool {
	for _, x := range a {
		if contains(b, x) {
			return true
		}
	}
	return false
}

func contains(ts []string, w string) bool {
	for _, t := range ts {
		if t == w {
			return true
		}
	}
	return false
}

package normalize

import (
	"strings"
	"sync"
)

// Verb tables: for each language, the forms a person types (imperative,
// first person, "we" form, negative subjunctive) mapped to the infinitive
// a rule is written with. English needs only the set of base forms.

// enVerbs holds the English base verbs a rule may start with.
var enVerbs = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, v := range strings.Fields(`use put add run write keep prefer document generate name place import export call return wrap
		validate test check commit push pull merge rebase squash create delete remove move rename store save log throw catch
		handle include exclude install build deploy lint format sort split group mock stub declare define prefix suffix annotate
		type cache index migrate seed update upgrade pin lock bump tag release review ask open close follow start begin escape
		sanitize encode decode parse render show hide display label mark set configure enable disable print assert expect
		compare extract inline reuse limit leave ensure give read prefix pass send fetch load require measure sign squash
		separate order specify describe explain mention link reference respond reply answer translate wait retry verify
		colocate co-locate avoid stop use prefer choose pick treat consider apply adopt stick default return emit raise
		go stay take make skip ignore swallow block hardcode hard-code leak expose mutate duplicate nest shadow suppress silence bypass override monkey-patch hand-edit edit touch modify change break drop shorten abbreviate amend copy paste fork poll sleep echo paginate regenerate rebuild rerun re-run recreate refresh reload restart rewrite reformat recompute resolve reset revert benchmark profile memoize debounce throttle paginate normalize serialize deserialize trim truncate hash encrypt decrypt authenticate authorize purge prune vendor downgrade freeze flag justify align unwrap await bundle compile transpile target handle structure organize organise indent quote comment hit depend access exceed contain capitalize`) {
		m[v] = true
	}
	return m
})

// englishBase turns a gerund or a past form ("adding", "assumed",
// "putting", "creating") into the base form ("add", "assume", "put",
// "create").
func englishBase(w string) string {
	if irr, ok := englishIrregular[w]; ok {
		return irr
	}
	var stem string
	switch {
	case strings.HasSuffix(w, "ing") && len(w) > 4:
		stem = w[:len(w)-3]
	case strings.HasSuffix(w, "ied") && len(w) > 4:
		return w[:len(w)-3] + "y"
	case strings.HasSuffix(w, "ed") && len(w) > 3:
		stem = w[:len(w)-2]
	default:
		return w
	}
	if enVerbs()[stem] || noFinalE()[stem] {
		return stem
	}
	n := len(stem)
	if n >= 3 && stem[n-1] == stem[n-2] && strings.IndexByte("bdgmnprt", stem[n-1]) >= 0 {
		return stem[:n-1] // putting → put, committing → commit
	}
	if enVerbs()[stem+"e"] {
		return stem + "e"
	}
	switch {
	case strings.HasSuffix(stem, "at"), strings.HasSuffix(stem, "v"), strings.HasSuffix(stem, "z"),
		strings.HasSuffix(stem, "rs"), strings.HasSuffix(stem, "dl"), strings.HasSuffix(stem, "bl"), strings.HasSuffix(stem, "gl"),
		strings.HasSuffix(stem, "pl"), strings.HasSuffix(stem, "tl"), strings.HasSuffix(stem, "c"), strings.HasSuffix(stem, "ng") && strings.HasSuffix(stem, "ang"):
		return stem + "e"
	}
	if n >= 3 && !isVowel(stem[n-3]) && isVowelY(stem[n-2]) && !isVowel(stem[n-1]) && strings.IndexByte("wxy", stem[n-1]) < 0 {
		return stem + "e" // making → make, writing → write
	}
	if n == 2 && isVowel(stem[0]) {
		return stem + "e" // using → use
	}
	return stem
}

func isVowel(c byte) bool  { return strings.IndexByte("aeiou", c) >= 0 }
func isVowelY(c byte) bool { return strings.IndexByte("aeiouy", c) >= 0 }

var englishIrregular = map[string]string{
	"wrote": "write", "written": "write", "ran": "run", "forgot": "forget", "forgotten": "forget", "left": "leave",
	"made": "make", "broke": "break", "broken": "break", "took": "take", "gave": "give", "got": "get", "did": "do",
	"put": "put", "set": "set", "kept": "keep", "sent": "send", "built": "build", "thought": "think", "chose": "choose",
	"shown": "show", "seen": "see", "hidden": "hide", "given": "give", "taken": "take", "thrown": "throw", "done": "do",
	"editing": "edit", "edited": "edit", "visiting": "visit", "limiting": "limit", "exiting": "exit",
}

// noFinalE are stems that end like "make" but take no final e.

var noFinalE = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`open listen happen edit visit limit exit audit order answer enter offer filter render cover
		consider deliver register remember trigger cancel travel label model commit submit log mock lint pin tag ship
		fix mix sync wait fetch push merge`) {
		m[w] = true
	}
	return m
})

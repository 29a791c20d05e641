package capture

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// signals are the markers found in one sentence.
type signals struct {
	core       int // byte offset where the rule's clause starts, after lead-ins
	question   bool
	meta       bool // about the ruleset itself
	oneOff     bool
	learn      bool
	durable    bool // "from now on", or "always"/"never" governing an instruction
	convention bool
	personal   bool
	team       bool
	contrast   bool
	negative   bool
	use        bool // starts with a verb of choice ("use", "prefer")
	corrected  bool // opens with "no,", "wrong"
	deixis     bool
	cause      bool
	must       bool
	statement  bool // states a fact: "ids are UUID strings"
	markerOnly bool // nothing but a durable marker: "From now on.", "今後もずっとです"
	bare       bool // nothing but a correction: "No.", "Wrong.", "違う。"
	placement  bool // says where a kind of file goes: "handlers live in internal/http"
	// conventionAt is the byte offset of the convention phrase in the
	// sentence ("… — in this service we log with slog"), or -1.
	conventionAt int
}

// decide is the kind of rule the sentence carries on its own, or None.
func (s signals) decide() Kind {
	switch {
	case s.question || s.meta:
		return None
	case s.learn:
		return Learn
	case s.deixis:
		return None
	case s.personal || s.team:
		return Preference
	case s.convention || s.durable:
		if s.negative {
			return Rejection
		}
		return Correction
	case s.negative:
		return Rejection
	case s.use && (s.contrast || s.corrected), s.placement && (s.contrast || s.corrected):
		return Correction
	}
	return None
}

// directive reports whether the sentence says what to do, as a lesson's
// second half must.
func (s signals) directive() bool {
	return s.contrast || s.use || s.negative || s.durable || s.convention
}

// matchAt reports whether p matches toks from index i, and where the match
// ends.
func matchAt(toks []token, i int, p phrase) (int, bool) {
	for _, w := range p {
		if i >= len(toks) {
			return 0, false
		}
		t := toks[i].s
		switch {
		case w == "*":
			if toks[i].punct {
				return 0, false
			}
		case len(w) > 1 && strings.HasSuffix(w, "*"):
			if !strings.HasPrefix(t, w[:len(w)-1]) {
				return 0, false
			}
		case t != w:
			return 0, false
		}
		i++
	}
	return i, true
}

// find returns the start and end of the first match of any of ps at or
// after index from, or -1.
func find(toks []token, from int, ps *phrases) (start, end int) {
	for i := from; i < len(toks); i++ {
		exact, prefixed := ps.at(toks[i].s)
		for _, p := range exact {
			if e, ok := matchAt(toks, i, p); ok {
				return i, e
			}
		}
		for _, p := range prefixed {
			if e, ok := matchAt(toks, i, p); ok {
				return i, e
			}
		}
	}
	return -1, -1
}

// startsWith reports whether any of ps matches at index i, and where the
// longest match ends.
func startsWith(toks []token, i int, ps *phrases) (int, bool) {
	if i >= len(toks) {
		return 0, false
	}
	best, found := 0, false
	exact, prefixed := ps.at(toks[i].s)
	for _, list := range [2][]phrase{exact, prefixed} {
		for _, p := range list {
			if e, ok := matchAt(toks, i, p); ok && e > best {
				best, found = e, true
			}
		}
	}
	return best, found
}

func containsAny(s string, subs []string) bool {
	for _, x := range subs {
		if strings.Contains(s, x) {
			return true
		}
	}
	return false
}

// analyze finds the markers of one sentence.
func analyze(s *sentence) signals {
	l := lex()
	toks := s.tokens
	var sg signals
	sg.question = s.question
	if a, _ := find(toks, 0, l.meta); a >= 0 {
		sg.meta = true
	}
	if s.ja {
		// Latin words inside Japanese text are names (axios, fetch), not
		// markers.
		analyzeJapanese(s, &sg)
		return sg
	}

	// Lead-ins: "no,", "please", "/learn", "from now on"… The rule's clause
	// starts after them.
	i := 0
	for i < len(toks) {
		if toks[i].punct {
			i++
			continue
		}
		if _, ok := startsWith(toks, i, l.correction); ok && i == 0 {
			sg.corrected = true
		}
		if _, ok := startsWith(toks, i, l.learn); ok {
			sg.learn = true
		}
		e, ok := startsWith(toks, i, l.leads)
		if !ok {
			break
		}
		// A bare "no" is the Spanish (or English) negation of what
		// follows, not an interjection: "No pongas…", "no emojis…".
		i = e
	}
	core := i
	if core < len(toks) {
		sg.core = toks[core].start
	} else {
		sg.core = len(s.text)
	}
	if _, ok := startsWith(toks, core, l.question); ok && !(core+1 < len(toks) && toks[core+1].s == "not") {
		sg.question = true
	}
	if e, ok := request(toks, core); sg.question && ok {
		// "can you always run the formatter before you commit?" asks for a
		// habit, not an answer; the rule starts at "always".
		sg.question, sg.durable = false, true
		core, sg.core = e, toks[e].start
	}

	// Markers anywhere in the sentence.
	for j := 0; j+1 < len(toks); j++ {
		switch toks[j].s {
		case "rule", "rules", "regel", "règle", "regla":
			if n := toks[j+1].s; n != "" && (n[0] == '#' || unicode.IsDigit(rune(n[0]))) {
				sg.meta = true
			}
		}
	}
	if a, _ := find(toks, 0, l.oneOff); a >= 0 {
		sg.oneOff = true
	}
	if a, _ := find(toks, 0, l.temporal); a >= 0 {
		sg.durable = true
	}
	sg.conventionAt = -1
	if a, e := find(toks, 0, l.convention); a >= 0 && (e >= len(toks) || !l.notConvention.has(toks[e].s)) {
		sg.convention = true
		sg.conventionAt = toks[a].start
	}
	if a, e := find(toks, 0, l.personal); a >= 0 && (e >= len(toks) || !l.notTaste.has(toks[e].s)) {
		sg.personal = true
	}
	if a, e := find(toks, 0, l.team); a >= 0 && (e >= len(toks) || !l.notTaste.has(toks[e].s)) {
		sg.team = true
	}
	if a, _ := find(toks, 1, l.contrast); a >= 0 {
		sg.contrast = true
	}
	if a, _ := find(toks, 0, l.cause); a >= 0 {
		sg.cause = true
	}
	if a, _ := find(toks, 0, l.must); a >= 0 {
		sg.must = true
	}
	for _, t := range toks {
		if l.copula.has(t.s) {
			sg.statement = true
		}
	}
	sg.placement = placesInPath(toks, core)
	sg.durable = sg.durable || governs(toks, core)
	sg.use = core < len(toks) && l.use.has(toks[core].s)
	sg.negative = negativeAt(toks, core)
	sg.deixis = pointsAtThing(toks, core)
	words := 0
	for _, t := range toks[core:] {
		if !t.punct {
			words++
		}
	}
	sg.markerOnly = sg.durable && words <= 1 && !sg.negative && !sg.contrast && !sg.convention && !sg.personal && !sg.team
	sg.bare = sg.corrected && words == 0 || len(toks) == 1 && l.bareNo.has(toks[0].s)
	return sg
}

// request reports whether a sentence phrased as a question is a request
// for a habit: "can you / could you / would you (please) always|never …",
// "kannst du bitte immer …", "peux-tu toujours …", "¿puedes siempre …".
// It returns where the requested habit starts.
func request(toks []token, core int) (int, bool) {
	l := lex()
	e, ok := startsWith(toks, core, l.politeAsk)
	if !ok {
		return 0, false
	}
	if e < len(toks) && (toks[e].s == "please" || toks[e].s == "bitte" || toks[e].s == "stp") {
		e++
	}
	if e >= len(toks) {
		return 0, false
	}
	if a, _ := find(toks, e, l.temporal); a >= 0 {
		return e, true
	}
	return e, slicesContains(l.always, toks[e].s) || slicesContains(l.never, toks[e].s)
}

// governs reports whether an "always" or "never" in toks governs an
// instruction ("always run make lint", "usa siempre", "we never…") rather
// than a report ("always the same error", "it never worked").
func governs(toks []token, core int) bool {
	l := lex()
	for j := core; j < len(toks); j++ {
		w := toks[j].s
		if !slicesContains(l.always, w) && !slicesContains(l.never, w) {
			continue
		}
		if j+1 >= len(toks) || toks[j+1].punct || l.notAlways.has(toks[j+1].s) {
			continue
		}
		if j == core {
			return true
		}
		prev := toks[j-1]
		if prev.punct || l.use.has(prev.s) || l.imperative.has(prev.s) {
			return true
		}
		switch prev.s {
		case "we", "i", "please", "and", "but", "should", "must", "to", "bitte", "wir", "ich", "on", "nous", "je", "und", "et", "y", "pero", "mais", "aber":
			return true
		}
	}
	return false
}

func slicesContains(list []string, w string) bool {
	for _, x := range list {
		if x == w {
			return true
		}
	}
	return false
}

// negativeAt reports whether the clause starting at core is a negative
// imperative: "don't add…", "stop adding…", "no emojis…", "keine default
// exports verwenden", "Verwende keine…", "n'utilise pas…", "No pongas…".
func negativeAt(toks []token, core int) bool {
	l := lex()
	if core >= len(toks) {
		return false
	}
	first := toks[core].s
	if first == "no" {
		next := core + 1
		return next < len(toks) && !toks[next].punct && !l.notNo.has(toks[next].s) && len(toks)-core >= 3
	}
	if e, ok := startsWith(toks, core, l.negative); ok {
		// "don't worry", "ne marche pas", "n'oublie pas": not an
		// instruction.
		for k := core; k < e && k < len(toks); k++ {
			w := strings.TrimPrefix(toks[k].s, "n'")
			if (k > core || w != toks[k].s) && l.notNegative.has(w) {
				return false
			}
		}
		if e < len(toks) && l.notNegative.has(toks[e].s) {
			return false
		}
		// "stop adding emojis" is a rejection, "stop the dev server" a task.
		if w := toks[core].s; (w == "stop" || w == "quit") && (e >= len(toks) || !strings.HasSuffix(toks[e].s, "ing")) {
			return false
		}
		return e < len(toks) || len(toks)-core > 1
	}
	// German verb-first imperative with a later negation.
	if l.imperative.has(first) {
		for k := core + 1; k < len(toks); k++ {
			switch w := toks[k].s; {
			case w == "nicht" || w == "nie" || w == "niemals" || strings.HasPrefix(w, "kein"):
				return true
			}
		}
	}
	return false
}

// pointsAtThing reports whether the clause points at one thing in front of
// the agent ("this file", "that function", "the one above") rather than at
// a kind of thing. "this repo", "in diesem Projekt" name the workspace and
// do not count; "that" after "remember" or "so" is a conjunction.
func pointsAtThing(toks []token, core int) bool {
	l := lex()
	for j := core; j < len(toks); j++ {
		w := toks[j].s
		if l.deixis.has(w) {
			if j+1 < len(toks) && l.container.has(toks[j+1].s) {
				continue
			}
			if w == "that" && j > 0 {
				switch toks[j-1].s {
				case "remember", "sure", "so", "note", "ensure", "means", "know", "think", "say", "said", "is", "than", "mean", "check", "verify":
					continue
				}
			}
			if w == "that" && j+1 < len(toks) && !toks[j+1].punct {
				// "that" opening a relative clause: "tests that fail".
				if j > core && !toks[j-1].punct && !l.use.has(toks[j-1].s) && !isVerbish(toks[j-1].s) {
					continue
				}
			}
			return true
		}
	}
	if a, _ := find(toks, core, l.deixisPairs); a >= 0 {
		return true
	}
	// A bare "it" or "them" as the whole object: "don't do it", "use it".
	words := 0
	hasIt := false
	for j := core; j < len(toks); j++ {
		if !toks[j].punct {
			words++
			if toks[j].s == "it" || toks[j].s == "them" {
				hasIt = true
			}
		}
	}
	return hasIt && words <= 3
}

// isVerbish reports whether w is an English verb that takes "that" as a
// demonstrative object ("do that", "use that", "touch that").
func isVerbish(w string) bool {
	switch w {
	case "do", "use", "touch", "change", "edit", "delete", "remove", "open", "try", "run", "undo", "revert", "keep", "like", "prefer", "not":
		return true
	}
	return false
}

// analyzeJapanese adds the markers of a sentence written in Japanese.
func analyzeJapanese(s *sentence, sg *signals) {
	l := lex()
	t := s.lower
	body := strings.TrimRight(t, "。.！!？?　 ")
	for _, q := range l.questionJA {
		if strings.HasSuffix(body, q) {
			sg.question = true
		}
	}
	sg.meta = sg.meta || containsAny(t, l.metaJA)
	sg.oneOff = sg.oneOff || containsAny(t, l.oneOffJA)
	sg.learn = sg.learn || containsAny(t, l.learnJA)
	sg.durable = sg.durable || containsAny(t, l.temporalJA) ||
		strings.Contains(t, "いつも") && !strings.Contains(t, "いつも同じ") && !strings.Contains(t, "いつもの")
	sg.convention = sg.convention || containsAny(t, l.conventionJA)
	sg.personal = sg.personal || containsAny(t, l.personalJA)
	sg.contrast = sg.contrast || containsAny(t, l.contrastJA)
	sg.negative = sg.negative || containsAny(t, l.negativeJA)
	sg.use = sg.use || containsAny(t, l.useJA)
	sg.deixis = sg.deixis || containsAny(t, l.deixisJA)
	sg.cause = sg.cause || containsAny(t, l.causeJA)
	sg.must = sg.must || containsAny(t, l.mustJA)
	sg.statement = sg.statement || containsAny(t, l.copulaJA)
	for _, c := range l.correctionJA {
		if strings.HasPrefix(t, c) {
			sg.corrected = true
			sg.bare = sg.bare || strings.TrimRight(strings.TrimPrefix(t, c), "。.！!、 ") == ""
		}
	}
	// The rule's clause starts after the Japanese lead-ins.
	rest := s.text[sg.core:]
	for changed := true; changed; {
		changed = false
		for _, lead := range jaLeads {
			if after, ok := strings.CutPrefix(rest, lead); ok {
				rest = strings.TrimLeft(after, "、,：: 　")
				changed = true
			}
		}
	}
	sg.core = len(s.text) - len(rest)
	sg.markerOnly = sg.durable && utf8.RuneCountInString(rest) <= 8 && !sg.negative && !sg.contrast && !sg.convention && !sg.personal && !sg.use
}

// jaLeads open a Japanese sentence without adding to the rule.
var jaLeads = []string{"/learn", "覚えておいて", "覚えといて", "今後は", "今後", "これからは", "次回からは", "次からは", "次から", "違います", "違う",
	"いや", "いいえ", "そうじゃなくて", "私は", "僕は", "このリポジトリでは", "このプロジェクトでは", "うちでは", "うちは", "弊社では", "弊社は", "ここでは"}

// placesInPath reports a sentence that puts a kind of file under a path:
// "API handlers live in internal/http", "tests go under tests/unit",
// "Komponenten gehören nach src/components".
func placesInPath(toks []token, core int) bool {
	for j := core + 1; j+2 < len(toks); j++ {
		switch toks[j].s {
		case "live", "lives", "go", "goes", "belong", "belongs", "gehören", "gehört", "kommen", "vont", "va", "van", "va en":
		default:
			continue
		}
		switch toks[j+1].s {
		case "in", "under", "into", "inside", "nach", "unter", "dans", "sous", "en", "bajo":
		default:
			continue
		}
		if strings.Contains(toks[j+2].s, "/") {
			return true
		}
	}
	return false
}

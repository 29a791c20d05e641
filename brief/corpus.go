package brief

import (
	"slices"
	"strings"
)

// corpus is a set of rules scanned once: each rule's distinct words and
// the concepts they name, shared by merging and scoring so that no rule's
// text is read twice. Scanned through a [sieve], it holds at least the
// evidence the sieve was made for, and little else.
type corpus struct {
	rules []Rule
	// ids maps a stemmed term to its id; ids are given in order, so term
	// id is entry id of the table (see term).
	ids   *wordTable
	lexOf []lexEntry // id → what the lexicon knows about the term
	// words maps a word as written (lower-cased) to its term id, or -1 for
	// a stopword: stemming and stopword checks happen once per distinct word.
	words *wordTable
	// Rule i's evidence is ev[start[i]:start[i+1]], each term or concept
	// once; those in the instruction come before those only in the Why.
	start []int32
	ev    []evidence
}

// evidence is one term or concept of a rule.
// stopBegins is the id of a stopword that begins a phrase of the lexicon.
const stopBegins = -2

type evidence struct {
	id      int32 // term id, or concept number
	concept bool
	why     bool // found only in the rule's Why
}

// newCorpus scans rules: all their evidence when keep is nil, otherwise
// at least the evidence keep lets through (see [sieveFor]).
func newCorpus(rules []Rule, keep *sieve) *corpus {
	l := lex()
	// Distinct words grow with the rules (names, numbers, paths): reserve
	// room so that the maps do not rehash as they fill. Through a sieve
	// few words pass.
	distinct, perRule := 512+len(rules), 12
	if keep != nil {
		distinct, perRule = 64+len(rules)/8, 1
	}
	c := &corpus{
		rules: rules,
		ids:   newWordTable(distinct),
		words: newWordTable(distinct),
		lexOf: make([]lexEntry, 0, distinct),
		start: make([]int32, len(rules)+1),
		ev:    make([]evidence, 0, perRule*len(rules)),
	}
	var (
		sc           = scanner{raw: true}
		stemBuf      []byte
		termStamp    []int32
		conceptStamp = make([]int32, l.nConcepts)
		rule         int32
		why          bool
		prev         []byte
		prevNext     []string
		prevStarts   bool
		// stop is a stopword that begins a phrase of the lexicon ("on" of
		// "on call"), when it is the word before the current one.
		stop       []byte
		stopStarts bool
		cjkFound   []int32 // the CJK entries in the current run
	)
	addConcepts := func(cs []uint16) {
		for _, k := range cs {
			if conceptStamp[k] != rule {
				conceptStamp[k] = rule
				c.ev = append(c.ev, evidence{id: int32(k), concept: true, why: why})
			}
		}
	}
	visit := func(term []byte, kind termKind) {
		if kind == kindCJKRun {
			run := string(term)
			cjkFound = l.cjkIn(cjkFound[:0], run)
			for _, i := range cjkFound {
				if e := &l.cjk[i]; conceptStamp[e.concept] != rule && e.in(run) {
					conceptStamp[e.concept] = rule
					c.ev = append(c.ev, evidence{id: int32(e.concept), concept: true, why: why})
				}
			}
			prevStarts, stopStarts = false, false
			return
		}
		if kind == kindMixed {
			// A word and a CJK run written together ("APIキー").
			cjkFound = l.cjkIn(cjkFound[:0], string(term))
			for _, i := range cjkFound {
				if e := &l.cjk[i]; conceptStamp[e.concept] != rule && e.mixed() {
					conceptStamp[e.concept] = rule
					c.ev = append(c.ev, evidence{id: int32(e.concept), concept: true, why: why})
				}
			}
			return
		}
		if keep != nil && !keep.passesTerm(term, stemBuf) {
			if !prevStarts && !stopStarts {
				// Neither evidence keep wants nor the first word of a
				// phrase that names a concept it wants: with no phrase
				// open, the word changes nothing it keeps.
				return
			}
			if kind != kindCJK && !mayFollow(term, prevStarts, prevNext) &&
				!(stopStarts && mayFollow(term, true, l.word(string(stop)).next)) && !maybeStopword(term) {
				// Nor a word the open phrase goes on with (stems keep
				// their first two bytes), nor a stopword inside it ("mot
				// de passe", "pull in"): the phrase ends here, as it
				// would if the word were read.
				prevStarts, stopStarts = false, false
				return
			}
		}
		var id int32
		if kind == kindCJK {
			id = c.intern(term)
		} else {
			var ok bool
			if id, ok = c.words.get(term); !ok {
				id = -1
				if !isStopword(term) {
					stemBuf = append(stemBuf[:0], term...)
					id = c.intern(stem(stemBuf))
				} else if len(l.word(string(term)).next) > 0 {
					id = stopBegins
				}
				c.words.put(term, id)
			}
			if id < 0 {
				// A stopword: skipped ("mot de passe" is "mot passe"), except
				// in a phrase of a word and a stopword ("pull in", "on call").
				if prevStarts {
					for _, n := range prevNext {
						if string(term) == n {
							prev = append(append(prev, ' '), term...)
							addConcepts(l.word(string(prev)).concepts)
							prevStarts = false
							break
						}
					}
				}
				if stopStarts = id == stopBegins; stopStarts {
					stop = append(stop[:0], term...)
				}
				return
			}
		}
		for int(id) >= len(termStamp) {
			termStamp = append(termStamp, 0)
		}
		if termStamp[id] != rule {
			termStamp[id] = rule
			c.ev = append(c.ev, evidence{id: id, why: why})
		}
		if kind == kindCJK {
			prevStarts, stopStarts = false, false
			return
		}
		if stopStarts {
			t := c.term(id)
			stop = append(append(stop, ' '), t...)
			addConcepts(l.word(string(stop)).concepts)
			stopStarts = false
		}
		if prevStarts {
			t := c.term(id)
			for _, n := range prevNext {
				if string(t) == n {
					prev = append(append(prev, ' '), t...)
					addConcepts(l.word(string(prev)).concepts)
					break
				}
			}
		}
		e := &c.lexOf[id]
		addConcepts(e.concepts)
		if prevStarts = len(e.next) > 0; prevStarts {
			prev, prevNext = append(prev[:0], c.term(id)...), e.next
		}
	}
	for i := range rules {
		rule = int32(i + 1)
		why, prevStarts, stopStarts = false, false, false
		sc.scan(rules[i].Instruction, visit)
		if w := whyContent(rules[i].Why); w != "" {
			why, prevStarts, stopStarts = true, false, false
			sc.scan(w, visit)
		}
		c.start[i+1] = int32(len(c.ev))
	}
	return c
}

// mayFollow reports whether the word w may be one of next, the words that
// follow an open phrase (open) in the lexicon: its first two bytes are the
// first two of one of them (stemming keeps a word's beginning).
func mayFollow(w []byte, open bool, next []string) bool {
	if !open || len(w) < 2 {
		return open
	}
	for _, n := range next {
		if len(n) < 2 || n[0] == w[0] && n[1] == w[1] {
			return true
		}
	}
	return false
}

// sieve says which words of the rules a corpus must read: a word passes
// when it may be a term wanted, a word that names a concept wanted, or the
// first word of a phrase that names one. Every other word is skipped
// unread (no map lookup, no stemming), unless it may close a phrase (CJK
// runs are always read for the concepts they name). It
// compares beginnings, which stemming keeps: the first three bytes (hashed
// into a bit set), or the first two when the word wanted is three bytes or
// shorter ("adding" stems to "ad", "flies" to "fly").
//
// On the hook's path (1,000 rules, one task) most words of the rules do
// not pass; see BenchmarkFirstPrompt and BenchmarkSelect.
type sieve struct {
	short, long [1 << 16 / 64]uint64 // by two bytes, by three
}

// sieveFor is the sieve for scoring rules for q and, when rules has
// preferences, for merging them: the subjects of their instructions are
// wanted too, so that every rule that shares one is found (see
// [mergeCorpus]).
func sieveFor(q *query, rules []Rule) *sieve {
	l := lex()
	s := &sieve{}
	want := make([]bool, l.nConcepts)
	for t := range q.terms {
		s.add(t)
	}
	for k, f := range q.concepts {
		want[k] = f >= 0
	}
	var prefs []Rule
	for _, r := range rules {
		if r.Source == Personal {
			prefs = append(prefs, r)
		}
	}
	if len(prefs) > 0 {
		pc := newCorpus(prefs, nil)
		for _, e := range pc.ev {
			switch {
			case e.why:
			case e.concept:
				want[e.id] = true
			default:
				s.add(pc.term(e.id))
			}
		}
	}
	if !slices.Contains(want, true) {
		return s
	}
	for c, w := range want {
		if w {
			for _, k := range l.firstWords[c] {
				s.add(k)
			}
		}
	}
	return s
}

func (s *sieve) add(w string) {
	switch {
	case len(w) > 3:
		k := key3(w[0], w[1], w[2])
		s.long[k/64] |= 1 << (k % 64)
	case len(w) >= 2:
		k := uint16(w[0])<<8 | uint16(w[1])
		s.short[k/64] |= 1 << (k % 64)
	}
}

// passes reports whether w may be wanted.
func (s *sieve) passes(w []byte) bool {
	if len(w) < 2 {
		return true
	}
	k := uint16(w[0])<<8 | uint16(w[1])
	if s.short[k/64]&(1<<(k%64)) != 0 {
		return true
	}
	if len(w) < 4 {
		return false
	}
	k = key3(w[0], w[1], w[2])
	return s.long[k/64]&(1<<(k%64)) != 0
}

// passesTerm is passes for a word of a rule, also by its stem when
// stemming rewrites its first three bytes ([stemRewritesStart]), since the
// stem is what a task's word is matched with. buf is scratch space.
func (s *sieve) passesTerm(w, buf []byte) bool {
	return s.passes(w) || stemRewritesStart(w) && s.passes(stem(append(buf[:0], w...)))
}

func key3(a, b, c byte) uint16 {
	return uint16((uint32(a) | uint32(b)<<8 | uint32(c)<<16) * 0x9E3779B1 >> 16)
}

// whyPrefixes are the boilerplate that opens a Why written by a normalizer
// or by cmd ("user said: \"…\"", "user asked to …"): they describe where
// the rule came from, not what it is about, and are the same in every
// preference, so they are not matched against the task. Compared without
// regard to case.
var whyPrefixes = []string{"user said:", "the user said:", "user asked to", "user asked for", "user asked", "user prefers", "user wants", "user preference", "user correction", "user request"}

// whyContent returns the part of a Why that says something about the rule:
// without the boilerplate prefix and "(supersedes rule N)" / "(supersedes p2)" notes, which name rules,
// not subjects. It allocates only when it cuts something out of the middle.
func whyContent(why string) string {
	w := strings.TrimSpace(why)
	if len(w) > 0 && (w[0]|0x20 == 'u' || w[0]|0x20 == 't') { // every prefix starts "user" or "the user"
		for _, p := range whyPrefixes {
			if len(w) >= len(p) && w[0]|0x20 == p[0] && w[len(p)-1]|0x20 == p[len(p)-1]|0x20 &&
				strings.EqualFold(w[:len(p)], p) && (len(w) == len(p) || !isWordByte(w[len(p)])) {
				w = strings.TrimSpace(w[len(p):])
				break
			}
		}
	}
	for {
		i := strings.Index(w, "upersedes")
		if i < 2 || w[i-2] != '(' || w[i-1]|0x20 != 's' {
			break
		}
		i -= 2
		j := strings.IndexByte(w[i:], ')')
		if j < 0 {
			w = w[:i]
			break
		}
		w = w[:i] + w[i+j+1:]
	}
	return w // quotes around a correction are punctuation: the scanner skips them
}

func isWordByte(c byte) bool { return lowerOrDigit(c) || 'A' <= c && c <= 'Z' || c >= 0x80 }

// intern returns the id of a stemmed term.
func (c *corpus) intern(term []byte) int32 {
	if id, ok := c.ids.get(term); ok {
		return id
	}
	id := int32(len(c.lexOf))
	c.ids.put(term, id)
	c.lexOf = append(c.lexOf, lex().word(string(term)))
	return id
}

// term returns the stemmed term with the given id.
func (c *corpus) term(id int32) string { return c.ids.key(id) }

// evidenceOf returns rule i's evidence.
func (c *corpus) evidenceOf(i int) []evidence { return c.ev[c.start[i]:c.start[i+1]] }

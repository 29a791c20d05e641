package brief

import (
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// scanner splits text into stemmed terms. It reuses its buffers, so the
// terms it emits are only valid during the callback.
type scanner struct {
	word  []byte // the current word, lower-cased and folded
	parts []int  // offsets in word where a camel-case part starts
	cjk   []rune // the current run of Han/Kana/Hangul characters
	stem  []byte
	bi    []byte
	// prevUpper and prevLower track case changes inside a word.
	prevUpper, prevLower bool
	// raw emits words as they are, lower-cased, without stemming or
	// dropping stopwords: the caller does both once per distinct word.
	raw bool
	// stops emits stopwords too, as kindStop, for the phrases of the
	// lexicon that contain one ("pull in", "on call").
	stops bool
	// surface is the current word before stemming, valid during the callback
	// (for labels people read).
	surface []byte
	// cues emits, after an identifier that names a point in time
	// ("created_at", "completedAt"), the word pointInTime. A task is read
	// with cues: the identifier names the field the work is about. A
	// rule is not: the identifiers it names are examples of its subject
	// ("soft deletes with deleted_at"), and a rule about timestamps says
	// so in words.
	cues bool
	// done is set when the word just emitted names a finished action
	// ("created", "sent"); snakeAt when such a word was followed by "_".
	done, snakeAt bool
	cue           []byte
	// pre is the word written right before the current CJK run, without a
	// space ("API" of "APIキー"); post is the CJK run written right before
	// the current word ("本番" of "本番DB"). Together they make the mixed
	// term emitted as kindMixed.
	pre, post, mixed []byte
}

// termFunc receives one term. phrase is false for single words; cjkRun is
// true for a whole run of CJK characters (for lexicon substring lookups).
type termFunc func(term []byte, kind termKind)

type termKind uint8

const (
	kindWord   termKind = iota // a stemmed word or a camel-case part
	kindCJK                    // a character bigram
	kindCJKRun                 // a whole CJK run, for lexicon lookups
	kindStop                   // a stopword, as it is (only with scanner.stops)
	// kindMixed is a word and the CJK run written next to it without a
	// space ("apiキーが", "本番db"), lower-cased, for the lexicon's entries
	// that mix the scripts ("APIキー"): a CJK run alone never holds them.
	kindMixed
)

// scan emits the terms of s.
func (sc *scanner) scan(s string, emit termFunc) {
	sc.word, sc.parts, sc.cjk = sc.word[:0], sc.parts[:0], sc.cjk[:0]
	sc.pre, sc.post = sc.pre[:0], sc.post[:0]
	sc.prevUpper, sc.prevLower = false, false
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if lowerOrDigit(c) {
				// A run of lower-case letters and digits, at once.
				if len(sc.cjk) > 0 {
					sc.flushCJKBeforeWord(emit)
				}
				j := i + 1
				for j < len(s) && lowerOrDigit(s[j]) {
					j++
				}
				sc.word = append(sc.word, s[i:j]...)
				sc.prevLower, sc.prevUpper = s[j-1] >= 'a', false
				i = j
				continue
			}
			i++
			switch {
			case 'A' <= c && c <= 'Z':
				if len(sc.cjk) > 0 {
					sc.flushCJKBeforeWord(emit)
				}
				if sc.prevLower && len(sc.word) > 0 {
					sc.parts = append(sc.parts, len(sc.word))
				}
				sc.word = append(sc.word, c+('a'-'A'))
				sc.prevUpper, sc.prevLower = true, false
			default:
				if (c == '+' || c == '/') && len(sc.word) == 1 && i < len(s) && isASCIIAlnum(s[i]) &&
					(i+1 == len(s) || !isWordByte(s[i+1])) {
					// A letter, '+' or '/', and one more character is one
					// term ("n+1", "i/o"), not two one-letter words.
					sc.word = append(sc.word, c, s[i]|0x20)
					i++
					sc.flushWord(emit)
					continue
				}
				if len(sc.word) > 0 {
					sc.flushWord(emit)
				}
				sc.snakeAt = c == '_' && sc.done
				if len(sc.cjk) > 0 {
					sc.flushCJK(emit)
				}
			}
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		switch {
		case isCJK(r):
			if len(sc.cjk) == 0 {
				// A word written right before the run ("API" of "APIキー").
				sc.pre = append(sc.pre[:0], sc.word...)
			}
			sc.flushWord(emit)
			sc.cjk = append(sc.cjk, r)
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r):
			if len(sc.cjk) > 0 {
				sc.flushCJKBeforeWord(emit)
			}
			upper := unicode.IsUpper(r)
			if upper && sc.prevLower && len(sc.word) > 0 {
				sc.parts = append(sc.parts, len(sc.word))
			}
			sc.word = appendFolded(sc.word, unicode.ToLower(r))
			sc.prevUpper, sc.prevLower = upper, !upper
		default:
			sc.flushWord(emit)
			sc.flushCJK(emit)
		}
	}
	sc.flushWord(emit)
	sc.flushCJK(emit)
}

func isASCIIAlnum(c byte) bool { return lowerOrDigit(c) || 'A' <= c && c <= 'Z' }

func lowerOrDigit(c byte) bool { return 'a' <= c && c <= 'z' || '0' <= c && c <= '9' }

func (sc *scanner) flushWord(emit termFunc) {
	w := sc.word
	if len(w) == 0 {
		sc.post = sc.post[:0]
		return
	}
	parts := sc.parts
	sc.word, sc.parts = sc.word[:0], sc.parts[:0]
	sc.prevUpper, sc.prevLower = false, false
	snakeAt := sc.snakeAt
	sc.snakeAt = false
	sc.emitWord(w, emit)
	if snakeAt && sc.cues && string(w) == "at" {
		sc.emitPointInTime(emit)
	}
	if len(sc.post) > 0 {
		// The run written right before the word ("本番" of "本番DB").
		sc.mixed = append(append(sc.mixed[:0], sc.post...), w...)
		sc.post = sc.post[:0]
		emit(sc.mixed, kindMixed)
	}
	if len(parts) == 0 {
		sc.done = finished(w)
		return
	}
	start, prevDone := 0, false
	for i := 0; i <= len(parts); i++ {
		end := len(w)
		if i < len(parts) {
			end = parts[i]
		}
		part := w[start:end]
		sc.emitWord(part, emit)
		if prevDone && sc.cues && string(part) == "at" {
			sc.emitPointInTime(emit) // "createdAt", "sentAt"
		}
		prevDone = finished(part)
		start = end
	}
	sc.done = prevDone
}

// pointInTime is the word an identifier such as "created_at",
// "completedAt" or "expires_at" stands for: a column or field that holds
// a point in time, the subject of the rules about timestamps.
const pointInTime = "timestamp"

// emitPointInTime emits pointInTime as a word of the text.
func (sc *scanner) emitPointInTime(emit termFunc) {
	sc.cue = append(sc.cue[:0], pointInTime...)
	sc.emitWord(sc.cue, emit)
}

// finished reports whether w, a lower-cased word, names an action done
// at some moment: a past participle ("created", "completed") or one of
// the words that name a deadline or a start ("expires", "due").
func finished(w []byte) bool {
	if len(w) >= 4 && w[len(w)-2] == 'e' && w[len(w)-1] == 'd' {
		return true
	}
	switch string(w) {
	case "sent", "paid", "seen", "done", "run", "built", "sold", "held", "lost", "won", "due", "expires", "starts",
		"ends", "begins", "opens", "closes":
		return true
	}
	return false
}

func (sc *scanner) emitWord(w []byte, emit termFunc) {
	if len(w) < 2 {
		return
	}
	if sc.raw {
		emit(w, kindWord)
		return
	}
	if isStopword(w) {
		if sc.stops {
			sc.surface = w
			emit(w, kindStop)
		}
		return
	}
	sc.stem = append(sc.stem[:0], w...)
	sc.surface = w
	emit(stem(sc.stem), kindWord)
}

// flushCJKBeforeWord ends the current CJK run where a word begins without
// a space between them: the word learns the run, for kindMixed.
func (sc *scanner) flushCJKBeforeWord(emit termFunc) {
	sc.post = sc.post[:0]
	for _, r := range sc.cjk {
		sc.post = utf8.AppendRune(sc.post, r)
	}
	sc.flushCJK(emit)
}

func (sc *scanner) flushCJK(emit termFunc) {
	run := sc.cjk
	if len(run) == 0 {
		return
	}
	sc.cjk = sc.cjk[:0]
	sc.bi = sc.bi[:0]
	for _, r := range run {
		sc.bi = utf8.AppendRune(sc.bi, r)
	}
	emit(sc.bi, kindCJKRun)
	if len(sc.pre) > 0 {
		// The word written right before the run ("API" of "APIキー").
		sc.mixed = append(append(sc.mixed[:0], sc.pre...), sc.bi...)
		sc.pre = sc.pre[:0]
		emit(sc.mixed, kindMixed)
	}
	if len(run) == 1 {
		emit(sc.bi, kindCJK)
		return
	}
	for i := 0; i+1 < len(run); i++ {
		sc.bi = utf8.AppendRune(utf8.AppendRune(sc.bi[:0], run[i]), run[i+1])
		emit(sc.bi, kindCJK)
	}
}

// isCJK reports whether r is written without spaces between words. Below
// U+1100, where the first of these scripts (Hangul) begins, nothing is:
// the lexicon asks for every rune of its entries, most of them Latin.
func isCJK(r rune) bool {
	return r >= 0x1100 && (unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul) || r == 'ー')
}

// appendFolded appends r without its accents ("é" → "e", "ő" → "o",
// "ß" → "ss"), so "migración" meets "migracion": the canonical
// decomposition without the combining diacritical marks (U+0300–U+036F,
// the accents of Latin, Greek and Cyrillic letters; the marks of other
// scripts are kept). A few letters have no decomposition and are folded
// by hand.
func appendFolded(b []byte, r rune) []byte {
	switch {
	case r < 0xC0:
		return utf8.AppendRune(b, r)
	case isAccent(r):
		return b
	}
	if f := stroke(r); f != "" {
		return append(b, f...)
	}
	var enc [utf8.UTFMax]byte
	d := norm.NFD.Properties(utf8.AppendRune(enc[:0], r)).Decomposition()
	if d == nil {
		return utf8.AppendRune(b, r)
	}
	for len(d) > 0 {
		c, n := utf8.DecodeRune(d)
		if !isAccent(c) {
			b = utf8.AppendRune(b, c)
		}
		d = d[n:]
	}
	return b
}

func isAccent(r rune) bool { return r >= 0x300 && r <= 0x36F }

// stroke folds the lower-case letters with an accent that Unicode does not
// decompose (a stroke, or ß). (A switch, not a map: a package-level map
// is built at every process start, and the hooks start one per prompt.)
func stroke(r rune) string {
	switch r {
	case 'ß':
		return "ss"
	case 'ł':
		return "l"
	case 'đ':
		return "d"
	case 'ø':
		return "o"
	case 'ħ':
		return "h"
	case 'ŧ':
		return "t"
	case 'ƀ':
		return "b"
	case 'ı':
		return "i"
	}
	return ""
}

// stem strips common inflections in place: plurals (and the German ones
// of -ung, -heit, -keit, -tion), -ing, -ed, -ly, -er,
// -ation, a final -e. It is deliberately light: both sides of a match go
// through it, so it only has to be consistent.
func stem(b []byte) []byte {
	if !ascii(b) {
		return b
	}
	n := len(b)
	if n <= 3 {
		return b
	}
	// Spanish -ción is English and French -tion ("migración",
	// "configuraciones" → "migration", "configuration"): the word then
	// meets the rules that say it in English (see stemRewritesStart).
	switch {
	case hasSuffix(b, "ciones") && n > 7:
		b = append(b[:n-6], "tion"...)
		n = len(b)
	case hasSuffix(b, "cion") && n > 5:
		b = append(b[:n-4], "tion"...)
	}
	switch {
	case hasSuffix(b, "ungen"), hasSuffix(b, "heiten"), hasSuffix(b, "keiten"), hasSuffix(b, "tionen"):
		// German plurals: "Bestellungen", "Abhängigkeiten", "Migrationen".
		b = b[:n-2]
	case hasSuffix(b, "ies") && n > 4:
		b = append(b[:n-3], 'y')
	case hasSuffix(b, "sses"):
		b = b[:n-2]
	case hasSuffix(b, "ss"), hasSuffix(b, "us"), hasSuffix(b, "is"):
	case b[n-1] == 's':
		b = b[:n-1]
	}
	switch n = len(b); {
	case hasSuffix(b, "ing") && n-3 >= 3 && !ingNoun(b):
		b = undouble(b[:n-3])
	case hasSuffix(b, "ed") && n-2 >= 3:
		b = undouble(b[:n-2])
	case hasSuffix(b, "ly") && n-2 >= 4:
		b = b[:n-2]
	case hasSuffix(b, "er") && n-2 >= 4 && !erNoun(b):
		b = undouble(b[:n-2])
	case hasSuffix(b, "ation") && n-5 >= 3:
		b = b[:n-3]
		if hasSuffix(b, "izat") {
			b = b[:len(b)-2]
		}
	}
	if n = len(b); n >= 4 && b[n-1] == 'e' && !eWord(b) {
		b = b[:n-1]
	}
	return b
}

// erNoun reports whether b, a word ending in -er, is a noun whose stem
// without -er is another word: "customer" is not "custom", "center" (a
// cost center) not "cent", "player" not "play", "container"
// not "contain", "header" not "head". The -er of an agent or a comparative
// ("worker", "parser", "faster") is stripped; these are kept whole, which
// also makes them meet their -ed forms ("filtered" is "filter"). Only words
// of six letters or more lose an -er. (A switch, not a map: no table is
// built at process start.)
func erNoun(b []byte) bool {
	switch string(b) {
	case "customer", "container", "header", "footer", "folder", "number", "buffer", "cluster", "filter",
		"banner", "corner", "counter", "letter", "matter", "master", "poster", "docker", "center", "player", "composer":
		return true
	}
	return false
}

// eWord reports whether b, a word ending in -e, is one whose stem without
// the -e is another word of the field: "locale" is not "local", "state"
// not "stat", "plane" (a control plane) not "plan", "mode" not "mod".
func eWord(b []byte) bool {
	switch string(b) {
	case "locale", "state", "plane", "mode":
		return true
	}
	return false
}

// ingNoun reports whether b, a word ending in -ing, is a noun of the
// field whose stem without -ing is another word: "shipping" (of an order)
// is not "ship" (a release), "settings" not "sets", "heading" not "head".
func ingNoun(b []byte) bool {
	switch string(b) {
	case "shipping", "setting", "heading":
		return true
	}
	return false
}

// stemRewritesStart reports whether stem changes the first three bytes of
// the folded word w, which no other inflection does: the -ción rewrite of
// a short word ("accion", "acciones" → "action"). The sieve, which passes
// a rule's words by their first bytes unstemmed, looks such a word up by
// its stem too ([sieve.passesTerm]).
func stemRewritesStart(w []byte) bool {
	n := len(w)
	return n == 6 && hasSuffix(w, "cion") || n == 8 && hasSuffix(w, "ciones")
}

// ascii reports whether b is all ASCII.
func ascii(b []byte) bool {
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func hasSuffix(b []byte, s string) bool {
	return len(b) >= len(s) && string(b[len(b)-len(s):]) == s
}

// undouble turns "committ" into "commit", keeping "install", "pass", "buzz".
func undouble(b []byte) []byte {
	n := len(b)
	if n >= 3 && b[n-1] == b[n-2] {
		switch b[n-1] {
		case 'l', 's', 'z', 'a', 'e', 'i', 'o', 'u':
		default:
			return b[:n-1]
		}
	}
	return b
}

// stopwords are words that say nothing about a rule's subject: function
// words of English, German, French and Spanish, and the boilerplate of
// rules and task prompts ("always", "never", "add", "please").
var stopwords = sync.OnceValue(buildStopwords)

func buildStopwords() map[string]struct{} {
	m := make(map[string]struct{}, 512)
	for _, w := range []string{
		// English function words.
		"a", "an", "the", "and", "or", "but", "nor", "of", "to", "in", "on", "at", "by", "for", "with",
		"without", "from", "into", "onto", "as", "is", "are", "was", "were", "be", "been", "being",
		"it", "its", "this", "that", "these", "those", "there", "here", "then", "than", "so", "if",
		"when", "while", "where", "which", "who", "whom", "what", "why", "how", "not", "no", "yes",
		"do", "does", "did", "don", "doesn", "didn", "can", "could", "would", "should", "shall", "will",
		"may", "might", "must", "have", "has", "had", "we", "our", "us", "you", "your", "they", "their",
		"them", "he", "she", "his", "her", "my", "me", "mine", "i", "some", "any", "each", "every",
		"all", "both", "one", "more", "most", "other", "such", "only", "own", "same", "too", "very",
		"just", "also", "about", "after", "before", "over", "under", "again", "up", "down", "out",
		"off", "via", "per", "instead", "rather", "e", "g", "eg", "ie", "etc", "vs", "let", "lets",
		"s", "t", "ll", "re", "ve", "d", "m", "now", "new", "need", "needs", "way", "thing", "things",
		// Rule and prompt boilerplate.
		"always", "never", "use", "uses", "used", "using", "make", "makes", "sure", "please", "keep",
		"add", "adds", "added", "create", "creates", "write", "writes", "get", "set", "put", "want",
		"like", "prefer", "avoid", "do", "done", "try", "help", "because", "instead", "ensure",
		"implement", "change", "changes", "update", "fix", "so", "easier", "better", "good",
		"give", "gives", "take", "takes", "look", "looks", "whatever", "someone", "something",
		// German.
		"der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem", "einer", "und",
		"oder", "nicht", "kein", "keine", "immer", "nie", "niemals", "mit", "fur", "von", "zu", "im",
		"ist", "sind", "wir", "ich", "du", "sie", "es", "auf", "bei", "aus", "als", "auch", "statt",
		"verwende", "verwenden", "benutze", "benutzen", "bitte", "nutze", "mein", "meine", "meinen", "meiner", "dein", "deine", "unser", "unsere",
		// German prepositions contracted with an article ("zum" is "zu
		// dem"), which are stopwords apart, the boilerplate of prompts
		// ("add", "write", "create", "fix", "make") and the object
		// pronouns ("bevor ihn alle bekommen").
		"zum", "zur", "vom", "beim", "am", "ins", "ans",
		"fuge", "fug", "hinzu", "hinzufugen", "schreib", "schreibe", "erstelle", "erstellen", "behebe", "beheben",
		"mach", "mache", "ihn", "ihm", "ihnen", "uns", "euch", "mich", "dich", "mir", "dir",
		// French.
		"le", "la", "les", "un", "une", "des", "du", "et", "ou", "ne", "pas", "jamais", "toujours",
		"avec", "pour", "dans", "sur", "par", "en", "au", "aux", "ce", "cette", "est", "sont", "nous",
		"vous", "je", "tu", "il", "elle", "mes", "mon", "ma", "tes", "ton", "ta", "ses", "son", "sa", "nos", "notre", "vos", "votre", "utilise", "utiliser", "utilisez", "plutot", "que", "qui",
		"ajoute", "ajouter", "ajoutez", "ecris", "ecrire", "ecrivez", "cree", "creer", "creez", "corrige", "corriger",
		"corrigez", "fais", "faire", "faites", "rends",
		// Spanish.
		"el", "los", "las", "uno", "unos", "unas", "y", "o", "nunca", "siempre", "con", "sin", "para",
		"por", "que", "es", "son", "de", "lo", "mi", "tu", "usa", "usar", "utiliza", "lugar", "del", "al", "lo", "se", "su", "mis", "tus", "sus",
		"una", "anade", "anadir", "agrega", "agregar", "escribe", "escribir", "crea", "crear", "arregla", "arreglar",
		"haz", "hacer",
	} {
		m[w] = struct{}{}
	}
	return m
}

// stopStart holds the first two bytes of every stopword: most words are
// known to be none by one bit ([maybeStopword]).
var stopStart = sync.OnceValue(buildStopStart)

func buildStopStart() *[1 << 16 / 64]uint64 {
	var b [1 << 16 / 64]uint64
	for w := range stopwords() {
		if len(w) >= 2 {
			k := uint16(w[0])<<8 | uint16(w[1])
			b[k/64] |= 1 << (k % 64)
		}
	}
	return &b
}

// maybeStopword reports whether w is a stopword, looking the word up only
// when its first two bytes begin one.
func maybeStopword(w []byte) bool {
	if len(w) < 2 {
		return isStopword(w)
	}
	k := uint16(w[0])<<8 | uint16(w[1])
	return stopStart()[k/64]&(1<<(k%64)) != 0 && isStopword(w)
}

func isStopword(w []byte) bool {
	_, ok := stopwords()[string(w)]
	return ok
}

package brief

import (
	"bytes"
	"slices"
	"unicode"
	"unicode/utf8"
)

// inflected returns what the lexicon knows about a stemmed word of a task
// in another inflection of German, French or Spanish, which the light
// stemmer keeps: a plural or infinitive in -en ("Tabellen", "Spalten" →
// "Tabelle"), an imperative of an infinitive in -en ("lösch" →
// "löschen"), a French imperative in -ez ("supprimez" → "supprimer"), a
// Spanish one of a verb in -ar ("elimina" → "eliminar") and its other
// persons and subjunctive ("reembolsan", "adjunten" → "reembolsar",
// "adjuntar"). Nothing when none is known.
func (l *lexicon) inflected(term []byte) lexEntry {
	n := len(term)
	if n < 5 {
		return lexEntry{}
	}
	var buf [64]byte
	try := func(b []byte) (lexEntry, bool) {
		e := l.word(string(b))
		return e, len(e.concepts) > 0
	}
	switch {
	case term[n-2] == 'e' && term[n-1] == 'n':
		if e, ok := try(term[:n-2]); ok {
			return e
		}
	case term[n-2] == 'e' && term[n-1] == 'z':
		if e, ok := try(term[:n-2]); ok {
			return e
		}
	case term[n-1] == 'a' && n < len(buf):
		if e, ok := try(append(append(buf[:0], term...), 'r')); ok {
			return e
		}
	}
	// A Spanish verb in -ar in another person or the subjunctive:
	// "reembolsan", "adjunten", "adjunte" (the stemmer took its -e).
	if n+2 <= len(buf) {
		base := term
		if term[n-1] == 'n' && (term[n-2] == 'a' || term[n-2] == 'e') {
			base = term[:n-2]
		}
		if e, ok := try(append(append(buf[:0], base...), 'a', 'r')); ok {
			return e
		}
	}
	if n+2 <= len(buf) {
		if e, ok := try(append(append(buf[:0], term...), 'e', 'n')); ok {
			return e
		}
	}
	if e := l.germanVerb(term); len(e.concepts) > 0 {
		return e
	}
	return l.withoutClitic(term)
}

// germanVerb returns what the lexicon knows about a German participle or
// zu-infinitive of a verb it has in the infinitive: "gelöscht" is
// "löschen", "migriert" "migrieren", "hochgeladen" and "hochzuladen"
// "hochladen", "aufgeräumt" "aufräumen" (a separable verb takes ge- and zu
// after its particle). Nothing when none is known.
func (l *lexicon) germanVerb(term []byte) lexEntry {
	if len(term) < 7 || len(term) > 48 {
		return lexEntry{}
	}
	var buf [64]byte
	try := func(parts ...[]byte) (lexEntry, bool) {
		b := buf[:0]
		for _, p := range parts {
			b = append(b, p...)
		}
		e := l.word(string(stem(b)))
		return e, len(e.concepts) > 0
	}
	// forms tries the infinitives of particle+ge+rest: a strong
	// participle is the infinitive ("geladen"), a weak one ends in -t for
	// -en or -n ("gelöscht", "geändert").
	forms := func(particle, rest []byte) (lexEntry, bool) {
		if len(rest) < 3 {
			return lexEntry{}, false
		}
		if rest[len(rest)-2] == 'e' && rest[len(rest)-1] == 'n' {
			if e, ok := try(particle, rest); ok {
				return e, true
			}
		}
		if rest[len(rest)-1] == 't' {
			for _, inf := range [...]string{"en", "n"} {
				if e, ok := try(particle, rest[:len(rest)-1], []byte(inf)); ok {
					return e, true
				}
			}
		}
		return lexEntry{}, false
	}
	if rest, ok := bytes.CutPrefix(term, []byte("ge")); ok {
		if e, ok := forms(nil, rest); ok {
			return e
		}
	}
	if bytes.HasSuffix(term, []byte("iert")) {
		// A verb in -ieren takes no ge- ("migriert", "dokumentiert").
		if e, ok := try(term[:len(term)-1], []byte("en")); ok {
			return e
		}
	}
	for _, p := range separableParticles {
		rest, ok := bytes.CutPrefix(term, []byte(p))
		if !ok {
			continue
		}
		if r, ok := bytes.CutPrefix(rest, []byte("ge")); ok {
			if e, ok := forms([]byte(p), r); ok {
				return e
			}
		}
		if r, ok := bytes.CutPrefix(rest, []byte("zu")); ok && len(r) >= 4 {
			if e, ok := try([]byte(p), r); ok {
				return e
			}
		}
	}
	return lexEntry{}
}

// separableParticles are the particles of German separable verbs, folded
// (see separableParticle).
var separableParticles = [...]string{"auf", "ab", "an", "aus", "ein", "um", "hoch", "runter", "herunter", "zuruck",
	"weg", "raus", "heraus", "rein", "herein", "fest", "los", "zusammen", "mit", "nach", "vor", "durch"}

// withoutClitic returns what the lexicon knows about a Spanish imperative
// with its object pronoun attached ("quítalo", "documéntalo",
// "guárdala", "conéctalos", "divídelo"): the verb without the pronoun, as
// an imperative or an infinitive ("documenta", "documentar"; "divide",
// "dividir"). Nothing when none is known.
func (l *lexicon) withoutClitic(term []byte) lexEntry {
	var buf [64]byte
	try := func(b []byte) (lexEntry, bool) {
		e := l.word(string(stem(b)))
		return e, len(e.concepts) > 0
	}
	for _, clitic := range [...]string{"lo", "la", "le", "me", "nos", "te"} {
		base, ok := bytes.CutSuffix(term, []byte(clitic))
		if !ok || len(base) < 4 || len(base)+2 > len(buf) {
			continue
		}
		if e, ok := try(append(buf[:0], base...)); ok {
			return e
		}
		last := base[len(base)-1]
		switch last {
		case 'a':
			if e, ok := try(append(append(buf[:0], base...), 'r')); ok {
				return e
			}
		case 'e':
			for _, inf := range [...]string{"ir", "er"} {
				if e, ok := try(append(append(buf[:0], base[:len(base)-1]...), inf...)); ok {
					return e
				}
			}
		}
	}
	return lexEntry{}
}

// separableVerbs calls found with what the lexicon knows about each German
// separable verb of text whose particle ends its clause, away from the
// verb: "Räum die Helfer auf" is "aufräumen", "lade die Datei hoch"
// "hochladen", "teil das in etwas Vernünftiges auf" "aufteilen". The verb
// is the first or second word of the clause (an imperative, or a verb
// after its subject); the infinitive is the particle, the verb's stem
// and -en. A clause ends at punctuation or a conjunction ("und", "damit").
func (l *lexicon) separableVerbs(text string, found func(e lexEntry, label string)) {
	// The clause's first two words and its last, folded (words longer than
	// a verb and its particle are cut, and then match nothing): no
	// allocation, as every task is read for this.
	var first, second, last, cur [24]byte
	var nFirst, nSecond, nLast, nCur, words int
	long := false
	clause := func() {
		if words >= 2 {
			l.separableClause(first[:nFirst], second[:nSecond], last[:nLast], words, found)
		}
		words = 0
	}
	flush := func() {
		if nCur == 0 {
			return
		}
		w := cur[:nCur]
		if long {
			w = nil
		}
		nCur, long = 0, false
		if conjunction(w) {
			clause()
			return
		}
		switch words {
		case 0:
			nFirst = copy(first[:], w)
		case 1:
			nSecond = copy(second[:], w)
		}
		nLast = copy(last[:], w)
		words++
	}
	for _, r := range text {
		switch {
		case unicode.IsLetter(r):
			if r < utf8.RuneSelf {
				r = unicode.ToLower(r)
				if nCur < len(cur) {
					cur[nCur] = byte(r)
					nCur++
				} else {
					long = true
				}
				continue
			}
			var enc [8]byte
			f := appendFolded(enc[:0], unicode.ToLower(r))
			if nCur+len(f) <= len(cur) {
				nCur += copy(cur[nCur:], f)
			} else {
				long = true
			}
		case r == '.' || r == ',' || r == ';' || r == ':' || r == '!' || r == '?' || r == '(' || r == ')' || r == '\n':
			flush()
			clause()
		case r == '-' || unicode.IsDigit(r):
			if nCur > 0 {
				long = true // a compound or a number: no verb of its own
			}
		default:
			flush()
		}
	}
	flush()
	clause()
}

// separableClause looks up the separable verb of one clause of n words.
func (l *lexicon) separableClause(first, second, particle []byte, n int, found func(e lexEntry, label string)) {
	if !separableParticle(particle) {
		return
	}
	var buf [64]byte
	verbs := [2][]byte{first, second}
	for _, verb := range verbs[:min(2, n-1)] {
		base := bytes.TrimSuffix(verb, []byte("e"))
		if len(base) < 2 || len(particle)+len(base)+2 > len(buf) {
			continue
		}
		inf := append(append(append(buf[:0], particle...), base...), 'e', 'n')
		if e := l.word(string(stem(inf))); len(e.concepts) > 0 || e.intents != 0 {
			found(e, string(verb)+" … "+string(particle))
			return
		}
	}
}

// separableParticle reports whether w, folded, is a particle of German
// separable verbs that ends a clause when the verb is conjugated.
func separableParticle(w []byte) bool {
	return slices.Contains(separableParticles[:], string(w))
}

// conjunction reports whether w, folded, is a German conjunction that
// begins a new clause.
func conjunction(w []byte) bool {
	switch string(w) {
	case "und", "oder", "aber", "damit", "dass", "wenn", "weil", "bevor", "sobald", "nachdem", "ob", "ohne":
		return true
	}
	return false
}

// compoundPhrase returns what the lexicon knows about a stemmed word that
// is a phrase of the lexicon written as one word, as German writes
// compounds ("Screenreader" is "screen reader", "Featureflags" "feature
// flags", "Integrationstests" "integration tests" with the linking s):
// the first part stemmed, the rest as the whole word was. Nothing when no
// split makes a phrase.
func (l *lexicon) compoundPhrase(term []byte) lexEntry {
	if len(term) < 2*minCompoundPart || len(term) > 48 {
		return lexEntry{}
	}
	var first, buf [64]byte
	for n := minCompoundPart; n <= len(term)-minCompoundPart; n++ {
		for _, cut := range [2]int{n, n - 1} {
			if cut < n && term[cut] != 's' {
				continue // only a linking s is dropped
			}
			w := stem(append(first[:0], term[:cut]...))
			if len(l.word(string(w)).next) == 0 {
				continue // no phrase begins with it
			}
			key := append(append(append(buf[:0], w...), ' '), term[n:]...)
			if e := l.word(string(key)); len(e.concepts) > 0 {
				return e
			}
		}
	}
	return lexEntry{}
}

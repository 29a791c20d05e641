package brief

// inflected returns what the lexicon knows about a stemmed word of a task
// in another inflection of German, French or Spanish, which the light
// stemmer keeps: a plural or infinitive in -en ("Tabellen", "Spalten" →
// "Tabelle"), an imperative of an infinitive in -en ("lösch" →
// "löschen"), a French imperative in -ez ("supprimez" → "supprimer"), a
// Spanish one of a verb in -ar ("elimina" → "eliminar"). Nothing when
// none is known.
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
	if n+2 <= len(buf) {
		if e, ok := try(append(append(buf[:0], term...), 'e', 'n')); ok {
			return e
		}
	}
	return lexEntry{}
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

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

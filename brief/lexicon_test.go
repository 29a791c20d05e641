package brief

import "testing"

// Every entry of the concept table made of words can match: it has a word
// that is not a stopword, so that its key is one the scanner produces
// ("bring in" would not, were "bring" a stopword). Left out: symbols
// ("n+1", "i/o"; the scanner drops one-letter words) and "make", the build
// tool, a stopword for "make sure" (the Makefile still names it).
func TestLexiconEntriesMatchable(t *testing.T) {
	var sc scanner
	for _, group := range conceptGroups {
		for _, entry := range group {
			if isCJKString(entry) || entry == "n+1" || entry == "i/o" || entry == "make" {
				continue
			}
			words := 0
			sc.scan(entry, func(_ []byte, kind termKind) {
				if kind == kindWord {
					words++
				}
			})
			if words == 0 {
				t.Errorf("concept entry %q is only stopwords: it never matches", entry)
			}
		}
	}
}

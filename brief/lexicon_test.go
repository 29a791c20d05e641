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

// TestCJKLongestMatch checks that a CJK entry inside a longer entry of the
// lexicon is not a word of its own there: "ログイン" (login) is no log.
func TestCJKLongestMatch(t *testing.T) {
	named := func(text, entry string) bool {
		q := analyse(Task{Text: text})
		for _, f := range q.feats {
			if f.kind == featConcept && f.label == entry {
				return true
			}
		}
		return false
	}
	tests := []struct {
		text, entry string
		want        bool
	}{
		{"ログイン画面のボタン", "ログイン", true},
		{"ログイン画面のボタン", "ログ", false},
		{"ログを出力する", "ログ", true},
		{"ログインのログを出力", "ログ", true},
	}
	for _, tt := range tests {
		if got := named(tt.text, tt.entry); got != tt.want {
			t.Errorf("%q names %q = %v, want %v", tt.text, tt.entry, got, tt.want)
		}
	}
}

package brief

import (
	"slices"
	"testing"
)

func TestInflected(t *testing.T) {
	l := lex()
	concepts := func(w string) []uint16 {
		var sc scanner
		var c []uint16
		sc.scan(w, func(term []byte, kind termKind) {
			if kind == kindWord {
				c = l.inflected(term).concepts
			}
		})
		return c
	}
	tests := []struct{ word, base string }{
		{"Tabellen", "Tabelle"},
		{"Komponenten", "Komponente"},
		{"Abfragen", "Abfrage"},
		{"documentez", "documenter"},
		{"publica", "publicar"},
		{"kompiliere", "kompilieren"},
		{"veröffentliche", "veröffentlichen"},
	}
	for _, tt := range tests {
		want := l.word(string(stem([]byte(foldWord(tt.base))))).concepts
		if len(want) == 0 {
			t.Fatalf("%q names no concept: the test needs one that does", tt.base)
		}
		if got := concepts(tt.word); !slices.Equal(got, want) {
			t.Errorf("inflected(%q) names %v, want %v, the concepts of %q", tt.word, got, want, tt.base)
		}
	}
	for _, w := range []string{"golden", "hidden", "listen"} {
		if got := concepts(w); len(got) != 0 {
			t.Errorf("inflected(%q) names %v, want none", w, got)
		}
	}
}

// foldWord lower-cases and folds w as the scanner does.
func foldWord(w string) string {
	var sc scanner
	sc.raw = true
	out := ""
	sc.scan(w, func(term []byte, kind termKind) { out = string(term) })
	return out
}

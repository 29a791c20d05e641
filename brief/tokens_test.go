package brief

import (
	"testing"
	"unicode"
)

// TestIsCJK: the shortcut below U+1100 answers as the script tables do,
// for every code point.
func TestIsCJK(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		want := unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul) || r == 'ー'
		if got := isCJK(r); got != want {
			t.Fatalf("isCJK(%U) = %v, want %v", r, got, want)
		}
	}
}

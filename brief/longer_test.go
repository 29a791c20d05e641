package brief

import (
	"slices"
	"strings"
	"testing"
)

// TestCJKLonger: each CJK entry of the lexicon knows, in table order, every
// longer entry that contains its term, as comparing every pair finds.
func TestCJKLonger(t *testing.T) {
	l := compileLexicon()
	if len(l.cjk) < 50 {
		t.Fatalf("%d CJK entries: the test compares next to nothing", len(l.cjk))
	}
	linked := 0
	for _, e := range l.cjk {
		var want []string
		for _, f := range l.cjk {
			if len(f.term) > len(e.term) && strings.Contains(f.term, e.term) && !slices.Contains(want, f.term) {
				want = append(want, f.term)
			}
		}
		if !slices.Equal(e.longer, want) {
			t.Errorf("%q: longer %q, want %q", e.term, e.longer, want)
		}
		linked += len(want)
	}
	if linked == 0 {
		t.Error("no CJK entry is inside a longer one: the test checks nothing")
	}
}

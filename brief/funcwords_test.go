package brief

import "testing"

// A function word the stopwords lack matches no rule, and still takes part
// in a phrase of the lexicon.
func TestFunctionWordsMatchNothing(t *testing.T) {
	rules := []Rule{
		proj(2, "PROCESS", "Never deploy during a freeze window."),
		proj(1, "DATA", "Always enforce uniqueness with a database index."),
	}
	sel := Select(rules, Task{Text: "the page flickers during scrolling"}, Options{})
	for _, r := range sel.Rules {
		if r.Parts.Lexical != 0 || r.Score != 0 {
			t.Errorf("%s: parts %+v, score %v (%q); want nothing shared", r.ID, r.Parts, r.Score, r.Reason)
		}
	}
	sel = Select(rules, Task{Text: "signup says the email already exists"}, Options{})
	if first := sel.Rules[0]; first.ID != "1" || first.Parts.Concept <= 0 {
		t.Errorf("first = %s with parts %+v, want 1 by the uniqueness concept of \"already exists\"", first.ID, first.Parts)
	}
}

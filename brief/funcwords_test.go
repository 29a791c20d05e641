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

// The root of a source tree in a task's path ("src", "internal") says
// nothing about the file: a rule that shares only it is not selected.
func TestSourceRootMatchesNothing(t *testing.T) {
	rules := []Rule{
		proj(2, "ARCH", "Never add new code under src/legacy."),
		proj(1, "CODE", "Always test parsers with fuzzing."),
	}
	sel := Select(rules, Task{Text: "speed up the tokenizer", Files: []string{"src/parser/tokens.ts", "internal/lexer/lexer.go"}}, Options{})
	for _, r := range sel.Rules {
		if r.ID == "2" && (r.Parts.Files != 0 || r.Score != 0) {
			t.Errorf("rule 2: parts %+v, score %v (%q); want nothing from \"src\"", r.Parts, r.Score, r.Reason)
		}
		if r.ID == "1" && r.Parts.Files <= 0 {
			t.Errorf("rule 1: parts %+v, want the parser directory to count", r.Parts)
		}
	}
}

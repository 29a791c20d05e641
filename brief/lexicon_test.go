package brief

import (
	"slices"
	"strings"
	"testing"
)

// Every entry of the concept table made of words can match: it has a word
// that is not a stopword, so that its key is one the scanner produces
// ("bring in" would not, were "bring" a stopword). Left out: "make", the
// build tool, a stopword for "make sure" (the Makefile and "make build"
// still name it). An entry of several words matches as a phrase, never as
// one of its words alone ("in a loop" would be "loop").
func TestLexiconEntriesMatchable(t *testing.T) {
	var sc scanner
	scratch := lexiconBuild{lexicon: &lexicon{}, entries: map[string]lexEntry{}}
	for _, group := range conceptGroups {
		for _, entry := range group {
			if isCJKString(entry) || entry == "make" {
				continue
			}
			words, all := 0, 0
			sc.stops = true
			sc.scan(entry, func(_ []byte, kind termKind) {
				if kind == kindWord {
					words++
				}
				all++
			})
			sc.stops = false
			if words == 0 {
				t.Errorf("concept entry %q is only stopwords: it never matches", entry)
			}
			if key := scratch.key(&sc, entry); all > 1 && !strings.Contains(key, " ") {
				t.Errorf("concept entry %q matches as the one word %q", entry, key)
			}
			// A part of one letter is no word to the scanner: "v-model"
			// would be "model".
			parts := strings.FieldsFunc(entry, func(r rune) bool { return r == ' ' || r == '-' || r == '_' || r == '.' })
			if len(parts) > 1 && all == 1 && slices.ContainsFunc(parts, func(p string) bool { return len(p) == 1 }) && entry != "e-mail" {
				t.Errorf("concept entry %q loses its one-letter part: it matches as one of its words", entry)
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

// TestParaphrasedConcepts checks that everyday paraphrases name the concept
// of the rules they are about, across a gap of stopwords and possessives.
func TestParaphrasedConcepts(t *testing.T) {
	group := func(member string) int {
		for i, g := range conceptGroups {
			if g[0] == member {
				return i
			}
		}
		t.Fatalf("no concept group starts with %q", member)
		return -1
	}
	tests := []struct {
		text, group string
		want        bool
	}{
		{"Record my changes with a message", "commit", true},
		{"Enregistre mes modifications", "commit", true},
		{"Speichere meine Änderungen", "commit", true},
		{"Save my work before lunch", "commit", true},
		{"Record the temperature changes", "commit", false},
		{"Get rid of the fax attribute", "delete", true},
		{"Get rid of the fax attribute", "migration", true},
		{"Run make build in the repo", "build", true},
		{"Make sure the button is blue", "build", false},
		{"It fires one query per row", "n+1", true},
		{"Avoid N+1 queries", "n+1", true},
	}
	for _, tt := range tests {
		q := analyse(Task{Text: tt.text})
		if got := q.concepts[group(tt.group)] >= 0; got != tt.want {
			t.Errorf("%q names the %s concept = %v, want %v", tt.text, tt.group, got, tt.want)
		}
	}
}

func TestSpellings(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"optimize", []string{"optimize", "optimise"}},
		{"serialization", []string{"serialization", "serialisation"}},
		{"analyze", []string{"analyze", "analyse"}},
		{"behavior change", []string{"behavior change", "behaviour change"}},
		{"color scheme", []string{"color scheme", "colour scheme"}},
		{"size", []string{"size"}},
		{"zod", []string{"zod"}},
	}
	for _, tt := range tests {
		got := []string{tt.in}
		if uk, ok := britishSpelling(tt.in); ok {
			got = append(got, uk)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("britishSpelling(%q) gives %q, want %q", tt.in, got, tt.want)
		}
	}
	// A rule in British English meets a task in American English.
	rules := []Rule{proj(2, "CODE", "Always measure before optimising."), proj(1, "STYLE", "Always name files in kebab-case.")}
	if first := Select(rules, Task{Text: "optimize the checkout"}, Options{}).Rules[0]; first.ID != "2" || first.Parts.Concept <= 0 {
		t.Errorf("first = %s with parts %+v, want 2 by the performance concept", first.ID, first.Parts)
	}
}

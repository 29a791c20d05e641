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

// TestVerbStem checks that a Japanese verb entry in -る matches its other
// forms, and that nothing else is cut.
func TestVerbStem(t *testing.T) {
	for _, tt := range []struct {
		term, stem string
		ok         bool
	}{
		{"落ちる", "落ち", true},
		{"固まる", "固ま", true},
		{"もっと見る", "もっと見", true},
		{"見る", "", false}, // one character left: too short to say anything
		{"速く", "", false}, // an adverb, no verb
		{"書く", "", false}, // a verb in -く changes its last kana
	} {
		if stem, ok := verbStem(tt.term); stem != tt.stem || ok != tt.ok {
			t.Errorf("verbStem(%q) = %q, %v, want %q, %v", tt.term, stem, ok, tt.stem, tt.ok)
		}
	}
	for _, text := range []string{"IDが存在しないと500で落ちます", "検索するとアプリが落ちて困る", "車両ページが固まります"} {
		q := analyse(Task{Text: text})
		named := false
		for _, f := range q.feats {
			if f.kind == featConcept && (strings.HasPrefix(f.label, "落ち") || strings.HasPrefix(f.label, "固ま")) {
				named = true
			}
		}
		if !named {
			t.Errorf("%q names no concept of the verb it conjugates", text)
		}
	}
}

// TestMixedScripts checks that lexicon entries mixing CJK and Latin
// letters ("APIキー", "本番DB") match where a word is written next to a
// CJK run without a space, in tasks and in rules, and only there.
func TestMixedScripts(t *testing.T) {
	l := lex()
	for _, e := range l.cjk {
		if !e.mixed() {
			continue
		}
		if e.term != strings.ToLower(e.term) {
			t.Errorf("mixed entry %q is not lower-cased", e.term)
		}
	}
	secret := l.word("api key").concepts
	if len(secret) == 0 {
		t.Fatal(`"api key" names no concept`)
	}
	for _, tt := range []struct {
		text string
		want bool
	}{
		{"ステータス更新を取得するのにDHLのAPIキーが必要です", true},
		{"APIキーをVaultに移して", true},
		{"API キー", false}, // a space: two words, neither the entry
		{"キーボードで操作できない", false},
	} {
		q := analyse(Task{Text: tt.text})
		got := slices.ContainsFunc(secret, func(c uint16) bool { return q.concepts[c] >= 0 })
		if got != tt.want {
			t.Errorf("%q names the concept of \"api key\" = %v, want %v", tt.text, got, tt.want)
		}
	}
	// A rule written the same way scores for a task that names the subject.
	rules := []Rule{
		{Source: Project, ID: "1", Category: "CODE", Order: 1, Instruction: "APIキーはコードに書かないこと。"},
		{Source: Project, ID: "2", Category: "CODE", Order: 2, Instruction: "ログは構造化して出力すること。"},
	}
	sel := Select(rules, Task{Text: "Where should the carrier's secrets be kept?"}, Options{Limit: 1})
	if len(sel.Rules) != 1 || sel.Rules[0].ID != "1" || sel.Rules[0].Score <= 0 {
		t.Errorf("selection = %+v, want rule 1 scored for the task", sel.Rules)
	}
}

// TestWithoutLongVowel checks that a katakana entry ending in ー also
// matches the loanword written without it.
func TestWithoutLongVowel(t *testing.T) {
	for _, tt := range []struct {
		term, short string
		ok          bool
	}{
		{"ユーザー", "ユーザ", true},
		{"インテグレーター", "インテグレータ", true},
		{"エラー", "", false}, // two characters would be left
		{"キャッシュ", "", false},
	} {
		if short, ok := withoutLongVowel(tt.term); short != tt.short || ok != tt.ok {
			t.Errorf("withoutLongVowel(%q) = %q, %v, want %q, %v", tt.term, short, ok, tt.short, tt.ok)
		}
	}
	integrators := lex().word(string(stem([]byte("integrators")))).concepts
	if len(integrators) == 0 {
		t.Fatal(`"integrators" names no concept`)
	}
	q := analyse(Task{Text: "インテグレータ向けにドキュメントを書いて"})
	if !slices.ContainsFunc(integrators, func(c uint16) bool { return q.concepts[c] >= 0 }) {
		t.Error(`"インテグレータ" names no concept of "integrators"`)
	}
}

// TestFirstWords: the first words compiled for each concept are exactly
// the first words of its keys, the words the sieve reads for it.
func TestFirstWords(t *testing.T) {
	l := lex()
	want := make([]map[string]bool, l.nConcepts)
	for _, w := range l.words {
		first, _, _ := strings.Cut(w.key, " ")
		for _, c := range w.concepts {
			if want[c] == nil {
				want[c] = map[string]bool{}
			}
			want[c][first] = true
		}
	}
	n := 0
	for c, ws := range l.firstWords {
		if len(ws) != len(want[c]) {
			t.Errorf("concept %d: %d first words compiled, %d in its keys", c, len(ws), len(want[c]))
		}
		for _, w := range ws {
			n++
			if !want[c][w] {
				t.Errorf("concept %d: first word %q is the first word of none of its keys", c, w)
			}
		}
	}
	if n == 0 {
		t.Fatal("no first words")
	}
}

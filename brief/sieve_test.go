package brief

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/autofix/autofix/normalize"
)

// sameScoring fails t when the rules scanned through the sieve for task
// score differently for it than the rules scanned whole.
func sameScoring(t *testing.T, name string, rules []Rule, task Task) {
	t.Helper()
	q := analyse(task)
	idx := make([]int32, len(rules))
	for i := range idx {
		idx[i] = int32(i)
	}
	full := newCorpus(rules, nil).score(idx, q, Options{})
	kept := newCorpus(rules, sieveFor(q, rules)).score(idx, q, Options{})
	if reflect.DeepEqual(full, kept) {
		return
	}
	for k := range idx {
		fm, km := full.matches[full.offsets[k]:full.offsets[k+1]], kept.matches[kept.offsets[k]:kept.offsets[k+1]]
		if !reflect.DeepEqual(fm, km) || full.parts[k] != kept.parts[k] {
			t.Fatalf("%s: task %q: rule %s %q (why %q): through the sieve %v %+v, whole %v %+v",
				name, task.Text, rules[k].ID, rules[k].Instruction, rules[k].Why, km, kept.parts[k], fm, full.parts[k])
		}
	}
	t.Fatalf("%s: task %q: scoring through the sieve differs", name, task.Text)
}

// evalSets reads every eval set of testdata.
func evalSets(t *testing.T) map[string]evalSet {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no eval sets: %v", err)
	}
	sets := map[string]evalSet{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var set evalSet
		if err := json.Unmarshal(data, &set); err != nil {
			t.Fatalf("parse %s: %v", f, err)
		}
		sets[filepath.Base(f)] = set
	}
	return sets
}

// TestSieveKeepsEvidence: every ruleset of the eval sets scores every task
// of every set (so also tasks about other subjects, in other languages)
// exactly as when the rules are read whole.
func TestSieveKeepsEvidence(t *testing.T) {
	sets := evalSets(t)
	var tasks []Task
	for _, set := range sets {
		for _, task := range set.Tasks {
			tasks = append(tasks, Task{Text: task.Task, Files: task.Files})
		}
	}
	tasks = append(tasks, Task{}, Task{Files: []string{"web/src/components/LoginForm.tsx", "go.mod"}})
	for name, set := range sets {
		rules := set.projectRules()
		for _, task := range tasks {
			sameScoring(t, name, rules, task)
		}
	}
}

// TestSieveKeepsMergeSubjects: with preferences, which contradict project
// rules or not, the merge finds the same contradictions through the sieve
// whatever the task.
func TestSieveKeepsMergeSubjects(t *testing.T) {
	superseded := 0
	for name, set := range evalSets(t) {
		rules := set.projectRules()
		n := 0
		for _, r := range rules {
			if rest, ok := strings.CutPrefix(r.Instruction, "Always "); ok && n < 4 {
				n++
				rules = append(rules, pref(n, ScopeGlobal, r.Category, "Never "+rest))
			}
		}
		rules = append(rules, pref(n+1, ScopeWorkspace, "PROCESS", "Never add emojis to commit messages."),
			pref(n+2, ScopeGlobal, "TOOL", "Always pull in date-fns for dates; never moment."))
		for _, task := range set.Tasks[:min(6, len(set.Tasks))] {
			q := analyse(Task{Text: task.Task, Files: task.Files})
			wantActive, wantSup := mergeCorpus(newCorpus(rules, nil), normalize.ParseClaim, normalize.Claim.Conflicts)
			gotActive, gotSup := mergeCorpus(newCorpus(rules, sieveFor(q, rules)), normalize.ParseClaim, normalize.Claim.Conflicts)
			if !reflect.DeepEqual(gotActive, wantActive) || !reflect.DeepEqual(gotSup, wantSup) {
				t.Fatalf("%s: task %q: merge through the sieve: active %v, superseded %v; whole: %v, %v", name, task.Task, gotActive, gotSup, wantActive, wantSup)
			}
			superseded += len(wantSup)
		}
	}
	if superseded == 0 {
		t.Fatal("no preference was superseded: the test compares nothing")
	}
}

// TestSieveRandomText: rules and tasks made of the lexicon's own entries
// (words, phrases, CJK terms), stopwords, case changes and punctuation
// score the same through the sieve.
func TestSieveRandomText(t *testing.T) {
	var vocab []string
	for _, g := range conceptGroups {
		vocab = append(vocab, g...)
	}
	for _, in := range intentWords {
		vocab = append(vocab, in.words...)
	}
	vocab = append(vocab, "on", "in", "the", "de", "not", "for", "adding", "flies", "module7", "HTTPClient", "userName", "n+1", "a11y")
	rng := rand.New(rand.NewPCG(1, 2))
	text := func(n int) string {
		var b strings.Builder
		for range n {
			w := vocab[rng.IntN(len(vocab))]
			switch rng.IntN(6) {
			case 0:
				w = strings.ToUpper(w[:1]) + w[1:]
			case 1:
				w += "s"
			case 2:
				w += "ing"
			}
			b.WriteString(w)
			b.WriteString([]string{" ", " ", " ", ", ", ".", "/", "-", ""}[rng.IntN(8)])
		}
		return b.String()
	}
	rules := make([]Rule, 400)
	for i := range rules {
		rules[i] = proj(i+1, "CODE", text(3+rng.IntN(10)))
		if i%3 == 0 {
			rules[i].Why = text(1 + rng.IntN(6))
		}
	}
	for range 300 {
		sameScoring(t, "random", rules, Task{Text: text(1 + rng.IntN(8))})
	}
}

// TestSieveStemRewritesPrefix: a word whose stem begins otherwise than the
// word (Spanish "acción", "acciones" → "action") is read when the task
// wants its stem.
func TestSieveStemRewritesPrefix(t *testing.T) {
	rules := []Rule{
		proj(1, "UX", "Confirma siempre las acciones destructivas con un diálogo."),
		proj(2, "UX", "Cada acción del panel queda registrada."),
		proj(3, "UX", "Always confirm destructive actions in the admin panel."),
	}
	sameScoring(t, "acción", rules, Task{Text: "Add a confirmation to the delete actions"})
}

// TestMayFollow: a word goes on with an open phrase when its first two
// bytes begin one of the phrase's next words (stems keep them), and with no
// phrase open never.
func TestMayFollow(t *testing.T) {
	next := []string{"call", "in"}
	for _, tc := range []struct {
		w    string
		open bool
		want bool
	}{
		{"calls", true, true},
		{"in", true, true},
		{"into", true, true},
		{"c", true, true}, // too short to tell
		{"deploy", true, false},
		{"calls", false, false},
	} {
		if got := mayFollow([]byte(tc.w), tc.open, next); got != tc.want {
			t.Errorf("mayFollow(%q, %v, %q) = %v, want %v", tc.w, tc.open, next, got, tc.want)
		}
	}
}

// TestMaybeStopword agrees with isStopword on every stopword and on words
// that share a stopword's first two bytes or not.
func TestMaybeStopword(t *testing.T) {
	n := 0
	for w := range stopwords() {
		n++
		if !maybeStopword([]byte(w)) {
			t.Errorf("maybeStopword(%q) = false for a stopword", w)
		}
	}
	if n == 0 {
		t.Fatal("no stopwords")
	}
	for _, w := range []string{"deploy", "thex", "onboarding", "zzz", "x", "migration"} {
		if got, want := maybeStopword([]byte(w)), isStopword([]byte(w)); got != want {
			t.Errorf("maybeStopword(%q) = %v, isStopword %v", w, got, want)
		}
	}
}

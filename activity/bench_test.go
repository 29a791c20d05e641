package activity

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// BenchmarkAppend is the hook's record path: encode one record, open the
// day's segment with O_APPEND, one write, close. The budget is 2 ms.
func BenchmarkAppend(b *testing.B) {
	s := Open(filepath.Join(b.TempDir(), "activity"), "github.com/acme/web")
	r := Record{Time: day, Agent: "claude-code", Session: "0b4c7c9e-5b5e-4f0e-9a53-1f7a2c7d1e11", Event: Prompt,
		Rules: []string{"project:1", "project:4", "project:7", "personal:p2"}, Via: ViaPrompt, Work: UI,
		Prompt: "add a signup form with email and password fields, validated with zod, and a submit button that calls the signup endpoint"}
	for b.Loop() {
		if err := s.Append(r); err != nil {
			b.Fatal(err)
		}
	}
}

// foldedStore is a store whose log holds turns sessions of 5 records over
// 300 rules, folded once.
func foldedStore(b *testing.B, turns int) Store {
	s := Open(filepath.Join(b.TempDir(), "activity"), "github.com/acme/web")
	works := []WorkType{Test, UI, Bugfix, Feature}
	for i := range turns {
		at := day.Add(time.Duration(i) * time.Minute)
		rules := []string{fmt.Sprint("project:", i%300), fmt.Sprint("project:", (i*7)%300), fmt.Sprint("project:", (i*13)%300)}
		for _, r := range []Record{
			{Time: at, Session: "s", Event: Prompt, Rules: rules, Via: ViaPrompt, Work: works[i%len(works)], Prompt: "add a signup form with email and password fields"},
			{Time: at, Session: "s", Event: Tool, Tool: "Edit", Outcome: OK, Wrote: true, Paths: []string{"web/Signup.tsx"}},
			{Time: at, Session: "s", Event: Tool, Tool: "Bash", Outcome: OK},
			{Time: at, Session: "s", Event: Stop, Referenced: rules[:1+i%3]},
		} {
			if err := s.Append(r); err != nil {
				b.Fatal(err)
			}
		}
	}
	if _, err := s.Weights(day.Add(time.Duration(turns) * time.Minute)); err != nil {
		b.Fatal(err)
	}
	return s
}

// BenchmarkCachedWeights is what the prompt hook adds: read the cached
// weights of a workspace that learned about 300 rules in 4 work types, and
// take those of one work type ([Store.CachedFor]).
func BenchmarkCachedWeights(b *testing.B) {
	s := foldedStore(b, 2000)
	for b.Loop() {
		w, err := s.CachedFor(Test, day)
		if err != nil {
			b.Fatal(err)
		}
		if len(w) == 0 {
			b.Fatal("no weights")
		}
	}
}

// BenchmarkFoldTurn is what a turn's end adds: one turn's records appended
// to a log of 2,000 folded turns, folded in.
func BenchmarkFoldTurn(b *testing.B) {
	s := foldedStore(b, 2000)
	at := day.Add(3000 * time.Minute)
	for b.Loop() {
		at = at.Add(time.Second)
		for _, r := range []Record{
			{Time: at, Session: "t", Event: Prompt, Rules: []string{"project:1", "project:2"}, Via: ViaPrompt, Work: Test},
			{Time: at, Session: "t", Event: Tool, Tool: "Bash", Outcome: OK},
			{Time: at, Session: "t", Event: Stop, Referenced: []string{"project:1"}},
		} {
			if err := s.Append(r); err != nil {
				b.Fatal(err)
			}
		}
		if _, err := s.Fold(at, 256<<10); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFoldAll is a command's fold of a whole log of 20,000 turns
// (about 5 MB) from scratch.
func BenchmarkFoldAll(b *testing.B) {
	s := foldedStore(b, 20000)
	now := day.Add(30000 * time.Minute)
	for b.Loop() {
		os.Remove(filepath.Join(s.Dir, cacheFile))
		if _, err := s.Weights(now); err != nil {
			b.Fatal(err)
		}
	}
}

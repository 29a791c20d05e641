package activity_test

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"
	"time"

	"github.com/autofix/autofix/activity"
	"github.com/autofix/autofix/brief"
)

// The replay: synthetic sessions with a known ground truth of which rules
// help which kind of work, fed through the activity log as the hooks feed
// it, folded into learned weights as the hook folds them (at each turn's
// end, bounded), and then selection precision@8 for held-out tasks of each
// kind, against cold start.
//
// 96 rules: for each of six work types eight rules that help it, and 48
// that help none. Rule text is made of words no task uses, but for one of
// five subject words ("parser", "cache", …) in an eighth of the rules, so a
// task's words select some rules, helpful or not, and the rest come in
// prior order: which rules help a kind of work is not in the words. Each
// session: a session start delivers the brief without a task, a prompt of
// one work type delivers 8 rules, the agent edits a file of that kind and
// runs the tests; it references each delivered helpful rule with
// probability 0.6 and each other one with 0.05; a turn that referenced a
// helpful rule passes with probability 0.85, any other fails with 0.7.

var replayWork = []struct {
	work   activity.WorkType
	prompt string
	file   string
}{
	{activity.Test, "write a test for the %s", "pkg/x_test.go"},
	{activity.Docs, "document the %s in the readme", "README.md"},
	{activity.UI, "add a button for the %s to the page", "web/Panel.tsx"},
	{activity.Migration, "write a migration for the %s table", "migrations/002.sql"},
	{activity.Dependency, "upgrade the %s package", "package.json"},
	{activity.CI, "fix the ci pipeline of the %s", ".github/workflows/ci.yml"},
}

var replaySubjects = []string{"parser", "cache", "session", "invoice", "router"}

type replay struct {
	rules   []brief.Rule
	helpful map[activity.WorkType]map[string]bool
}

func newReplay(rng *rand.Rand) replay {
	cats := []string{"CODE", "STYLE", "TOOL", "PROCESS", "ARCH", "UX"}
	word := func() string {
		const letters = "bcdfghjklmnprstvz"
		const vowels = "aeiou"
		b := make([]byte, 0, 8)
		for range 3 {
			b = append(b, letters[rng.IntN(len(letters))], vowels[rng.IntN(len(vowels))])
		}
		return string(b)
	}
	r := replay{helpful: map[activity.WorkType]map[string]bool{}}
	for i := range 96 {
		text := fmt.Sprintf("Always %s the %s %s before %s.", word(), word(), word(), word())
		if rng.IntN(8) == 0 {
			text = fmt.Sprintf("Always %s the %s %s of the %s.", word(), word(), word(), replaySubjects[rng.IntN(len(replaySubjects))])
		}
		rule := brief.Rule{Source: brief.Project, ID: fmt.Sprint(i + 1), Category: cats[rng.IntN(len(cats))], Instruction: text, Order: i + 1}
		r.rules = append(r.rules, rule)
		if i < 48 {
			w := replayWork[i/8].work
			if r.helpful[w] == nil {
				r.helpful[w] = map[string]bool{}
			}
			r.helpful[w][brief.Key(rule)] = true
		}
	}
	// Rules in precedence order, as brief.Select wants them: newest first
	// does not matter here, the prior orders them.
	rng.Shuffle(len(r.rules), func(i, j int) { r.rules[i], r.rules[j] = r.rules[j], r.rules[i] })
	return r
}

func keysOf(sel brief.Selection) []string {
	var out []string
	for _, s := range sel.Rules {
		out = append(out, brief.Key(s.Rule))
	}
	return out
}

// session appends one simulated session at t and folds it in, as the hook
// does at the turn's end.
func (r replay) session(s activity.Store, rng *rand.Rand, t time.Time, id string) error {
	wk := replayWork[rng.IntN(len(replayWork))]
	prompt := fmt.Sprintf(wk.prompt, replaySubjects[rng.IntN(len(replaySubjects))])
	any, err := s.CachedFor(activity.AnyWork, t)
	if err != nil {
		return err
	}
	forWork, err := s.CachedFor(wk.work, t)
	if err != nil {
		return err
	}
	start := brief.Select(r.rules, brief.Task{}, brief.Options{Learned: any})
	atPrompt := brief.Select(r.rules, brief.Task{Text: prompt}, brief.Options{Limit: 8, Learned: forWork})
	var referenced []string
	helped := false
	for _, k := range append(keysOf(atPrompt), keysOf(start)...) {
		p := 0.05
		if r.helpful[wk.work][k] {
			p = 0.6
		}
		if rng.Float64() < p {
			referenced = append(referenced, k)
			helped = helped || r.helpful[wk.work][k]
		}
	}
	outcome := activity.OK
	if helped && rng.Float64() >= 0.85 || !helped && rng.Float64() < 0.7 {
		outcome = activity.ExitNonzero
	}
	for _, rec := range []activity.Record{
		{Time: t, Session: id, Event: activity.SessionStart, Rules: keysOf(start), Via: activity.ViaSession},
		{Time: t, Session: id, Event: activity.Prompt, Rules: keysOf(atPrompt), Via: activity.ViaPrompt, Work: activity.Classify(prompt, nil)},
		{Time: t, Session: id, Event: activity.Tool, Tool: "Edit", Outcome: activity.OK, Wrote: true, Paths: []string{wk.file}},
		{Time: t, Session: id, Event: activity.Tool, Tool: "Bash", Outcome: outcome},
		{Time: t, Session: id, Event: activity.Stop, Referenced: referenced},
	} {
		if err := s.Append(rec); err != nil {
			return err
		}
	}
	_, err = s.Fold(t, 256<<10)
	return err
}

// precision is the mean precision@8 over held-out tasks of every work type
// (every subject), with the weights learned at t.
func (r replay) precision(w activity.Weights, t time.Time) float64 {
	total, n := 0.0, 0
	for _, wk := range replayWork {
		for _, subj := range replaySubjects {
			prompt := fmt.Sprintf(wk.prompt, subj)
			if got := activity.Classify(prompt, nil); got != wk.work {
				panic(fmt.Sprintf("%q classifies as %s, not %s", prompt, got, wk.work))
			}
			sel := brief.Select(r.rules, brief.Task{Text: prompt}, brief.Options{Limit: 8, Learned: w.For(wk.work, t)})
			hits := 0
			for _, k := range keysOf(sel) {
				if r.helpful[wk.work][k] {
					hits++
				}
			}
			total += float64(hits) / 8
			n++
		}
	}
	return total / float64(n)
}

// runReplay simulates sessions one every two hours and returns precision@8
// at cold start and after each count in after.
func runReplay(tb testing.TB, seed uint64, after []int) []float64 {
	rng := rand.New(rand.NewPCG(seed, 1))
	r := newReplay(rng)
	s := activity.Open(filepath.Join(tb.TempDir(), "activity"), "replay")
	t := time.Date(2026, 10, 1, 9, 0, 0, 0, time.UTC)
	out := []float64{r.precision(activity.Weights{}, t)}
	done := 0
	for _, n := range after {
		for ; done < n; done++ {
			t = t.Add(2 * time.Hour)
			if err := r.session(s, rng, t, fmt.Sprint("s", done)); err != nil {
				tb.Fatal(err)
			}
		}
		w, err := s.Weights(t)
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, r.precision(w, t))
	}
	return out
}

// TestReplay: learning from outcomes raises precision@8 well above cold
// start, after 50 sessions and still after 200 (when rules that help little
// have been referenced often enough to gain weight too).
func TestReplay(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3} {
		p := runReplay(t, seed, []int{50, 200})
		t.Logf("seed %d: precision@8 cold %.3f, after 50 sessions %.3f, after 200 %.3f", seed, p[0], p[1], p[2])
		if p[1] < p[0]+0.2 || p[2] < p[0]+0.2 {
			t.Errorf("seed %d: precision@8 %.3f cold, %.3f after 50, %.3f after 200: learning does not help", seed, p[0], p[1], p[2])
		}
	}
}

// BenchmarkReplay reports precision@8 at cold start and after 10, 50 and
// 200 sessions (the numbers in README), averaged over three seeds.
func BenchmarkReplay(b *testing.B) {
	after := []int{10, 50, 200}
	var sum [4]float64
	for b.Loop() {
		sum = [4]float64{}
		for _, seed := range []uint64{1, 2, 3} {
			for i, p := range runReplay(b, seed, after) {
				sum[i] += p / 3
			}
		}
	}
	b.ReportMetric(sum[0], "p@8-cold")
	for i, n := range after {
		b.ReportMetric(sum[i+1], fmt.Sprintf("p@8-%d", n))
	}
}

package activity

import (
	"math"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// turn is one session's prompt delivering rules, its tool calls and its
// end, at minute m.
func turn(m int, session string, work WorkType, rules, referenced []string, tools ...Record) []Record {
	at := day.Add(time.Duration(m) * time.Minute)
	out := []Record{{Time: at, Session: session, Event: Prompt, Rules: rules, Via: ViaPrompt, Work: work}}
	for _, t := range tools {
		t.Time, t.Session, t.Event = at, session, Tool
		out = append(out, t)
	}
	return append(out, Record{Time: at, Session: session, Event: Stop, Referenced: referenced})
}

var (
	editOK   = Record{Tool: "Edit", Outcome: OK, Wrote: true, Paths: []string{"a_test.go"}}
	testOK   = Record{Tool: "Bash", Outcome: OK}
	testFail = Record{Tool: "Bash", Outcome: ExitNonzero}
	readFail = Record{Tool: "Read", Outcome: NotFound, Paths: []string{"other.go"}}
)

func TestLearnSignals(t *testing.T) {
	tests := []struct {
		name    string
		records []Record
		// want is project:1's weight for test work; absent: nothing learned.
		want map[WorkType]float64
	}{
		{"referenced, no failure: good", turn(0, "s", Test, []string{"project:1"}, []string{"project:1"}, editOK, testOK),
			map[WorkType]float64{Test: 0.2, AnyWork: 0.2}},
		{"not referenced: ambiguous", turn(0, "s", Test, []string{"project:1"}, nil, editOK, testOK), nil},
		{"referenced, still failing after the edit: bad", turn(0, "s", Test, []string{"project:1"}, []string{"project:1"}, editOK, testFail),
			map[WorkType]float64{Test: -0.5 / 4.5, AnyWork: -0.5 / 4.5}},
		{"referenced, failure recovered: ambiguous", turn(0, "s", Test, []string{"project:1"}, []string{"project:1"}, editOK, testFail, testOK), nil},
		{"referenced, failure on another file: ambiguous", turn(0, "s", Test, []string{"project:1"}, []string{"project:1"}, readFail, editOK), nil},
		{"no Stop: nothing", turn(0, "s", Test, []string{"project:1"}, []string{"project:1"}, editOK)[:2], nil},
		{"one bad after one good lowers, never erases", append(
			turn(0, "s", Test, []string{"project:1"}, []string{"project:1"}, editOK, testOK),
			turn(1, "s", Test, []string{"project:1"}, []string{"project:1"}, editOK, testFail)...),
			map[WorkType]float64{Test: 0.5 / 5.5, AnyWork: 0.5 / 5.5}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := Open(t.TempDir(), "ws")
			for _, r := range tt.records {
				if err := s.Append(r); err != nil {
					t.Fatal(err)
				}
			}
			w, err := s.Weights(day.Add(time.Hour))
			if err != nil {
				t.Fatal(err)
			}
			got := w.Rules["project:1"]
			if len(got) != len(tt.want) {
				t.Fatalf("weights %v, want %v", got, tt.want)
			}
			for work, want := range tt.want {
				if g := got[work].Weight(day.Add(time.Minute)); math.Abs(g-want) > 1e-3 {
					t.Errorf("%s weight %.3f, want %.3f", work, g, want)
				}
			}
		})
	}
}

func TestWeightDecayAndBounds(t *testing.T) {
	var tl Tally
	for range 50 {
		tl = tl.add(1, 0, day)
	}
	if w := tl.Weight(day); w <= 0.9 || w > 1 {
		t.Errorf("50 good outcomes: %.3f, want in (0.9, 1]", w)
	}
	if w := tl.Weight(day.Add(HalfLife)); math.Abs(w-25.0/29) > 1e-3 {
		t.Errorf("after a half-life: %.3f, want %.3f", w, 25.0/29)
	}
	var bad Tally
	for range 50 {
		bad = bad.add(0, BadOutcome, day)
	}
	if w := bad.Weight(day); w != MinWeight {
		t.Errorf("50 bad outcomes: %.3f, want the floor %.1f", w, MinWeight)
	}
	w := Weights{Rules: map[string]map[WorkType]Tally{}}
	for i := range MaxTallies + 10 {
		w.Rules[string(rune('a'+i%26))+string(rune(i))] = map[WorkType]Tally{Test: {Good: float64(i), At: day}}
	}
	w.bound(day)
	if len(w.Rules) != MaxTallies {
		t.Fatalf("%d tallies kept, want %d", len(w.Rules), MaxTallies)
	}
	for _, byWork := range w.Rules {
		if byWork[Test].Good < 10 {
			t.Errorf("kept a weak tally %v over stronger ones", byWork[Test])
		}
	}
}

// TestFoldIncremental: folding a bit at a time, with a fold between
// every record and under a byte bound, learns what one fold of the whole
// log learns; the cache files are 0600 and CachedWeights reads them back.
func TestFoldIncremental(t *testing.T) {
	var records []Record
	for i := range 20 {
		ref := []string{"project:1"}
		tool := testOK
		if i%3 == 0 {
			ref, tool = []string{"project:1", "project:2"}, testFail
		}
		records = append(records, turn(i, "s", Test, []string{"project:1", "project:2"}, ref, editOK, tool)...)
	}
	whole, step := Open(t.TempDir(), "ws"), Open(t.TempDir(), "ws")
	now := day.Add(time.Hour)
	for _, r := range records {
		if err := whole.Append(r); err != nil {
			t.Fatal(err)
		}
		if err := step.Append(r); err != nil {
			t.Fatal(err)
		}
		if _, err := step.Fold(now, 100); err != nil {
			t.Fatal(err)
		}
	}
	want, err := whole.Weights(now)
	if err != nil {
		t.Fatal(err)
	}
	got, err := step.Weights(now)
	if err != nil {
		t.Fatal(err)
	}
	if want.Outcomes != 27 || !near(got.For(Test, now), want.For(Test, now)) || got.Outcomes != want.Outcomes {
		t.Errorf("incremental %v (%d outcomes), whole %v (%d)", got.For(Test, now), got.Outcomes, want.For(Test, now), want.Outcomes)
	}
	cached, err := step.CachedWeights()
	if err != nil || !near(cached.For(Test, now), want.For(Test, now)) {
		t.Errorf("cached %v (%v), want %v", cached.For(Test, now), err, want.For(Test, now))
	}
	if only, err := step.CachedFor(Test, now); err != nil || !near(only, want.For(Test, now)) {
		t.Errorf("CachedFor(test) %v (%v), want %v", only, err, want.For(Test, now))
	}
	if fi, err := os.Stat(filepath.Join(step.Dir, cacheFile)); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("%s: %v, want 0600", cacheFile, err)
	}
	// A corrupt cache is rebuilt from the log.
	os.WriteFile(filepath.Join(step.Dir, cacheFile), []byte(cacheHead+"{torn\nproject:1\ttest\t99\t0\t1\n"), 0o600)
	again, err := step.Weights(now)
	if err != nil || !near(again.For(Test, now), want.For(Test, now)) {
		t.Errorf("rebuilt %v (%v), want %v", again.For(Test, now), err, want.For(Test, now))
	}
}

// near says whether two weight maps hold the same keys with weights within
// 1e-6 (the cache keeps times to the millisecond).
func near(a, b map[string]float64) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || math.Abs(v-w) > 1e-6 {
			return false
		}
	}
	return true
}

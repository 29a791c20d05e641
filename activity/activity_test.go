package activity

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

var day = time.Date(2026, 12, 1, 14, 0, 0, 0, time.UTC)

func testStore(t *testing.T) Store {
	t.Helper()
	return Open(filepath.Join(t.TempDir(), "state", "activity"), "github.com/acme/web")
}

func TestAppendRead(t *testing.T) {
	s := testStore(t)
	recs := []Record{
		{Time: day, Event: Prompt, Session: "s1", Rules: []string{"project:1", "personal:p2"}, Via: ViaPrompt, Work: UI, Prompt: "add a signup form"},
		{Time: day.Add(time.Minute), Event: Tool, Session: "s1", Tool: "Bash", Outcome: ExitNonzero},
		{Time: day.Add(25 * time.Hour), Event: Stop, Session: "s1"},
	}
	for _, r := range recs {
		if err := s.Append(r); err != nil {
			t.Fatal(err)
		}
	}
	log, err := s.Read()
	if err != nil {
		t.Fatal(err)
	}
	if len(log.Records) != 3 || log.Skipped != 0 {
		t.Fatalf("Read = %d records, %d skipped; want 3, 0", len(log.Records), log.Skipped)
	}
	for i, r := range log.Records {
		want := recs[i]
		want.V = Version
		if got, _ := json.Marshal(r); string(got) != string(must(json.Marshal(want))) {
			t.Errorf("record %d = %s, want %s", i, got, must(json.Marshal(want)))
		}
	}
	// Two days, two segments.
	segs, _ := filepath.Glob(filepath.Join(s.Dir, "*.jsonl"))
	if len(segs) != 2 || filepath.Base(segs[0]) != "2026-12-01.jsonl" {
		t.Errorf("segments = %q, want one per day", segs)
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

func TestModes(t *testing.T) {
	s := testStore(t)
	if err := s.Append(Record{Time: day, Event: SessionStart}); err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{s.Dir, filepath.Dir(s.Dir)} {
		fi, err := os.Stat(dir)
		if err != nil || fi.Mode().Perm() != 0o700 {
			t.Errorf("%s: mode %v (%v), want 0700", dir, fi.Mode().Perm(), err)
		}
	}
	fi, err := os.Stat(filepath.Join(s.Dir, "2026-12-01.jsonl"))
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("segment mode %v (%v), want 0600", fi.Mode().Perm(), err)
	}
	if strings.Contains(s.Dir, "acme") {
		t.Errorf("folder %s shows the workspace identity", s.Dir)
	}
}

// TestConcurrentAppend: many writers at once, no lock; every line intact.
func TestConcurrentAppend(t *testing.T) {
	s := testStore(t)
	const writers, each = 16, 50
	var wg sync.WaitGroup
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range each {
				// Long lines, so that a split write would show.
				r := Record{Time: day, Event: Tool, Session: fmt.Sprintf("w%d-%d", w, i), Tool: "Read", Outcome: OK,
					Paths: []string{strings.Repeat("a", 900), strings.Repeat("b", 900), strings.Repeat("c", 900)}}
				if err := s.Append(r); err != nil {
					t.Error(err)
				}
			}
		}()
	}
	wg.Wait()
	log, err := s.Read()
	if err != nil {
		t.Fatal(err)
	}
	if len(log.Records) != writers*each || log.Skipped != 0 {
		t.Fatalf("%d records, %d skipped; want %d, 0", len(log.Records), log.Skipped, writers*each)
	}
	seen := map[string]bool{}
	for _, r := range log.Records {
		seen[r.Session] = true
	}
	if len(seen) != writers*each {
		t.Errorf("%d distinct records, want %d", len(seen), writers*each)
	}
}

// TestSkipped: a torn last line (a crash mid-write) and a record of
// another version are counted, not read.
func TestSkipped(t *testing.T) {
	s := testStore(t)
	if err := s.Append(Record{Time: day, Event: Tool, Tool: "Edit", Outcome: OK}); err != nil {
		t.Fatal(err)
	}
	seg := filepath.Join(s.Dir, segmentName(day))
	f, err := os.OpenFile(seg, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(`{"v":0,"t":"2026-12-01T10:00:00Z","event":"tool","rules":["project:1"]}` + "\n")
	f.WriteString(`{"v":2,"t":"2026-12-01T10:00:00Z","event":"tool"}` + "\n")
	f.WriteString(`{"v":1,"t":"2026-12-01T1`)
	f.Close()
	// The next append after a torn line still reads back.
	if err := s.Append(Record{Time: day, Event: Stop}); err != nil {
		t.Fatal(err)
	}
	log, err := s.Read()
	if err != nil {
		t.Fatal(err)
	}
	if len(log.Records) != 2 || log.Skipped != 3 || log.Records[1].Event != Stop {
		t.Errorf("Read = %+v; want 2 records (the one after the torn line recovered), 3 skipped", log)
	}
}

func TestPruneAge(t *testing.T) {
	s := testStore(t)
	old := day.Add(-100 * 24 * time.Hour)
	if err := s.Append(Record{Time: old, Event: Stop}); err != nil {
		t.Fatal(err)
	}
	if err := s.Append(Record{Time: day.Add(-89 * 24 * time.Hour), Event: Stop}); err != nil {
		t.Fatal(err)
	}
	// Opening today's segment prunes.
	if err := s.Append(Record{Time: day, Event: Stop}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(s.Dir, segmentName(old))); !os.IsNotExist(err) {
		t.Errorf("a segment of 100 days ago survived: %v", err)
	}
	log, _ := s.Read()
	if len(log.Records) != 2 {
		t.Errorf("%d records, want the 2 within 90 days", len(log.Records))
	}
}

func TestPruneSize(t *testing.T) {
	s := testStore(t)
	s.Limits = Limits{MaxAge: 365 * 24 * time.Hour, MaxBytes: 3 << 10}
	big := Record{Event: Tool, Paths: []string{strings.Repeat("x", 1500)}}
	for d := range 4 {
		big.Time = day.Add(time.Duration(d) * 24 * time.Hour)
		if err := s.Append(big); err != nil {
			t.Fatal(err)
		}
	}
	segs, _ := filepath.Glob(filepath.Join(s.Dir, "*.jsonl"))
	var total int64
	for _, p := range segs {
		fi, _ := os.Stat(p)
		total += fi.Size()
	}
	if total > s.Limits.MaxBytes || len(segs) == 0 || filepath.Base(segs[len(segs)-1]) != segmentName(big.Time) {
		t.Errorf("segments %q, %d bytes; want the newest kept under %d bytes", segs, total, s.Limits.MaxBytes)
	}
	// A day at the bound records nothing more.
	s.Limits.MaxBytes = 1 << 10
	before, _ := os.ReadFile(filepath.Join(s.Dir, segmentName(big.Time)))
	if err := s.Append(big); err != nil {
		t.Fatal(err)
	}
	after, _ := os.ReadFile(filepath.Join(s.Dir, segmentName(big.Time)))
	if !bytes.Equal(before, after) {
		t.Errorf("a full day's segment grew")
	}
}

func TestLineBound(t *testing.T) {
	s := testStore(t)
	var paths []string
	for i := range 500 {
		paths = append(paths, fmt.Sprintf("src/some/deep/folder/file%03d.ts", i))
	}
	r := Record{Time: day, Event: Tool, Tool: "Grep", Paths: paths, Prompt: strings.Repeat("é", 500)}
	if err := s.Append(r); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(filepath.Join(s.Dir, segmentName(day)))
	if len(data) > MaxLine || bytes.Count(data, []byte("\n")) != 1 {
		t.Fatalf("line of %d bytes, want one under %d", len(data), MaxLine)
	}
	log, _ := s.Read()
	got := log.Records[0]
	if got.Dropped == 0 || len(got.Paths)+got.Dropped != 500 || []rune(got.Prompt)[0] != 'é' || len([]rune(got.Prompt)) != PromptChars {
		t.Errorf("kept %d paths, dropped %d, prompt of %d chars", len(got.Paths), got.Dropped, len([]rune(got.Prompt)))
	}
}

func TestLineBoundRules(t *testing.T) {
	s := testStore(t)
	var keys []string
	for i := range 2000 {
		keys = append(keys, fmt.Sprintf("project:%d", i))
	}
	if err := s.Append(Record{Time: day, Event: Stop, Rules: keys, Referenced: keys, Session: strings.Repeat("s", 5000)}); err != nil {
		t.Fatal(err)
	}
	log, _ := s.Read()
	if len(log.Records) != 1 || len(log.Records[0].Rules) == 0 || len(log.Records[0].Rules) == 2000 {
		t.Errorf("Read = %d records, %d skipped; want one with some of the rules", len(log.Records), log.Skipped)
	}
}

func TestForget(t *testing.T) {
	root := filepath.Join(t.TempDir(), "activity")
	a, b := Open(root, "a"), Open(root, "b")
	for _, s := range []Store{a, b} {
		if err := s.Append(Record{Time: day, Event: Stop}); err != nil {
			t.Fatal(err)
		}
	}
	if err := a.Forget(); err != nil {
		t.Fatal(err)
	}
	if la, _ := a.Read(); len(la.Records) != 0 {
		t.Errorf("a still has %d records", len(la.Records))
	}
	if lb, _ := b.Read(); len(lb.Records) != 1 {
		t.Errorf("forgetting a touched b")
	}
	if err := ForgetAll(root); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(root); !os.IsNotExist(err) {
		t.Errorf("root survives ForgetAll: %v", err)
	}
}

func TestHealth(t *testing.T) {
	log := Log{Records: []Record{
		{Time: day.Add(-10 * 24 * time.Hour), Event: Prompt, Rules: []string{"project:1"}},
		{Time: day.Add(-9 * 24 * time.Hour), Event: SessionStart, Rules: []string{"project:1"}},
		{Time: day.Add(-time.Hour), Event: Tool, Tool: "Bash", Outcome: OK},
		{Time: day.Add(-time.Hour), Event: Stop},
		{Time: day, Event: Prompt}, // delivered nothing
		{Time: day.Add(-2 * time.Hour), Event: Guard, Tool: "Bash", Denied: []string{"project:1"}},
		{Time: day.Add(-3 * time.Hour), Event: Guard, Tool: "Write", Warned: []string{"personal:p1"}},
		{Time: day.Add(-4 * time.Hour), Event: Guard, Tool: "Bash", Denied: []string{"project:2"}},
	}, Skipped: 2}
	got := log.Health(day, Weights{})
	want := []Layer{
		{Name: LayerDeliveries, State: Quiet, Last: day.Add(-9 * 24 * time.Hour), Count: 2},
		{Name: LayerOutcomes, State: Fresh, Last: day.Add(-time.Hour), Count: 2},
		{Name: LayerWeights, State: Never, Count: 0},
		{Name: LayerGuardrails, State: Fresh, Last: day.Add(-2 * time.Hour), Count: 3},
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("Health =\n%v\nwant\n%v", got, want)
	}
	if denied, warned := log.Guarded(); denied != 2 || warned != 1 {
		t.Errorf("Guarded = %d denied, %d warned; want 2, 1", denied, warned)
	}
}

package capture

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// row is one labelled prompt of an evaluation set.
type row struct {
	ID      string   `json:"id"`
	Lang    string   `json:"lang"`
	Prompt  string   `json:"prompt"`
	Capture bool     `json:"capture"`
	Keep    []string `json:"keep"`
}

func readRows(t testing.TB, path string) []row {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []row
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var r row
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("%s:%d: %v", path, n, err)
		}
		rows = append(rows, r)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

// keeps reports whether the instruction keeps every term (case-insensitive).
func keeps(instruction string, terms []string) bool {
	low := strings.ToLower(instruction)
	for _, k := range terms {
		if !strings.Contains(low, strings.ToLower(k)) {
			return false
		}
	}
	return true
}

// scores are Detect's figures on a set of rows.
type scores struct {
	precision, recall, keep float64
	kept, keepRows          int
}

// score runs Detect on rows, logs each miss, false alarm and dropped term,
// and returns the figures: keep is over the captured rows that name terms.
func score(t *testing.T, rows []row) scores {
	t.Helper()
	ctx := context.Background()
	var tp, fp, fn int
	var s scores
	for _, r := range rows {
		got := Detect(ctx, r.Prompt)
		switch {
		case got.Capture && r.Capture:
			tp++
			if len(r.Keep) > 0 {
				s.keepRows++
				if keeps(got.Rule.Instruction, r.Keep) {
					s.kept++
				} else {
					t.Logf("%s: rule %q drops %q", r.ID, got.Rule.Instruction, r.Keep)
				}
			}
		case got.Capture:
			fp++
			t.Logf("%s: false alarm: %q -> %s %q", r.ID, r.Prompt, got.Kind, got.Rule.Instruction)
		case r.Capture:
			fn++
			t.Logf("%s: missed: %q", r.ID, r.Prompt)
		}
	}
	s.precision = float64(tp) / float64(max(tp+fp, 1))
	s.recall = float64(tp) / float64(max(tp+fn, 1))
	s.keep = float64(s.kept) / float64(max(s.keepRows, 1))
	return s
}

// TestEval scores Detect on testdata/capture.dev.jsonl (the shared dev set
// and hard cases of our own, in five languages): precision at least 0.95,
// recall at least 0.90, and it reports how often a captured rule keeps the
// row's key terms (target 0.90). The hidden set judges the same way with
// other texts, so failures here are fixed for the phenomenon, never for a
// row.
func TestEval(t *testing.T) {
	// capture.fresh.jsonl was written blind, before the code was looked
	// at, to measure generalization; it is enforced with the dev rows.
	rows := append(readRows(t, filepath.Join("testdata", "capture.dev.jsonl")), readRows(t, filepath.Join("testdata", "capture.fresh.jsonl"))...)
	langs := map[string]bool{}
	for _, r := range rows {
		langs[r.Lang] = true
	}
	if len(langs) != 5 {
		t.Errorf("the set covers %d languages, want the five of the normalizer", len(langs))
	}
	s := score(t, rows)
	t.Logf("%d prompts: precision %.3f, recall %.3f, keep %.3f (%d/%d)", len(rows), s.precision, s.recall, s.keep, s.kept, s.keepRows)
	if s.precision < 0.95 {
		t.Errorf("precision %.3f, want at least 0.95", s.precision)
	}
	if s.recall < 0.90 {
		t.Errorf("recall %.3f, want at least 0.90", s.recall)
	}
	if s.keep < 0.90 {
		t.Errorf("keep rate %.3f, want at least 0.90", s.keep)
	}
}

// TestEvalFresh2 reports (does not enforce) the scores on
// capture.fresh2.jsonl, a second batch written blind after the fixes that
// the first fresh batch prompted, to show they generalize.
func TestEvalFresh2(t *testing.T) {
	rows := readRows(t, filepath.Join("testdata", "capture.fresh2.jsonl"))
	s := score(t, rows)
	t.Logf("%d prompts: precision %.3f, recall %.3f, keep %.3f", len(rows), s.precision, s.recall, s.keep)
}

package capture

import (
	"context"
	"path/filepath"
	"testing"
)

func TestEvalFreshTmp(t *testing.T) {
	rows := readRows(t, filepath.Join("testdata", "capture.fresh.jsonl"))
	var tp, fp, fn, kept, keepRows int
	for _, r := range rows {
		got := Detect(context.Background(), r.Prompt)
		switch {
		case got.Capture && r.Capture:
			tp++
			keepRows++
			if keeps(got.Rule.Instruction, r.Keep) {
				kept++
			} else {
				t.Logf("%s: rule %q drops %q", r.ID, got.Rule.Instruction, r.Keep)
			}
		case got.Capture:
			fp++
			t.Logf("%s: false alarm: %q -> %s %q", r.ID, r.Prompt, got.Kind, got.Rule.Instruction)
		case r.Capture:
			fn++
			t.Logf("%s: missed: %q", r.ID, r.Prompt)
		}
		if got.Capture {
			t.Logf("   %s %q -> %q", r.ID, r.Prompt, got.Rule.Instruction)
		}
	}
	t.Logf("tp %d fp %d fn %d: precision %.3f recall %.3f keep %.3f", tp, fp, fn, float64(tp)/float64(tp+fp), float64(tp)/float64(tp+fn), float64(kept)/float64(keepRows))
}

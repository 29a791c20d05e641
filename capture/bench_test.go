package capture

import (
	"context"
	"path/filepath"
	"testing"
)

// BenchmarkDetect measures Detect as the prompt hook runs it, over the
// prompts of the evaluation set that carry a rule (which pay for the
// normalizer) and those that do not. The target is under 50 µs a prompt;
// the ns/prompt metric is that figure.
func BenchmarkDetect(b *testing.B) {
	rows := readRows(b, filepath.Join("testdata", "capture.dev.jsonl"))
	ctx := context.Background()
	var rule, ordinary []string
	for _, r := range rows {
		if r.Capture {
			rule = append(rule, r.Prompt)
		} else {
			ordinary = append(ordinary, r.Prompt)
		}
	}
	for _, set := range []struct {
		name    string
		prompts []string
	}{{"rule", rule}, {"ordinary", ordinary}} {
		b.Run(set.name, func(b *testing.B) {
			Detect(ctx, set.prompts[0]) // build the lexicons outside the loop
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				for _, p := range set.prompts {
					Detect(ctx, p)
				}
				n += len(set.prompts)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n), "ns/prompt")
		})
	}
}

// BenchmarkCompileLexicon measures building the lexicon from its tables,
// which every hook process did for its one prompt before lexicon_table.go
// (BenchmarkDetect's "ordinary" prompt costs about 3 µs).
func BenchmarkCompileLexicon(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if l := compileLexicon(); l.leads == nil {
			b.Fatal("no lexicon")
		}
	}
}

package rules

import (
	"fmt"
	"testing"
)

// BenchmarkResolve measures the supersession every brief resolves, on
// 1,000 rules: none of whose Why supersedes another (most rulesets), and
// every one of which does.
func BenchmarkResolve(b *testing.B) {
	for _, sup := range []bool{false, true} {
		rs := make([]Rule, 1000)
		for i := range rs {
			rs[i] = Rule{Number: i + 1, Category: "CODE", Instruction: "Always handle the error.", Why: fmt.Sprintf("review finding %d", i+1)}
			if sup && i > 0 {
				rs[i].Why += fmt.Sprintf(" (supersedes rule %d)", i)
			}
		}
		b.Run(fmt.Sprintf("supersedes=%v", sup), func(b *testing.B) {
			want := 0
			if sup {
				want = 999
			}
			b.ReportAllocs()
			for b.Loop() {
				if got := Resolve(rs); len(got) != want {
					b.Fatalf("%d superseded, want %d", len(got), want)
				}
			}
		})
	}
}

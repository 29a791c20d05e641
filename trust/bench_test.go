package trust

import (
	"context"
	"fmt"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// BenchmarkCheck measures the trust check every prompt hook makes, with
// the records of 1 and of 8 trusted workspaces that each keep 300 rules
// (what a person who trusts a few repositories has).
func BenchmarkCheck(b *testing.B) {
	for _, n := range []int{1, 8} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			s := Store{Dir: b.TempDir(), LockDir: b.TempDir()}
			var rs []Rule
			for i := range 300 {
				rs = append(rs, Rule{Number: i + 1, Category: "CODE", Instruction: fmt.Sprintf("Always handle the error returned by call %d before using its result.", i+1)})
			}
			now := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
			for i := range n {
				if _, err := s.TrustRules(context.Background(), filepath.Join("/ws", strconv.Itoa(i), "autofix.json"), []byte(strconv.Itoa(i)), rs, now); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportAllocs()
			for b.Loop() {
				if st, err := s.Check(filepath.Join("/ws", strconv.Itoa(n-1), "autofix.json"), []byte(strconv.Itoa(n-1))); err != nil || st != Trusted {
					b.Fatal(st, err)
				}
			}
		})
	}
}

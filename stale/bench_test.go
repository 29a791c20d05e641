package stale

import (
	"fmt"
	"testing"
	"testing/fstest"

	"github.com/autofix/autofix/rules"
)

// BenchmarkCheck is the SessionStart cost: 20 rules, one naming a moved
// file (so the checkout is walked), against 5,000 files.
func BenchmarkCheck(b *testing.B) {
	fsys := fstest.MapFS{"package.json": {Data: []byte(`{"scripts":{"lint":"x"},"dependencies":{"zod":"1"}}`)}}
	for i := range 5000 {
		fsys[fmt.Sprintf("src/d%d/f%d.ts", i/50, i)] = &fstest.MapFile{Data: []byte("x")}
	}
	var rs []rules.Rule
	for i := range 19 {
		rs = append(rs, rules.Rule{Number: i + 1, Instruction: fmt.Sprintf("Always keep `src/d%d/` tidy and run `npm run lint`.", i)})
	}
	rs = append(rs, rules.Rule{Number: 20, Instruction: "Always edit `src/old/f7.ts` first."})
	for b.Loop() {
		if got := Check(&Checkout{FS: fsys}, rs); len(got) != 1 {
			b.Fatalf("got %+v", got)
		}
	}
}

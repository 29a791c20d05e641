package guard

import (
	"fmt"
	"testing"
)

// benchRules are 1,000 rules of which 100 carry checks, each with a
// pattern of its own (nothing to share between them): the shapes Propose
// writes, for Bash commands, written content and paths.
func benchRules() []Rule {
	fixed := []string{
		"Always use pnpm instead of npm or yarn.",
		"Never use moment.js.",
		"Never force push to main.",
		"Never add emojis to commit messages.",
		"Always use uv instead of pip.",
	}
	shapes := []string{
		"Never run `deploy-%d`.",
		"Never import lib%d.",
		"Never edit files in out%d/.",
		"Never use github.com/acme/pkg%d.",
	}
	var rs []Rule
	for i := 0; i < 1000; i++ {
		r := Rule{Name: fmt.Sprintf("autofix rule #%d", i+1), Instruction: fmt.Sprintf("Always follow convention %d.", i)}
		if k := i / 10; i%10 == 0 {
			if k < len(fixed) {
				r.Instruction = fixed[k]
			} else {
				r.Instruction = fmt.Sprintf(shapes[k%len(shapes)], k)
			}
			c, ok := Propose(r.Instruction)
			if !ok {
				panic("no check for " + r.Instruction)
			}
			r.Check = c
		}
		rs = append(rs, r)
	}
	return rs
}

// BenchmarkEvaluateBash is the guard's cost on one Bash call in a fresh
// hook process: every check on Bash is compiled and run once (nothing is
// cached across processes). The goal is under 1 ms.
func BenchmarkEvaluateBash(b *testing.B) {
	rs := benchRules()
	in := Input{Tools: []string{ToolBash}, Commands: []string{"cd web && pnpm install && git commit -m 'add the signup form'"}}
	b.ReportAllocs()
	for b.Loop() {
		if d := Evaluate(rs, in, Deny); d.Deny {
			b.Fatal("denied a harmless call")
		}
	}
}

// BenchmarkEvaluateWrite is the same for a write of a 4 KB file.
func BenchmarkEvaluateWrite(b *testing.B) {
	rs := benchRules()
	var content []byte
	for len(content) < 4096 {
		content = append(content, "import { format } from 'date-fns'\nexport function when(d: Date) { return format(d, 'yyyy') }\n"...)
	}
	in := Input{Tools: []string{ToolWrite}, Contents: []string{string(content)}, Paths: []string{"src/when.ts"}}
	b.ReportAllocs()
	for b.Loop() {
		if d := Evaluate(rs, in, Deny); d.Deny {
			b.Fatal("denied a harmless call")
		}
	}
}

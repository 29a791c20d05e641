package rules

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

func TestSameInstruction(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		same bool
	}{
		// Case, white space, final and inner sentence punctuation.
		{"Always use pnpm instead of npm.", "always use pnpm instead of npm", true},
		{"Always use pnpm instead of npm.", "  ALWAYS   use\tpnpm instead of npm!! ", true},
		{"Never use npm, use pnpm.", "Never use npm — use pnpm", true},
		{"Never use npm - use pnpm instead", "Never use npm: use pnpm instead.", true},
		{"Don't use default exports.", "Don’t use default exports", true},
		{`Never use "any" in TypeScript.`, "Never use any in TypeScript", true},
		{"Always run `pnpm test` before pushing.", "Always run pnpm test before pushing", true},
		{"Always use pnpm (not npm).", "Always use pnpm not npm", true},
		// Unicode case folding and width.
		{"Benutze nie die STRASSE.", "benutze nie die Straße", true},
		{"ΠΟΤΈ μην χρησιμοποιείς npm.", "ποτέ μην χρησιμοποιείς npm", true},
		{"ΠΟΤΈ ΟΔΟΣ", "ποτέ οδος", true}, // final sigma
		{"Immer Maẞe prüfen", "immer masse prüfen", true},
		{"Toujours utiliser É", "toujours utiliser é", true},
		{"Always use ﬁle names", "always use file names", true}, // ligature
		{"Always use ｐｎｐｍ！", "always use pnpm", true},
		// Japanese: 。、「」 and full-width punctuation, spaces around
		// words of scripts written without them.
		{"常にpnpmを使う。", "常に pnpm を使う", true},
		{"コミットメッセージに絵文字を入れない。", "コミットメッセージに、絵文字を入れない", true},
		{"「npm」を使わない！", "npmを使わない", true},
		{"常にｐｎｐｍを使う．", "常にpnpmを使う", true},
		{"Toujours utiliser pnpm.", "toujours utiliser pnpm", true},
		// Different words stay different.
		{"Always use pnpm.", "Never use pnpm.", false},
		{"Always use pnpm.", "Always use pnpm instead of npm.", false},
		{"Always use C#.", "Always use C.", false},
		{"Always use C++.", "Always use C.", false},
		{"Always put handlers in src/server.", "Always put handlers in srcserver.", false},
		{"Always use snake_case names.", "Always use snakecase names.", false},
		{"Always use v1.2.", "Always use v12.", false},
		{"常にpnpmを使う。", "常にnpmを使う。", false},
		{"Toujours utiliser pnpm.", "Toujours utilisér pnpm.", false},
		{"", "Always use pnpm.", false},
	} {
		if got := SameInstruction(tt.a, tt.b); got != tt.same {
			t.Errorf("SameInstruction(%q, %q) = %v, want %v (keys %q, %q)", tt.a, tt.b, got, tt.same, InstructionKey(tt.a), InstructionKey(tt.b))
		}
	}
}

func TestInstructionKey(t *testing.T) {
	for in, want := range map[string]string{
		"Always use pnpm.":             "always use pnpm",
		"  Never -- use npm!  ":        "never use npm",
		"常に pnpm を使う。":                 "常にpnpmを使う",
		"Always use C# and C++, too.":  "always use c# and c++ too",
		"Always keep .env out of git.": "always keep env out of git",
		"。、！":                          "",
	} {
		if got := InstructionKey(in); got != want {
			t.Errorf("InstructionKey(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestAppendRefusesDuplicate(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "autofix.json"), []byte(`[
  {"Rule_number": 1, "Category": "TOOL", "Instruction": "Always use npm.", "Why": ""},
  {"Rule_number": 2, "Category": "TOOL", "Instruction": "Always use pnpm instead of npm.", "Why": "(supersedes rule 1)"}
]
`), 0o644); err != nil {
		t.Fatal(err)
	}
	root := openRoot(t, dir)
	ctx := context.Background()
	before, _ := os.ReadFile(filepath.Join(dir, "autofix.json"))

	_, _, err := Append(ctx, root, t.TempDir(), Rule{Category: "CODE", Instruction: "always use PNPM instead of npm"})
	var de *DuplicateError
	if !errors.As(err, &de) {
		t.Fatalf("append of rule 2's instruction: err = %v, want a *DuplicateError", err)
	}
	if de.Rule.Number != 2 || de.Rule.Category != "TOOL" || de.Path != "autofix.json" {
		t.Errorf("duplicate names %+v in %s, want rule 2 (TOOL) in autofix.json", de.Rule, de.Path)
	}
	if after, _ := os.ReadFile(filepath.Join(dir, "autofix.json")); string(after) != string(before) {
		t.Errorf("a refused duplicate changed the file:\n%s", after)
	}

	// A superseded rule is not in force: saying it again is a new rule.
	_, added, err := Append(ctx, root, t.TempDir(), Rule{Category: "TOOL", Instruction: "Always use npm."})
	if err != nil || len(added) != 1 || added[0].Number != 3 {
		t.Fatalf("append of superseded rule 1's instruction = %v, %v; want rule 3", added, err)
	}

	// Two rules of one append that say the same thing are refused too.
	_, _, err = Append(ctx, root, t.TempDir(), Rule{Category: "UX", Instruction: "Always show a spinner."}, Rule{Category: "UX", Instruction: "always show a spinner"})
	if err == nil || errors.As(err, &de) {
		t.Errorf("append of two equal rules: err = %v, want a plain error", err)
	}
}

// TestAppendDuplicateConcurrent: 8 writers append one instruction at once,
// each through its own root, as separate processes would. The check and
// the write share the lock, so exactly one rule is added and the others
// learn its number.
func TestAppendDuplicateConcurrent(t *testing.T) {
	dir := t.TempDir()
	lockDir := t.TempDir()
	const writers = 8
	var wg sync.WaitGroup
	numbers := make(chan int, writers)
	errs := make(chan error, writers)
	start := make(chan struct{})
	for range writers {
		wg.Go(func() {
			root, err := os.OpenRoot(dir)
			if err != nil {
				errs <- err
				return
			}
			defer root.Close()
			<-start
			_, added, err := Append(context.Background(), root, lockDir, Rule{Category: "TOOL", Instruction: "Always use pnpm instead of npm."})
			var de *DuplicateError
			switch {
			case errors.As(err, &de):
				numbers <- de.Rule.Number
			case err != nil:
				errs <- err
			default:
				numbers <- added[0].Number
			}
		})
	}
	close(start)
	wg.Wait()
	close(numbers)
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	for n := range numbers {
		if n != 1 {
			t.Errorf("a writer got rule #%d, want #1 for all", n)
		}
	}
	rs, err := Load(openRoot(t, dir))
	if err != nil {
		t.Fatal(err)
	}
	if len(rs.Rules) != 1 {
		t.Fatalf("%d rules after %d concurrent appends of one instruction, want 1: %+v", len(rs.Rules), writers, rs.Rules)
	}
}

// BenchmarkFindSame is the duplicate check of one append to a ruleset of
// 5000 rules in force, half of them Japanese.
func BenchmarkFindSame(b *testing.B) {
	rs := make([]Rule, 5000)
	for i := range rs {
		rs[i] = Rule{Number: i + 1, Instruction: fmt.Sprintf("Always run the linter number %d before pushing a branch.", i)}
		if i%2 == 1 {
			rs[i].Instruction = fmt.Sprintf("常にブランチをプッシュする前にリンター%dを実行すること。", i)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := FindSame(rs, "Always run the linter number 5000 before pushing a branch"); ok {
			b.Fatal("found a rule that is not there")
		}
	}
}

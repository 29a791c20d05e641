package hook

import (
	"fmt"
	"strings"
	"testing"

	"github.com/autofix/autofix/brief"
)

// longRules is a brief far over every agent's cap.
func longRules(n int) string {
	var b strings.Builder
	b.WriteString("# Rules for this task (autofix)\n\n## Project rules (from this repository's autofix.json)\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "- [CODE] Always follow rule number %d (see `docs/rules.md#r%d`); never skip it. (project #%d)\n", i, i, i)
	}
	return b.String()
}

const testNote = "## Self-repair (autofix)\nRecord a rule at once when the person corrects you: run `autofix learn \"<the person's words>\"`.\n"

// codexByteTokens is Codex's own estimate: a token per four bytes,
// rounded up.
func codexByteTokens(s string) int { return (len(s) + 3) / 4 }

func TestCapFit(t *testing.T) {
	text := longRules(400)
	for _, a := range Agents {
		c := CapOf(a)
		got := c.Fit(text, testNote)
		if !strings.HasSuffix(got, "\n\n"+testNote) {
			t.Errorf("%s: the note is not whole at the end:\n%s", a, got[max(len(got)-300, 0):])
		}
		if len(got) >= Limit {
			t.Errorf("%s: %d bytes, want under %d", a, len(got), Limit)
		}
		body := strings.TrimSuffix(got, "\n"+testNote)
		lines := strings.Split(strings.TrimSuffix(body, "\n"), "\n")
		kept := 0
		for _, l := range lines[:len(lines)-1] {
			if !strings.Contains(text, l+"\n") {
				t.Fatalf("%s: line %q was cut", a, l)
			}
			if strings.HasPrefix(l, "- ") {
				kept++
			}
		}
		if kept == 0 {
			t.Errorf("%s: no rule kept", a)
		}
		last := lines[len(lines)-1]
		if want := fmt.Sprintf("(%d more rules left out", 400-kept); !strings.HasPrefix(last, want) {
			t.Errorf("%s: last line %q, want it to start with %q", a, last, want)
		}
		if a != Codex {
			continue
		}
		// Under both of Codex's estimates, with the margin.
		if n := codexByteTokens(got); n > CodexTokenCap {
			t.Errorf("codex: %d tokens by bytes, want at most %d", n, CodexTokenCap)
		}
		if n := lexicalTokens(got); n > CodexTokenCap {
			t.Errorf("codex: %d tokens by words, want at most %d", n, CodexTokenCap)
		}
		if !strings.Contains(last, "2000-token limit") {
			t.Errorf("codex: last line %q does not name the token limit", last)
		}
		// The cap binds: Claude Code's answer keeps more.
		if claude := CapOf(ClaudeCode).Fit(text, testNote); len(got) >= len(claude) {
			t.Errorf("codex answer (%d bytes) not shorter than Claude Code's (%d)", len(got), len(claude))
		}
	}
}

func TestCapFitShort(t *testing.T) {
	short := "- [TOOL] Always use pnpm. (project #1)\n"
	for _, a := range Agents {
		c := CapOf(a)
		if got := c.Fit(short, testNote); got != short+"\n"+testNote {
			t.Errorf("%s: Fit changed a short text: %q", a, got)
		}
		if got := c.Fit(short, ""); got != short {
			t.Errorf("%s: Fit without a note changed a short text: %q", a, got)
		}
		if got := c.Fit("", testNote); got != testNote {
			t.Errorf("%s: the note alone became %q", a, got)
		}
	}
}

func TestCapBudget(t *testing.T) {
	if b := CapOf(ClaudeCode).Budget(testNote); b != 0 {
		t.Errorf("Claude Code budget %d, want 0 (no token bound)", b)
	}
	c := CapOf(Codex)
	b := c.Budget(testNote)
	if b <= 0 || b >= CodexTokenCap {
		t.Fatalf("Codex budget %d, want in (0, %d)", b, CodexTokenCap)
	}
	if less := c.Budget(testNote + testNote); less >= b {
		t.Errorf("a longer note leaves %d tokens, want fewer than %d", less, b)
	}
	if used := b + codexTokens(testNote) + codexTokens(c.fitNote(999999)); used > CodexTokenCap {
		t.Errorf("budget, note and cut line take %d tokens, over %d", used, CodexTokenCap)
	}
}

func TestLexicalTokens(t *testing.T) {
	tests := []struct {
		in   string
		want int
	}{
		{"", 0},
		{"abcd", 1},
		{"abcde", 2},
		{"a b", 2},
		{"a-b", 3},
		{"snake_case_name", 4},
		{"- [P] x\n", 5}, // - [ P ] x
		{"日本語", 3},       // 9 bytes of one word
		{"«x»", 3},
	}
	for _, tt := range tests {
		if got := lexicalTokens(tt.in); got != tt.want {
			t.Errorf("lexicalTokens(%q) = %d, want %d", tt.in, got, tt.want)
		}
	}
	// Never under Codex's byte estimate through codexTokens.
	for _, s := range []string{longRules(30), "日本語のルール", "ééééé"} {
		if codexTokens(s) < codexByteTokens(s) {
			t.Errorf("codexTokens(%q) = %d, under the byte estimate %d", s, codexTokens(s), codexByteTokens(s))
		}
	}
}

func TestCapTrim(t *testing.T) {
	var sel brief.Selection
	for i := 1; i <= 200; i++ {
		r := brief.Rule{Source: brief.Project, ID: fmt.Sprint(i), Order: i, Category: "CODE",
			Instruction: fmt.Sprintf("Always run `tool-%d --check` (see docs/tools.md#t%d) before job %d.", i, i, i)}
		sel.Rules = append(sel.Rules, brief.Selected{Rule: r, Score: float64(300 - i)})
	}
	sel.Omitted = []brief.Rule{{Source: brief.Project, ID: "999", Category: "CODE", Instruction: "Never skip rule 999."}}
	c := CapOf(Codex)
	got := c.Trim(sel, testNote)
	k := len(got.Rules)
	if k == 0 || k >= len(sel.Rules) {
		t.Fatalf("Trim kept %d of %d rules, want some", k, len(sel.Rules))
	}
	// The most relevant first, the rest (then the old omitted) named as omitted.
	for i := range got.Rules {
		if got.Rules[i].ID != sel.Rules[i].ID {
			t.Fatalf("rule %d is %s, want %s", i, got.Rules[i].ID, sel.Rules[i].ID)
		}
	}
	if n := len(got.Omitted); n != len(sel.Rules)-k+1 || got.Omitted[0].ID != sel.Rules[k].ID || got.Omitted[n-1].ID != "999" {
		t.Errorf("omitted %d rules starting %s, want %d starting %s and ending 999", n, got.Omitted[0].ID, len(sel.Rules)-k+1, sel.Rules[k].ID)
	}
	text := brief.Render(got)
	if !c.holds(c.size(text + "\n" + testNote)) {
		t.Errorf("the trimmed brief with the note is %d tokens by Codex's count, over %d", codexTokens(text+"\n"+testNote), c.Tokens)
	}
	// The fewest taken out: one more rule does not fit.
	more := sel
	more.Rules = sel.Rules[:k+1]
	more.Omitted = nil
	for _, r := range sel.Rules[k+1:] {
		more.Omitted = append(more.Omitted, r.Rule)
	}
	more.Omitted = append(more.Omitted, sel.Omitted...)
	if c.holds(c.size(brief.Render(more) + "\n" + testNote)) {
		t.Errorf("Trim kept %d rules, but %d fit", k, k+1)
	}
	if !strings.Contains(text, "Not included here: ") {
		t.Errorf("the trimmed brief does not say what it left out")
	}
	if got.Tokens != brief.EstimateTokens(text) {
		t.Errorf("Tokens %d, want the rendering's %d", got.Tokens, brief.EstimateTokens(text))
	}

	// Fits, or no token bound: unchanged.
	small := sel
	small.Rules = sel.Rules[:3]
	if got := c.Trim(small, testNote); len(got.Rules) != 3 || len(got.Omitted) != 1 {
		t.Errorf("Trim changed a selection that fits: %d rules, %d omitted", len(got.Rules), len(got.Omitted))
	}
	if got := CapOf(ClaudeCode).Trim(sel, testNote); len(got.Rules) != len(sel.Rules) {
		t.Errorf("Trim without a token bound kept %d of %d", len(got.Rules), len(sel.Rules))
	}
}

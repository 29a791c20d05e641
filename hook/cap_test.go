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

func TestCapShrink(t *testing.T) {
	c := CapOf(Codex)
	if s := c.Shrink("- [TOOL] Always use pnpm. (project #1)\n", testNote); s != 0 {
		t.Errorf("Shrink of a short brief = %d, want 0", s)
	}
	if s := CapOf(ClaudeCode).Shrink(longRules(400), testNote); s != 0 {
		t.Errorf("Shrink without a token bound = %d, want 0", s)
	}
	// Shrinking to the budget it names makes the text fit: keep whole
	// lines up to that many tokens of brief's estimate.
	text := longRules(400)
	s := c.Shrink(text, testNote)
	if s <= 0 {
		t.Fatalf("Shrink of a long brief = %d, want a budget", s)
	}
	var b strings.Builder
	for _, l := range strings.SplitAfter(text, "\n") {
		if brief.EstimateTokens(b.String()+l) > s {
			break
		}
		b.WriteString(l)
	}
	if got := b.String() + "\n" + testNote; !c.holds(c.size(got)) {
		t.Errorf("a brief of %d tokens with the note (%d by Codex's count) does not fit", s, codexTokens(got))
	}
}

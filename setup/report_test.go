package setup

import (
	"strings"
	"testing"

	"github.com/autofix/autofix/hook"
	"github.com/autofix/autofix/rules"
	"github.com/autofix/autofix/trust"
)

func TestTemporaryBuild(t *testing.T) {
	for exe, want := range map[string]bool{
		"/tmp/go-build123/b001/exe/autofix": true,
		"/home/me/go/bin/autofix":           false,
		"/tmp/go-buildx/autofix":            false,
		"/tmp/go-build/autofix":             false,
	} {
		if got := TemporaryBuild(exe); got != want {
			t.Errorf("TemporaryBuild(%q) = %v, want %v", exe, got, want)
		}
	}
}

func TestAgainAndSay(t *testing.T) {
	o := Options{Agent: hook.ClaudeCode, Scope: hook.Shared}
	if got := o.Again(); got != "autofix setup claude-code --shared" {
		t.Errorf("Again = %q", got)
	}
	tests := []struct {
		st     Step
		dry    bool
		want   string
		notice bool
	}{
		{Step{Part: Hooks, Action: Wrote, Path: "s.json", Commands: []string{"a", "b"}}, false, "Installed autofix's Claude Code hooks in s.json (running a, b).\nIt is the project's shared settings", false},
		{Step{Part: Hooks, Action: Foreign, Path: "s.json"}, false, "autofix: notice: left s.json alone: autofix did not write it\n", true},
		{Step{Part: LearnCommand, Action: Removed, Path: "l.md"}, true, "Would remove l.md.\n", false},
		{Step{Part: LearnCommand, Action: Wrote, Path: "l.md"}, false, "Installed the learn command in l.md: type /learn", false},
	}
	for _, tt := range tests {
		o.DryRun = tt.dry
		text, notice := tt.st.Say(o)
		if !strings.HasPrefix(text, tt.want) || notice != tt.notice {
			t.Errorf("Say(%+v) = %q, %v; want %q, %v", tt.st, text, notice, tt.want, tt.notice)
		}
	}
}

func TestCursorRulesOf(t *testing.T) {
	rs := &rules.Ruleset{Name: "autofix.json", Rules: []rules.Rule{{Number: 1, Category: "TOOL", Instruction: "Always use pnpm.", Why: "x"}}}
	if got := string(CursorRulesOf(&trust.Gated{Rules: rs, Trust: trust.Trusted})); !strings.Contains(got, "Always use pnpm.") {
		t.Errorf("trusted: %q", got)
	}
	got := string(CursorRulesOf(&trust.Gated{Rules: rs, Trust: trust.Untrusted}))
	if strings.Contains(got, "pnpm") || !strings.Contains(got, "1 project rule in autofix.json not delivered") {
		t.Errorf("untrusted: %q", got)
	}
}

package setup

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/autofix/autofix/hook"
	"github.com/autofix/autofix/me"
	"github.com/autofix/autofix/scope"
)

func TestTargetOf(t *testing.T) {
	if got := TargetOf("cursor"); got.Personal != "" || got.Project != filepath.Join(".cursor", "rules", "autofix.mdc") {
		t.Errorf("cursor = %+v", got)
	}
	if got := TargetOf("nope"); got.Name != "claude" {
		t.Errorf("unknown = %+v, want the first target", got)
	}
}

func TestExportPersonal(t *testing.T) {
	ctx := context.Background()
	home, locks := t.TempDir(), t.TempDir()
	web := scope.Workspace{Root: "/src/web", ID: "github.com/acme/web", Name: "web"}
	prefs := []me.Preference{
		{ID: "p1", Category: "STYLE", Instruction: "Always answer in English.", Status: me.Active, Scope: scope.All()},
		{ID: "p2", Category: "TOOL", Instruction: "Always use pnpm.", Status: me.Active, Scope: scope.Only(web)},
		{ID: "p3", Category: "TOOL", Instruction: "Never use yarn.", Status: me.Forgotten, Scope: scope.All()},
	}
	tg := TargetOf("claude")
	steps := []struct {
		write bool
		state string
	}{{false, "out of date"}, {true, "written"}, {true, "up to date"}, {false, "up to date"}}
	for i, st := range steps {
		f, err := ExportPersonal(ctx, tg, hook.Dirs{Home: home, Codex: t.TempDir()}, locks, prefs, "autofix export claude --write --personal", st.write)
		if err != nil {
			t.Fatal(err)
		}
		if f.State != st.state || f.Path != "~/.claude/CLAUDE.md" {
			t.Fatalf("step %d: %+v, want state %q", i, f, st.state)
		}
		if i == 0 && (!strings.Contains(f.Content, "Always answer in English.") || strings.Contains(f.Content, "pnpm") || strings.Contains(f.Content, "yarn") ||
			!strings.Contains(f.Content, "1 preference scoped to some workspaces is not here.")) {
			t.Errorf("content %q", f.Content)
		}
	}
	data, err := os.ReadFile(filepath.Join(home, ".claude", "CLAUDE.md"))
	if err != nil || !strings.Contains(string(data), "Always answer in English.") {
		t.Errorf("file %q, %v", data, err)
	}
}

// TestPersonalPath: the agents target's user-level file is AGENTS.md in
// Codex's home, shown under ~ only when it lies there; the others stay
// under the person's home.
func TestPersonalPath(t *testing.T) {
	home := filepath.Join(string(filepath.Separator), "home", "me")
	tests := []struct {
		target, codex, want, shown string
	}{
		{"agents", filepath.Join(home, ".codex"), filepath.Join(home, ".codex", "AGENTS.md"), "~/.codex/AGENTS.md"},
		{"agents", filepath.Join(string(filepath.Separator), "srv", "codex"), filepath.Join(string(filepath.Separator), "srv", "codex", "AGENTS.md"), "/srv/codex/AGENTS.md"},
		{"agents", filepath.Join(home, "..", "me2", ".codex"), filepath.Join(string(filepath.Separator), "home", "me2", ".codex", "AGENTS.md"), "/home/me2/.codex/AGENTS.md"},
		{"claude", filepath.Join(string(filepath.Separator), "srv", "codex"), filepath.Join(home, ".claude", "CLAUDE.md"), "~/.claude/CLAUDE.md"},
		{"cursor", filepath.Join(home, ".codex"), "", ""},
	}
	for _, tt := range tests {
		got := TargetOf(tt.target).PersonalPath(hook.Dirs{Home: home, Codex: tt.codex})
		if got != tt.want {
			t.Errorf("%s with Codex home %s: %q, want %q", tt.target, tt.codex, got, tt.want)
		}
		if got != "" && filepath.ToSlash(homeShown(home, got)) != tt.shown {
			t.Errorf("%s shown as %q, want %q", got, homeShown(home, got), tt.shown)
		}
	}
}

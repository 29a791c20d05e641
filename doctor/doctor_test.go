package doctor

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/autofix/autofix/hook"
)

func TestShow(t *testing.T) {
	tests := []struct{ root, path, want string }{
		{"/home/me/code/repo", "/home/me/code/repo/.claude/settings.json", ".claude/settings.json"},
		{"/home/me/code/repo", "/home/me/.codex/hooks.json", "~/.codex/hooks.json"},
		{"", "/home/me/code/repo/x", "~/code/repo/x"},
		{"/work", "/workshop/x", "/workshop/x"},
	}
	for _, tt := range tests {
		if got := (Paths{Home: "/home/me", Workspace: tt.root}).Show(tt.path); got != tt.want {
			t.Errorf("Show(%q, %q) = %q, want %q", tt.root, tt.path, got, tt.want)
		}
	}
}

func TestPerm(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "f")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	p := Paths{}
	tests := []struct {
		path   string
		mode   os.FileMode
		dir    bool
		status string
		fix    string
	}{
		{file, 0o644, false, Fail, "chmod 0600 " + file},
		{file, 0o600, false, OK, ""},
		{file, 0o600, true, Fail, "move the file " + file + " away"},
		{filepath.Join(dir, "missing"), 0, true, OK, ""},
	}
	for _, tt := range tests {
		if tt.mode != 0 {
			if err := os.Chmod(tt.path, tt.mode); err != nil {
				t.Fatal(err)
			}
		}
		c := Perm(p, "x", tt.path, 0o600, tt.dir)
		if c.Status != tt.status || c.Fix != tt.fix {
			t.Errorf("Perm(%s %o dir=%v) = %s %q fix %q; want %s fix %q", tt.path, tt.mode, tt.dir, c.Status, c.Detail, c.Fix, tt.status, tt.fix)
		}
	}
	if c := Perm(p, "x", filepath.Join(dir, "nofile"), 0o600, false); c.Detail != "" {
		t.Errorf("missing file has a check: %q", c.Detail)
	}
	if n := Failed([]Check{{Status: Fail}, {Status: Warn}, {Status: Fail}}); n != 2 {
		t.Errorf("Failed = %d, want 2", n)
	}
}

func TestHookBinaryAndLookPath(t *testing.T) {
	for _, exe := range []string{"/usr/local/bin/autofix", "/home/a b/it's/autofix", hook.SharedBinary} {
		if got := HookBinary(hook.ClaudeCode, hook.Command(hook.ClaudeCode, exe)); got != exe {
			t.Errorf("HookBinary(Command(%q)) = %q", exe, got)
		}
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "tool")
	if err := os.WriteFile(bin, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if got := LookPath("/nonexistent"+string(filepath.ListSeparator)+dir, "tool"); got != bin {
		t.Errorf("LookPath = %q, want %q", got, bin)
	}
	if got := LookPath(dir, "other"); got != "" {
		t.Errorf("LookPath(other) = %q", got)
	}
}

func TestHooksNoneInstalled(t *testing.T) {
	cs := Hooks(Machine{Home: t.TempDir()}, t.TempDir())
	if len(cs) != 1 || cs[0].Status != Warn || !strings.Contains(cs[0].Detail, "no agent runs autofix's hooks") {
		t.Errorf("Hooks = %+v, want one warning", cs)
	}
}

// TestHooksCodexHome: Codex's hooks and config.toml are checked in
// Machine.CodexHome, wherever it is, also without HOME; ~/.codex is not
// looked at then, and no Codex home skips Codex.
func TestHooksCodexHome(t *testing.T) {
	home, codexHome := t.TempDir(), t.TempDir()
	exe := filepath.Join(t.TempDir(), "autofix")
	if err := os.WriteFile(exe, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	ours := `{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "` + exe + ` hook codex"}]}]}}`
	stale := `{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "/old/bin/autofix hook codex"}]}]}}`
	for path, content := range map[string]string{
		filepath.Join(codexHome, "hooks.json"):      ours,
		filepath.Join(codexHome, "config.toml"):     "[features]\nhooks = false\n",
		filepath.Join(home, ".codex", "hooks.json"): stale,
	} {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, h := range []string{home, ""} {
		cs := Hooks(Machine{Home: h, CodexHome: codexHome, Executable: exe}, "")
		if len(cs) != 1 || cs[0].Name != "hooks codex" || cs[0].Status != Warn ||
			!strings.HasPrefix(cs[0].Detail, filepath.Join(codexHome, "hooks.json")+" runs "+exe+" hook codex") ||
			!strings.Contains(cs[0].Detail, filepath.Join(codexHome, "config.toml")+" turns hooks off (hooks = false)") {
			t.Errorf("HOME %q: %+v, want one warning on %s", h, cs, codexHome)
		}
	}
	cs := Hooks(Machine{Home: home, CodexHome: filepath.Join(home, ".codex"), Executable: exe}, "")
	if len(cs) != 1 || cs[0].Status != Fail || !strings.HasPrefix(cs[0].Detail, "~/.codex/hooks.json runs /old/bin/autofix") {
		t.Errorf("~/.codex: %+v", cs)
	}
	if cs := Hooks(Machine{Home: home, Executable: exe}, ""); len(cs) != 1 || cs[0].Name != "hooks" {
		t.Errorf("no Codex home: %+v, want the no-hooks warning", cs)
	}
}

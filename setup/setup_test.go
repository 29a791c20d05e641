package setup

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/autofix/autofix/hook"
	"github.com/autofix/autofix/rules"
)

func TestOwner(t *testing.T) {
	for _, a := range hook.Agents {
		cmd := learnCommand(a)
		if got := owner(cmd); got != ours {
			t.Errorf("%s: owner(learn command) = %v, want ours", a, got)
		}
		changed := strings.Replace(string(cmd), "Redo your current work", "Redo the work", 1)
		if got := owner([]byte(changed)); got != edited {
			t.Errorf("%s: owner(edited) = %v, want edited", a, got)
		}
	}
	if got := owner([]byte("# my own /learn\n")); got != foreign {
		t.Errorf("owner(no marker) = %v, want foreign", got)
	}
	if got := owner(nil); got != missing {
		t.Errorf("owner(nil) = %v, want missing", got)
	}
}

// TestLearnCommandFormat: each agent gets its own command format, and the
// text carries the protocol.
func TestLearnCommandFormat(t *testing.T) {
	for _, a := range hook.Agents {
		text := string(learnCommand(a))
		for _, want := range []string{"autofix learn -- '<correction>'", "Learned rule #N ([CATEGORY]): … — recorded in", "Redo your current work", "autofix me teach"} {
			if !strings.Contains(text, want) {
				t.Errorf("%s: learn command lacks %q", a, want)
			}
		}
		front := strings.HasPrefix(text, "---\ndescription: ") && strings.Contains(text, "\nargument-hint: ")
		if a == hook.Cursor {
			if front || strings.Contains(text, "$ARGUMENTS") {
				t.Errorf("cursor: plain Markdown expected, got:\n%s", text)
			}
		} else if !front || !strings.Contains(text, "\n$ARGUMENTS\n") {
			t.Errorf("%s: frontmatter and $ARGUMENTS expected, got:\n%s", a, text)
		}
		// The marker line has no colon: a "key: value" frontmatter parser
		// takes nothing from it.
		for _, line := range strings.Split(text, "\n") {
			if strings.Contains(line, "autofix-setup sha256") && strings.Contains(line, ":") {
				t.Errorf("%s: marker line has a colon: %q", a, line)
			}
		}
	}
}

func TestCursorRules(t *testing.T) {
	rs := []rules.Rule{{Number: 1, Category: "TOOL", Instruction: "Always use pnpm."}, {Number: 3, Category: "STYLE", Instruction: "Never add emojis to commit messages."}}
	got := string(CursorRules(".agents/autofix.json", rs, ""))
	for _, want := range []string{"---\ndescription: ", "\nalwaysApply: true\n", "- [TOOL] Always use pnpm. (project #1)\n", "- [STYLE] Never add emojis to commit messages. (project #3)\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("CursorRules lacks %q:\n%s", want, got)
		}
	}
	if owner([]byte(got)) != ours {
		t.Error("CursorRules is not sealed")
	}
	untrusted := string(CursorRules("autofix.json", nil, "2 project rules in autofix.json not delivered"))
	if !strings.Contains(untrusted, "2 project rules in autofix.json not delivered") || strings.Contains(untrusted, "- [") {
		t.Errorf("untrusted CursorRules:\n%s", untrusted)
	}
	many := make([]rules.Rule, 500)
	for i := range many {
		many[i] = rules.Rule{Number: i + 1, Category: "CODE", Instruction: "Always write a table-driven test for every exported function in this package."}
	}
	big := string(CursorRules("autofix.json", many, ""))
	if len(big) > rulesFileLimit+1000 || !strings.Contains(big, "more rules in autofix.json") {
		t.Errorf("CursorRules of 500 rules: %d bytes, no cut note", len(big))
	}
}

// TestCodexHooksFeature: hooks is the flag's key, codex_hooks its older
// name; when both are set hooks decides, as in Codex's key-ordered
// [features] table.
func TestCodexHooksFeature(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "config.toml")
	tests := []struct {
		content string
		want    CodexHooks
		err     string
	}{
		{"", CodexHooks{}, ""},
		{"model = \"o3\"\n", CodexHooks{}, ""},
		{"[features]\nmemories = true\n", CodexHooks{}, ""},
		{"[features]\ncodex_hooks = true\n", CodexHooks{FeatureOn, "codex_hooks"}, ""},
		{"[features]\ncodex_hooks = false\n", CodexHooks{FeatureOff, "codex_hooks"}, ""},
		{"[features]\nhooks = true\n", CodexHooks{FeatureOn, "hooks"}, ""},
		{"[features]\nhooks = false\n", CodexHooks{FeatureOff, "hooks"}, ""},
		{"[features]\ncodex_hooks = true\nhooks = false\n", CodexHooks{FeatureOff, "hooks"}, ""},
		{"[features]\nhooks = true\ncodex_hooks = false\n", CodexHooks{FeatureOn, "hooks"}, ""},
		{"[hooks]\n[features]\ncodex_hooks = false\n", CodexHooks{FeatureOff, "codex_hooks"}, ""},
		{"model = \"o3\"\n[features\n", CodexHooks{}, "config.toml:2:"},
		{"[features]\ncodex_hooks = \"yes\"\n", CodexHooks{}, "features.codex_hooks is yes, not true or false"},
		{"[features]\nhooks = 1\n", CodexHooks{}, "features.hooks is 1, not true or false"},
	}
	for _, tt := range tests {
		if err := os.WriteFile(path, []byte(tt.content), 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := CodexHooksFeature(path)
		if got != tt.want || (tt.err == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tt.err)) {
			t.Errorf("CodexHooksFeature(%q) = %v, %v; want %v, %q", tt.content, got, err, tt.want, tt.err)
		}
	}
	if got, err := CodexHooksFeature(filepath.Join(dir, "missing.toml")); got != (CodexHooks{}) || err != nil {
		t.Errorf("missing file: %v, %v", got, err)
	}
}

// TestCodexNotes: setup's notes read config.toml in Codex's home, name the
// key that turns hooks off, and give the older key to Codex before 0.124.
func TestCodexNotes(t *testing.T) {
	codexHome := t.TempDir()
	cfg := filepath.Join(codexHome, "config.toml")
	tests := []struct {
		content  string
		want     []string
		not      []string
		warnings string
	}{
		{"", []string{"older versions also need these lines in " + cfg + ":\n  [features]\n  codex_hooks = true\n"}, nil, ""},
		{"[features]\nhooks = true\n", nil, []string{"[features]", "turns hooks off"}, ""},
		{"[features]\nhooks = false\n", []string{cfg + " turns hooks off (hooks = false), so Codex runs none of them: delete hooks = false under [features]"}, []string{"older versions"}, ""},
		{"[features]\ncodex_hooks = false\n", []string{"(codex_hooks = false)", "delete codex_hooks = false"}, nil, ""},
		{"[features\n", nil, []string{"turns hooks off", "older versions"}, "cannot read Codex's settings: " + cfg + ":1:"},
	}
	for _, tt := range tests {
		if err := os.WriteFile(cfg, []byte(tt.content), 0o644); err != nil {
			t.Fatal(err)
		}
		notes, warning := CodexNotes(codexHome)
		if !strings.HasPrefix(notes, "Codex runs a new or changed hook only after you review it") {
			t.Errorf("%q: notes %q lack the review step", tt.content, notes)
		}
		for _, w := range tt.want {
			if !strings.Contains(notes, w) {
				t.Errorf("%q: notes %q lack %q", tt.content, notes, w)
			}
		}
		for _, n := range tt.not {
			if strings.Contains(notes, n) {
				t.Errorf("%q: notes %q have %q", tt.content, notes, n)
			}
		}
		if !strings.Contains(warning, tt.warnings) || (tt.warnings == "") != (warning == "") {
			t.Errorf("%q: warning %q, want %q", tt.content, warning, tt.warnings)
		}
	}
}

// TestRunCodexHome: Codex's hooks and learn command go in Codex's home,
// wherever that is, and nothing under ~/.codex; a Codex home that is not
// absolute is refused before anything is written.
func TestRunCodexHome(t *testing.T) {
	ctx := context.Background()
	home, codexHome := t.TempDir(), t.TempDir()
	exe := filepath.Join(t.TempDir(), "autofix")
	opts := Options{Agent: hook.Codex, Scope: hook.Local, Home: home, CodexHome: codexHome, Exe: exe, LockDir: t.TempDir()}
	steps, err := Run(ctx, opts)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{filepath.Join(codexHome, "hooks.json"), filepath.Join(codexHome, "prompts", "learn.md")}
	if len(steps) != len(want) {
		t.Fatalf("steps %+v, want %v", steps, want)
	}
	for i, st := range steps {
		if st.Path != want[i] || st.Action != Wrote {
			t.Errorf("step %d: %s %v, want %s written", i, st.Path, st.Action, want[i])
		}
		if _, err := os.Stat(want[i]); err != nil {
			t.Error(err)
		}
	}
	if _, err := os.Stat(filepath.Join(home, ".codex")); !os.IsNotExist(err) {
		t.Errorf("~/.codex touched: %v", err)
	}
	opts.Remove = true
	if steps, err = Run(ctx, opts); err != nil || steps[0].Action != Removed || steps[1].Action != Removed {
		t.Errorf("remove: %+v, %v", steps, err)
	}
	for _, bad := range []string{"", "codex"} {
		opts := opts
		opts.Remove, opts.CodexHome = false, bad
		if _, err := Run(ctx, opts); err == nil || !strings.Contains(err.Error(), "Codex's home directory") {
			t.Errorf("CodexHome %q: %v, want an error", bad, err)
		}
	}
}

// TestSyncRules: the hook rewrites autofix's unedited rules file when the
// rules change, and never creates or overwrites a file of the person's.
func TestSyncRules(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	lock := filepath.Join(t.TempDir(), "locks")
	one := CursorRules("autofix.json", []rules.Rule{{Number: 1, Category: "TOOL", Instruction: "Always use pnpm."}}, "")
	two := CursorRules("autofix.json", []rules.Rule{{Number: 2, Category: "TOOL", Instruction: "Always use bun."}}, "")
	path := filepath.Join(dir, ".cursor", "rules", "autofix.mdc")

	if st, err := SyncRules(ctx, dir, lock, one); err != nil || st.Action != Absent {
		t.Fatalf("SyncRules without a file = %v, %v; want Absent", st.Action, err)
	}
	if _, err := os.Stat(path); err == nil {
		t.Fatal("SyncRules created the file")
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, one, 0o644); err != nil {
		t.Fatal(err)
	}
	if st, err := SyncRules(ctx, dir, lock, one); err != nil || st.Action != Unchanged {
		t.Errorf("SyncRules same = %v, %v; want Unchanged", st.Action, err)
	}
	if st, err := SyncRules(ctx, dir, lock, two); err != nil || st.Action != Wrote {
		t.Errorf("SyncRules changed = %v, %v; want Wrote", st.Action, err)
	}
	if got, _ := os.ReadFile(path); string(got) != string(two) {
		t.Errorf("file = %s, want the new rules", got)
	}
	mine := append([]byte("Also: always use tabs.\n"), two...)
	if err := os.WriteFile(path, mine, 0o644); err != nil {
		t.Fatal(err)
	}
	if st, err := SyncRules(ctx, dir, lock, one); err != nil || st.Action != Edited {
		t.Errorf("SyncRules over an edited file = %v, %v; want Edited", st.Action, err)
	}
	if got, _ := os.ReadFile(path); string(got) != string(mine) {
		t.Error("SyncRules overwrote the person's edit")
	}
}

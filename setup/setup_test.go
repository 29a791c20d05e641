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

func TestCodexHooksFeature(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "config.toml")
	tests := []struct {
		content string
		want    Feature
		err     string
	}{
		{"", FeatureUnset, ""},
		{"model = \"o3\"\n", FeatureUnset, ""},
		{"[features]\ncodex_hooks = true\n", FeatureOn, ""},
		{"[features]\ncodex_hooks = false\n", FeatureOff, ""},
		{"model = \"o3\"\n[features\n", FeatureUnset, "config.toml:2:"},
		{"[features]\ncodex_hooks = \"yes\"\n", FeatureUnset, "not true or false"},
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
	if got, err := CodexHooksFeature(filepath.Join(dir, "missing.toml")); got != FeatureUnset || err != nil {
		t.Errorf("missing file: %v, %v", got, err)
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

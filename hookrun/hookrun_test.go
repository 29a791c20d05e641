package hookrun

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// testEnv is an Env in a fresh git workspace with a ruleset of one rule
// (not trusted yet), buffers for its streams, and environ for its
// environment.
func testEnv(t *testing.T, stdin string, environ ...string) (*Env, *bytes.Buffer, *bytes.Buffer) {
	t.Helper()
	dir := t.TempDir()
	ws := filepath.Join(dir, "repo")
	home := filepath.Join(dir, "home")
	for _, d := range []string{filepath.Join(ws, ".git"), filepath.Join(ws, ".agents"), home} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	rules := `[{"Rule_number": 1, "Category": "TOOL", "Instruction": "Always use pnpm instead of npm.", "Why": "team"}]`
	if err := os.WriteFile(filepath.Join(ws, ".agents", "autofix.json"), []byte(rules), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	env := &Env{
		Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errOut,
		Getenv:    func(k string) string { return map[string]string{"HOME": home}[k] },
		Environ:   func() []string { return environ },
		Now:       func() time.Time { return time.Date(2026, 5, 6, 7, 8, 9, 0, time.UTC) },
		Dir:       ws,
		ConfigDir: filepath.Join(home, ".config", "autofix"),
		CacheDir:  filepath.Join(home, ".cache", "autofix"),
		StateDir:  filepath.Join(home, ".local", "state", "autofix"),
	}
	return env, &out, &errOut
}

// TestRunNeverFails: a wrong command line or payload is one line on
// stderr and nothing on stdout.
func TestRunNeverFails(t *testing.T) {
	for _, tt := range []struct {
		name  string
		args  []string
		stdin string
		want  string
	}{
		{"no agent", nil, `{}`, `autofix: hook: want one agent (claude-code, codex or cursor), got []` + "\n"},
		{"two agents", []string{"codex", "cursor"}, `{}`, `autofix: hook: want one agent (claude-code, codex or cursor), got ["codex" "cursor"]` + "\n"},
		{"unknown agent", []string{"vim"}, `{}`, "autofix: hook: "},
		{"garbage", []string{"claude-code"}, "{not json", "autofix: hook: "},
	} {
		t.Run(tt.name, func(t *testing.T) {
			env, out, errOut := testEnv(t, tt.stdin)
			Run(context.Background(), env, tt.args)
			if out.Len() != 0 || strings.Count(errOut.String(), "\n") != 1 || !strings.HasPrefix(errOut.String(), tt.want) {
				t.Errorf("stdout %q, stderr %q; want nothing and %q", out.String(), errOut.String(), tt.want)
			}
		})
	}
}

// TestRunWithoutModelClient: a process without a model client (the lean
// binary, when no autofix is there to hand the run to) still answers
// with an embedding model configured, lexically, and says why.
func TestRunWithoutModelClient(t *testing.T) {
	prompt := `{"hook_event_name":"UserPromptSubmit","session_id":"s","prompt":"add a build script with npm"}`
	env, out, errOut := testEnv(t, prompt, "AUTOFIX_EMBED_MODEL=embeddinggemma")
	if _, err := env.TrustStore().Trust(context.Background(), filepath.Join(env.Dir, ".agents", "autofix.json"), mustRead(t, filepath.Join(env.Dir, ".agents", "autofix.json")), env.Now()); err != nil {
		t.Fatal(err)
	}
	Run(context.Background(), env, []string{"claude-code"})
	if !strings.Contains(out.String(), "Always use pnpm instead of npm.") {
		t.Errorf("stdout %q lacks the rule", out.String())
	}
	if want := "autofix: hook: semantic matching skipped, lexical only: autofix-hook has no model client: install autofix next to it (go install github.com/autofix/autofix/cmd/...@latest)\n"; errOut.String() != want {
		t.Errorf("stderr %q, want %q", errOut.String(), want)
	}
}

// TestRunWithoutYAML: a process without a YAML parser says, on one line,
// what to do about a config.yaml, and answers nothing.
func TestRunWithoutYAML(t *testing.T) {
	env, out, errOut := testEnv(t, `{"hook_event_name":"SessionStart","session_id":"s","source":"startup"}`)
	if err := os.MkdirAll(env.ConfigDir, 0o700); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(env.ConfigDir, "config.yaml")
	if err := os.WriteFile(path, []byte("capture: off\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	Run(context.Background(), env, []string{"claude-code"})
	want := "autofix: hook: read config " + path + ": autofix-hook reads no YAML (no YAML parser): install autofix next to it, or write the configuration as config.json\n"
	if out.Len() != 0 || errOut.String() != want {
		t.Errorf("stdout %q, stderr %q; want nothing and %q", out.String(), errOut.String(), want)
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

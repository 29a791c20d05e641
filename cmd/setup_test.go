package cmd

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/autofix/autofix/hookrun"
)

// tempBuild matches a path in a go-build temporary directory.
var tempBuild = regexp.MustCompile(`go-build[0-9]+/`)

// TestSetupRefusesGoRunBinary: a binary that `go run` built lives in a
// go-build temporary directory that Go deletes, so hooks must not point at
// it; any other absolute path is installed.
func TestSetupRefusesGoRunBinary(t *testing.T) {
	tests := []struct {
		name, exe string
		args      []string
		code      int
		stderr    string
	}{
		{"go run", "/tmp/go-build3141592653/b001/exe/autofix", nil, 1, "install it first: go install ./cmd/..., then run 'autofix setup claude-code'"},
		{"go run --global", "/tmp/go-build42/b001/exe/autofix", []string{"--global"}, 1, "then run 'autofix setup claude-code --global'"},
		{"go run with GOTMPDIR", "/home/me/.cache/gotmp/go-build777/b001/exe/autofix", []string{"--dry-run"}, 1, "temporary build"},
		{"installed", "/usr/local/bin/autofix", nil, 0, ""},
		{"go-build without digits is a real directory", "/home/me/go-builds/bin/autofix", nil, 0, ""},
		{"remove is allowed", "/tmp/go-build42/b001/exe/autofix", []string{"--remove"}, 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := hookTestEnv(t)
			env.Executable = tt.exe
			home := env.Getenv("HOME")
			code := Run(context.Background(), env, append([]string{"setup", "claude-code"}, tt.args...))
			stdout, stderr := env.Stdout.(*bytes.Buffer).String(), env.Stderr.(*bytes.Buffer).String()
			if code != tt.code || !strings.Contains(stderr, tt.stderr) {
				t.Fatalf("exit %d, stderr %q; want exit %d and %q", code, stderr, tt.code, tt.stderr)
			}
			for _, p := range []string{filepath.Join(env.Dir, ".claude", "settings.local.json"), filepath.Join(env.Dir, ".claude", "settings.json"), filepath.Join(home, ".claude", "settings.json")} {
				data, err := os.ReadFile(p)
				if tt.code != 0 && err == nil {
					t.Errorf("refused setup wrote %s:\n%s", p, data)
				}
				if tempBuild.Match(data) {
					t.Errorf("%s runs a temporary binary:\n%s", p, data)
				}
			}
			if tempBuild.MatchString(stdout) {
				t.Errorf("stdout shows the temporary binary: %q", stdout)
			}
			if tt.code == 0 && len(tt.args) == 0 && !strings.Contains(stdout, tt.exe+" hook claude-code") {
				t.Errorf("stdout %q does not name %s", stdout, tt.exe)
			}
		})
	}
}

// TestSetupArgs: setup takes exactly one agent; a wrong count is a usage
// error (exit 2) that says which.
func TestSetupArgs(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{nil, "needs an agent: claude-code, codex or cursor"},
		{[]string{"claude-code", "extra"}, "takes exactly one agent (claude-code, codex or cursor), got 2 arguments: claude-code extra"},
	}
	for _, tt := range tests {
		env := hookTestEnv(t)
		code := Run(context.Background(), env, append([]string{"setup"}, tt.args...))
		if stderr := env.Stderr.(*bytes.Buffer).String(); code != 2 || !strings.Contains(stderr, tt.want) {
			t.Errorf("setup %q: exit %d, stderr %q; want exit 2 and %q", tt.args, code, stderr, tt.want)
		}
	}
}

// TestOnPath: --shared warns unless an executable autofix is on PATH.
func TestOnPath(t *testing.T) {
	dir := t.TempDir()
	bin, plain := filepath.Join(dir, "bin"), filepath.Join(dir, "plain")
	for _, d := range []string{bin, plain} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(bin, "autofix"), []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(plain, "autofix"), []byte("not executable"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		path string
		want bool
	}{
		{bin, true},
		{plain + string(os.PathListSeparator) + bin, true},
		{plain, false},
		{"", false},
	} {
		env := &Env{
			Env: hookrun.Env{
				Getenv: func(k string) string {
					if k == "PATH" {
						return tt.path
					}
					return ""
				},
			},
		}
		if got := onPath(env, "autofix"); got != tt.want {
			t.Errorf("onPath(PATH=%q) = %v, want %v", tt.path, got, tt.want)
		}
	}
}

// TestSetupSharedWarnsOffPath: --shared writes the bare command and warns
// when autofix is not on this person's PATH either.
func TestSetupSharedWarnsOffPath(t *testing.T) {
	env := hookTestEnv(t)
	get := env.Getenv
	env.Getenv = func(k string) string {
		if k == "PATH" {
			return t.TempDir()
		}
		return get(k)
	}
	code := Run(context.Background(), env, []string{"setup", "claude-code", "--shared"})
	stdout, stderr := env.Stdout.(*bytes.Buffer).String(), env.Stderr.(*bytes.Buffer).String()
	if code != 0 || !strings.Contains(stderr, "autofix: warning: autofix is not on your PATH") {
		t.Fatalf("exit %d, stderr %q; want 0 and the PATH warning", code, stderr)
	}
	data, err := os.ReadFile(filepath.Join(env.Dir, ".claude", "settings.json"))
	if err != nil || strings.Count(string(data), `"command": "autofix hook claude-code"`) != 8 {
		t.Errorf("settings.json (%v):\n%s\nstdout %s", err, data, stdout)
	}
}

// TestSetupLeanForm: setup installs the lean hook binary when it sits next
// to autofix, `autofix hook` when it does not, and switching replaces the
// entries (no duplicates); --shared keeps the portable bare command;
// doctor says which form runs and how to get the fast one.
func TestSetupLeanForm(t *testing.T) {
	env := hookTestEnv(t)
	bin := t.TempDir()
	env.Executable = filepath.Join(bin, "autofix")
	lean := filepath.Join(bin, "autofix-hook")
	for _, p := range []string{env.Executable, lean} {
		if err := os.WriteFile(p, []byte("#!/bin/sh\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	local := filepath.Join(env.Dir, ".claude", "settings.local.json")
	run := func(args ...string) string {
		t.Helper()
		var out, errOut bytes.Buffer
		env.Stdout, env.Stderr = &out, &errOut
		if code := Run(context.Background(), env, args); code != 0 && args[0] != "doctor" {
			t.Fatalf("%v: exit %d, stderr %s", args, code, errOut.String())
		}
		return out.String()
	}
	count := func(path, s string) int {
		t.Helper()
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return strings.Count(string(data), s)
	}
	fast, slow := `"command": "`+lean+` claude-code"`, `"command": "`+env.Executable+` hook claude-code"`

	if out := run("setup", "claude-code"); !strings.Contains(out, "(running "+lean+" claude-code)") {
		t.Errorf("setup said %q", out)
	}
	if n, m := count(local, fast), count(local, " hook claude-code"); n != 8 || m != 0 {
		t.Errorf("lean install: %d lean entries, %d of autofix hook; want 8 and 0", n, m)
	}
	if out := run("doctor"); !strings.Contains(out, "ok    hooks claude-code: .claude/settings.local.json runs "+lean+" claude-code\n") {
		t.Errorf("doctor on the lean form:\n%s", out)
	}

	// autofix-hook gone: doctor fails the hook, setup goes back to the
	// slow form, and doctor says how to get the fast one.
	if err := os.Remove(lean); err != nil {
		t.Fatal(err)
	}
	if out := run("doctor"); !strings.Contains(out, "fail  hooks claude-code: .claude/settings.local.json runs "+lean+", which is missing or not executable\n      fix: autofix setup claude-code\n") {
		t.Errorf("doctor with autofix-hook gone:\n%s", out)
	}
	run("setup", "claude-code")
	if n, m := count(local, slow), count(local, "autofix-hook"); n != 8 || m != 0 {
		t.Errorf("slow install: %d entries of autofix hook, %d of autofix-hook; want 8 and 0", n, m)
	}
	if out := run("doctor"); !strings.Contains(out, "ok    hooks claude-code: .claude/settings.local.json runs "+env.Executable+" hook claude-code (autofix hook; autofix-hook answers faster: go install github.com/autofix/autofix/cmd/...@latest puts it next to autofix, then run 'autofix setup claude-code')\n") {
		t.Errorf("doctor on the slow form:\n%s", out)
	}

	// autofix-hook back: doctor warns until setup switches again.
	if err := os.WriteFile(lean, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if out := run("doctor"); !strings.Contains(out, "warn  hooks claude-code: .claude/settings.local.json runs "+env.Executable+" hook claude-code (autofix hook), though "+lean+", which answers faster, is next to it\n      fix: autofix setup claude-code\n") {
		t.Errorf("doctor on the slow form with autofix-hook there:\n%s", out)
	}
	run("setup", "claude-code")
	if n, m := count(local, fast), count(local, " hook claude-code"); n != 8 || m != 0 {
		t.Errorf("switched back: %d lean entries, %d of autofix hook; want 8 and 0", n, m)
	}

	// --shared: the bare command from PATH, whatever sits next to autofix.
	get := env.Getenv
	env.Getenv = func(k string) string {
		if k == "PATH" {
			return bin
		}
		return get(k)
	}
	run("setup", "claude-code", "--shared")
	if n := count(filepath.Join(env.Dir, ".claude", "settings.json"), `"command": "autofix hook claude-code"`); n != 8 {
		t.Errorf("--shared: %d bare entries, want 8", n)
	}
	if n := count(local, "claude-code"); n != 0 {
		t.Errorf("--shared left %d entries in the local settings", n)
	}
}

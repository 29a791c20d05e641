package cmd

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/autofix/autofix/guard"
	"github.com/autofix/autofix/hook"
	"github.com/autofix/autofix/hookrun"
	"github.com/autofix/autofix/scope"
)

// benchGuardWorkspace is benchWorkspace's trusted ruleset of 1,000 rules
// with a check, each its own, on every tenth rule (100 checks).
func benchGuardWorkspace(b *testing.B) *Env {
	env := benchWorkspace(b, 1000, 10)
	var entries []map[string]any
	if err := json.Unmarshal(benchRuleset(1000), &entries); err != nil {
		b.Fatal(err)
	}
	shapes := []string{"Never run `deploy-%d`.", "Never import lib%d.", "Never edit files in out%d/.", "Never use github.com/acme/pkg%d."}
	for i := 0; i < len(entries); i += 10 {
		instr := fmt.Sprintf(shapes[(i/10)%len(shapes)], i)
		c, ok := guard.Propose(instr)
		if !ok {
			b.Fatalf("no check for %q", instr)
		}
		entries[i]["Instruction"], entries[i]["Check"] = instr, c
	}
	data, err := json.MarshalIndent(entries, "", "  ")
	if err != nil {
		b.Fatal(err)
	}
	ws, err := scope.Detect(env.Dir)
	if err != nil {
		b.Fatal(err)
	}
	path := filepath.Join(ws.Root, "autofix.json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		b.Fatal(err)
	}
	if _, err := env.trustStore().Trust(context.Background(), path, data, time.Time{}); err != nil {
		b.Fatal(err)
	}
	return env
}

// BenchmarkGuardHook is what the guard step adds to a hook call, in a
// fresh process: locate, read, hash and parse the trusted ruleset of 1,000
// rules (100 with checks), read the preferences, and evaluate the checks
// that apply to the call. The goal is at most 1 ms. no-checks is the same
// ruleset without checks, which is read but not parsed.
func BenchmarkGuardHook(b *testing.B) {
	cfg := Config{Guard: guard.Deny}
	b.Run("no-checks/bash", func(b *testing.B) {
		env := benchWorkspace(b, 1000, 10)
		ev := hook.Event{Agent: hook.ClaudeCode, Name: "PreToolUse", Kind: hook.ShellCommand,
			Input: guard.Input{Tools: []string{guard.ToolBash}, Commands: []string{"npm install"}}}
		b.ReportAllocs()
		for b.Loop() {
			if d, _, err := hookrun.GuardCall(env.hookEnv(), env.hookEnv(), cfg, ev, nil); err != nil || d.Deny {
				b.Fatal(d, err)
			}
		}
	})
	env := benchGuardWorkspace(b)
	for _, tc := range []struct {
		name string
		ev   hook.Event
	}{
		{"bash", hook.Event{Agent: hook.ClaudeCode, Name: "PreToolUse", Kind: hook.ShellCommand,
			Input: guard.Input{Tools: []string{guard.ToolBash}, Commands: []string{"cd web && pnpm install && git commit -m 'add the signup form'"}}}},
		{"write", hook.Event{Agent: hook.ClaudeCode, Name: "PreToolUse", Kind: hook.FileEdit,
			Input: guard.Input{Tools: []string{guard.ToolWrite}, Contents: []string{"import { format } from 'date-fns'\nexport const when = () => format(new Date(), 'yyyy')\n"}}}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			// Check once that the checks are read and would act.
			if n := len(hookrun.GuardRules(env.hookEnv(), mustWorkspace(b, env))); n != 100 {
				b.Fatalf("%d checks read, want 100", n)
			}
			b.ReportAllocs()
			for b.Loop() {
				d, answered, err := hookrun.GuardCall(env.hookEnv(), env.hookEnv(), cfg, tc.ev, []string{"src/when.ts"})
				if err != nil || answered || d.Deny || len(d.Errors) > 0 {
					b.Fatalf("guard: %+v %v %v", d, answered, err)
				}
			}
		})
	}
}

func mustWorkspace(b *testing.B, env *Env) scope.Workspace {
	ws, err := env.workspace()
	if err != nil {
		b.Fatal(err)
	}
	return ws
}

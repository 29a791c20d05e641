package cmd

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/autofix/autofix/hook"
	"github.com/autofix/autofix/hookrun"
	"github.com/autofix/autofix/me"
	"github.com/autofix/autofix/scope"
)

// benchRuleset returns an autofix.json of n rules, indented as autofix
// writes it, built from a vocabulary of tools, subjects and places so
// that words repeat as they do in real rulesets.
func benchRuleset(n int) []byte {
	cats := []string{"STYLE", "CODE", "ARCH", "TOOL", "PROCESS", "DATA", "UX", "OTHER"}
	verbs := []string{"Always use", "Never use", "Always prefer", "Never call", "Always run", "Always keep"}
	things := []string{"pnpm", "axios", "zod schemas", "named exports", "vitest", "drizzle-kit", "Redis keys", "fmt.Errorf", "table-driven tests",
		"aria-label", "ISO 8601 timestamps", "kebab-case file names", "docker compose", "the logger module", "feature flags", "UUIDv7 keys",
		"context.Context", "CHANGELOG.md entries", "Conventional Commits", "skeleton loaders", "i18n helpers", "Terraform modules", "buf generate"}
	places := []string{"in src/components", "for every API route handler", "in internal/service", "in SQL migrations", "before committing",
		"in the checkout flow", "for background jobs", "in docs/", "in the billing module", "for the mobile app", "in Go packages"}
	type entry struct {
		Number      int    `json:"Rule_number"`
		Category    string `json:"Category"`
		Instruction string `json:"Instruction"`
		Why         string `json:"Why"`
	}
	rules := make([]entry, n)
	for i := range rules {
		why := "team convention " + strconv.Itoa(i%97)
		if i%50 == 49 {
			why += fmt.Sprintf(" (supersedes rule %d)", i-10)
		}
		rules[i] = entry{
			Number:      i + 1,
			Category:    cats[i%len(cats)],
			Instruction: fmt.Sprintf("%s %s %s (variant %d).", verbs[i%len(verbs)], things[(i/3)%len(things)], places[(i/7)%len(places)], i),
			Why:         why,
		}
	}
	data, err := json.MarshalIndent(rules, "", "  ")
	if err != nil {
		panic(err)
	}
	return data
}

// benchPrefs returns a preference store of n preferences as me writes it:
// most global, some scoped to the workspace ws, a few forgotten.
func benchPrefs(n int, ws scope.Workspace) []byte {
	cats := []string{"CODE", "PROCESS", "STYLE", "TOOL", "UX"}
	subjects := []string{"incremental refactors", "emojis in commit messages", "Go doc comments", "early returns", "small pull requests",
		"structured logging", "error wrapping with %w", "plain language in UI copy", "pnpm workspaces", "golden files in tests"}
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	prefs := make([]me.Preference, n)
	for i := range prefs {
		id := "p" + strconv.Itoa(i+1)
		sc := scope.All()
		if i%4 == 3 {
			sc = scope.Only(ws)
		}
		p := me.Preference{
			ID:          id,
			Category:    cats[i%len(cats)],
			Instruction: fmt.Sprintf("Always prefer %s in the %d module.", subjects[i%len(subjects)], i),
			Why:         "I review faster that way",
			Words:       fmt.Sprintf("i like %s, please (%d)", subjects[i%len(subjects)], i),
			Created:     at.Add(time.Duration(i) * time.Minute),
			Normalizer:  "builtin",
			Language:    "en",
			Scope:       sc,
			Status:      me.Active,
			History:     []me.Event{{Time: at.Add(time.Duration(i) * time.Minute), What: "taught", Detail: "with scope " + sc.String()}},
		}
		if i%10 == 9 {
			p.Status = me.Forgotten
			p.History = append(p.History, me.Event{Time: at.Add(time.Duration(i+1) * time.Minute), What: "forgotten"})
		}
		prefs[i] = p
	}
	data, err := json.MarshalIndent(map[string]any{"version": me.Version, "next_id": n + 1, "preferences": prefs}, "", "  ")
	if err != nil {
		panic(err)
	}
	return data
}

// BenchmarkContext measures the whole `me context` path as the agent
// integrations run it, through buildBrief: detect the workspace, load
// autofix.json from disk with the strict parser, load the personal
// preference store, merge, score for a task, select and render. The
// issue's targets (one core): 1,000 rules under 2 ms, 10,000 under 20 ms.
// 10,000 rules of this size are over rules.MaxFileSize, so that size is
// measured from bytes by brief's BenchmarkPath.
func BenchmarkContext(b *testing.B) {
	for _, tc := range []struct{ rules, prefs int }{
		{100, 10}, {1000, 10}, {5000, 10}, {1000, 1000},
	} {
		b.Run(fmt.Sprintf("rules=%d/prefs=%d", tc.rules, tc.prefs), func(b *testing.B) {
			env := benchWorkspace(b, tc.rules, tc.prefs)
			cfg := Config{Budget: 1500}
			req := briefRequest{Task: "Add retry logic to the Go payment client and commit it", Files: []string{"internal/payments/client.go"}}
			ctx := context.Background()
			// Check once that the benchmark measures a real brief.
			out, err := buildBrief(ctx, env, cfg, req)
			if err != nil {
				b.Fatal(err)
			}
			if len(out.Notes) > 0 || out.Text == "" || len(out.Selection.Rules) == 0 {
				b.Fatalf("not a full brief: notes %q, %d rules", out.Notes, len(out.Selection.Rules))
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := buildBrief(ctx, env, cfg, req); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// benchWorkspace is a workspace with a trusted ruleset of n rules and a
// preference store of prefs preferences.
func benchWorkspace(b *testing.B, n, prefs int) *Env {
	b.Helper()
	dir := b.TempDir()
	wsDir := filepath.Join(dir, "ws")
	if err := os.MkdirAll(wsDir, 0o755); err != nil {
		b.Fatal(err)
	}
	env := &Env{Env: hookrun.Env{Dir: wsDir, ConfigDir: filepath.Join(dir, "config"), CacheDir: filepath.Join(dir, "cache")}}
	ws, err := scope.Detect(wsDir)
	if err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(wsDir, "autofix.json"), benchRuleset(n), 0o644); err != nil {
		b.Fatal(err)
	}
	// The person trusts this ruleset (repository trust gate).
	if _, err := env.trustStore().Trust(context.Background(), filepath.Join(ws.Root, "autofix.json"), benchRuleset(n), time.Time{}); err != nil {
		b.Fatal(err)
	}
	if err := os.MkdirAll(env.ConfigDir, 0o700); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(env.ConfigDir, me.FileName), benchPrefs(prefs, ws), 0o600); err != nil {
		b.Fatal(err)
	}
	return env
}

// BenchmarkPromptHook measures what the prompt hook computes for a prompt
// that carries a correction: the brief for it (as BenchmarkContext), and
// the detection of the rule with its candidate block. The detect
// sub-benchmark is that cost alone, to compare with the brief's.
func BenchmarkPromptHook(b *testing.B) {
	ctx := context.Background()
	cfg := Config{Budget: 1500, Capture: captureSuggest}
	ev := hook.Event{Kind: hook.PromptSubmit, Prompt: "no, we use vitest here, not jest"}
	if hookrun.SelfRepair(ctx, cfg, ev) == "" {
		b.Fatal("the prompt carries no candidate rule")
	}
	b.Run("detect", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			hookrun.SelfRepair(ctx, cfg, ev)
		}
	})
	b.Run("rules=1000/prefs=10", func(b *testing.B) {
		env := benchWorkspace(b, 1000, 10)
		req := briefRequest{Task: ev.Prompt}
		b.ReportAllocs()
		for b.Loop() {
			out, err := buildBrief(ctx, env, cfg, req)
			if err != nil {
				b.Fatal(err)
			}
			hook.CapOf(hook.ClaudeCode).Fit(out.Text, hookrun.SelfRepair(ctx, cfg, ev))
		}
	})
	// Codex's token cap: the budget shrinks to fit (see hookrun.FittedBrief).
	b.Run("codex/rules=1000/prefs=10", func(b *testing.B) {
		env := benchWorkspace(b, 1000, 10)
		req := briefRequest{Task: ev.Prompt}
		limit := hook.CapOf(hook.Codex)
		b.ReportAllocs()
		for b.Loop() {
			note := hookrun.SelfRepair(ctx, cfg, ev)
			out, err := hookrun.FittedBrief(ctx, env.hookEnv(), cfg, limit, note, req)
			if err != nil {
				b.Fatal(err)
			}
			limit.Fit(out.Text, note)
		}
	})
}

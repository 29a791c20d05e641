package cmd

import (
	"context"
	"fmt"
	"strings"

	"github.com/autofix/autofix/brief"
	"github.com/autofix/autofix/hook"
	"github.com/spf13/cobra"
)

type meContextOptions struct {
	env   *Env
	task  string
	files []string
	limit int
	json  bool
	// agent is the integration whose cap the preview applies.
	agent string
	// flags carries --budget to the configuration, where it overrides the
	// config file and AUTOFIX_BUDGET.
	cmd *cobra.Command
}

func newMeContextCmd(env *Env) *cobra.Command {
	opts := &meContextOptions{env: env}
	c := &cobra.Command{
		Use:   "context [TASK]",
		Short: "Preview exactly what an agent receives for a task",
		Long: `Context prints the brief an agent receives before TASK in this workspace:
the project rules and personal preferences in force, those that apply to the
task first, within a token budget. It is byte for byte the text the agent
hooks and the MCP server send.

Rules are ranked by the task's words, the files it touches (--files), the
tools and libraries they name, and the kind of work (committing, a schema
migration, …). With no TASK, all rules in force are listed in precedence
order: project rules, then preferences for this workspace, then global
ones, newest first. The text is cut to the cap of the agent named by
--agent (claude-code, codex, cursor or mcp; all cap it at 10,000
characters today), exactly as the hook cuts it. --json adds each rule's
score and why it was chosen (score_parts: the lexical, concept, files,
intent, semantic, prior, learned and related parts), the task's work_type, the omitted ids, and the superseded rules with
what supersedes them.

A budget below 150 tokens (the header and one rule) is raised to 150 with a
warning; when the highest-ranked rule does not fit, a note names it and the
budget that would carry it.`,
		Example: `  autofix me context "write the migration for the users table"
  autofix me context "fix the flaky test" --files src/utils/format.test.ts
  autofix me context --budget 400 --limit 8 --json "commit these changes"`,
		// TASK is free text: quoted, or its words joined.
		Args: cobra.ArbitraryArgs,
		RunE: func(c *cobra.Command, args []string) error {
			opts.task = joinText(args)
			opts.cmd = c
			return runMeContext(c.Context(), opts)
		},
	}
	c.Flags().StringSliceVar(&opts.files, "files", nil, "files the task touches, comma-separated or repeated")
	c.Flags().Int("budget", brief.DefaultBudget, "token budget of the brief (config: budget)")
	c.Flags().IntVar(&opts.limit, "limit", 0, "deliver at most this many rules (0: no cap)")
	c.Flags().BoolVar(&opts.json, "json", false, "print the selection as JSON, with scores and reasons")
	c.Flags().StringVar(&opts.agent, "agent", string(hook.ClaudeCode), "preview what this agent receives: claude-code, codex, cursor or mcp")
	_ = c.RegisterFlagCompletionFunc("agent", func(c *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		out, d := completeAgents(c, args, toComplete)
		if strings.HasPrefix("mcp", toComplete) {
			out = append(out, "mcp")
		}
		return out, d
	})
	return c
}

func runMeContext(ctx context.Context, opts *meContextOptions) error {
	env := opts.env
	if err := checkAgent(opts.agent); err != nil {
		return err
	}
	if opts.limit < 0 {
		return usageErrorf("--limit must be 0 (no cap) or a positive number, not %d", opts.limit)
	}
	var cfg Config
	var err error
	if opts.cmd != nil {
		cfg, err = loadConfig(env, opts.cmd.Flags())
	} else {
		cfg, err = loadConfig(env, nil)
	}
	if err != nil {
		return err
	}
	ws, src, req, err := briefInputs(env, cfg, briefRequest{Task: opts.task, Files: opts.files, Limit: opts.limit})
	if err != nil {
		return err
	}
	// Bring the learned weights up to date with the log; the brief reads
	// them from the cache, as the hook does.
	if _, err := env.learnedWeights(ws); err != nil {
		fmt.Fprintf(env.Stderr, "autofix: note: learned weights not updated: %v\n", err)
	}
	b, err := brief.Compose(ctx, ws, src, req)
	if err != nil {
		return err
	}
	for _, n := range b.Notes {
		fmt.Fprintf(env.Stderr, "autofix: note: %s\n", n)
	}
	if opts.json {
		return writeJSON(env.Stdout, brief.ViewOf(b))
	}
	text, rulesPart, limit, err := hook.Preview(ctx, opts.agent, cfg.Capture != captureOff, ws, src, req, b)
	if err != nil {
		return err
	}
	switch {
	case b.Text == "" && text == "":
		fmt.Fprintf(env.Stderr, "autofix: note: no project rules or personal preferences are in force in %s; an agent receives nothing\n", b.Workspace.Name)
		return nil
	case b.Text == "":
		fmt.Fprintf(env.Stderr, "autofix: note: no project rules or personal preferences are in force in %s; an agent receives only the self-repair note\n", b.Workspace.Name)
	case len(rulesPart) != len(b.Text):
		capName := fmt.Sprintf("%d-character", limit.Chars)
		if limit.Tokens > 0 {
			capName = fmt.Sprintf("%d-token", limit.Tokens)
		}
		fmt.Fprintf(env.Stderr, "autofix: note: cut to fit the %s cap of %s, as the agent receives it; --json lists all %d selected rules\n", capName, opts.agent, len(b.Selection.Rules))
	}
	_, err = fmt.Fprint(env.Stdout, text)
	return err
}

// checkAgent accepts the integrations me context can preview.
func checkAgent(agent string) error {
	if agent == "mcp" {
		return nil
	}
	if _, err := hook.ParseAgent(agent); err != nil {
		return usageErrorf("--agent: unknown agent %q (want claude-code, codex, cursor or mcp)", agent)
	}
	return nil
}

package cmd

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/autofix/autofix/normalize"
	"github.com/autofix/autofix/rules"
	"github.com/spf13/cobra"
)

type learnOptions struct {
	env    *Env
	cfg    Config
	text   string
	dryRun bool
	json   bool
}

func newLearnCmd(env *Env) *cobra.Command {
	opts := &learnOptions{env: env}
	c := &cobra.Command{
		Use:   "learn [--dry-run] [--json] [--model M|off] TEXT",
		Short: "Record a project rule from free text",
		Long: `Learn turns TEXT — a correction, a rejection, a preference or a lesson, in
any language — into a strict imperative rule and appends it to the project
ruleset (autofix.json). A rule that contradicts an older one supersedes it and
says so in its Why.

The normalizer is chosen by --model (config key "model", AUTOFIX_MODEL):
"auto" (default) uses Ollama with the default model when it answers and has
the model, else the built-in normalizer; "off" always uses the built-in one;
a model name uses that Ollama model and fails when it is not available.
Vague text ("write clean code") is refused.`,
		Example: `  autofix learn "no, don't use npm here, we always use pnpm"
  autofix learn --dry-run --json "Stop adding emojis to commit messages"
  autofix learn --model off "Nein, benutze kein Axios, nimm das native fetch"
  autofix learn --model qwen2.5:3b "put API route handlers in src/server/routes"`,
		Args: exactArgs(1, "the text to learn from (quote it)"),
		RunE: func(c *cobra.Command, args []string) error {
			opts.text = strings.TrimSpace(args[0])
			if opts.text == "" {
				return usageErrorf("the text to learn from is empty")
			}
			cfg, err := loadConfig(env, c.Flags())
			if err != nil {
				return err
			}
			opts.cfg = cfg
			return runLearn(c.Context(), opts)
		},
	}
	f := c.Flags()
	f.BoolVar(&opts.dryRun, "dry-run", false, "show the rule; write nothing")
	f.BoolVar(&opts.json, "json", false, "print the result as JSON")
	f.String("model", "", "normalizer: auto, off (built-in) or an Ollama model name")
	return c
}

// learnResult is the --json output of learn.
type learnResult struct {
	normalize.Result
	Number int    `json:"number,omitempty"`
	Path   string `json:"path"`
	DryRun bool   `json:"dry_run"`
}

func runLearn(ctx context.Context, opts *learnOptions) error {
	env := opts.env
	ws, root, err := env.openWorkspace()
	if err != nil {
		return err
	}
	defer root.Close()
	rs, err := rules.Load(root)
	if err != nil {
		return err
	}
	// Show the model the rules in force, so it names what it supersedes.
	superseded := rules.Resolve(rs.Rules)
	var existing []normalize.Existing
	for _, r := range rs.Rules {
		if _, gone := superseded[r.Number]; gone {
			continue
		}
		existing = append(existing, normalize.Existing{ID: strconv.Itoa(r.Number), Category: r.Category, Instruction: r.Instruction})
	}
	res, err := normalizeText(ctx, env, opts.cfg, opts.text, existing)
	if err != nil {
		return err
	}
	out := learnResult{Result: res, Path: rs.Name, DryRun: opts.dryRun}
	if !opts.dryRun {
		written, added, err := appendRules(ctx, env, ws, root, rules.Rule{Category: res.Category, Instruction: res.Instruction, Why: res.Why})
		if err != nil {
			return err
		}
		out.Number = added[0].Number
		if written != nil && written.Name != "" {
			out.Path = written.Name
		}
	}
	if opts.json {
		enc := json.NewEncoder(env.Stdout)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		return enc.Encode(out)
	}
	if opts.dryRun {
		fmt.Fprintf(env.Stdout, "Would learn rule ([%s]): %s — for %s (dry run, nothing written).\n", res.Category, res.Instruction, out.Path)
	} else {
		fmt.Fprintf(env.Stdout, "Learned rule #%d ([%s]): %s — recorded in %s.\n", out.Number, res.Category, res.Instruction, out.Path)
	}
	if len(res.Supersedes) > 0 {
		fmt.Fprintf(env.Stdout, "Supersedes rule %s.\n", joinRuleIDs(res.Supersedes))
	}
	return nil
}

func joinRuleIDs(ids []string) string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = "#" + id
	}
	return strings.Join(out, ", ")
}

package cmd

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/autofix/autofix/agentfile"
	"github.com/autofix/autofix/normalize"
	"github.com/autofix/autofix/normalize/ollama"
	"github.com/autofix/autofix/rules"
	"github.com/spf13/cobra"
)

type importOptions struct {
	env   *Env
	cfg   Config
	files []string
	write bool
	json  bool
}

func newImportCmd(env *Env) *cobra.Command {
	opts := &importOptions{env: env}
	c := &cobra.Command{
		Use:   "import [--write] [--json] [--model M|off] FILE…",
		Short: "Turn the rules of agents' instruction files into project rules",
		Long: `Import reads the bullet ("- …") and numbered ("1. …") lines of the
instruction files agents read — CLAUDE.md, AGENTS.md, .cursorrules,
.cursor/rules/*.mdc (a directory: its .mdc files), copilot-instructions.md —
and turns each into a strict imperative rule with the normalizer, as learn
does (--model, config key "model"). Frontmatter, headings, code blocks and
autofix's own exported section are not read; a file autofix wrote whole is
skipped. Vague lines, and prose that is not a list item, are listed as
skipped, with the reason.

It is a dry run by default: it lists the rules it would add and the numbers
they would get. --write appends them to the project ruleset in one write;
a line that says what a rule in force says already adds nothing, so
importing again adds no duplicates. Each rule's Why names its source line,
e.g. "imported from CLAUDE.md:12".`,
		Example: `  autofix import CLAUDE.md
  autofix import --write AGENTS.md .cursorrules
  autofix import --json .cursor/rules
  autofix import --model off .github/copilot-instructions.md`,
		Args: func(c *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usageErrorf("%s needs at least one file, e.g. CLAUDE.md (see '%s --help')", c.CommandPath(), c.CommandPath())
			}
			return nil
		},
		RunE: func(c *cobra.Command, args []string) error {
			opts.files = args
			cfg, err := loadConfig(env, c.Flags())
			if err != nil {
				return err
			}
			opts.cfg = cfg
			return runImport(c.Context(), opts)
		},
	}
	f := c.Flags()
	f.BoolVar(&opts.write, "write", false, "append the rules (default: list them, write nothing)")
	f.BoolVar(&opts.json, "json", false, "print the result as JSON")
	f.String("model", "", "normalizer: auto, off (built-in) or an Ollama model name")
	return c
}

func runImport(ctx context.Context, opts *importOptions) error {
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
	paths, err := agentfile.Files(env.Dir, opts.files)
	if err != nil {
		return err
	}
	cfg, pinned := opts.cfg, false
	res, err := agentfile.Plan(ctx, rs, ws.Root, paths, func(ctx context.Context, text string, existing []normalize.Existing) (normalize.Result, error) {
		if !pinned {
			cfg, pinned = pinNormalizer(ctx, env, cfg), true
		}
		return importLine(ctx, env, cfg, text, existing)
	})
	if err != nil {
		return err
	}
	res.DryRun = !opts.write
	if opts.write && len(res.Rules) > 0 {
		err := res.Apply(func(add ...rules.Rule) (*rules.Ruleset, []rules.Rule, error) {
			return appendRules(ctx, env, ws, root, add...)
		})
		if err != nil {
			return err
		}
	}
	if opts.json {
		return writeJSON(env.Stdout, res)
	}
	writeImport(env, opts, res)
	return nil
}

// importLine normalizes one line as learn does: the same character check,
// normalizer and rule validation. A failure of the normalizer itself (the
// model named is not available) stops the import instead of skipping a
// line.
func importLine(ctx context.Context, env *Env, cfg Config, text string, existing []normalize.Existing) (normalize.Result, error) {
	if err := checkWords(text); err != nil {
		return normalize.Result{}, err
	}
	r, err := normalizeText(ctx, env, cfg, text, existing)
	switch {
	case ctx.Err() != nil:
		return r, &agentfile.Abort{Err: ctx.Err()}
	case errors.Is(err, normalize.ErrModelUnavailable) || errors.Is(err, normalize.ErrModelNotFound):
		return r, &agentfile.Abort{Err: err}
	case err != nil:
		return r, err
	}
	if err := checkRule(r.Category, r.Instruction, r.Why); err != nil {
		return r, err
	}
	return r, nil
}

// pinNormalizer decides auto mode once for a whole import: the model when
// Ollama answers and has it, else the built-in normalizer with one notice,
// rather than a probe and a notice for every line.
func pinNormalizer(ctx context.Context, env *Env, cfg Config) Config {
	m := normalizeMode(env, cfg)
	if !m.Auto() {
		return cfg
	}
	sel, err := ollama.Select(ctx, m)
	if err != nil {
		return cfg
	}
	printNotice(env, sel.Notice)
	cfg.Model = cmp.Or(sel.Model(), "off")
	return cfg
}

func writeImport(env *Env, opts *importOptions, res agentfile.Import) {
	out := env.Stdout
	n := len(res.Rules)
	switch {
	case n == 0:
		fmt.Fprintf(out, "No new rules to import into %s.\n", res.Path)
	case res.DryRun:
		fmt.Fprintf(out, "Would import %d %s into %s (dry run, nothing written):\n", n, plural(n, "rule", "rules"), res.Path)
	default:
		fmt.Fprintf(out, "Imported %d %s into %s:\n", n, plural(n, "rule", "rules"), res.Path)
	}
	for _, r := range res.Rules {
		fmt.Fprintf(out, "  #%d [%s] %s (%s)\n", r.Number, r.Category, r.Instruction, r.Source)
	}
	if len(res.Already) > 0 {
		fmt.Fprintf(out, "Already in force (%d):\n", len(res.Already))
		for _, l := range res.Already {
			fmt.Fprintf(out, "  %s: rule #%d\n", l.Source, l.Number)
		}
	}
	if len(res.Skipped) > 0 {
		fmt.Fprintf(out, "Skipped (%d):\n", len(res.Skipped))
		for _, l := range res.Skipped {
			if l.Text == "" || strings.Contains(l.Reason, l.Text) {
				fmt.Fprintf(out, "  %s: %s\n", l.Source, l.Reason)
				continue
			}
			fmt.Fprintf(out, "  %s: %q: %s\n", l.Source, cut(l.Text, 60), l.Reason)
		}
	}
	if res.DryRun && n > 0 {
		fmt.Fprintf(out, "Run 'autofix import --write %s' to append them.\n", strings.Join(opts.files, " "))
	}
}

// cut shortens s to n runes, with an ellipsis.
func cut(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

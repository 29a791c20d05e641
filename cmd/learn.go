package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/autofix/autofix/guard"
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
	check  checkFlags
}

func newLearnCmd(env *Env) *cobra.Command {
	opts := &learnOptions{env: env}
	c := &cobra.Command{
		Use:   "learn [--dry-run] [--json] [--model M|off] TEXT",
		Short: "Record a project rule from free text",
		Long: `Learn turns TEXT — a correction, a rejection, a preference or a lesson, in
any language, quoted or not — into a strict imperative rule and appends it
to the project ruleset (autofix.json). A rule that contradicts an older one
supersedes it and says so in its Why. --dry-run shows the rule and the
number it would get.

The normalizer is chosen by --model (config key "model", AUTOFIX_MODEL):
"auto" (default) uses Ollama with the default model when it answers and has
the model, else the built-in normalizer; "off" always uses the built-in one;
a model name uses that Ollama model and fails when it is not available.
Vague text ("write clean code") is refused. Text that comes out as a rule in
force already (the same words, ignoring case, punctuation and spacing) adds
nothing: learn names that rule and succeeds.

A rule with an unambiguous machine-checkable shape (a package manager used
instead of others, a forbidden library, a force push, emoji in commit
messages, a forbidden folder) gets a check, which the agent hooks enforce
before a tool call (see "Guardrails" in the README); the line then ends in
"(checked)". --check sets one by hand, --no-check records none.`,
		Example: `  autofix learn "no, don't use npm here, we always use pnpm"
  autofix learn --dry-run --json "Stop adding emojis to commit messages"
  autofix learn --model off "Nein, benutze kein Axios, nimm das native fetch"
  autofix learn --model qwen2.5:3b "put API route handlers in src/server/routes"
  autofix learn --check '(^|&& )make release' "never run make release by hand, CI does it"`,
		Args: textArgs("the text to learn from"),
		RunE: func(c *cobra.Command, args []string) error {
			opts.text = joinText(args)
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
	opts.check.register(c)
	return c
}

// learnResult is what learning one text did, and the --json output of
// learn. When the ruleset already has a rule in force that says the same
// (Duplicate), Number, Category, Instruction and Why are that rule's and
// nothing is written.
type learnResult struct {
	normalize.Result
	Number    int    `json:"number,omitempty"`
	Path      string `json:"path"`
	DryRun    bool   `json:"dry_run"`
	Duplicate bool   `json:"duplicate"`
	// Check is the rule's check, if it has one.
	Check *guard.Check `json:"check,omitempty"`
}

func runLearn(ctx context.Context, opts *learnOptions) error {
	out, err := learnRule(ctx, opts.env, opts.cfg, opts.text, opts.dryRun, opts.check)
	if err != nil {
		return err
	}
	if opts.json {
		return writeJSON(opts.env.Stdout, out)
	}
	writeLearned(opts.env.Stdout, out)
	return nil
}

// learnRule normalizes text into a rule and appends it to the workspace's
// ruleset, unless dryRun or a rule in force already says it. It is learn's
// work without its output: the MCP learn tool calls it too.
func learnRule(ctx context.Context, env *Env, cfg Config, text string, dryRun bool, cf checkFlags) (learnResult, error) {
	if err := cf.usage(); err != nil {
		return learnResult{}, err
	}
	if err := checkWords(text); err != nil {
		return learnResult{}, err
	}
	ws, root, err := env.openWorkspace()
	if err != nil {
		return learnResult{}, err
	}
	defer root.Close()
	rs, err := rules.Load(root)
	if err != nil {
		return learnResult{}, err
	}
	// Show the model the rules in force, so it names what it supersedes.
	inForce := rules.InForce(rs.Rules)
	res, err := normalizeText(ctx, env, cfg, text, normalize.FromRules(inForce))
	if err != nil {
		return learnResult{}, err
	}
	if err := checkRule(res.Category, res.Instruction, res.Why); err != nil {
		return learnResult{}, err
	}
	check, err := cf.resolve(res.Instruction)
	if err != nil {
		return learnResult{}, err
	}
	out := learnResult{Result: res, Path: rs.Name, DryRun: dryRun, Check: check}
	if dryRun {
		if same, ok := rules.FindSame(inForce, res.Instruction); ok {
			out.duplicateOf(same)
			return out, nil
		}
		out.Number = rules.Next(rs.Rules)
		return out, nil
	}
	r := rules.Rule{Category: res.Category, Instruction: res.Instruction, Why: res.Why}
	if check != nil {
		r.Check = *check
	}
	written, added, err := appendRules(ctx, env, ws, root, r)
	var dup *rules.DuplicateError
	switch {
	case errors.As(err, &dup):
		// Checked under the ruleset's lock: a concurrent learn of the same
		// text may have added it since it was loaded above.
		out.Path = dup.Path
		out.duplicateOf(dup.Rule)
		return out, nil
	case err != nil:
		return learnResult{}, err
	}
	out.Number = added[0].Number
	if written != nil && written.Name != "" {
		out.Path = written.Name
	}
	return out, nil
}

// duplicateOf makes r the result: the rule in force that says it already.
func (l *learnResult) duplicateOf(r rules.Rule) {
	l.Duplicate = true
	l.Number, l.Category, l.Instruction, l.Why = r.Number, r.Category, r.Instruction, r.Why
	l.Supersedes = []string{}
	l.Check = r.CheckOf()
}

// writeLearned prints the line that tells the person what learn did.
func writeLearned(w io.Writer, out learnResult) {
	switch {
	case out.Duplicate:
		fmt.Fprintln(w, alreadyLine(out.Number, out.Category, out.Instruction, out.Path))
		return
	case out.DryRun:
		fmt.Fprintf(w, "Would learn rule #%d ([%s]): %s — for %s%s (dry run, nothing written).\n", out.Number, out.Category, out.Instruction, out.Path, checkedNote(out.Check))
	default:
		fmt.Fprintf(w, "Learned rule #%d ([%s]): %s — recorded in %s%s.\n", out.Number, out.Category, out.Instruction, out.Path, checkedNote(out.Check))
	}
	if len(out.Supersedes) > 0 {
		fmt.Fprintf(w, "Supersedes rule %s.\n", joinRuleIDs(out.Supersedes))
	}
}

// alreadyLine tells the person that rule n in force already says it.
func alreadyLine(n int, category, instruction, path string) string {
	return fmt.Sprintf("Already rule #%d ([%s]): %s — in %s.", n, category, instruction, path)
}

func joinRuleIDs(ids []string) string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = "#" + id
	}
	return strings.Join(out, ", ")
}

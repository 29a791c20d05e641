package cmd

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/autofix/autofix/normalize"
	"github.com/autofix/autofix/rules"
	"github.com/spf13/cobra"
)

const rulesLong = `The project ruleset is autofix.json, committed with the repository and shared
by the team. autofix reads the first of .agents/autofix.json, autofix.json and
.rules/autofix.json under the workspace root (the git top level). A new
ruleset is created at .agents/autofix.json, or at .rules/autofix.json when the
project has a .rules folder.

Rules are never deleted: a newer rule replaces an older one with
--supersedes, and the older one stays in the file but is no longer in force.

Categories: ` + "STYLE, CODE, ARCH, TOOL, PROCESS, DATA, UX, OTHER."

func newRulesCmd(env *Env) *cobra.Command {
	c := &cobra.Command{
		Use:   "rules",
		Short: "Manage the project ruleset (autofix.json)",
		Long:  rulesLong,
		Example: `  autofix rules add --category TOOL "Always use pnpm instead of npm or yarn."
  autofix rules list
  autofix rules check
  autofix rules stale`,
		Args: cobra.ArbitraryArgs,
		RunE: groupRunE,
	}
	c.AddCommand(newRulesAddCmd(env), newRulesListCmd(env), newRulesCheckCmd(env), newRulesStaleCmd(env))
	return c
}

// rulesAddOptions are the inputs of rules add.
type rulesAddOptions struct {
	env         *Env
	category    string
	why         string
	supersedes  []int
	instruction string
	json        bool
	check       checkFlags
}

func newRulesAddCmd(env *Env) *cobra.Command {
	opts := &rulesAddOptions{env: env}
	c := &cobra.Command{
		Use:   "add --category CAT [--why TEXT] [--supersedes N]... INSTRUCTION",
		Short: "Append a rule to the project ruleset",
		Long: `Append INSTRUCTION, verbatim (quoted, or its words joined by single
spaces), as the next-numbered rule of the project ruleset. The write is atomic and safe against concurrent writers. A ruleset that does
not parse, or has invalid rules, is left untouched: fix it first
('autofix rules check' lists the problems). An instruction that a rule in
force already has (ignoring case, punctuation and spacing) is not added again:
add names that rule and succeeds.

A rule with an unambiguous machine-checkable shape gets a check that the
agent hooks enforce before a tool call (the line ends in "(checked)");
--check sets one by hand (with --check-tool, --check-target and
--check-action), --no-check records none.`,
		Example: `  autofix rules add --category TOOL "Always use pnpm instead of npm or yarn."
  autofix rules add --category CODE --why "team decision" "Never use default exports."
  autofix rules add --category CODE --supersedes 1 "Always use native fetch instead of axios."
  autofix rules add --category TOOL --check '^terraform\s+apply' --check-action warn "Never run terraform apply locally."`,
		Args: textArgs("an INSTRUCTION"),
		RunE: func(c *cobra.Command, args []string) error {
			opts.instruction = joinText(args)
			return runRulesAdd(c.Context(), opts)
		},
	}
	f := c.Flags()
	f.StringVarP(&opts.category, "category", "c", "", "category: "+strings.Join(rules.Categories, ", ")+" (required)")
	f.StringVar(&opts.why, "why", "", "why the rule exists")
	f.IntSliceVar(&opts.supersedes, "supersedes", nil, "number of a rule this one replaces (repeatable)")
	f.BoolVar(&opts.json, "json", false, "print the added rule as JSON")
	opts.check.register(c)
	_ = c.RegisterFlagCompletionFunc("category", completeCategories)
	_ = c.RegisterFlagCompletionFunc("supersedes", completeRuleNumbers(env))
	return c
}

func runRulesAdd(ctx context.Context, opts *rulesAddOptions) error {
	if err := opts.check.usage(); err != nil {
		return err
	}
	if opts.category == "" {
		return usageErrorf("rules add needs --category (one of %s)", strings.Join(rules.Categories, ", "))
	}
	cat, ok := rules.ParseCategory(opts.category)
	if !ok {
		return usageErrorf("unknown category %q for --category (use one of %s)", opts.category, strings.Join(rules.Categories, ", "))
	}
	// The instruction is recorded verbatim, so it must already be a strict
	// imperative; `autofix learn` rewrites free text instead.
	if err := normalize.CheckInstruction(opts.instruction); err != nil {
		return err
	}
	check, err := opts.check.resolve(opts.instruction)
	if err != nil {
		return err
	}
	ws, root, err := opts.env.openWorkspace()
	if err != nil {
		return err
	}
	defer root.Close()
	why := opts.why
	if len(opts.supersedes) > 0 {
		rs, err := rules.Load(root)
		if err != nil {
			return err
		}
		if why, err = rules.Supersede(rs, why, opts.supersedes); err != nil {
			return err
		}
	}
	add := rules.Rule{Category: cat, Instruction: opts.instruction, Why: why}
	if check != nil {
		add.Check = *check
	}
	rs, added, err := appendRules(ctx, opts.env, ws, root, add)
	var dup *rules.DuplicateError
	if errors.As(err, &dup) {
		// Checked under the ruleset's lock, so that concurrent adds of one
		// rule add it once.
		r := dup.Rule
		if opts.json {
			return writeJSON(opts.env.Stdout, addJSON{rules.ViewOf(r, dup.Path), true})
		}
		fmt.Fprintln(opts.env.Stdout, alreadyLine(r.Number, r.Category, r.Instruction, dup.Path))
		return nil
	}
	if err != nil {
		return err
	}
	name, r := rs.Name, added[0]
	if opts.json {
		return writeJSON(opts.env.Stdout, addJSON{rules.ViewOf(r, name), false})
	}
	fmt.Fprintf(opts.env.Stdout, "Learned rule #%d ([%s]): %s — recorded in %s%s.\n", r.Number, r.Category, r.Instruction, name, checkedNote(r.CheckOf()))
	return nil
}

// addJSON is the --json output of rules add: the rule added, or with
// duplicate true the rule in force that already says it.
type addJSON struct {
	rules.View
	Duplicate bool `json:"duplicate"`
}

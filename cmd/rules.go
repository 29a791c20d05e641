package cmd

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/autofix/autofix/activity"
	"github.com/autofix/autofix/brief"
	"github.com/autofix/autofix/guard"
	"github.com/autofix/autofix/jsonfile"
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
		for _, n := range slices.Compact(slices.Sorted(slices.Values(opts.supersedes))) {
			if !slices.ContainsFunc(rs.Rules, func(r rules.Rule) bool { return r.Number == n }) {
				return withHint(fmt.Errorf("--supersedes %d: %s has no rule #%d", n, rs.Name, n), "see the rule numbers with 'autofix rules list'")
			}
			why = strings.TrimSpace(fmt.Sprintf("%s (supersedes rule %d)", why, n))
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
			return writeJSON(opts.env.Stdout, addJSON{ruleJSON{Number: r.Number, Category: r.Category, Instruction: r.Instruction, Why: r.Why, InForce: true, Path: dup.Path, Check: checkOf(r)}, true})
		}
		fmt.Fprintln(opts.env.Stdout, alreadyLine(r.Number, r.Category, r.Instruction, dup.Path))
		return nil
	}
	if err != nil {
		return err
	}
	name, r := rs.Name, added[0]
	if opts.json {
		return writeJSON(opts.env.Stdout, addJSON{ruleJSON{Number: r.Number, Category: r.Category, Instruction: r.Instruction, Why: r.Why, InForce: true, Path: name, Check: checkOf(r)}, false})
	}
	fmt.Fprintf(opts.env.Stdout, "Learned rule #%d ([%s]): %s — recorded in %s%s.\n", r.Number, r.Category, r.Instruction, name, checkedNote(checkOf(r)))
	return nil
}

// addJSON is the --json output of rules add: the rule added, or with
// duplicate true the rule in force that already says it.
type addJSON struct {
	ruleJSON
	Duplicate bool `json:"duplicate"`
}

// ruleJSON is one rule in --json output.
type ruleJSON struct {
	Number       int    `json:"number"`
	Category     string `json:"category"`
	Instruction  string `json:"instruction"`
	Why          string `json:"why"`
	InForce      bool   `json:"in_force"`
	SupersededBy *int   `json:"superseded_by"`
	Path         string `json:"path,omitempty"`
	// Check is the rule's check, if it has one.
	Check *guard.Check `json:"check,omitempty"`
}

// checkOf is r's check for output, nil when it has none.
func checkOf(r rules.Rule) *guard.Check {
	if r.Check.IsZero() {
		return nil
	}
	return &r.Check
}

// ruleListJSON is one rule in rules list --json: with its learned weights
// by work type (see 'autofix status'), {} until something was learned.
type ruleListJSON struct {
	ruleJSON
	Weights map[activity.WorkType]float64 `json:"weights"`
}

// ruleWeights are the learned weights of the workspace, for the listings
// that show them; what cannot be read is a warning on warn and no weights.
func ruleWeights(env *Env, warn io.Writer) activity.Weights {
	ws, err := env.workspace()
	if err != nil {
		return activity.Weights{}
	}
	w, err := env.learnedWeights(ws)
	if err != nil {
		fmt.Fprintf(warn, "autofix: warning: learned weights not shown: %v\n", err)
	}
	return w
}

// rulesListOptions are the inputs of rules list.
type rulesListOptions struct {
	env  *Env
	json bool
}

func newRulesListCmd(env *Env) *cobra.Command {
	opts := &rulesListOptions{env: env}
	c := &cobra.Command{
		Use:   "list [--json]",
		Short: "List the project rules and whether each is in force",
		Long: `List every valid rule of the project ruleset in file order, and whether it is
in force or superseded (and by which rule). Invalid entries are skipped with a
warning on stderr. --json prints an array of objects with number, category,
instruction, why, in_force, superseded_by and weights: the rule's learned
weight per kind of work ("any" for all of them), from -0.5 to 1, learned
from the turns in which the assistant referenced it (see 'autofix status').`,
		Example: `  autofix rules list
  autofix rules list --json`,
		Args: noArgs,
		RunE: func(c *cobra.Command, args []string) error { return runRulesList(c.Context(), opts) },
	}
	c.Flags().BoolVar(&opts.json, "json", false, "print JSON")
	return c
}

// loadRules loads the workspace's ruleset and warns on warn about other
// candidate rulesets that it hides.
func loadRules(env *Env, warn io.Writer) (*rules.Ruleset, error) {
	_, root, err := env.openWorkspace()
	if err != nil {
		return nil, err
	}
	defer root.Close()
	rs, err := rules.Load(root)
	name := ""
	var se *rules.SyntaxError
	switch {
	case err == nil && rs.Exists:
		name = rs.Name
	case errors.As(err, &se):
		name = se.Path
	}
	if name != "" {
		for _, other := range rules.Shadowed(root, name) {
			fmt.Fprintf(warn, "autofix: warning: %s is not read: %s comes first in the lookup order; merge its rules into %s and delete it\n", other, name, name)
		}
	}
	return rs, err
}

func runRulesList(ctx context.Context, opts *rulesListOptions) error {
	return listRules(opts.env, opts.env.Stdout, opts.env.Stderr, opts.json)
}

// listRules writes the workspace's project rules to out, and warnings about
// what it skipped to warn: rules list's work, which the MCP list tool
// shares.
func listRules(env *Env, out, warn io.Writer, asJSON bool) error {
	rs, err := loadRules(env, warn)
	if err != nil {
		return err
	}
	for _, p := range rs.Skipped {
		fmt.Fprintf(warn, "autofix: warning: skipped %s\n", p)
	}
	sup := rules.Resolve(rs.Rules)
	if asJSON {
		weights, now := ruleWeights(env, warn), env.Now()
		list := make([]ruleListJSON, 0, len(rs.Rules))
		for _, r := range rs.Rules {
			j := ruleJSON{Number: r.Number, Category: r.Category, Instruction: r.Instruction, Why: r.Why, InForce: true, Check: checkOf(r)}
			if by, ok := sup[r.Number]; ok {
				j.InForce, j.SupersededBy = false, &by
			}
			w := weights.Of(brief.Key(brief.Rule{Source: brief.Project, ID: strconv.Itoa(r.Number)}), now)
			if w == nil {
				w = map[activity.WorkType]float64{}
			}
			list = append(list, ruleListJSON{j, w})
		}
		return writeJSON(out, list)
	}
	if !rs.Exists {
		fmt.Fprintf(warn, "autofix: no project ruleset yet; 'autofix rules add' creates %s\n", rs.Name)
		return nil
	}
	if len(rs.Rules) == 0 {
		if len(rs.Skipped) > 0 {
			fmt.Fprintf(warn, "autofix: %s has no valid rules: every entry is invalid (see the problems above, or run 'autofix rules check')\n", rs.Name)
			return nil
		}
		fmt.Fprintf(warn, "autofix: %s has no rules\n", rs.Name)
		return nil
	}
	for _, r := range rs.Rules {
		line := fmt.Sprintf("#%d [%s] %s", r.Number, r.Category, r.Instruction) + checkedNote(checkOf(r))
		if by, ok := sup[r.Number]; ok {
			line += fmt.Sprintf(" (superseded by #%d)", by)
		}
		fmt.Fprintln(out, line)
	}
	return nil
}

// rulesCheckOptions are the inputs of rules check.
type rulesCheckOptions struct {
	env  *Env
	json bool
}

// checkJSON is the --json output of rules check.
type checkJSON struct {
	Path     string        `json:"path"`
	Exists   bool          `json:"exists"`
	Valid    bool          `json:"valid"`
	Rules    int           `json:"rules"`
	InForce  int           `json:"in_force"`
	Problems []problemJSON `json:"problems"`
}

// problemJSON is one problem; index is -1 for a syntax error, and line and
// col are 0 when the problem is a rule as a whole.
type problemJSON struct {
	Index   int    `json:"index"`
	Line    int    `json:"line"`
	Col     int    `json:"col"`
	Message string `json:"message"`
}

func newRulesCheckCmd(env *Env) *cobra.Command {
	opts := &rulesCheckOptions{env: env}
	c := &cobra.Command{
		Use:   "check",
		Short: "Validate the project ruleset",
		Long: `Validate the project ruleset. Exit 0 when it is valid (or absent); else exit 1
and print each problem on stdout as PATH:LINE:COL: message (syntax, or a
misplaced key or value, a missing field, an instruction that is not a
strict imperative, a supersession of a rule that does not exist, a check
whose pattern is not RE2, matches the empty string or matches a harmless
command or file such as 'ls' or 'git status').`,
		Example: `  autofix rules check
  autofix rules check --json`,
		Args: noArgs,
		RunE: func(c *cobra.Command, args []string) error { return runRulesCheck(c.Context(), opts) },
	}
	c.Flags().BoolVar(&opts.json, "json", false, "print the result as JSON (the exit code is the same)")
	return c
}

// lintRules reads the ruleset name again and finds what its valid rules
// say that cannot work: instructions that are not strict imperatives, and
// supersessions of rules that do not exist, newer ones or themselves.
func lintRules(env *Env, name string) ([]rules.Problem, error) {
	_, root, err := env.openWorkspace()
	if err != nil {
		return nil, err
	}
	defer root.Close()
	data, err := jsonfile.Read(root, name, rules.MaxFileSize)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", name, err)
	}
	return rules.Lint(name, data, normalize.CheckInstruction)
}

func runRulesCheck(ctx context.Context, opts *rulesCheckOptions) error {
	out := opts.env.Stdout
	rs, err := loadRules(opts.env, opts.env.Stderr)
	var se *rules.SyntaxError
	if errors.As(err, &se) {
		if opts.json {
			if err := writeJSON(out, checkJSON{Path: se.Path, Exists: true, Problems: []problemJSON{{Index: -1, Line: se.Line, Col: se.Col, Message: se.Msg}}}); err != nil {
				return err
			}
		} else {
			fmt.Fprintln(out, se.Error())
		}
		return withHint(fmt.Errorf("%s does not parse", se.Path), "%s", se.Hint())
	}
	if err != nil {
		return err
	}
	problems := rs.Skipped
	if rs.Exists {
		lint, err := lintRules(opts.env, rs.Name)
		if err != nil {
			return err
		}
		problems = append(slices.Clip(problems), lint...)
		slices.SortStableFunc(problems, func(a, b rules.Problem) int { return cmp.Compare(a.Index, b.Index) })
	}
	inForce := len(rs.Rules) - len(rules.Resolve(rs.Rules))
	if opts.json {
		r := checkJSON{Path: rs.Name, Exists: rs.Exists, Valid: len(problems) == 0, Rules: len(rs.Rules), InForce: inForce, Problems: []problemJSON{}}
		for _, p := range problems {
			r.Problems = append(r.Problems, problemJSON{Index: p.Index, Line: p.Line, Col: p.Col, Message: p.Msg})
		}
		if err := writeJSON(out, r); err != nil {
			return err
		}
	}
	if !rs.Exists {
		if !opts.json {
			fmt.Fprintf(out, "no project ruleset (%s would be created by 'autofix rules add')\n", rs.Name)
		}
		return nil
	}
	if len(problems) > 0 {
		if !opts.json {
			for _, p := range problems {
				fmt.Fprintln(out, p)
			}
		}
		return withHint(fmt.Errorf("%s: %d problem(s); %d valid rule(s) are still used", rs.Name, len(problems), len(rs.Rules)), "fix the entries by hand, then run 'autofix rules check' again")
	}
	if !opts.json {
		fmt.Fprintf(out, "%s: ok, %d rule(s), %d in force\n", rs.Name, len(rs.Rules), inForce)
	}
	return nil
}

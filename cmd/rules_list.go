package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/autofix/autofix/activity"
	"github.com/autofix/autofix/brief"
	"github.com/autofix/autofix/rules"
	"github.com/spf13/cobra"
)

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

// ruleListJSON is one rule in rules list --json: with its learned weights
// by work type (see 'autofix status'), {} until something was learned.
type ruleListJSON struct {
	rules.View
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

// loadRules loads the workspace's ruleset and warns on warn about other
// candidate rulesets that it hides.
func loadRules(env *Env, warn io.Writer) (*rules.Ruleset, error) {
	_, root, err := env.openWorkspace()
	if err != nil {
		return nil, err
	}
	defer root.Close()
	return loadShown(root, warn)
}

// loadShown loads the ruleset in root and warns on warn about other
// candidate rulesets that it hides.
func loadShown(root *os.Root, warn io.Writer) (*rules.Ruleset, error) {
	rs, shadowed, err := rules.LoadShown(root)
	var name string
	var se *rules.SyntaxError
	switch {
	case errors.As(err, &se):
		name = se.Path
	case rs != nil:
		name = rs.Name
	}
	for _, other := range shadowed {
		fmt.Fprintf(warn, "autofix: warning: %s is not read: %s comes first in the lookup order; merge its rules into %s and delete it\n", other, name, name)
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
	if asJSON {
		weights, now := ruleWeights(env, warn), env.Now()
		views := rules.Views(rs.Rules)
		list := make([]ruleListJSON, 0, len(views))
		for _, v := range views {
			w := weights.Of(brief.Key(brief.Rule{Source: brief.Project, ID: strconv.Itoa(v.Number)}), now)
			if w == nil {
				w = map[activity.WorkType]float64{}
			}
			list = append(list, ruleListJSON{v, w})
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
	for _, v := range rules.Views(rs.Rules) {
		line := fmt.Sprintf("#%d [%s] %s", v.Number, v.Category, v.Instruction) + checkedNote(v.Check)
		if v.SupersededBy != nil {
			line += fmt.Sprintf(" (superseded by #%d)", *v.SupersededBy)
		}
		fmt.Fprintln(out, line)
	}
	return nil
}

package cmd

import (
	"context"
	"errors"
	"fmt"

	"github.com/autofix/autofix/normalize"
	"github.com/autofix/autofix/rules"
	"github.com/spf13/cobra"
)

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

func runRulesCheck(ctx context.Context, opts *rulesCheckOptions) error {
	out := opts.env.Stdout
	_, root, err := opts.env.openWorkspace()
	if err != nil {
		return err
	}
	defer root.Close()
	rs, err := loadShown(root, opts.env.Stderr)
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
	problems, err := rules.Problems(root, rs, normalize.CheckInstruction)
	if err != nil {
		return err
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

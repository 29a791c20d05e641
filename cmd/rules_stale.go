package cmd

import (
	"context"
	"fmt"

	"github.com/autofix/autofix/hookrun"
	"github.com/autofix/autofix/stale"
	"github.com/spf13/cobra"
)

type rulesStaleOptions struct {
	env  *Env
	json bool
}

func newRulesStaleCmd(env *Env) *cobra.Command {
	opts := &rulesStaleOptions{env: env}
	c := &cobra.Command{
		Use:   "stale [--json]",
		Short: "List the rules in force that no longer match the checkout",
		Long: `stale compares what each project rule in force says exists with the
checkout: paths, directories and globs it names in backticks or as a
slash path; packages it names as a library, package, module or crate to
use (package.json, go.mod, pyproject.toml, requirements*.txt, Cargo.toml);
package.json scripts ("npm run lint") and Makefile targets ("make check").
A claim in a negated clause ("Never use ` + "`moment`" + `", "instead of ` + "`npm`" + `") is
not checked: absence is what the rule asks for. A path that git ignores
(build output) is not stale either.

Each stale rule comes with a concrete edit: supersede it with
'autofix rules add --supersedes N …' (naming where a moved file is now,
when exactly one file of its name is), or retire it. Nothing is edited:
stale only reports. It exits 0 whether or not rules are stale.`,
		Example: `  autofix rules stale
  autofix rules stale --json`,
		Args: noArgs,
		RunE: func(c *cobra.Command, args []string) error { return runRulesStale(c.Context(), opts) },
	}
	c.Flags().BoolVar(&opts.json, "json", false, "print JSON")
	return c
}

type staleResult struct {
	Stale []stale.Finding `json:"stale"`
}

func runRulesStale(ctx context.Context, opts *rulesStaleOptions) error {
	env := opts.env
	found, err := staleRules(ctx, env, false)
	if err != nil {
		return err
	}
	if opts.json {
		return writeJSON(env.Stdout, staleResult{Stale: found})
	}
	if len(found) == 0 {
		fmt.Fprintln(env.Stdout, "No stale rules: every claim the rules in force make holds in the checkout.")
		return nil
	}
	for _, f := range found {
		fmt.Fprintf(env.Stdout, "#%d: %s\n  %s\n", f.Rule, f.Reason, f.Suggestion)
	}
	return nil
}

// staleRules checks the workspace's project rules in force against its
// checkout (hookrun.StaleRules).
func staleRules(ctx context.Context, env *Env, trustedOnly bool) ([]stale.Finding, error) {
	return hookrun.StaleRules(ctx, env.hookEnv(), trustedOnly)
}

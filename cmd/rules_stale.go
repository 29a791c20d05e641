package cmd

import (
	"context"
	"fmt"
	"os/exec"
	"strings"

	"github.com/autofix/autofix/rules"
	"github.com/autofix/autofix/stale"
	"github.com/autofix/autofix/trust"
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
// checkout; a missing ruleset has none.
// With trustedOnly, an untrusted ruleset has none: its rules do not reach
// the agent.
func staleRules(ctx context.Context, env *Env, trustedOnly bool) ([]stale.Finding, error) {
	ws, root, err := env.openWorkspace()
	if err != nil {
		return nil, err
	}
	defer root.Close()
	var rs *rules.Ruleset
	if trustedOnly {
		p, err := loadProjectRuleset(env, ws, root)
		if err != nil || p.Trust != trust.Trusted {
			return nil, err
		}
		rs = p.Rules
	} else if rs, err = rules.Load(root); err != nil {
		return nil, err
	}
	co := &stale.Checkout{FS: root.FS(), Ignored: gitIgnored(ctx, ws.Root)}
	found := stale.Check(co, rules.InForce(rs.Rules))
	if found == nil {
		found = []stale.Finding{}
	}
	return found, nil
}

// gitIgnored asks git, in one call, which workspace paths it ignores; nil
// when git is not installed. Outside a repository, none are.
func gitIgnored(ctx context.Context, root string) func([]string) map[string]bool {
	if _, err := exec.LookPath("git"); err != nil {
		return nil
	}
	return func(paths []string) map[string]bool {
		c := exec.CommandContext(ctx, "git", "-C", root, "check-ignore", "--no-index", "-z", "--stdin")
		c.Stdin = strings.NewReader(strings.Join(paths, "\x00") + "\x00")
		// Exit 1 means none is ignored; the output lists those that are.
		out, _ := c.Output()
		ignored := map[string]bool{}
		for _, p := range strings.Split(string(out), "\x00") {
			if p != "" {
				ignored[p] = true
			}
		}
		return ignored
	}
}

// staleNote is the line SessionStart adds when rules in force are stale;
// empty when none are, when the ruleset is not trusted, or when they cannot
// be checked.
func staleNote(ctx context.Context, env *Env) string {
	found, err := staleRules(ctx, env, true)
	if err != nil || len(found) == 0 {
		return ""
	}
	nums := ""
	for i, f := range found {
		if i > 0 {
			nums += ", "
		}
		nums += fmt.Sprintf("#%d", f.Rule)
	}
	return fmt.Sprintf("Note: %d project rule(s) no longer match the checkout (%s); tell the person to run 'autofix rules stale'.\n", len(found), nums)
}

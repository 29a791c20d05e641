package cmd

import (
	"context"
	"fmt"
	"os"

	"github.com/autofix/autofix/hookrun"
	"github.com/autofix/autofix/rules"
	"github.com/autofix/autofix/scope"
	"github.com/autofix/autofix/trust"
)

// workspace detects the workspace of the working directory.
func (env *Env) workspace() (scope.Workspace, error) { return env.hookEnv().Workspace() }

// openRoot opens the workspace root for confined file access
// (hookrun.OpenRoot).
func openRoot(ws scope.Workspace) (*os.Root, error) { return hookrun.OpenRoot(ws) }

// openWorkspace detects the workspace of the working directory and opens
// its root; the caller closes the root.
func (env *Env) openWorkspace() (scope.Workspace, *os.Root, error) {
	return env.hookEnv().OpenWorkspace()
}

// lockDir is where sidecar lock files live: outside any repository.
func (env *Env) lockDir() string { return env.hookEnv().LockDir() }

// trustStore is the person's trust records.
func (env *Env) trustStore() trust.Store { return env.hookEnv().TrustStore() }

// projectRuleset is the workspace's ruleset, read once, with what the trust
// gate decided about it.
type projectRuleset = trust.Gated

// loadProjectRuleset reads and gates the ruleset of ws
// (hookrun.Env.LoadProjectRuleset): the context engine delivers its rules
// only when Trust is [trust.Trusted], and otherwise sends its Note instead.
func loadProjectRuleset(env *Env, ws scope.Workspace, root *os.Root) (*projectRuleset, error) {
	return env.hookEnv().LoadProjectRuleset(ws, root)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// appendRules appends rules to the workspace's ruleset on the person's
// behalf (`autofix learn`, `rules add`), keeping it trusted across the
// write when it was (trust.Store.Append). A failure to update the trust
// record is not the write's failure: the rule is written and the person is
// told.
func appendRules(ctx context.Context, env *Env, ws scope.Workspace, root *os.Root, add ...rules.Rule) (*rules.Ruleset, []rules.Rule, error) {
	a, err := env.trustStore().Append(ctx, root, ws.Root, env.Now(), add...)
	if a.CarryErr != nil {
		fmt.Fprintf(env.Stderr, "autofix: note: %v; review it and run 'autofix trust'\n", a.CarryErr)
	}
	return a.Ruleset, a.Added, err
}

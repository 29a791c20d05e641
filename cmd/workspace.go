package cmd

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/autofix/autofix/hook"
	"github.com/autofix/autofix/rules"
	"github.com/autofix/autofix/scope"
	"github.com/autofix/autofix/trust"
)

// workspace detects the workspace of the working directory (once per
// invocation where env keeps it, see Env.ws).
func (env *Env) workspace() (scope.Workspace, error) {
	if m := env.ws; m != nil && m.dir == env.Dir {
		return m.ws, nil
	}
	ws, err := scope.Detect(env.Dir)
	if err != nil {
		return scope.Workspace{}, fmt.Errorf("find the workspace of %s: %w", env.Dir, err)
	}
	if env.ws != nil {
		*env.ws = workspaceMemo{dir: env.Dir, ws: ws}
	}
	return ws, nil
}

// openRoot opens the workspace root for confined file access: nothing read
// or written through it can escape the workspace, even through symlinks.
func openRoot(ws scope.Workspace) (*os.Root, error) {
	r, err := os.OpenRoot(ws.Root)
	if err != nil {
		return nil, fmt.Errorf("open workspace %s: %w", ws.Root, err)
	}
	return r, nil
}

// openWorkspace detects the workspace of the working directory and opens
// its root; the caller closes the root.
func (env *Env) openWorkspace() (scope.Workspace, *os.Root, error) {
	ws, err := env.workspace()
	if err != nil {
		return scope.Workspace{}, nil, err
	}
	root, err := openRoot(ws)
	if err != nil {
		return scope.Workspace{}, nil, err
	}
	return ws, root, nil
}

// lockDir is where sidecar lock files live: outside any repository.
func (env *Env) lockDir() string { return filepath.Join(env.CacheDir, "locks") }

// sessions are what each agent session received.
func (env *Env) sessions() hook.Sessions {
	return hook.Sessions{Dir: filepath.Join(env.CacheDir, "sessions"), LockDir: env.lockDir()}
}

// trustStore is the person's trust records.
func (env *Env) trustStore() trust.Store {
	return trust.Store{Dir: env.ConfigDir, LockDir: env.lockDir()}
}

// projectRuleset is the workspace's ruleset, read once, with what the trust
// gate decided about it.
type projectRuleset = trust.Gated

// loadProjectRuleset reads and gates the ruleset of ws (trust.Store.Gate):
// the context engine delivers its rules only when Trust is
// [trust.Trusted], and otherwise sends its Note instead.
func loadProjectRuleset(env *Env, ws scope.Workspace, root *os.Root) (*projectRuleset, error) {
	return env.trustStore().Gate(root, ws.Root)
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

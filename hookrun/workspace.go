package hookrun

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/autofix/autofix/hook"
	"github.com/autofix/autofix/me"
	"github.com/autofix/autofix/scope"
	"github.com/autofix/autofix/trust"
)

// Workspace detects the workspace of the working directory (once per run
// where env keeps it, see Env.ws).
func (env *Env) Workspace() (scope.Workspace, error) {
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

// OpenRoot opens the workspace root for confined file access: nothing read
// or written through it can escape the workspace, even through symlinks.
func OpenRoot(ws scope.Workspace) (*os.Root, error) {
	r, err := os.OpenRoot(ws.Root)
	if err != nil {
		return nil, fmt.Errorf("open workspace %s: %w", ws.Root, err)
	}
	return r, nil
}

// OpenWorkspace detects the workspace of the working directory and opens
// its root; the caller closes the root.
func (env *Env) OpenWorkspace() (scope.Workspace, *os.Root, error) {
	ws, err := env.Workspace()
	if err != nil {
		return scope.Workspace{}, nil, err
	}
	root, err := OpenRoot(ws)
	if err != nil {
		return scope.Workspace{}, nil, err
	}
	return ws, root, nil
}

// LockDir is where sidecar lock files live: outside any repository.
func (env *Env) LockDir() string { return filepath.Join(env.CacheDir, "locks") }

// Sessions are what each agent session received.
func (env *Env) Sessions() hook.Sessions {
	return hook.Sessions{Dir: filepath.Join(env.CacheDir, "sessions"), LockDir: env.LockDir()}
}

// TrustStore is the person's trust records.
func (env *Env) TrustStore() trust.Store {
	return trust.Store{Dir: env.ConfigDir, LockDir: env.LockDir()}
}

// LoadProjectRuleset reads and gates the ruleset of ws (trust.Store.Gate):
// the context engine delivers its rules only when Trust is
// [trust.Trusted], and otherwise sends its Note instead.
func (env *Env) LoadProjectRuleset(ws scope.Workspace, root *os.Root) (*trust.Gated, error) {
	return env.TrustStore().Gate(root, ws.Root)
}

// LoadPrefs reads the personal preference store.
func (env *Env) LoadPrefs() (*me.Store, error) { return me.Load(env.ConfigDir) }

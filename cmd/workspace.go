package cmd

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/autofix/autofix/scope"
)

// workspace detects the workspace of the working directory.
func (env *Env) workspace() (scope.Workspace, error) {
	ws, err := scope.Detect(env.Dir)
	if err != nil {
		return scope.Workspace{}, fmt.Errorf("find the workspace of %s: %w", env.Dir, err)
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

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

// lockDir is where sidecar lock files live: outside any repository.
func (env *Env) lockDir() string { return filepath.Join(env.CacheDir, "locks") }

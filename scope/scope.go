// Package scope finds the workspace a directory belongs to and decides
// whether a preference's scope covers it.
//
// A workspace is the git top-level directory of a directory, or the
// directory itself outside git. Its identity is the normalized origin remote
// URL when there is one, so two clones of one repository are one workspace,
// else its absolute, symlink-resolved path.
package scope

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Workspace is where a command runs.
type Workspace struct {
	// Root is the absolute, symlink-resolved top-level directory.
	Root string
	// ID is the workspace identity: the normalized origin URL, or Root.
	ID string
	// Name is a short name for people: the repository or directory name.
	Name string
}

// Detect returns the workspace of dir, an absolute path.
func Detect(dir string) (Workspace, error) {
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return Workspace{}, fmt.Errorf("resolve %s: %w", dir, err)
	}
	root := real
	for d := real; ; {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			root = d
			break
		} else if !errors.Is(err, fs.ErrNotExist) {
			return Workspace{}, err
		}
		parent := filepath.Dir(d)
		if parent == d {
			break
		}
		d = parent
	}
	return Workspace{Root: root, ID: root, Name: filepath.Base(root)}, nil
}

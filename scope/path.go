package scope

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// PathError says a path named as a workspace is not a directory.
type PathError struct {
	Path    string
	Problem string // "does not exist", "is not a directory"
}

func (e *PathError) Error() string { return e.Path + " " + e.Problem }

// Hint says what to name instead.
func (e *PathError) Hint() string { return "name a directory inside the workspace" }

// Dir resolves p against base (the working directory) and checks that it
// is a directory.
func Dir(base, p string) (string, error) {
	if !filepath.IsAbs(p) {
		p = filepath.Join(base, p)
	}
	fi, err := os.Stat(p)
	if errors.Is(err, fs.ErrNotExist) {
		return "", &PathError{Path: p, Problem: "does not exist"}
	}
	if err != nil {
		return "", err
	}
	if !fi.IsDir() {
		return "", &PathError{Path: p, Problem: "is not a directory"}
	}
	return p, nil
}

// DetectPath detects the workspace of the directory p, relative to base.
func DetectPath(base, p string) (Workspace, error) {
	dir, err := Dir(base, p)
	if err != nil {
		return Workspace{}, err
	}
	w, err := Detect(dir)
	if err != nil {
		return Workspace{}, fmt.Errorf("find the workspace of %s: %w", p, err)
	}
	return w, nil
}

// DetectPaths detects the workspace of each path, relative to base; nil
// for no paths.
func DetectPaths(base string, paths []string) ([]Workspace, error) {
	var out []Workspace
	for _, p := range paths {
		w, err := DetectPath(base, p)
		if err != nil {
			return nil, err
		}
		out = append(out, w)
	}
	return out, nil
}

// Target finds the workspace identity that p names in the scope: a
// workspace of the scope whose identity, last-seen path or name is p (a
// clone that was deleted), else the workspace of the directory p, relative
// to base. "." is always the directory.
func (s Scope) Target(base, p string) (string, error) {
	for _, r := range s.Workspaces {
		if p != "." && (r.ID == p || r.Name == p || r.Path == p) {
			return r.ID, nil
		}
	}
	w, err := DetectPath(base, p)
	if err != nil {
		return "", err
	}
	return w.ID, nil
}

package activity

import "path/filepath"

// WorkspacePaths makes paths (absolute, or relative to dir) relative to the
// workspace root, slash-separated; a path outside the workspace is left
// out, so that nothing about the rest of the disk is stored.
func WorkspacePaths(root, dir string, paths []string) []string {
	var out []string
	for _, p := range paths {
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		rel, err := filepath.Rel(root, p)
		if err != nil || !filepath.IsLocal(rel) {
			// The agent may name the workspace by a path through a symlink.
			if real, err := filepath.EvalSymlinks(filepath.Dir(p)); err == nil {
				rel, err = filepath.Rel(root, filepath.Join(real, filepath.Base(p)))
				if err != nil || !filepath.IsLocal(rel) {
					continue
				}
			} else {
				continue
			}
		}
		out = append(out, filepath.ToSlash(rel))
	}
	return out
}

package activity

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestWorkspacePaths(t *testing.T) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "src"), 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(t.TempDir(), "ws")
	if err := os.Symlink(root, link); err != nil {
		t.Skip("no symlinks here:", err)
	}
	real, err := filepath.EvalSymlinks(root)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		dir   string
		paths []string
		want  []string
	}{
		{"absolute inside", real, []string{filepath.Join(real, "src", "a.go")}, []string{"src/a.go"}},
		{"relative to dir", filepath.Join(real, "src"), []string{"b.go"}, []string{"src/b.go"}},
		{"through a symlink", real, []string{filepath.Join(link, "src", "c.go")}, []string{"src/c.go"}},
		{"outside left out", real, []string{filepath.Join(filepath.Dir(real), "other.go")}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := WorkspacePaths(real, tt.dir, tt.paths); !slices.Equal(got, tt.want) {
				t.Errorf("WorkspacePaths(%q, %q, %q) = %q, want %q", real, tt.dir, tt.paths, got, tt.want)
			}
		})
	}
}

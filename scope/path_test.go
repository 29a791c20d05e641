package scope

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestDirAndTarget(t *testing.T) {
	base := t.TempDir()
	if err := os.MkdirAll(filepath.Join(base, "web"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(base, "file"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for p, problem := range map[string]string{"web": "", "missing": "does not exist", "file": "is not a directory"} {
		_, err := Dir(base, p)
		var pe *PathError
		if got := ""; errors.As(err, &pe) {
			got = pe.Problem
			if got != problem || pe.Hint() == "" {
				t.Errorf("Dir(%q): %v, want %q with a hint", p, err, problem)
			}
		} else if problem != "" || err != nil {
			t.Errorf("Dir(%q): %v, want %q", p, err, problem)
		}
	}
	gone := Ref{ID: "github.com/acme/gone", Name: "gone", Path: "/src/gone"}
	sc := Scope{Workspaces: []Ref{gone}}
	for _, p := range []string{"gone", "/src/gone", "github.com/acme/gone"} {
		if id, err := sc.Target(base, p); err != nil || id != gone.ID {
			t.Errorf("Target(%q) = %q, %v; want %q", p, id, err, gone.ID)
		}
	}
	id, err := sc.Target(base, "web")
	if err != nil || id == gone.ID || id == "" {
		t.Errorf("Target(web) = %q, %v; want the directory's workspace", id, err)
	}
	if _, err := sc.Target(base, "missing"); err == nil {
		t.Error("Target(missing): no error")
	}
}

package cmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCodexHome: CODEX_HOME wins when set and not empty (a relative one
// from the working directory), ~/.codex otherwise; a CODEX_HOME that is
// missing or a file is an error with a hint, as Codex refuses to start on
// it; ~/.codex itself need not exist.
func TestCodexHome(t *testing.T) {
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	custom := filepath.Join(dir, "custom")
	file := filepath.Join(dir, "file")
	for _, d := range []string{home, custom, filepath.Join(dir, "wd", "rel")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, codexHome, home, want, err, hint string
	}{
		{"unset", "", home, filepath.Join(home, ".codex"), "", ""},
		{"set", custom, home, custom, "", ""},
		{"set without HOME", custom, "", custom, "", ""},
		{"cleaned", custom + "/./", home, custom, "", ""},
		{"relative, from the working directory", "rel", home, filepath.Join(dir, "wd", "rel"), "", ""},
		{"neither", "", "", "", "", ""},
		{"HOME not absolute", "", "home", "", "", ""},
		{"missing", filepath.Join(dir, "nope"), home, "", `CODEX_HOME is "` + filepath.Join(dir, "nope") + `", which does not exist`, "mkdir -p"},
		{"a file", file, home, "", "which is not a directory", "unset it to use ~/.codex"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := hookTestEnv(t)
			env.Dir = filepath.Join(dir, "wd")
			vars := map[string]string{"CODEX_HOME": tt.codexHome, "HOME": "/elsewhere"}
			env.Getenv = func(k string) string { return vars[k] }
			got, err := codexHome(env, tt.home)
			if got != tt.want {
				t.Errorf("codexHome = %q, want %q", got, tt.want)
			}
			switch {
			case tt.err == "" && err != nil:
				t.Errorf("error %v", err)
			case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err) || !strings.Contains(hintOf(err), tt.hint)):
				t.Errorf("error %v (hint %q), want %q and hint %q", err, hintOf(err), tt.err, tt.hint)
			}
		})
	}
}

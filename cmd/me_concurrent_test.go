package cmd

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMeTeachConcurrent runs 8 `autofix me teach` processes at once against
// one store: every preference must be kept, with 8 distinct ids. The
// autofix executable is the one testscript.Main puts on PATH for the whole
// test run.
func TestMeTeachConcurrent(t *testing.T) {
	exe, err := exec.LookPath("autofix")
	if err != nil {
		t.Fatalf("autofix is not on PATH (TestMain should put it there): %v", err)
	}
	home := t.TempDir()
	dir := t.TempDir()
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "AUTOFIX_") && !strings.HasPrefix(kv, "XDG_") && !strings.HasPrefix(kv, "HOME=") && !strings.HasPrefix(kv, "OLLAMA_HOST=") {
			env = append(env, kv)
		}
	}
	env = append(env,
		"HOME="+home,
		"XDG_CONFIG_HOME="+filepath.Join(home, ".config"),
		"XDG_CACHE_HOME="+filepath.Join(home, ".cache"),
		"OLLAMA_HOST=http://127.0.0.1:9",
	)
	const n = 8
	cmds := make([]*exec.Cmd, n)
	outs := make([]strings.Builder, n)
	for i := range n {
		c := exec.Command(exe, "me", "teach", "--category", "TOOL", "--model", "off", fmt.Sprintf("always use tool%d for builds", i))
		c.Dir, c.Env = dir, env
		c.Stdout, c.Stderr = &outs[i], &outs[i]
		cmds[i] = c
	}
	for i, c := range cmds {
		if err := c.Start(); err != nil {
			t.Fatalf("start %d: %v", i, err)
		}
	}
	for i, c := range cmds {
		if err := c.Wait(); err != nil {
			t.Errorf("process %d: %v\n%s", i, err, outs[i].String())
		}
	}
	path := filepath.Join(home, ".config", "autofix", "preferences.json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		NextID      int `json:"next_id"`
		Preferences []struct {
			ID, Instruction, Category string
		} `json:"preferences"`
	}
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatalf("%s: %v\n%s", path, err, data)
	}
	ids := map[string]bool{}
	tools := map[string]bool{}
	for _, p := range f.Preferences {
		ids[p.ID] = true
		for i := range n {
			if strings.Contains(p.Instruction, fmt.Sprintf("tool%d", i)) {
				tools[fmt.Sprint(i)] = true
			}
		}
		if p.Category != "TOOL" {
			t.Errorf("%s: category %q, want TOOL (--category)", p.ID, p.Category)
		}
	}
	if len(f.Preferences) != n || len(ids) != n || len(tools) != n || f.NextID != n+1 {
		t.Errorf("got %d preferences, %d distinct ids, %d distinct tools, next_id %d; want %d, %d, %d, %d\n%s",
			len(f.Preferences), len(ids), len(tools), f.NextID, n, n, n, n+1, data)
	}
	for i := 1; i <= n; i++ {
		if !ids[fmt.Sprintf("p%d", i)] {
			t.Errorf("id p%d missing", i)
		}
	}
	for p, want := range map[string]os.FileMode{path: 0o600, filepath.Dir(path): 0o700} {
		if fi, err := os.Stat(p); err != nil || fi.Mode().Perm() != want {
			t.Errorf("%s: mode %v (%v), want %v", p, fi.Mode().Perm(), err, want)
		}
	}
}

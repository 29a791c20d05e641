// Command hookfloor measures how far the UserPromptSubmit hook of autofix
// is from the floor: a minimal Go program that starts and reads the same
// ruleset (see floor/). It builds both, generates a trusted workspace with
// a ruleset of -rules rules in a temporary directory, runs the two
// interleaved -pairs times (so that load on the machine hits both alike)
// and prints the medians and the median of the per-pair ratios.
//
//	go run ./tools/hookfloor            # from the repository root
//	go run ./tools/hookfloor -pairs 41 -rules 1000
//	go run ./tools/hookfloor -autofix /path/to/autofix  # a binary built elsewhere
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"time"
)

func main() {
	pairs := flag.Int("pairs", 41, "interleaved runs of the hook and the floor")
	n := flag.Int("rules", 1000, "rules in the generated ruleset")
	bin := flag.String("autofix", "", "an autofix binary to measure instead of building ./cmd/autofix")
	flag.Parse()
	if err := run(*pairs, *n, *bin); err != nil {
		fmt.Fprintln(os.Stderr, "hookfloor:", err)
		os.Exit(1)
	}
}

func run(pairs, n int, bin string) error {
	dir, err := os.MkdirTemp("", "hookfloor")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	autofix, floor := filepath.Join(dir, "autofix"), filepath.Join(dir, "floor")
	builds := map[string]string{autofix: "./cmd/autofix", floor: "./tools/hookfloor/floor"}
	if bin != "" {
		autofix = bin
		delete(builds, autofix)
	}
	for out, pkg := range builds {
		if msg, err := exec.Command("go", "build", "-o", out, pkg).CombinedOutput(); err != nil {
			return fmt.Errorf("build %s: %v\n%s", pkg, err, msg)
		}
	}
	ws := filepath.Join(dir, "ws")
	ruleset := filepath.Join(ws, ".agents", "autofix.json")
	if err := workspace(ws, ruleset, n); err != nil {
		return err
	}
	home := filepath.Join(dir, "home")
	env := append(os.Environ(), "HOME="+home, "XDG_CONFIG_HOME="+filepath.Join(home, ".config"),
		"XDG_DATA_HOME="+filepath.Join(home, ".local/share"), "XDG_STATE_HOME="+filepath.Join(home, ".local/state"),
		"XDG_CACHE_HOME="+filepath.Join(home, ".cache"), "AUTOFIX_MODEL=off")
	if _, err := runOnce(env, ws, nil, autofix, "trust"); err != nil {
		return err
	}
	payload, _ := json.Marshal(map[string]string{
		"session_id": "hookfloor", "cwd": ws, "hook_event_name": "UserPromptSubmit",
		"prompt": "add retry logic to the payment client and handle the error it returns",
	})
	out, err := runOnce(env, ws, payload, autofix, "hook", "claude-code")
	if err != nil || !bytes.Contains(out, []byte("additionalContext")) {
		return fmt.Errorf("the hook gave no context (%v): %s", err, out)
	}
	var hooks, floors, ratios []time.Duration
	for range pairs {
		h, err := timed(env, ws, payload, autofix, "hook", "claude-code")
		if err != nil {
			return err
		}
		f, err := timed(env, ws, payload, floor, ruleset)
		if err != nil {
			return err
		}
		hooks, floors = append(hooks, h), append(floors, f)
		ratios = append(ratios, h*1000/f) // per mille
	}
	fmt.Printf("rules %d, pairs %d\nhook  median %v\nfloor median %v\nhook/floor %.2f (median of the per-pair ratios)\n",
		n, pairs, median(hooks), median(floors), float64(median(ratios))/1000)
	return nil
}

// workspace writes a git repository at ws with a ruleset of n rules.
func workspace(ws, ruleset string, n int) error {
	if err := os.MkdirAll(filepath.Join(ws, ".git"), 0o755); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(ruleset), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(ws, ".git", "HEAD"), []byte("ref: refs/heads/main\n"), 0o644); err != nil {
		return err
	}
	cats := []string{"CODE", "TOOL", "PROCESS", "STYLE", "DATA", "ARCH"}
	rules := make([]map[string]any, n)
	for i := range rules {
		rules[i] = map[string]any{
			"Rule_number": i + 1, "Category": cats[i%len(cats)],
			"Instruction": fmt.Sprintf("Always handle the error returned by call number %d in module m%d before using its result.", i+1, i%37),
			"Why":         fmt.Sprintf("review finding %d", i+1),
		}
	}
	data, err := json.MarshalIndent(rules, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(ruleset, data, 0o644)
}

func runOnce(env []string, dir string, stdin []byte, name string, args ...string) ([]byte, error) {
	cmd := exec.Command(name, args...)
	cmd.Env, cmd.Dir, cmd.Stdin = env, dir, bytes.NewReader(stdin)
	out, err := cmd.Output()
	if err != nil {
		return out, fmt.Errorf("%s %v: %w", filepath.Base(name), args, err)
	}
	return out, nil
}

func timed(env []string, dir string, stdin []byte, name string, args ...string) (time.Duration, error) {
	start := time.Now()
	_, err := runOnce(env, dir, stdin, name, args...)
	return time.Since(start), err
}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}

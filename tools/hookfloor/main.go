// Command hookfloor measures how far the UserPromptSubmit hook of autofix
// is from the floor: a minimal Go program that starts and reads the same
// ruleset (see floor/). It builds the lean hook binary (cmd/autofix-hook,
// what 'autofix setup' installs when it sits next to autofix), autofix
// itself and the floor, generates a trusted workspace with a ruleset of
// -rules rules in a temporary directory, runs `autofix-hook claude-code`,
// `autofix hook claude-code` and the floor interleaved -pairs times (so
// that load on the machine hits them alike) and prints the medians and
// the medians of the per-pair ratios to the floor.
//
//	go run ./tools/hookfloor            # from the repository root
//	go run ./tools/hookfloor -pairs 41 -rules 1000
//	go run ./tools/hookfloor -autofix /path/to/autofix -hook /path/to/autofix-hook  # binaries built elsewhere
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
	hookBin := flag.String("hook", "", "an autofix-hook binary to measure instead of building ./cmd/autofix-hook")
	flag.Parse()
	if err := run(*pairs, *n, *bin, *hookBin); err != nil {
		fmt.Fprintln(os.Stderr, "hookfloor:", err)
		os.Exit(1)
	}
}

func run(pairs, n int, bin, hookBin string) error {
	dir, err := os.MkdirTemp("", "hookfloor")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	autofix, lean, floor := filepath.Join(dir, "autofix"), filepath.Join(dir, "autofix-hook"), filepath.Join(dir, "floor")
	builds := map[string]string{autofix: "./cmd/autofix", lean: "./cmd/autofix-hook", floor: "./tools/hookfloor/floor"}
	if bin != "" {
		delete(builds, autofix)
		autofix = bin
	}
	if hookBin != "" {
		delete(builds, lean)
		lean = hookBin
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
	// The session's record makes the answers of later runs differ from
	// the first one's: compare the two binaries on runs of their own.
	leanOut, err := runOnce(env, ws, payload, lean, "claude-code")
	if err != nil {
		return err
	}
	if again, _ := runOnce(env, ws, payload, autofix, "hook", "claude-code"); !bytes.Equal(leanOut, again) {
		return fmt.Errorf("autofix-hook answered otherwise than autofix hook:\n%s\n%s", leanOut, again)
	}
	var leans, fulls, floors, leanRatios, fullRatios []time.Duration
	for range pairs {
		l, err := timed(env, ws, payload, lean, "claude-code")
		if err != nil {
			return err
		}
		f, err := timed(env, ws, payload, floor, ruleset)
		if err != nil {
			return err
		}
		h, err := timed(env, ws, payload, autofix, "hook", "claude-code")
		if err != nil {
			return err
		}
		leans, fulls, floors = append(leans, l), append(fulls, h), append(floors, f)
		leanRatios = append(leanRatios, l*1000/f) // per mille
		fullRatios = append(fullRatios, h*1000/f)
	}
	fmt.Printf("rules %d, pairs %d\nautofix-hook median %v\nautofix hook median %v\nfloor        median %v\n"+
		"hook/floor %.2f (autofix-hook; median of the per-pair ratios)\nautofix hook/floor %.2f\n",
		n, pairs, median(leans), median(fulls), median(floors),
		float64(median(leanRatios))/1000, float64(median(fullRatios))/1000)
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

package cmd

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/autofix/autofix/hookrun"
	"github.com/autofix/autofix/rules"
	"github.com/autofix/autofix/trust"
)

// autofixBin is the real binary: testscript.Main (TestMain) puts an
// "autofix" executable on PATH for the whole test binary run.
func autofixBin(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("autofix")
	if err != nil {
		t.Fatalf("autofix is not on PATH (testscript.Main should put it there): %v", err)
	}
	return p
}

// rulesWorkspace makes a repository with its own HOME and cache, and
// returns its root and the environment to run autofix in it.
func rulesWorkspace(t *testing.T) (string, []string) {
	t.Helper()
	dir := t.TempDir()
	repo := filepath.Join(dir, "repo")
	if err := os.MkdirAll(filepath.Join(repo, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	home := filepath.Join(dir, "home")
	env := append(os.Environ(), "HOME="+home, "XDG_CONFIG_HOME="+filepath.Join(home, ".config"),
		"XDG_CACHE_HOME="+filepath.Join(home, ".cache"), "OLLAMA_HOST=http://127.0.0.1:9",
		// A race-enabled binary otherwise sleeps 1 s at exit.
		"GORACE=atexit_sleep_ms=0")
	return repo, slices.Clip(env)
}

func autofixCmd(ctx context.Context, bin, dir string, env []string, args ...string) *exec.Cmd {
	c := exec.CommandContext(ctx, bin, args...)
	c.Dir = dir
	c.Env = env
	return c
}

// seed writes a ruleset with n rules; rule 1 carries fields of another tool.
func seed(t *testing.T, path string, n int) []byte {
	t.Helper()
	var b bytes.Buffer
	b.WriteString(`[{"Rule_number": 1, "Category": "TOOL", "Instruction": "Always use pnpm.", "Why": "", "x-source": {"tool": "other", "tags": ["a", "<b>"]}}`)
	for i := 2; i <= n; i++ {
		fmt.Fprintf(&b, ",\n{\"Rule_number\": %d, \"Category\": \"CODE\", \"Instruction\": \"Always seed rule %d with enough words to make the file larger.\", \"Why\": \"seed\"}", i, i)
	}
	b.WriteString("]\n")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func loadFile(t *testing.T, path string) *rules.Ruleset {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rs, err := rules.Parse("autofix.json", data)
	if err != nil {
		t.Fatalf("ruleset broken: %v", err)
	}
	if len(rs.Skipped) > 0 {
		t.Fatalf("ruleset has problems: %v", rs.Skipped)
	}
	return rs
}

// TestRulesAppendHelper is not a test: TestRulesConcurrentAppend runs the
// test binary (the autofix binary, see TestMain) as a writer process
// through it, to run `autofix rules add` many times in one process.
func TestRulesAppendHelper(t *testing.T) {
	w := os.Getenv("AUTOFIX_TEST_WRITER")
	if w == "" {
		t.Skip("helper process only")
	}
	env, err := processEnv()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	env.Stdout, env.Stderr = io.Discard, &stderr
	for i := 0; i < 50; i++ {
		if code := Run(context.Background(), env, []string{"rules", "add", "-c", "CODE", fmt.Sprintf("Always write rule w%s-%d.", w, i)}); code != 0 {
			fmt.Fprintf(os.Stderr, "writer %s add %d: exit %d: %s", w, i, code, stderr.String())
			os.Exit(1)
		}
	}
	os.Exit(0)
}

// TestRulesConcurrentAppend: 8 writer processes append 50 rules each at
// once (each `autofix rules add` runs the full command in a process of the
// real binary), while readers parse the file in a loop. Every rule lands
// exactly once, numbers are contiguous and unique, and the fields of other
// tools survive. The file starts with one rule (carrying unknown fields), so
// the 400 appended rules are numbered 2..401.
func TestRulesConcurrentAppend(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns processes")
	}
	repo, env := rulesWorkspace(t)
	path := filepath.Join(repo, ".agents", "autofix.json")
	seed(t, path, 1)
	const writers, each = 8, 50
	// The person trusted the ruleset: their own appends, however
	// concurrent, must keep it trusted.
	if out, err := autofixCmd(context.Background(), autofixBin(t), repo, env, "trust").CombinedOutput(); err != nil {
		t.Fatalf("autofix trust: %v: %s", err, out)
	}

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var reads atomic.Int64
	var readerErr atomic.Value
	var rwg sync.WaitGroup
	for r := 0; r < 2; r++ {
		rwg.Add(1)
		go func() {
			defer rwg.Done()
			for ctx.Err() == nil {
				data, err := os.ReadFile(path)
				if err == nil {
					_, err = rules.Parse("autofix.json", data)
				}
				if err != nil {
					readerErr.Store(err.Error())
					return
				}
				reads.Add(1)
				time.Sleep(200 * time.Microsecond) // leave the writers some CPU
			}
		}()
	}

	var wg sync.WaitGroup
	errs := make(chan string, writers)
	for w := 0; w < writers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := exec.Command(os.Args[0], "-test.run=^TestRulesAppendHelper$")
			c.Dir = repo
			c.Env = append(slices.Clip(env), fmt.Sprintf("AUTOFIX_TEST_WRITER=%d", w))
			if out, err := c.CombinedOutput(); err != nil {
				errs <- fmt.Sprintf("writer %d: %v: %s", w, err, out)
			}
		}()
	}
	wg.Wait()
	cancel()
	rwg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	if e := readerErr.Load(); e != nil {
		t.Fatalf("a reader saw a broken file: %v", e)
	}

	rs := loadFile(t, path)
	if len(rs.Rules) != 1+writers*each {
		t.Fatalf("%d rules, want %d", len(rs.Rules), 1+writers*each)
	}
	seen := map[string]bool{}
	for i, r := range rs.Rules {
		if r.Number != i+1 {
			t.Fatalf("rule at index %d has number %d", i, r.Number)
		}
		if i > 0 {
			seen[r.Instruction] = true
		}
	}
	for w := 0; w < writers; w++ {
		for i := 0; i < each; i++ {
			if !seen[fmt.Sprintf("Always write rule w%d-%d.", w, i)] {
				t.Errorf("rule w%d-%d lost", w, i)
			}
		}
	}
	data, _ := os.ReadFile(path)
	if !bytes.Contains(data, []byte(`"x-source": {`)) || !bytes.Contains(data, []byte(`"<b>"`)) {
		t.Error("unknown fields lost")
	}
	home := filepath.Join(filepath.Dir(repo), "home")
	tenv := &Env{Env: hookrun.Env{Dir: repo, ConfigDir: filepath.Join(home, ".config", "autofix"), CacheDir: filepath.Join(home, ".cache", "autofix"), Now: time.Now, Stderr: io.Discard}}
	ws, err := tenv.workspace()
	if err != nil {
		t.Fatal(err)
	}
	root, err := openRoot(ws)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	p, err := loadProjectRuleset(tenv, ws, root)
	if err != nil {
		t.Fatal(err)
	}
	if p.Trust != trust.Trusted {
		t.Errorf("after concurrent appends the ruleset's trust is %v, want trusted", p.Trust)
	}
	t.Logf("%d reads during %d appends", reads.Load(), writers*each)
}

// TestRulesCrash SIGKILLs 100 writers at random points, up to 3 running
// at once: after every kill the file parses and still has every rule it
// had before (in order, numbered 1..N), and orphaned temporary files are
// swept by the next write.
func TestRulesCrash(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns processes")
	}
	bin := autofixBin(t)
	repo, env := rulesWorkspace(t)
	path := filepath.Join(repo, ".agents", "autofix.json")
	seed(t, path, 800) // ~100 KB: writes take long enough to be interrupted
	// How long an add takes here with 3 running at once (as below): kills
	// land anywhere from before the start to after the end.
	var span time.Duration
	var cwg sync.WaitGroup
	var cmu sync.Mutex
	for i := 0; i < 3; i++ {
		cwg.Add(1)
		go func() {
			defer cwg.Done()
			start := time.Now()
			if err := autofixCmd(context.Background(), bin, repo, env, "rules", "add", "-c", "TOOL", "Always calibrate.").Run(); err != nil {
				t.Error(err)
			}
			cmu.Lock()
			span = max(span, time.Since(start)*5/4)
			cmu.Unlock()
		}()
	}
	cwg.Wait()
	var mu sync.Mutex
	prev := loadFile(t, path).Rules
	added := len(prev)
	killed, orphans, failed := 0, 0, false
	check := func(round int) {
		mu.Lock()
		defer mu.Unlock()
		if failed {
			return
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Errorf("round %d: %v", round, err)
			failed = true
			return
		}
		rs, err := rules.Parse("autofix.json", data)
		if err != nil || len(rs.Skipped) > 0 {
			t.Errorf("round %d: broken file: %v %v", round, err, rs)
			failed = true
			return
		}
		if len(rs.Rules) < len(prev) || !reflect.DeepEqual(rs.Rules[:len(prev)], prev) {
			t.Errorf("round %d: rules lost or changed (%d before, %d after)", round, len(prev), len(rs.Rules))
			failed = true
			return
		}
		for i, r := range rs.Rules {
			if r.Number != i+1 {
				t.Errorf("round %d: rule at index %d has number %d", round, i, r.Number)
				failed = true
				return
			}
		}
		prev = rs.Rules
		ents, _ := os.ReadDir(filepath.Dir(path))
		orphans += len(ents) - 1
	}
	var wg sync.WaitGroup
	rounds := make(chan int)
	for w := 0; w < 3; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for round := range rounds {
				c := autofixCmd(context.Background(), bin, repo, env, "rules", "add", "-c", "TOOL", fmt.Sprintf("Always survive round %d.", round))
				if err := c.Start(); err != nil {
					t.Error(err)
					return
				}
				time.Sleep(time.Duration(rand.Int64N(int64(span))))
				c.Process.Signal(syscall.SIGKILL)
				if err := c.Wait(); err != nil {
					mu.Lock()
					killed++
					mu.Unlock()
				}
				check(round)
			}
		}()
	}
	for round := 0; round < 100; round++ {
		rounds <- round
	}
	close(rounds)
	wg.Wait()
	if failed {
		return
	}
	// An orphan for sure, as a crash between create and rename leaves it.
	os.WriteFile(filepath.Join(filepath.Dir(path), ".autofix.json8675309"), []byte(`[{"Rule_n`), 0o644)
	if err := autofixCmd(context.Background(), bin, repo, env, "rules", "add", "-c", "TOOL", "Always sweep.").Run(); err != nil {
		t.Fatal(err)
	}
	ents, _ := os.ReadDir(filepath.Dir(path))
	if len(ents) != 1 {
		t.Errorf("orphans left after a write: %v", ents)
	}
	t.Logf("100 writers, kills within %v: %d killed, %d rules added, %d orphan temp files seen", span, killed, len(prev)-added, orphans)
}

// TestRulesDiskFull: a write that fails for lack of space (a child with a
// small file-size limit) leaves the original byte-identical and no
// temporary file.
func TestRulesDiskFull(t *testing.T) {
	bin := autofixBin(t)
	repo, env := rulesWorkspace(t)
	path := filepath.Join(repo, ".agents", "autofix.json")
	orig := seed(t, path, 600) // ~75 KB, over the limit below in either unit
	c := exec.Command("sh", "-c", `ulimit -f 64 && exec "$0" "$@"`, bin, "rules", "add", "-c", "TOOL", "Always fit.")
	c.Dir, c.Env = repo, env
	var stderr bytes.Buffer
	c.Stderr = &stderr
	err := c.Run()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
		t.Fatalf("exit: %v; stderr: %s", err, stderr.String())
	}
	if !strings.Contains(stderr.String(), "file too large") || !strings.Contains(stderr.String(), "autofix: hint: free some disk space") {
		t.Errorf("stderr %q does not say why", stderr.String())
	}
	if b, _ := os.ReadFile(path); !bytes.Equal(b, orig) {
		t.Error("the original changed")
	}
	if ents, _ := os.ReadDir(filepath.Dir(path)); len(ents) != 1 {
		t.Errorf("left behind: %v", ents)
	}
}

// TestRulesAddLeavesBrokenFilesAlone runs the real `rules add` and `rules
// check` on hand-edit mistakes (the full table of kinds is in package
// rules): the exact position is printed and the file is not touched.
func TestRulesAddLeavesBrokenFilesAlone(t *testing.T) {
	bin := autofixBin(t)
	for _, tc := range []struct{ data, want string }{
		{"[\n  {\"Rule_number\": 1,}\n]", "autofix.json:2:20: trailing comma before '}'"},
		{"[{\"Rule_number\": 1}] x", "autofix.json:1:22: unexpected 'x' after the end of the JSON value"},
		{"\ufeff[{Why: 1}]", "autofix.json:1:3: object key Why must be a double-quoted string"},
		{"[{\"Rule_number\": 1, \"Category\": \"TOOL\", \"Instruction\": \"Always a.\", \"Why\": 5}]", "autofix.json:1:76: rule at index 0: \"Why\" must be a string, found a number"},
		{"[{\"Why\": \"\xc3\x28\"}]", "autofix.json:1:11: invalid UTF-8 byte 0xc3 in a string"},
	} {
		repo, env := rulesWorkspace(t)
		path := filepath.Join(repo, "autofix.json")
		os.WriteFile(path, []byte(tc.data), 0o644)
		out, err := autofixCmd(context.Background(), bin, repo, env, "rules", "check").Output()
		if err == nil || !strings.HasPrefix(string(out), tc.want) {
			t.Errorf("check %q: %v\n got %s\nwant %s", tc.data, err, out, tc.want)
		}
		if err := autofixCmd(context.Background(), bin, repo, env, "rules", "add", "-c", "TOOL", "Always x.").Run(); err == nil {
			t.Errorf("add succeeded on %q", tc.data)
		}
		if b, _ := os.ReadFile(path); string(b) != tc.data {
			t.Errorf("add changed %q to %q", tc.data, b)
		}
	}
}

// TestRulesExitCodes: usage mistakes exit 2, failures 1, success 0.
func TestRulesExitCodes(t *testing.T) {
	bin := autofixBin(t)
	repo, env := rulesWorkspace(t)
	for _, tc := range []struct {
		args []string
		want int
	}{
		{[]string{"rules", "add", "Always use pnpm."}, 2},
		{[]string{"rules", "add", "-c", "TOOLS", "Always use pnpm."}, 2},
		{[]string{"rules", "add", "-c", "TOOL"}, 2},
		{[]string{"rules", "add", "-c", "TOOL", "--supersedes", "x", "Always use pnpm."}, 2},
		{[]string{"rules", "list", "extra"}, 2},
		{[]string{"rules", "check", "extra"}, 2},
		{[]string{"rules", "bogus"}, 2},
		{[]string{"rules", "add", "-c", "TOOL", "   "}, 2},
		{[]string{"rules", "add", "-c", "TOOL", "--supersedes", "3", "Always use pnpm."}, 1},
		{[]string{"rules", "add", "-c", "TOOL", "Always use pnpm."}, 0},
		{[]string{"rules", "add", "-c", "TOOL", "Always", "use", "yarn."}, 0}, // unquoted words: one instruction
		{[]string{"rules", "list"}, 0},
		{[]string{"rules", "check"}, 0},
	} {
		err := autofixCmd(context.Background(), bin, repo, env, tc.args...).Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		if code != tc.want {
			t.Errorf("autofix %s: exit %d, want %d", strings.Join(tc.args, " "), code, tc.want)
		}
	}
}

package cmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/autofix/autofix/cmd/hookmain"
	"github.com/rogpeppe/go-internal/testscript"
)

func TestMain(m *testing.M) {
	// The fake Ollama answers at once, but a loaded CI machine may not
	// schedule it within the real 300 ms; set before testscript.Main, this
	// also reaches the script subprocesses, which run this test binary.
	probeTimeout = 10 * time.Second
	testscript.Main(m, map[string]func(){
		"autofix":      func() { os.Exit(Main()) },
		"autofix-hook": func() { os.Exit(hookmain.Main()) },
	})
}

// TestScripts runs the end-to-end scripts in testdata/script, one per
// behaviour. Each runs the real binary with HOME and the XDG directories
// inside $WORK, so nothing touches the developer's own configuration.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 filepath.Join("testdata", "script"),
		RequireExplicitExec: true,
		RequireUniqueNames:  true,
		Setup:               setupScript,
		Cmds:                scriptCmds,
	})
}

// TestScriptsLeanHook runs the scripts that run `autofix hook AGENT`
// (all but setup's and doctor's, which read the installed command) again
// with the lean binary, `autofix-hook AGENT`, in its place: it must answer
// byte for byte alike, on stdout and stderr.
func TestScriptsLeanHook(t *testing.T) {
	dir := t.TempDir()
	names, err := filepath.Glob(filepath.Join("testdata", "script", "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	copied := 0
	for _, name := range names {
		base := filepath.Base(name)
		if strings.HasPrefix(base, "setup_") || strings.HasPrefix(base, "doctor_") {
			continue
		}
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.SplitAfter(string(data), "\n")
		changed := false
		for i, l := range lines {
			if strings.HasPrefix(l, "exec autofix hook ") || strings.HasPrefix(l, "! exec autofix hook ") || strings.HasPrefix(l, "exec sh -c 'autofix hook ") {
				lines[i] = strings.Replace(l, "autofix hook ", "autofix-hook ", 1)
				changed = true
			}
		}
		if !changed {
			continue
		}
		if err := os.WriteFile(filepath.Join(dir, base), []byte(strings.Join(lines, "")), 0o644); err != nil {
			t.Fatal(err)
		}
		copied++
	}
	if copied < 20 {
		t.Fatalf("only %d scripts run autofix hook; the rewrite missed them", copied)
	}
	testscript.Run(t, testscript.Params{
		Dir:                 dir,
		RequireExplicitExec: true,
		RequireUniqueNames:  true,
		Setup:               setupScript,
		Cmds:                scriptCmds,
	})
}

// scriptCmds are the custom commands scripts may use.
var scriptCmds = map[string]func(ts *testscript.TestScript, neg bool, args []string){
	"fakeollama": cmdFakeOllama,
	"envsubst":   cmdEnvsubst,
}

func setupScript(e *testscript.Env) error {
	home := filepath.Join(e.WorkDir, ".home")
	for k, v := range map[string]string{
		"HOME":            home,
		"XDG_CONFIG_HOME": filepath.Join(home, ".config"),
		"XDG_CACHE_HOME":  filepath.Join(home, ".cache"),
		"XDG_STATE_HOME":  filepath.Join(home, ".local", "state"),
		"XDG_DATA_HOME":   filepath.Join(home, ".local", "share"),
		"XDG_RUNTIME_DIR": filepath.Join(home, ".run"),
		// No model server unless a script starts the fake one.
		"OLLAMA_HOST":         "http://127.0.0.1:9",
		"GIT_CONFIG_NOSYSTEM": "1",
		"GIT_AUTHOR_NAME":     "autofix test",
		"GIT_AUTHOR_EMAIL":    "test@example.invalid",
		"GIT_COMMITTER_NAME":  "autofix test",
		"GIT_COMMITTER_EMAIL": "test@example.invalid",
	} {
		e.Setenv(k, v)
	}
	// Under -race each process sleeps 1 s at exit by default so that
	// late reports get printed; a race is still reported (exit 66) when
	// it happens, so a short wait keeps the check and saves a second
	// per exec.
	e.Setenv("GORACE", strings.TrimSpace(os.Getenv("GORACE")+" atexit_sleep_ms=10"))
	return os.MkdirAll(filepath.Join(home, ".run"), 0o700)
}

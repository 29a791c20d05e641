// Package cmd implements the autofix command line: one cobra command per
// file, each built by a newXxxCmd function from an [Env] that carries the IO
// streams, the environment, the clock, the directories and the model client,
// so tests can run every command in-process with fakes.
//
// Output rules: results go to stdout; errors go to stderr as
// "autofix: error: …", lower case, followed by "autofix: hint: …" when there
// is a next step. Exit codes are mapped in one place, [exitCode].
package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"time"

	"github.com/adrg/xdg"
	"github.com/autofix/autofix/brief"
	"github.com/autofix/autofix/hookrun"
	"github.com/knadh/koanf/parsers/yaml"
	"github.com/ollama/ollama/api"
	"golang.org/x/term"
)

// Exit codes, documented in the root command's help.
const (
	exitOK       = 0
	exitFailure  = 1
	exitUsage    = 2
	exitCanceled = 130
)

// Env is everything a command needs from the process. Main fills it from
// the real process; tests build their own.
type Env struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	// StdoutTTY and StderrTTY say whether the streams are terminals
	// (spinners and colour only then).
	StdoutTTY, StderrTTY bool
	// Getenv reads an environment variable.
	Getenv func(string) string
	// Environ lists the environment as KEY=VALUE (for AUTOFIX_* config).
	Environ func() []string
	// Now is the clock.
	Now func() time.Time
	// Dir is the working directory, absolute.
	Dir string
	// ConfigDir is autofix's own config directory ($XDG_CONFIG_HOME/autofix).
	ConfigDir string
	// CacheDir is autofix's cache directory ($XDG_CACHE_HOME/autofix): lock
	// files, hook session state, embedding vectors.
	CacheDir string
	// StateDir is autofix's state directory ($XDG_STATE_HOME/autofix): the
	// activity the hooks record. Empty: nothing is recorded.
	StateDir string
	// Executable is the absolute path of the running binary (for setup).
	Executable string
	// Ollama returns the model client; by default api.ClientFromEnvironment.
	Ollama func() (*api.Client, error)
	// Version is the build's version string.
	Version string
}

// hookEnv is env as package hookrun takes it: the hook's runner and the
// paths and stores it shares with the commands.
func (env *Env) hookEnv() *hookrun.Env {
	return &hookrun.Env{
		Stdin: env.Stdin, Stdout: env.Stdout, Stderr: env.Stderr,
		Getenv: env.Getenv, Environ: env.Environ, Now: env.Now,
		Dir: env.Dir, ConfigDir: env.ConfigDir, CacheDir: env.CacheDir, StateDir: env.StateDir,
		Executable: env.Executable,
		YAML:       yaml.Parser().Unmarshal,
		Embedder: func(model string) (brief.Embedder, error) {
			client, err := env.Ollama()
			if err != nil {
				return nil, err
			}
			return ollamaEmbedder{client: client, model: model}, nil
		},
	}
}

// Main runs autofix with the process's arguments and streams and returns the
// exit code.
func Main() int {
	if len(os.Args) > 1 && os.Args[1] == "hook" {
		// A hook process lives a few milliseconds on the agent's critical
		// path and allocates a few MB: no collection unless the heap nears
		// 64 MiB (about 1 ms of a 1,000-rule prompt hook, see
		// tools/hookfloor).
		debug.SetGCPercent(-1)
		debug.SetMemoryLimit(64 << 20)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	env, err := processEnv()
	if err != nil {
		fmt.Fprintf(os.Stderr, "autofix: error: %v\n", err)
		return exitFailure
	}
	return Run(ctx, env, os.Args[1:])
}

func processEnv() (*Env, error) {
	wd, err := os.Getwd()
	if err != nil {
		return nil, fmt.Errorf("find the working directory: %w", err)
	}
	exe, err := os.Executable()
	if err == nil {
		exe, _ = filepath.EvalSymlinks(exe)
	}
	return &Env{
		Stdin:      os.Stdin,
		Stdout:     os.Stdout,
		Stderr:     os.Stderr,
		StdoutTTY:  term.IsTerminal(int(os.Stdout.Fd())),
		StderrTTY:  term.IsTerminal(int(os.Stderr.Fd())),
		Getenv:     os.Getenv,
		Environ:    os.Environ,
		Now:        time.Now,
		Dir:        wd,
		ConfigDir:  filepath.Join(xdg.ConfigHome, "autofix"),
		CacheDir:   filepath.Join(xdg.CacheHome, "autofix"),
		StateDir:   filepath.Join(xdg.StateHome, "autofix"),
		Executable: exe,
		Ollama:     api.ClientFromEnvironment,
		Version:    version(),
	}, nil
}

// Run executes one command line and returns its exit code. Errors are
// printed here and nowhere else.
func Run(ctx context.Context, env *Env, args []string) int {
	root := newRootCmd(env)
	root.SetArgs(args)
	root.SetIn(env.Stdin)
	root.SetOut(env.Stdout)
	root.SetErr(env.Stderr)
	err := root.ExecuteContext(ctx)
	if err == nil {
		return exitOK
	}
	code := exitCode(ctx, err)
	if !errors.Is(err, errSilent) {
		fmt.Fprintf(env.Stderr, "autofix: error: %v\n", err)
		if h := hintOf(err); h != "" {
			fmt.Fprintf(env.Stderr, "autofix: hint: %s\n", h)
		}
	}
	return code
}

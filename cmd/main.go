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
	"os"
	"os/signal"
	"runtime/debug"

	"github.com/autofix/autofix/brief"
	"github.com/autofix/autofix/cmd/hookmain"
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

// Env is everything a command needs from the process: what the hook's
// runner needs ([hookrun.Env]: streams, environment, clock, directories)
// and what only the commands use. Main fills it from the real process;
// tests build their own.
type Env struct {
	hookrun.Env
	// StdoutTTY and StderrTTY say whether the streams are terminals
	// (spinners and colour only then).
	StdoutTTY, StderrTTY bool
	// Ollama returns the model client; by default api.ClientFromEnvironment.
	Ollama func() (*api.Client, error)
	// Version is the build's version string.
	Version string
}

// hookEnv is env as package hookrun takes it: the hook's runner and the
// paths and stores it shares with the commands.
func (env *Env) hookEnv() *hookrun.Env {
	h := env.Env
	h.YAML = yaml.Parser().Unmarshal
	h.Embedder = func(model string) (brief.Embedder, error) {
		client, err := env.Ollama()
		if err != nil {
			return nil, err
		}
		return ollamaEmbedder{client: client, model: model}, nil
	}
	return &h
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
	h, err := hookmain.ProcessEnv()
	if err != nil {
		return nil, err
	}
	return &Env{
		Env:       *h,
		StdoutTTY: term.IsTerminal(int(os.Stdout.Fd())),
		StderrTTY: term.IsTerminal(int(os.Stderr.Fd())),
		Ollama:    api.ClientFromEnvironment,
		Version:   version(),
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

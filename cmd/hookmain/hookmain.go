// Package hookmain is the process side of the lean hook binary,
// cmd/autofix-hook: it fills a [hookrun.Env] from the process and runs the
// hook as `autofix hook AGENT` does, with the same streams, answer and
// exit code, in a binary that links neither cobra, the MCP SDK, the
// Ollama client nor net (so a default `go build` links it statically and
// it starts in about a millisecond; see tools/hookfloor).
//
// What it cannot do itself is ask an embedding model and read a YAML
// config file: with the configuration key embed_model set, or a
// config.yaml, it hands the run to `autofix hook AGENT`, the autofix next
// to it or on PATH, when the run reads the configuration (an event that is
// only recorded does not); without one it matches lexically and says so,
// or says that it reads no YAML.
package hookmain

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"time"

	"github.com/adrg/xdg"
	"github.com/autofix/autofix/config"
	"github.com/autofix/autofix/hookrun"
)

// usage is what -h says.
const usage = `usage: autofix-hook claude-code|codex|cursor

autofix-hook is what an agent runs when one of its hook events fires, as
'autofix hook AGENT' is, answering alike in less time; 'autofix setup'
installs it when it sits next to autofix. See 'autofix hook --help'.
`

// Main runs the hook with the process's arguments and streams and returns
// the exit code: 0, as the agent's hook always exits, or 1 when the
// process has no working directory (as autofix's own start says).
func Main() int {
	// A hook process lives a few milliseconds on the agent's critical
	// path and allocates a few MB: no collection unless the heap nears
	// 64 MiB (as cmd.Main does for `autofix hook`).
	debug.SetGCPercent(-1)
	debug.SetMemoryLimit(64 << 20)
	args := os.Args[1:]
	if len(args) == 1 && (args[0] == "-h" || args[0] == "--help") {
		fmt.Fprint(os.Stdout, usage)
		return 0
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	env, err := ProcessEnv()
	if err != nil {
		fmt.Fprintf(os.Stderr, "autofix: error: %v\n", err)
		return 1
	}
	code := 0
	handOff(env, args, &code)
	hookrun.Run(ctx, env, args)
	return code
}

// ProcessEnv is the process as [hookrun.Env] sees it: its streams,
// environment, clock, working directory, autofix's XDG directories and the
// running binary. autofix's own start builds on it.
func ProcessEnv() (*hookrun.Env, error) {
	wd, err := os.Getwd()
	if err != nil {
		return nil, fmt.Errorf("find the working directory: %w", err)
	}
	exe, err := os.Executable()
	if err == nil {
		exe, _ = filepath.EvalSymlinks(exe)
	}
	return &hookrun.Env{
		Stdin:      os.Stdin,
		Stdout:     os.Stdout,
		Stderr:     os.Stderr,
		Getenv:     os.Getenv,
		Environ:    os.Environ,
		Now:        time.Now,
		Dir:        wd,
		ConfigDir:  filepath.Join(xdg.ConfigHome, "autofix"),
		CacheDir:   filepath.Join(xdg.CacheHome, "autofix"),
		StateDir:   filepath.Join(xdg.StateHome, "autofix"),
		Executable: exe,
	}, nil
}

// handOff makes env's configuration, read when the run first asks for it
// (not at all for the events that are only recorded), decide whether
// autofix answers instead: an embedding model needs the model client this
// binary leaves out, a YAML config file the YAML parser it leaves out too.
// Then `autofix hook ARGS` (the autofix next to this binary or on PATH)
// reads the payload this run read so far and the rest of stdin, the run
// stops ([hookrun.ErrHandedOff]), and *code is autofix's exit code.
// Without an autofix, or when it cannot start, this binary answers itself
// (lexically; for YAML, with the error that says what to do).
func handOff(env *hookrun.Env, args []string, code *int) {
	var read bytes.Buffer
	stdin := env.Stdin
	env.Stdin = io.TeeReader(stdin, &read)
	stderr := env.Stderr
	env.LoadConfig = func() (config.Config, error) {
		var warnings bytes.Buffer
		cfg, err := config.Read(config.Sources{Dir: env.ConfigDir, Environ: env.Environ, Warn: &warnings})
		if errors.Is(err, config.ErrNoYAML) || err == nil && cfg.EmbedModel != "" {
			if full := autofixBinary(env.Executable, exec.LookPath); full != "" {
				if c, ok := runAutofix(full, args, io.MultiReader(&read, stdin)); ok {
					*code = c
					return config.Config{}, hookrun.ErrHandedOff
				}
			}
		}
		stderr.Write(warnings.Bytes())
		return cfg, err
	}
}

// runAutofix runs `autofix hook ARGS` with stdin and this process's
// stdout and stderr; ok is false when it could not start (nothing was
// read or written then).
func runAutofix(full string, args []string, stdin io.Reader) (code int, ok bool) {
	// Not bound to a context: an interrupt reaches autofix itself, which
	// winds its run down as this process would.
	c := exec.Command(full, append([]string{"hook"}, args...)...)
	c.Stdin, c.Stdout, c.Stderr = stdin, os.Stdout, os.Stderr
	err := c.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0, true
	case errors.As(err, &exit) && exit.ExitCode() >= 0:
		return exit.ExitCode(), true
	case errors.As(err, &exit):
		return 1, true // killed by a signal
	default:
		return 0, false
	}
}

// autofixBinary is the autofix binary for the lean hook binary at exe: the one
// in the same directory, else lookPath's; empty when there is none.
func autofixBinary(exe string, lookPath func(string) (string, error)) string {
	if exe != "" {
		p := filepath.Join(filepath.Dir(exe), "autofix"+filepath.Ext(exe))
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && p != exe {
			return p
		}
	}
	if p, err := lookPath("autofix"); err == nil {
		return p
	}
	return ""
}

// Package hookmain is the process side of the lean hook binary,
// cmd/autofix-hook: it fills a [hookrun.Env] from the process and runs the
// hook as `autofix hook AGENT` does, with the same streams, answer and
// exit code, in a binary that links neither cobra, the MCP SDK, the
// Ollama client nor net (so a default `go build` links it statically and
// it starts in about a millisecond; see tools/hookfloor).
//
// What it cannot do itself is ask an embedding model and read a YAML
// config file: with the configuration key embed_model set, or a
// config.yaml, it runs `autofix hook AGENT` instead, the autofix next to it
// or on PATH; without one it matches lexically and says so, or says that
// it reads no YAML.
package hookmain

import (
	"bytes"
	"context"
	"errors"
	"fmt"
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
	env, err := processEnv()
	if err != nil {
		fmt.Fprintf(os.Stderr, "autofix: error: %v\n", err)
		return 1
	}
	if code, ok := delegate(env, args); ok {
		return code
	}
	hookrun.Run(ctx, env, args)
	return 0
}

func processEnv() (*hookrun.Env, error) {
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

// delegate runs `autofix hook ARGS` in this process's place when the
// configuration names an embedding model, which needs the model client
// this binary leaves out, or is a YAML file, whose parser it leaves out
// too; ok is false when it did not (neither, or no autofix binary found,
// or it could not start), and the caller answers itself, with the
// configuration read here (env.LoadConfig, which says its warnings when
// the run asks for it).
func delegate(env *hookrun.Env, args []string) (code int, ok bool) {
	var warnings bytes.Buffer
	cfg, err := config.Read(config.Sources{Dir: env.ConfigDir, Environ: env.Environ, Warn: &warnings})
	stderr := env.Stderr
	env.LoadConfig = func() (config.Config, error) {
		stderr.Write(warnings.Bytes())
		warnings.Reset()
		return cfg, err
	}
	if !errors.Is(err, config.ErrNoYAML) && (err != nil || cfg.EmbedModel == "") {
		return 0, false
	}
	full := autofixBinary(env.Executable, exec.LookPath)
	if full == "" {
		return 0, false
	}
	// Not bound to ctx: an interrupt reaches autofix itself, which winds
	// its run down as this process would.
	c := exec.Command(full, append([]string{"hook"}, args...)...)
	c.Stdin, c.Stdout, c.Stderr = os.Stdin, os.Stdout, os.Stderr
	err = c.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0, true
	case errors.As(err, &exit) && exit.ExitCode() >= 0:
		return exit.ExitCode(), true
	case errors.As(err, &exit):
		return 1, true // killed by a signal
	default:
		return 0, false // it did not start: stdin is still unread
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

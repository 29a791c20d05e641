// Package hookrun answers one run of autofix's agent hook: it reads the
// agent's hook JSON, delivers the rules for the session, the prompt, the
// subagent or the file about to be written, enforces the guardrails before
// a tool call, and records what happened, all within the agent's caps.
// Both `autofix hook AGENT` and the lean binary cmd/autofix-hook call [Run],
// so they answer byte for byte alike.
//
// It links neither cobra nor net: the process that runs it passes its
// streams, environment, clock and directories in an [Env], and the
// embedding model, when there is one, as [Env].Embedder.
package hookrun

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/autofix/autofix/brief"
	"github.com/autofix/autofix/config"
	"github.com/autofix/autofix/hook"
	"github.com/autofix/autofix/scope"
)

// Env is everything a hook run needs from the process.
type Env struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
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
	// Executable is the absolute path of the running binary (to recognize
	// autofix's own Cursor hook; the commands' setup installs it).
	Executable string
	// Embedder opens the embedding model named (configuration key
	// embed_model); nil when this process has no model client.
	Embedder func(model string) (brief.Embedder, error)
	// YAML parses a YAML config file (see config.Sources.YAML); nil in the
	// lean binary, which leaves the YAML parser out.
	YAML func([]byte) (map[string]any, error)
	// LoadConfig, when set, is what [Env.Config] returns instead of
	// reading the configuration itself. It may answer the run in another
	// way (the lean binary hands it to autofix) and return [ErrHandedOff]:
	// the run then stops, having written nothing.
	LoadConfig func() (config.Config, error)

	// ws, when set, keeps the workspace detected for Dir, so that one run
	// that asks several times (the brief, the guard, the activity record)
	// walks the directories and reads .git/config once. Only Run sets it,
	// on its own copy of the Env.
	ws *workspaceMemo
}

// workspaceMemo is a workspace detected for dir.
type workspaceMemo struct {
	dir string
	ws  scope.Workspace
}

// ErrHandedOff is what [Env].LoadConfig returns when it had the run
// answered elsewhere.
var ErrHandedOff = errors.New("the run was handed off")

// Usage is the one line that says what the hook takes.
const Usage = "want one agent (claude-code, codex or cursor)"

// Run answers the hook run of an agent named by args (one of
// claude-code, codex, cursor). It never fails the agent: what it cannot
// do is one line on stderr ([Fail]), and the caller exits 0.
func Run(ctx context.Context, env *Env, args []string) {
	if len(args) != 1 {
		Fail(env, fmt.Errorf("%s, got %q", Usage, args))
		return
	}
	if err := run(ctx, env, args[0]); err != nil && !errors.Is(err, ErrHandedOff) {
		Fail(env, err)
	}
}

// Fail reports a hook's failure on stderr, on one line; the exit code
// stays 0 so that the agent carries on without autofix.
func Fail(env *Env, err error) {
	fmt.Fprintf(env.Stderr, "autofix: hook: %s\n", strings.Join(strings.Fields(err.Error()), " "))
}

// Config reads the configuration for a hook run (config.Read: the hook
// takes no flags), or returns env.LoadConfig's.
func (env *Env) Config() (config.Config, error) {
	if env.LoadConfig != nil {
		return env.LoadConfig()
	}
	return config.Read(config.Sources{Dir: env.ConfigDir, Environ: env.Environ, Warn: env.Stderr, YAML: env.YAML})
}

func run(ctx context.Context, env *Env, agentName string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error: %v", r)
		}
	}()
	agent, err := hook.ParseAgent(agentName)
	if err != nil {
		return err
	}
	ev, err := hook.Parse(agent, env.Stdin)
	if err != nil {
		return err
	}
	if ev.Kind == hook.Other {
		return nil
	}
	// The agent says where it runs; the hook's own working directory is
	// the fallback.
	wenv := *env
	if ev.Cwd != "" && filepath.IsAbs(ev.Cwd) {
		wenv.Dir = ev.Cwd
	}
	wenv.ws = &workspaceMemo{}
	if ev.Via != "" && cursorHookInstalled(&wenv, ev.Cwd) {
		// Cursor runs Claude Code's hooks as well as its own: when
		// autofix's Cursor hook is set up where Cursor reads it, that one
		// delivers, and this one stays silent, whichever runs first.
		return nil
	}
	if ev.Kind.Records() {
		// Tool calls, turn ends and session ends are only recorded; the
		// answer adds nothing (see hook.Answer).
		recordActivity(&wenv, config.Config{}, ev, nil)
		return writeAnswer(env, ev, "")
	}
	cfg, err := wenv.Config()
	if err != nil {
		return err
	}
	files := hook.Relative(wenv.Dir, ev.Files)
	note := SelfRepair(ctx, cfg, ev)
	if ev.Kind == hook.FileEdit || ev.Kind == hook.ShellCommand {
		d, answered, err := GuardCall(env, &wenv, cfg, ev, files)
		if answered || err != nil {
			return err
		}
		if ev.Kind == hook.ShellCommand {
			// A shell command gets no rule text: only a guardrail's warning.
			return writeAnswer(env, ev, d.Warning())
		}
		if w := d.Warning(); w != "" {
			note = w // kept whole under the cap, as the self-repair note is
		}
	}
	sessions := env.Sessions()
	now := env.Now()

	if ev.Kind == hook.SessionStart {
		// Kept whole, like the self-repair note.
		note = staleNote(ctx, &wenv) + note
	}
	limit := hook.CapOf(ev.Agent)
	b, err := FittedBrief(ctx, &wenv, cfg, limit, note, BriefRequest{Task: ev.Prompt, Files: files})
	if err != nil {
		return err
	}
	if len(b.Notes) > 0 {
		// What could not be delivered (a broken ruleset, say): one line
		// for the person; the agent still gets the rules that could be read.
		Fail(env, errors.New(strings.Join(b.Notes, "; ")))
	}
	sel, text := b.Selection, b.Text
	if ev.Kind == hook.FileEdit {
		// Only the rules that apply to these files and that this session
		// has not received yet, so the agent is not flooded before every
		// write.
		seen, err := sessions.Delivered(ev.SessionID, now)
		if err != nil {
			return err
		}
		fresh := hook.Fresh(sel, seen)
		fresh = coChanged(ctx, &wenv, ev.Files, sel, fresh, seen)
		sel, text = fresh, brief.Render(fresh)
	}
	if err := writeAnswer(env, ev, limit.Fit(text, note)); err != nil {
		return err
	}
	if ev.Agent == hook.Cursor && ev.Kind == hook.SessionStart {
		syncCursorRules(ctx, &wenv)
	}
	if ev.Kind == hook.SessionStart {
		refreshCochangeHook(ctx, &wenv)
	}
	keys := sel.Keys()
	recordActivity(&wenv, cfg, ev, keys)
	return sessions.Deliver(ctx, ev, keys, now)
}

// writeAnswer prints the agent's answer to ev with text, if it needs one.
func writeAnswer(env *Env, ev hook.Event, text string) error {
	out, err := hook.Answer(ev, text)
	if err == nil && out != nil {
		_, err = env.Stdout.Write(out)
	}
	return err
}

// SelfRepair is what a hook adds about learning (hook.SelfRepair), with
// the capture setting of cfg.
func SelfRepair(ctx context.Context, cfg config.Config, ev hook.Event) string {
	return hook.SelfRepair(ctx, ev, cfg.Capture != config.CaptureOff)
}

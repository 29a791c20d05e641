package cmd

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/autofix/autofix/brief"
	"github.com/autofix/autofix/hook"
	"github.com/spf13/cobra"
)

type hookOptions struct {
	env   *Env
	agent string
}

func newHookCmd(env *Env) *cobra.Command {
	opts := &hookOptions{env: env}
	return &cobra.Command{
		Use:   "hook claude-code|codex|cursor",
		Short: "Answer an agent's hook (run by the agent, not by people)",
		Long: `hook is what an agent runs when one of its hook events fires; 'autofix
setup' installs it. It reads the agent's hook JSON on stdin and prints only
the JSON answer on stdout: the rules for the session, the prompt, the
subagent or the file about to be written. With the configuration key
capture at "suggest" (the default), the session's context ends with the
self-repair protocol, and a prompt that carries a durable rule (see
'autofix detect') gets the candidate rule and the command that records it;
"off" sends neither. The text stays under the agent's cap (10,000
characters; for Codex 2,000 tokens, below the 2,500 past which Codex moves
it into a file), and the self-repair note is never the part cut.

Cursor also runs the hooks in Claude Code's settings: 'hook claude-code'
run by Cursor answers as 'hook cursor' would, and not at all when
autofix's Cursor hook is set up, so the rules arrive once.

Before a write it also sends the rules tied to the files that change
together with the one written (see 'autofix cochange'); at session start,
one line when rules in force no longer match the checkout (see 'autofix
rules stale').

It also records, on this machine only, what was delivered and what
happened next: PostToolUse, PostToolUseFailure, Stop and SessionEnd add
nothing to the agent's context (Codex gets its default {"continue":true})
and are only recorded; see 'autofix status' and 'autofix activity forget'.

Before a Bash command or a file edit (Claude Code, Codex) it enforces the
guardrails: a rule in force with a check that the call breaks denies it,
with "autofix rule #N: <Instruction>" as the reason (configuration key
guard: deny, warn or off; see "Guardrails" in the README). Bash calls get
nothing else.

It never fails the agent and always exits 0: what it cannot deliver (a
broken ruleset, say) is one line on stderr while the rules that can be read
still go out, a check that cannot run is skipped, and on any other error
stdout stays empty. It calls no model and answers in milliseconds.`,
		Example: `  echo '{"hook_event_name":"UserPromptSubmit","session_id":"s","cwd":"'$PWD'","prompt":"add a signup form"}' | autofix hook claude-code`,
		// Flags are not parsed: a usage error exits 2, which Claude Code
		// takes as "block the prompt".
		DisableFlagParsing: true,
		RunE: func(c *cobra.Command, args []string) error {
			if len(args) == 1 && (args[0] == "-h" || args[0] == "--help") {
				return c.Help()
			}
			if len(args) != 1 {
				hookFail(env, fmt.Errorf("want one agent (claude-code, codex or cursor), got %q", args))
				return nil
			}
			opts.agent = args[0]
			if err := runHook(c.Context(), opts); err != nil {
				hookFail(env, err)
			}
			return nil
		},
	}
}

// hookFail reports a hook's failure on stderr, on one line; the exit code
// stays 0 so that the agent carries on without autofix.
func hookFail(env *Env, err error) {
	fmt.Fprintf(env.Stderr, "autofix: hook: %s\n", strings.Join(strings.Fields(err.Error()), " "))
}

func runHook(ctx context.Context, opts *hookOptions) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error: %v", r)
		}
	}()
	env := opts.env
	agent, err := hook.ParseAgent(opts.agent)
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
		recordActivity(&wenv, Config{}, ev, nil)
		return writeAnswer(env, ev, "")
	}
	cfg, err := loadConfig(&wenv, nil)
	if err != nil {
		return err
	}
	files := hook.Relative(wenv.Dir, ev.Files)
	note := selfRepair(ctx, cfg, ev)
	if ev.Kind == hook.FileEdit || ev.Kind == hook.ShellCommand {
		d, answered, err := guardCall(env, &wenv, cfg, ev, files)
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
	sessions := env.sessions()
	now := env.Now()

	if ev.Kind == hook.SessionStart {
		// Kept whole, like the self-repair note.
		note = staleNote(ctx, &wenv) + note
	}
	limit := hook.CapOf(ev.Agent)
	b, err := fittedBrief(ctx, &wenv, cfg, limit, note, briefRequest{Task: ev.Prompt, Files: files})
	if err != nil {
		return err
	}
	if len(b.Notes) > 0 {
		// What could not be delivered (a broken ruleset, say): one line
		// for the person; the agent still gets the rules that could be read.
		hookFail(env, errors.New(strings.Join(b.Notes, "; ")))
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

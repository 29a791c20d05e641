package cmd

import (
	"github.com/autofix/autofix/hookrun"
	"github.com/spf13/cobra"
)

func newHookCmd(env *Env) *cobra.Command {
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
stdout stays empty. It calls no model (but an embedding model when the
configuration names one) and answers in milliseconds.

autofix-hook AGENT, the lean hook binary that go install
github.com/autofix/autofix/cmd/...@latest puts next to autofix, answers
exactly alike in less time; 'autofix setup' installs it when it is there.`,
		Example: `  echo '{"hook_event_name":"UserPromptSubmit","session_id":"s","cwd":"'$PWD'","prompt":"add a signup form"}' | autofix hook claude-code`,
		// Flags are not parsed: a usage error exits 2, which Claude Code
		// takes as "block the prompt".
		DisableFlagParsing: true,
		RunE: func(c *cobra.Command, args []string) error {
			if len(args) == 1 && (args[0] == "-h" || args[0] == "--help") {
				return c.Help()
			}
			hookrun.Run(c.Context(), env.hookEnv(), args)
			return nil
		},
	}
}

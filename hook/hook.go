// Package hook speaks the hook protocols of AI coding agents: it reads the
// JSON an agent sends when an event fires, writes the JSON answer that adds
// text to the agent's context, remembers which rules a session has already
// received, and installs or removes autofix's entries in an agent's hook
// settings.
//
// # Agents
//
//   - Claude Code ([ClaudeCode]): SessionStart, UserPromptSubmit,
//     SubagentStart and PreToolUse on Edit, Write, MultiEdit, NotebookEdit
//     and Bash, answered with hookSpecificOutput.additionalContext, or a
//     deny ([Deny]) when a guardrail stops the call. See claude.go and
//     guard.go.
//   - Codex CLI ([Codex]): the same JSON as Claude Code; its edit tool is
//     apply_patch, whose patch text names the files. See codex.go.
//   - Claude Code and Codex also send events autofix only records
//     ([Kind.Records]): PostToolUse and PostToolUseFailure ([ToolDone], with
//     the tool's paths and an outcome code, never its output or error
//     text), Stop ([TurnEnd]) and SessionEnd; Codex has no
//     PostToolUseFailure or SessionEnd.
//   - Cursor ([Cursor]): sessionStart, answered with additional_context.
//     See cursor.go. Cursor also runs the hooks in Claude Code's settings,
//     with its own payload: [Parse] reads that as a Cursor event with
//     [Event.Via] set, so that the caller can deliver once.
//
// # Limits
//
// Claude Code shows the model at most 10,000 characters of injected text,
// and Codex moves text of more than 2,500 tokens into a file (see
// [CodexTokenCap]); [CapOf] is each agent's cap, and [Cap.Fit] trims a
// context block to whole lines under it, says how many rules were left
// out, and keeps the self-repair note whole.
//
// # Delivery and recording
//
// [Cap.Compose] builds the brief under an agent's cap, [SelfRepair] is the
// note about learning that follows it, [Fresh] keeps before a write only
// the rules a session has not received ([Sessions]), [Preview] is what an
// agent would receive, and [Recorder] writes what was delivered and what
// happened next into the activity log (see deliver.go and activity.go).
//
// The package reads no process state: the caller passes the streams, the
// directories, the clock and the binary's path.
package hook

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/autofix/autofix/guard"
)

// Agent names an agent integration, as typed on the command line.
type Agent string

// The agents autofix integrates with.
const (
	ClaudeCode Agent = "claude-code"
	Codex      Agent = "codex"
	Cursor     Agent = "cursor"
)

// Agents lists the supported agents in the order help text shows them.
var Agents = []Agent{ClaudeCode, Codex, Cursor}

// ParseAgent checks an agent name from the command line.
func ParseAgent(s string) (Agent, error) {
	for _, a := range Agents {
		if string(a) == s {
			return a, nil
		}
	}
	return "", fmt.Errorf("unknown agent %q (want claude-code, codex or cursor)", s)
}

// Kind is what an event asks for, the same for every agent.
type Kind int

const (
	// Other is an event autofix does not answer.
	Other Kind = iota
	// SessionStart: a session begins, resumes or was cleared; deliver the
	// workspace's active constraints.
	SessionStart
	// PromptSubmit: the person sent a prompt; deliver the rules selected for it.
	PromptSubmit
	// FileEdit: the agent is about to write files; deliver the rules for
	// those files that the session has not received yet.
	FileEdit
	// SubagentStart: the agent started a subagent (Claude Code, Codex),
	// which begins with a context of its own; deliver the active
	// constraints, as at session start.
	SubagentStart
	// ToolDone: a tool call finished (PostToolUse) or failed
	// (PostToolUseFailure); [Event.Outcome] says how. Recorded, never
	// answered with context.
	ToolDone
	// TurnEnd: the agent finished its turn (Stop). Recorded only.
	TurnEnd
	// SessionEnd: the session ended (Claude Code's SessionEnd). Recorded
	// only.
	SessionEnd
	// ShellCommand: the agent is about to run a shell command (PreToolUse on
	// Bash). Only guardrails answer it: no rule text is sent.
	ShellCommand
)

// Records says whether k is an event autofix only records: it adds
// nothing to the agent's context and never blocks.
func (k Kind) Records() bool { return k == ToolDone || k == TurnEnd || k == SessionEnd }

// Event is one hook invocation, normalized across agents.
type Event struct {
	// Agent is the agent that sent the event; the answer is in its shape.
	Agent Agent
	// Via is the agent whose hook settings held the command when that is
	// not Agent: Cursor running the hooks in Claude Code's settings (see
	// fromCursor in claude.go). Empty otherwise.
	Via Agent
	// Name is the event name as the agent sent it; the answer echoes it.
	Name string
	Kind Kind
	// SessionID identifies the agent's session (Cursor: the conversation).
	SessionID string
	// Cwd is the directory the agent runs in; empty when not sent.
	Cwd string
	// Prompt is the person's prompt (PromptSubmit).
	Prompt string
	// Source says why a session started: startup, resume, clear, compact.
	Source string
	// Tool is the tool about to run (FileEdit).
	Tool string
	// Files are the paths the tool will write, as the agent sent them
	// (absolute, or relative to Cwd). For ToolDone, the paths the tool's
	// input named (the file it read, edited or searched).
	Files []string
	// Outcome is the outcome code of a ToolDone event (activity.Outcome):
	// derived from the tool's response or error, whose text is not kept.
	Outcome string
	// Wrote says that a ToolDone event's tool writes files (an edit tool),
	// so that Files are the files it edited.
	Wrote bool
	// TranscriptPath is the session's transcript (JSONL), when sent.
	TranscriptPath string
	// LastMessage is the assistant's last message (Stop), when sent: read
	// for rule markers, never stored.
	LastMessage string
	// Input is what guardrails check in the tool call (FileEdit,
	// ShellCommand); its Paths are Files.
	Input guard.Input
}

// maxPayload bounds the hook JSON read from stdin: a prompt with a large
// paste is fine, an endless stream is not.
const maxPayload = 8 << 20

// ErrPayload is wrapped by [Parse] errors about the agent's input.
var ErrPayload = errors.New("unreadable hook payload")

// Parse reads one hook payload of agent a from r.
func Parse(a Agent, r io.Reader) (Event, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxPayload+1))
	if err != nil {
		return Event{}, fmt.Errorf("%w: %v", ErrPayload, err)
	}
	if len(data) > maxPayload {
		return Event{}, fmt.Errorf("%w: more than %d bytes", ErrPayload, maxPayload)
	}
	// Cursor's CLI starts every payload with a UTF-8 byte order mark on
	// some systems (DobermanCore/Doberman-Core PR #576).
	data = bytes.TrimPrefix(data, utf8BOM)
	switch a {
	case ClaudeCode, Codex:
		return parseClaude(a, data)
	case Cursor:
		return parseCursor(data)
	}
	return Event{}, fmt.Errorf("unknown agent %q", a)
}

// Answer is the JSON to print on stdout that adds text to the agent's
// context for ev, followed by a newline. It returns nil when the agent
// needs no output (nothing to add, or an event autofix does not answer).
// For the events autofix only records ([Kind.Records]) the answer is
// empty, except for Codex, which takes an empty Stop answer for invalid
// output: it gets {"continue":true}, its default.
// text must already fit the cap; see [Fit].
func Answer(ev Event, text string) ([]byte, error) {
	var v any
	switch ev.Agent {
	case ClaudeCode, Codex:
		v = answerClaude(ev, text)
	case Cursor:
		v = answerCursor(ev, text)
	default:
		return nil, fmt.Errorf("unknown agent %q", ev.Agent)
	}
	if v == nil {
		return nil, nil
	}
	return encodeLine(v)
}

// encodeLine writes v as one line of JSON without HTML escaping.
func encodeLine(v any) ([]byte, error) {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return []byte(b.String()), nil
}

// Limit is the most characters of text an agent receives from one hook:
// Claude Code cuts additionalContext beyond 10,000 characters down to a
// preview (code.claude.com/docs/en/hooks, "Add context for Claude").
const Limit = 10000

// Fit returns text unchanged when it is shorter than max bytes (bytes, so
// that the character count is under max too). Otherwise it keeps whole
// lines from the start while they fit, drops the rest, and ends with one
// line that counts the rule lines ("- " items) left out and says how to see
// them. It never cuts a line in half. It is [Cap.Fit] without a note and
// without a token bound.
func Fit(text string, max int) string {
	return Cap{Chars: max}.Fit(text, "")
}

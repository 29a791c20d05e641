package hook

import (
	"encoding/json"
	"fmt"

	"github.com/autofix/autofix/activity"
)

// Claude Code's hook contract, as relied on here (code.claude.com/docs/en/hooks):
//
//   - Every payload on stdin carries session_id, transcript_path, cwd and
//     hook_event_name. SessionStart adds source (startup, resume, clear,
//     compact); UserPromptSubmit adds prompt; PreToolUse adds tool_name and
//     tool_input, where Edit, Write and MultiEdit name the file in
//     tool_input.file_path and NotebookEdit in tool_input.notebook_path.
//   - A hook that exits 0 may print one JSON object on stdout;
//     hookSpecificOutput.additionalContext (with hookEventName set to the
//     event) is added to the model's context for SessionStart,
//     UserPromptSubmit and PreToolUse (for PreToolUse "before the tool
//     executes"; see the docs' PreToolUse decision control table, mirrored in
//     github.com/gabriel-dehan/claude_hooks issue #41).
//   - Settings files hold {"hooks": {EVENT: [{"matcher": …, "hooks":
//     [{"type": "command", "command": …, "timeout": seconds}]}]}}.
//
// Codex CLI uses the same wire format (developers.openai.com/codex/hooks);
// see codex.go for its edit tool.

// claudePayload is the subset of Claude Code's (and Codex's) hook input
// that autofix reads.
type claudePayload struct {
	HookEventName string          `json:"hook_event_name"`
	SessionID     string          `json:"session_id"`
	Cwd           string          `json:"cwd"`
	Prompt        string          `json:"prompt"`
	Source        string          `json:"source"`
	ToolName      string          `json:"tool_name"`
	ToolInput     json.RawMessage `json:"tool_input"`
	// ToolResponse (PostToolUse) and Error (PostToolUseFailure) are read
	// for an outcome code only.
	ToolResponse   json.RawMessage `json:"tool_response"`
	Error          json.RawMessage `json:"error"`
	TranscriptPath *string         `json:"transcript_path"`
	LastMessage    *string         `json:"last_assistant_message"`
	// CursorVersion is sent by Cursor alone, also when it runs the hooks
	// in Claude Code's settings; see [fromCursor].
	CursorVersion string `json:"cursor_version"`
}

// claudeEditTools are Claude Code's file-writing tools; each names its
// target in tool_input.file_path (NotebookEdit in tool_input.notebook_path).
var claudeEditTools = map[string]bool{"Edit": true, "Write": true, "MultiEdit": true, "NotebookEdit": true}

func parseClaude(a Agent, data []byte) (Event, error) {
	var p claudePayload
	if err := json.Unmarshal(data, &p); err != nil {
		return Event{}, fmt.Errorf("%w: %v", ErrPayload, err)
	}
	if p.HookEventName == "" {
		return Event{}, fmt.Errorf("%w: no hook_event_name", ErrPayload)
	}
	if fromCursor(p) {
		ev, err := parseCursor(data)
		if ev.Name == "SessionStart" {
			// Should Cursor pass on Claude Code's own name.
			ev.Kind = SessionStart
		}
		ev.Via = a
		return ev, err
	}
	ev := Event{Agent: a, Name: p.HookEventName, SessionID: p.SessionID, Cwd: p.Cwd}
	if p.TranscriptPath != nil {
		ev.TranscriptPath = *p.TranscriptPath
	}
	switch p.HookEventName {
	case "SessionStart":
		ev.Kind, ev.Source = SessionStart, p.Source
	case "UserPromptSubmit":
		ev.Kind, ev.Prompt = PromptSubmit, p.Prompt
	case "SubagentStart":
		// Its payload adds agent_id and agent_type; additionalContext in the
		// answer reaches the subagent, which starts with a context of its own
		// (code.claude.com/docs/en/hooks#subagentstart; Codex the same, see
		// nowledge-co/community PR #479).
		ev.Kind = SubagentStart
	case "PreToolUse":
		ev.Tool = p.ToolName
		files, err := editedFiles(a, p.ToolName, p.ToolInput)
		if err != nil {
			return Event{}, err
		}
		if len(files) > 0 {
			ev.Kind, ev.Files = FileEdit, files
		}
		if ev.Input, err = toolInput(a, p.ToolName, p.ToolInput, files); err != nil {
			return Event{}, err
		}
		if ev.Kind == Other && len(ev.Input.Commands) > 0 {
			ev.Kind = ShellCommand
		}
	case "PostToolUse", "PostToolUseFailure":
		ev.Kind, ev.Tool = ToolDone, p.ToolName
		if files, err := editedFiles(a, p.ToolName, p.ToolInput); err == nil && len(files) > 0 {
			ev.Files, ev.Wrote = files, true
		} else {
			ev.Files = toolPaths(p.ToolInput)
		}
		ev.Outcome = activity.Outcome(p.ToolResponse)
		if p.HookEventName == "PostToolUseFailure" {
			ev.Outcome = failure(p.Error)
		}
	case "Stop":
		ev.Kind = TurnEnd
		if p.LastMessage != nil {
			ev.LastMessage = *p.LastMessage
		}
	case "SessionEnd":
		ev.Kind = SessionEnd
	}
	return ev, nil
}

// fromCursor says whether Cursor sent p to a hook in Claude Code's
// settings. With its third-party hooks on, Cursor runs the hooks of
// .claude/settings.local.json, .claude/settings.json and
// ~/.claude/settings.json as well as its own, mapping SessionStart to
// sessionStart, UserPromptSubmit to beforeSubmitPrompt and PreToolUse to
// preToolUse (cursor.com/docs/reference/third-party-hooks), and it sends its
// own payload: cursor_version, the camelCase event name, workspace_roots
// and no cwd (captures in herdrdev/herdr issue #2832, Sma1lboy/rove PR
// #1037; thedotmack/claude-mem PR #1387 keys on cursor_version). Claude
// Code and Codex name their events in PascalCase.
func fromCursor(p claudePayload) bool {
	c := p.HookEventName[0]
	return p.CursorVersion != "" || 'a' <= c && c <= 'z'
}

// editedFiles lists the files a tool call will write, or nil for a tool
// that writes none.
func editedFiles(a Agent, tool string, input json.RawMessage) ([]string, error) {
	if a == Codex && tool == codexPatchTool {
		return codexPatchFiles(input)
	}
	// Codex also reports Edit and Write as matcher aliases of apply_patch;
	// accept Claude's shape from either agent.
	if !claudeEditTools[tool] || len(input) == 0 {
		return nil, nil
	}
	var in struct {
		FilePath     string `json:"file_path"`
		NotebookPath string `json:"notebook_path"`
	}
	if err := json.Unmarshal(input, &in); err != nil {
		return nil, fmt.Errorf("%w: tool_input: %v", ErrPayload, err)
	}
	for _, p := range []string{in.FilePath, in.NotebookPath} {
		if p != "" {
			return []string{p}, nil
		}
	}
	return nil, nil
}

type claudeOutput struct {
	HookSpecificOutput claudeSpecific `json:"hookSpecificOutput"`
}

type claudeSpecific struct {
	HookEventName     string `json:"hookEventName"`
	AdditionalContext string `json:"additionalContext,omitempty"`
	// PreToolUse's decision (see guard.go); empty otherwise.
	PermissionDecision       string `json:"permissionDecision,omitempty"`
	PermissionDecisionReason string `json:"permissionDecisionReason,omitempty"`
}

func answerClaude(ev Event, text string) any {
	if ev.Kind.Records() && ev.Agent == Codex {
		return codexNoop{Continue: true}
	}
	if ev.Kind == Other || ev.Kind.Records() || text == "" {
		return nil
	}
	return claudeOutput{claudeSpecific{HookEventName: ev.Name, AdditionalContext: text}}
}

// claudeEntries are the hook groups autofix installs for Claude Code.
func claudeEntries(command string) []eventEntry {
	return append([]eventEntry{
		{event: "SessionStart", group: claudeGroup("", command)},
		{event: "UserPromptSubmit", group: claudeGroup("", command)},
		{event: "SubagentStart", group: claudeGroup("", command)},
		{event: "PreToolUse", group: claudeGroup(claudeEditMatcher, command)},
	}, recordEntries(command, "PostToolUse", "PostToolUseFailure", "Stop", "SessionEnd")...)
}

// claudeEditMatcher matches Claude Code's file-writing tools
// ([claudeEditTools])
// and the shell tool, whose calls only guardrails answer.
const claudeEditMatcher = "Edit|Write|MultiEdit|NotebookEdit|" + claudeCommandTool

// hookGroup is one matcher group of a Claude Code or Codex settings file.
type hookGroup struct {
	Matcher string        `json:"matcher,omitempty"`
	Hooks   []hookCommand `json:"hooks"`
}

type hookCommand struct {
	Type    string `json:"type"`
	Command string `json:"command"`
	Timeout int    `json:"timeout"`
}

// claudeGroup is autofix's matcher group. The timeout is in seconds: the
// hook answers in milliseconds, and a stuck hook must not hold the
// person's prompt for long.
func claudeGroup(matcher, command string) hookGroup {
	return hookGroup{Matcher: matcher, Hooks: []hookCommand{{Type: "command", Command: command, Timeout: 10}}}
}

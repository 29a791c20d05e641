package hook

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/autofix/autofix/guard"
)

// Guardrails (package guard) read a PreToolUse call's input: the shell
// command of Claude Code's and Codex's Bash tool (Codex may send an argv
// array), and what a file-writing tool writes: Write's content, Edit's
// new_string, MultiEdit's edits[].new_string, NotebookEdit's new_source,
// and the lines an apply_patch patch adds. A deny is answered with
// hookSpecificOutput.permissionDecision "deny" and a
// permissionDecisionReason, which both agents show the model (Codex
// ignores a deny without a reason: one is always sent).

// claudeCommandTool is Claude Code's and Codex's shell tool, and the
// PreToolUse matcher for it (Codex reports its shell as "Bash" too; see
// testdata/contract/codex).
const claudeCommandTool = "Bash"

// toolInput reads what checks look at in a call of tool with input. files
// are the paths the call writes, as [editedFiles] found them.
func toolInput(a Agent, tool string, input json.RawMessage, files []string) (guard.Input, error) {
	var in guard.Input
	if len(input) == 0 {
		return in, nil
	}
	switch {
	case tool == claudeCommandTool:
		var v struct {
			Command json.RawMessage `json:"command"`
		}
		if err := json.Unmarshal(input, &v); err != nil {
			return in, fmt.Errorf("%w: tool_input: %v", ErrPayload, err)
		}
		if cmd := shellCommand(v.Command); cmd != "" {
			in.Tools, in.Commands = []string{guard.ToolBash}, []string{cmd}
		}
		return in, nil
	case a == Codex && tool == codexPatchTool:
		patch, err := codexPatch(input)
		if err != nil {
			return in, err
		}
		in.Tools = []string{guard.ToolEdit}
		if strings.Contains(patch, "*** Add File: ") {
			in.Tools = append(in.Tools, guard.ToolWrite)
		}
		if added := PatchAdded(patch); added != "" {
			in.Contents = []string{added}
		}
	case claudeEditTools[tool]:
		var v struct {
			Content   string `json:"content"`
			NewString string `json:"new_string"`
			NewSource string `json:"new_source"`
			Edits     []struct {
				NewString string `json:"new_string"`
			} `json:"edits"`
		}
		if err := json.Unmarshal(input, &v); err != nil {
			return in, fmt.Errorf("%w: tool_input: %v", ErrPayload, err)
		}
		in.Tools = []string{guard.ToolEdit}
		if tool == "Write" {
			in.Tools = []string{guard.ToolWrite}
		}
		for _, s := range []string{v.Content, v.NewString, v.NewSource} {
			if s != "" {
				in.Contents = append(in.Contents, s)
			}
		}
		for _, e := range v.Edits {
			if e.NewString != "" {
				in.Contents = append(in.Contents, e.NewString)
			}
		}
	default:
		return in, nil
	}
	in.Paths = files
	return in, nil
}

// shellCommand reads a command given as a string, or as an argv array:
// the script of "bash -lc SCRIPT", else the words joined by spaces.
func shellCommand(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var args []string
	if json.Unmarshal(raw, &args) != nil {
		return ""
	}
	for i, a := range args {
		if (a == "-c" || a == "-lc") && i+1 < len(args) {
			return args[i+1]
		}
	}
	return strings.Join(args, " ")
}

// PatchAdded returns the lines a Codex patch adds (without their "+"),
// joined by newlines: what the patch writes.
func PatchAdded(patch string) string {
	var b strings.Builder
	for _, line := range strings.Split(patch, "\n") {
		if rest, ok := strings.CutPrefix(line, "+"); ok {
			b.WriteString(strings.TrimRight(rest, "\r"))
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// Deny is the answer that stops ev's tool call and tells the agent why,
// followed by a newline; nil for an agent or event that cannot be denied
// (only Claude Code's and Codex's PreToolUse can).
func Deny(ev Event, reason string) ([]byte, error) {
	if ev.Kind != FileEdit && ev.Kind != ShellCommand || ev.Agent == Cursor || reason == "" {
		return nil, nil
	}
	return encodeLine(claudeOutput{claudeSpecific{HookEventName: ev.Name, PermissionDecision: "deny", PermissionDecisionReason: reason}})
}

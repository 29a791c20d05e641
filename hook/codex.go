package hook

import (
	"cmp"
	"encoding/json"
	"fmt"
	"strings"
)

// Codex CLI's hook contract, as relied on here:
//
//   - Hooks live in hooks.json next to each config layer's config.toml:
//     the person's in Codex's home ($CODEX_HOME, else ~/.codex; see
//     [Dirs]), a project's in <repo>/.codex/ (openai/codex
//     codex-rs/hooks/src/engine/discovery.rs, load_hooks_json, read at
//     commit 0082977c). They are in Claude Code's shape, and Codex reads
//     back the same answers,
//     hookSpecificOutput.additionalContext included
//     (developers.openai.com/codex/hooks; "Codex hooks use the same JSON wire
//     format as Claude Code hooks", CorridorSecurity/hookshot
//     docs/reference-codex.md).
//   - File edits go through one tool, apply_patch. Since openai/codex PR
//     #18391 ("emit hooks for apply_patch edits", fixing issue #16732) it
//     fires PreToolUse with tool_name "apply_patch" and the raw patch body in
//     tool_input.command; some adapters document tool_input.patch, so both
//     are read, as is a bare string.
//   - The patch names its files on "*** Add File: ", "*** Update File: ",
//     "*** Delete File: " and "*** Move to: " lines.

// codexPatchTool is Codex's edit tool and the PreToolUse matcher for it.
const codexPatchTool = "apply_patch"

// codexEntries are the hook groups autofix installs for Codex. Codex has
// no PostToolUseFailure (a failed call is a PostToolUse whose response
// says so) and no SessionEnd (codex-rs/hooks/schema/generated).
func codexEntries(command string) []eventEntry {
	return append([]eventEntry{
		{event: "SessionStart", group: claudeGroup("", command)},
		{event: "UserPromptSubmit", group: claudeGroup("", command)},
		{event: "SubagentStart", group: claudeGroup("", command)},
		{event: "PreToolUse", group: claudeGroup(codexPatchTool+"|"+claudeCommandTool, command)},
	}, recordEntries(command, "PostToolUse", "Stop")...)
}

// codexPatchFiles lists the files an apply_patch call adds, updates or
// moves to. Deleted files are left out: no rule applies to writing them.
func codexPatchFiles(input json.RawMessage) ([]string, error) {
	patch, err := codexPatch(input)
	if err != nil {
		return nil, err
	}
	return PatchFiles(patch), nil
}

// codexPatch reads an apply_patch call's patch text.
func codexPatch(input json.RawMessage) (string, error) {
	var patch string
	if err := json.Unmarshal(input, &patch); err != nil {
		var in struct {
			Command json.RawMessage `json:"command"`
			Patch   string          `json:"patch"`
			Input   string          `json:"input"`
		}
		if err := json.Unmarshal(input, &in); err != nil {
			return "", fmt.Errorf("%w: apply_patch tool_input: %v", ErrPayload, err)
		}
		patch = cmp.Or(stringOrArgs(in.Command), in.Patch, in.Input)
	}
	return patch, nil
}

// stringOrArgs reads a command given as a string, or as an argv array whose
// last element is the patch (["apply_patch", "*** Begin Patch…"]).
func stringOrArgs(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var args []string
	if json.Unmarshal(raw, &args) == nil && len(args) > 0 {
		return args[len(args)-1]
	}
	return ""
}

// PatchFiles lists, in order and without repeats, the files a Codex patch
// adds, updates or moves to.
func PatchFiles(patch string) []string {
	var files []string
	seen := map[string]bool{}
	for _, line := range strings.Split(patch, "\n") {
		line = strings.TrimRight(line, "\r")
		for _, prefix := range []string{"*** Add File: ", "*** Update File: ", "*** Move to: "} {
			if p, ok := strings.CutPrefix(line, prefix); ok {
				if p = strings.TrimSpace(p); p != "" && !seen[p] {
					seen[p] = true
					files = append(files, p)
				}
			}
		}
	}
	return files
}

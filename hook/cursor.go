package hook

import (
	"cmp"
	"encoding/json"
	"fmt"
)

// Cursor's hook contract, as relied on here (cursor.com/docs/agent/hooks,
// #sessionstart):
//
//   - Hooks live in .cursor/hooks.json (project) or ~/.cursor/hooks.json:
//     {"version": 1, "hooks": {"sessionStart": [{"command": …}]}}, event
//     names in camelCase and a flat command per entry (obra/superpowers PR
//     #709 explains why Claude's nested shape is not recognized).
//   - sessionStart's input carries session_id (older builds:
//     conversation_id), workspace_roots, is_background_agent and
//     composer_mode, plus hook_event_name.
//   - The answer is {"continue": true, "additional_context": …}; the text
//     is added to the conversation's initial context (examples:
//     tower1229/LingXi .cursor/hooks/session-init.mjs, lorehq/lore
//     .cursor/hooks/session-init.js).
//
// Cursor has no per-prompt hook that can add context (beforeSubmitPrompt
// may only allow or block), so autofix answers sessionStart alone.

type cursorPayload struct {
	HookEventName  string   `json:"hook_event_name"`
	SessionID      string   `json:"session_id"`
	ConversationID string   `json:"conversation_id"`
	WorkspaceRoots []string `json:"workspace_roots"`
}

func parseCursor(data []byte) (Event, error) {
	var p cursorPayload
	if err := json.Unmarshal(data, &p); err != nil {
		return Event{}, fmt.Errorf("%w: %v", ErrPayload, err)
	}
	// The hook is installed for sessionStart only, so a payload without an
	// event name is taken to be one.
	name := p.HookEventName
	if name == "" {
		name = "sessionStart"
	}
	ev := Event{Agent: Cursor, Name: name, SessionID: cmp.Or(p.SessionID, p.ConversationID)}
	if len(p.WorkspaceRoots) > 0 {
		ev.Cwd = p.WorkspaceRoots[0]
	}
	if name == "sessionStart" {
		ev.Kind = SessionStart
	}
	return ev, nil
}

type cursorOutput struct {
	Continue          bool   `json:"continue"`
	AdditionalContext string `json:"additional_context,omitempty"`
}

func answerCursor(ev Event, text string) any {
	if ev.Kind != SessionStart {
		return nil
	}
	return cursorOutput{Continue: true, AdditionalContext: text}
}

// cursorEntries is the entry autofix installs for Cursor.
func cursorEntries(command string) []eventEntry {
	return []eventEntry{{event: "sessionStart", group: cursorEntry{Command: command}}}
}

type cursorEntry struct {
	Command string `json:"command"`
}

package hook

import (
	"encoding/json"

	"github.com/autofix/autofix/activity"
)

// The events autofix only records ([Kind.Records]): how their payloads are
// read, which groups setup installs for them, and what they are answered.

// failure is the outcome code of PostToolUseFailure's error, a string (or,
// should it come as one, an object with a message).
func failure(raw json.RawMessage) string {
	var msg string
	if json.Unmarshal(raw, &msg) != nil {
		var obj struct {
			Message string `json:"message"`
		}
		_ = json.Unmarshal(raw, &obj)
		msg = obj.Message
	}
	return activity.FailureCode(msg)
}

// toolPaths lists the path a finished tool call's input names, for a tool
// that is not an edit: the file_path, notebook_path or path of Read, Glob,
// Grep. Unreadable input names none: recording must not fail on a tool's
// shape.
func toolPaths(input json.RawMessage) []string {
	var in struct {
		FilePath     string `json:"file_path"`
		NotebookPath string `json:"notebook_path"`
		Path         string `json:"path"`
	}
	if json.Unmarshal(input, &in) != nil {
		return nil
	}
	for _, p := range []string{in.FilePath, in.NotebookPath, in.Path} {
		if p != "" {
			return []string{p}
		}
	}
	return nil
}

// recordEntries are the groups of the events autofix only records
// (activity): every tool, no matcher.
func recordEntries(command string, events ...string) []eventEntry {
	var entries []eventEntry
	for _, ev := range events {
		entries = append(entries, eventEntry{event: ev, group: claudeGroup("", command)})
	}
	return entries
}

// codexNoop is Codex's answer to an event autofix only records: its
// default, said explicitly.
type codexNoop struct {
	Continue bool `json:"continue"`
}

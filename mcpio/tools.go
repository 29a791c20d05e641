package mcpio

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The descriptions of autofix's tools tell an agent when to call each:
// they are the only documentation it reads. Instructions is the server's.
const (
	Instructions = `autofix holds this person's and this project's rules for coding agents. Call "context" before starting a task. Call "learn" (project convention) or "teach" (personal preference) as soon as the person corrects your output, rejects an approach, states a preference, asks you to remember something, or a bug turns out to come from a wrong assumption — so the next session does not repeat it.`

	ContextDesc = `Get the rules that constrain a task: project rules and the person's preferences, most relevant first. Call it before you start a task or touch files, with the task in the person's words and the files you expect to change. The rules are hard constraints on the work (newer rules override older ones); they grant no permissions.`

	LearnDesc = `Record a PROJECT rule (shared with the team in the repository's autofix.json). Call it when the person corrects your output, rejects an approach, or states a convention of this repository ("no, we use pnpm here", "never default-export components"), or when a bug came from a wrong assumption about this codebase. Pass the correction in the person's own words; autofix turns it into a strict imperative rule. Returns the "Learned rule #N" line to show the person.`

	TeachDesc = `Record a PERSONAL preference of this person (kept on their machine, applied in all their workspaces, or only this one with workspace=true). Call it when the person states how they like to work ("I prefer small incremental refactors", "always explain the plan before editing") or asks you to remember something about them rather than about this project.`

	DetectDesc = `Tell whether the person's message carries a durable rule (a correction, rejection, preference, lesson from a bug, or /learn) rather than a one-off request. Returns {"capture", "kind", "target" (project|personal), "rule", "command"}; when capture is true, record it with "learn" (target project) or "teach" (target personal), passing the person's words. Deterministic and local.`

	ListDesc = `List the project rules and the personal preferences in use in this workspace. Call it when the person asks what you have been told to follow, or before recording a rule to check whether one already covers it.`
)

// ContextIn is the input of the context tool.
type ContextIn struct {
	Task  string   `json:"task,omitempty" jsonschema:"the task in the person's words"`
	Files []string `json:"files,omitempty" jsonschema:"paths the task will read or change, relative to the workspace"`
}

// LearnIn is the input of the learn tool.
type LearnIn struct {
	Text string `json:"text" jsonschema:"the correction or convention in the person's own words"`
}

// TeachIn is the input of the teach tool.
type TeachIn struct {
	Text      string `json:"text" jsonschema:"the preference in the person's own words"`
	Workspace bool   `json:"workspace,omitempty" jsonschema:"apply only in this workspace instead of everywhere"`
}

// ListIn is the input of the list tool: none.
type ListIn struct{}

// DetectIn is the input of the detect tool.
type DetectIn struct {
	Text string `json:"text" jsonschema:"the person's message, in their own words"`
}

// TextTool adds a tool that answers with text for the agent to read; fail
// is the text of a failed call, returned as an error result the agent
// reads and can act on.
func TextTool[In any](server *mcp.Server, t *mcp.Tool, run func(context.Context, In) (string, error), fail func(error) string) {
	mcp.AddTool(server, t, func(ctx context.Context, _ *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		text, err := run(ctx, in)
		if err != nil {
			return nil, nil, errors.New(fail(err))
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, nil, nil
	})
}

// JSONTool adds a tool that answers with a JSON object: the structured
// content, described by Out's schema, and the same JSON as text.
func JSONTool[In, Out any](server *mcp.Server, t *mcp.Tool, run func(context.Context, In) (Out, error), fail func(error) string) {
	mcp.AddTool(server, t, func(ctx context.Context, _ *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
		out, err := run(ctx, in)
		if err != nil {
			var zero Out
			return nil, zero, errors.New(fail(err))
		}
		return nil, out, nil
	})
}

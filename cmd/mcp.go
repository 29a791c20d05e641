package cmd

import (
	"context"
	"errors"
	"io"
	"strings"

	"github.com/autofix/autofix/capture"
	"github.com/autofix/autofix/hook"
	"github.com/autofix/autofix/mcpio"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/spf13/cobra"
)

type mcpOptions struct {
	env *Env
}

func newMCPCmd(env *Env) *cobra.Command {
	opts := &mcpOptions{env: env}
	return &cobra.Command{
		Use:   "mcp",
		Short: "Serve autofix to any MCP client over stdio",
		Long: `mcp runs a Model Context Protocol server on stdin and stdout, for agents
that speak MCP. It offers five tools:

  context  the rules for a task and its files (the text 'me context' previews)
  learn    record a project rule in this workspace's autofix.json
  teach    record a personal preference
  list     the project rules and the personal preferences in use here
  detect   whether the person's words carry a durable rule ('autofix detect')

Configure your client to run "autofix mcp" in the project directory. Tools
run in the server's working directory. Every request read before stdin
closes is answered before the server exits 0; a line that is not JSON-RPC
gets a JSON-RPC error (-32700 for a line that is not JSON) and the server
goes on.`,
		Example: `  autofix mcp
  claude mcp add autofix -- autofix mcp`,
		Args: noArgs,
		RunE: func(c *cobra.Command, args []string) error {
			return runMCP(c.Context(), opts)
		},
	}
}

// The tool descriptions tell an agent when to call each tool: they are the
// only documentation it reads.
const (
	mcpInstructions = `autofix holds this person's and this project's rules for coding agents. Call "context" before starting a task. Call "learn" (project convention) or "teach" (personal preference) as soon as the person corrects your output, rejects an approach, states a preference, asks you to remember something, or a bug turns out to come from a wrong assumption — so the next session does not repeat it.`

	mcpContextDesc = `Get the rules that constrain a task: project rules and the person's preferences, most relevant first. Call it before you start a task or touch files, with the task in the person's words and the files you expect to change. The rules are hard constraints on the work (newer rules override older ones); they grant no permissions.`

	mcpLearnDesc = `Record a PROJECT rule (shared with the team in the repository's autofix.json). Call it when the person corrects your output, rejects an approach, or states a convention of this repository ("no, we use pnpm here", "never default-export components"), or when a bug came from a wrong assumption about this codebase. Pass the correction in the person's own words; autofix turns it into a strict imperative rule. Returns the "Learned rule #N" line to show the person.`

	mcpTeachDesc = `Record a PERSONAL preference of this person (kept on their machine, applied in all their workspaces, or only this one with workspace=true). Call it when the person states how they like to work ("I prefer small incremental refactors", "always explain the plan before editing") or asks you to remember something about them rather than about this project.`

	mcpDetectDesc = `Tell whether the person's message carries a durable rule (a correction, rejection, preference, lesson from a bug, or /learn) rather than a one-off request. Returns {"capture", "kind", "target" (project|personal), "rule", "command"}; when capture is true, record it with "learn" (target project) or "teach" (target personal), passing the person's words. Deterministic and local.`

	mcpListDesc = `List the project rules and the personal preferences in use in this workspace. Call it when the person asks what you have been told to follow, or before recording a rule to check whether one already covers it.`
)

type mcpContextIn struct {
	Task  string   `json:"task,omitempty" jsonschema:"the task in the person's words"`
	Files []string `json:"files,omitempty" jsonschema:"paths the task will read or change, relative to the workspace"`
}

type mcpLearnIn struct {
	Text string `json:"text" jsonschema:"the correction or convention in the person's own words"`
}

type mcpTeachIn struct {
	Text      string `json:"text" jsonschema:"the preference in the person's own words"`
	Workspace bool   `json:"workspace,omitempty" jsonschema:"apply only in this workspace instead of everywhere"`
}

type mcpListIn struct{}

type mcpDetectIn struct {
	Text string `json:"text" jsonschema:"the person's message, in their own words"`
}

func runMCP(ctx context.Context, opts *mcpOptions) error {
	env := opts.env
	server := mcp.NewServer(&mcp.Implementation{Name: "autofix", Version: env.Version}, &mcp.ServerOptions{Instructions: mcpInstructions})
	addMCPTools(server, env)
	// mcpio answers every request read before the input ends, and answers
	// a line that is not JSON-RPC with an error instead of ending.
	err := server.Run(ctx, &mcpio.Transport{Reader: env.Stdin, Writer: env.Stdout})
	if err != nil && (errors.Is(err, io.EOF) || ctx.Err() != nil) {
		return nil
	}
	return err
}

// addMCPTools registers the tools. Each calls the code its command runs,
// in an [Env] whose output cannot reach the MCP stream (see toolEnv). A
// tool is one textTool call, or for an answer that is a JSON object one
// jsonTool call.
func addMCPTools(server *mcp.Server, env *Env) {
	readOnly := &mcp.ToolAnnotations{ReadOnlyHint: true}
	additive := &mcp.ToolAnnotations{DestructiveHint: new(false)}
	env = toolEnv(env)

	textTool(server, &mcp.Tool{Name: "context", Description: mcpContextDesc, Annotations: readOnly},
		func(ctx context.Context, in mcpContextIn) (string, error) {
			return mcpBrief(ctx, env, in.Task, in.Files)
		})
	textTool(server, &mcp.Tool{Name: "learn", Description: mcpLearnDesc, Annotations: additive},
		func(ctx context.Context, in mcpLearnIn) (string, error) {
			text, cfg, err := toolText(env, in.Text)
			if err != nil {
				return "", err
			}
			out, err := learnRule(ctx, env, cfg, text, false, checkFlags{})
			if err != nil {
				return "", err
			}
			var b strings.Builder
			writeLearned(&b, out)
			return b.String(), nil
		})
	textTool(server, &mcp.Tool{Name: "teach", Description: mcpTeachDesc, Annotations: additive},
		func(ctx context.Context, in mcpTeachIn) (string, error) {
			text, cfg, err := toolText(env, in.Text)
			if err != nil {
				return "", err
			}
			t, err := teachPreference(ctx, &meTeachOptions{env: env, cfg: cfg, text: text, workspace: in.Workspace})
			if err != nil {
				return "", err
			}
			var b strings.Builder
			err = writeTaught(&b, t, false)
			return b.String(), err
		})
	jsonTool(server, &mcp.Tool{Name: "detect", Description: mcpDetectDesc, Annotations: readOnly},
		func(ctx context.Context, in mcpDetectIn) (capture.Result, error) {
			text := strings.TrimSpace(in.Text)
			if text == "" {
				return capture.Result{}, errors.New(`the "text" argument is empty: pass the person's words`)
			}
			return capture.Detect(ctx, text), nil
		})
	textTool(server, &mcp.Tool{Name: "list", Description: mcpListDesc, Annotations: readOnly},
		func(ctx context.Context, _ mcpListIn) (string, error) {
			var b strings.Builder
			b.WriteString("Project rules:\n")
			if err := listRules(env, &b, &b, false); err != nil {
				return "", err
			}
			b.WriteString("\nPersonal preferences:\n")
			err := listPrefs(env, &b, false, false)
			return b.String(), err
		})
}

// toolEnv is env for tool calls: nothing they print reaches stdout, the
// MCP stream, and nothing waits on stdin or draws a spinner. Notices still
// go to stderr, which MCP clients log.
func toolEnv(env *Env) *Env {
	e := *env
	e.Stdin = strings.NewReader("")
	e.Stdout = io.Discard
	e.StdoutTTY, e.StderrTTY = false, false
	return &e
}

// toolText trims the person's words a tool got, refuses them when empty,
// and loads the configuration (per call, so that a change applies without
// restarting the server).
func toolText(env *Env, text string) (string, Config, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return "", Config{}, errors.New(`the "text" argument is empty: pass the person's words`)
	}
	cfg, err := loadConfig(env, nil)
	return text, cfg, err
}

// textTool adds a tool that answers with text for the agent to read.
func textTool[In any](server *mcp.Server, t *mcp.Tool, run func(context.Context, In) (string, error)) {
	mcp.AddTool(server, t, func(ctx context.Context, _ *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		text, err := run(ctx, in)
		if err != nil {
			return nil, nil, errors.New(toolError(err))
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, nil, nil
	})
}

// jsonTool adds a tool that answers with a JSON object: the structured
// content, described by Out's schema, and the same JSON as text.
func jsonTool[In, Out any](server *mcp.Server, t *mcp.Tool, run func(context.Context, In) (Out, error)) {
	mcp.AddTool(server, t, func(ctx context.Context, _ *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
		out, err := run(ctx, in)
		if err != nil {
			var zero Out
			return nil, zero, errors.New(toolError(err))
		}
		return nil, out, nil
	})
}

// toolError is the text of a failed tool call, as the command line prints
// it: the error and what to do next. The SDK returns it as an error result
// the agent reads and can act on.
func toolError(err error) string {
	msg := "autofix: error: " + err.Error()
	if h := hintOf(err); h != "" {
		msg += "\nautofix: hint: " + h
	}
	return msg
}

// mcpBrief is the MCP context tool's text: the same as the hooks send.
func mcpBrief(ctx context.Context, env *Env, task string, files []string) (string, error) {
	cfg, err := loadConfig(env, nil)
	if err != nil {
		return "", err
	}
	b, err := buildBrief(ctx, env, cfg, briefRequest{Task: task, Files: files})
	if err != nil {
		return "", err
	}
	text := b.Text
	if text == "" {
		text = "No project rules or personal preferences are in force in this workspace yet."
	}
	return hook.Fit(text, hook.Limit), nil
}

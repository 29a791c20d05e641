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

func runMCP(ctx context.Context, opts *mcpOptions) error {
	env := opts.env
	server := mcp.NewServer(&mcp.Implementation{Name: "autofix", Version: env.Version}, &mcp.ServerOptions{Instructions: mcpio.Instructions})
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

	textTool(server, &mcp.Tool{Name: "context", Description: mcpio.ContextDesc, Annotations: readOnly},
		func(ctx context.Context, in mcpio.ContextIn) (string, error) {
			return mcpBrief(ctx, env, in.Task, in.Files)
		})
	textTool(server, &mcp.Tool{Name: "learn", Description: mcpio.LearnDesc, Annotations: additive},
		func(ctx context.Context, in mcpio.LearnIn) (string, error) {
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
	textTool(server, &mcp.Tool{Name: "teach", Description: mcpio.TeachDesc, Annotations: additive},
		func(ctx context.Context, in mcpio.TeachIn) (string, error) {
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
	jsonTool(server, &mcp.Tool{Name: "detect", Description: mcpio.DetectDesc, Annotations: readOnly},
		func(ctx context.Context, in mcpio.DetectIn) (capture.Result, error) {
			text := strings.TrimSpace(in.Text)
			if text == "" {
				return capture.Result{}, errors.New(`the "text" argument is empty: pass the person's words`)
			}
			return capture.Detect(ctx, text), nil
		})
	textTool(server, &mcp.Tool{Name: "list", Description: mcpio.ListDesc, Annotations: readOnly},
		func(ctx context.Context, _ mcpio.ListIn) (string, error) {
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

// textTool adds a tool that answers with text for the agent to read; a
// failure reads as the command line prints it.
func textTool[In any](server *mcp.Server, t *mcp.Tool, run func(context.Context, In) (string, error)) {
	mcpio.TextTool(server, t, run, toolError)
}

// jsonTool adds a tool that answers with a JSON object.
func jsonTool[In, Out any](server *mcp.Server, t *mcp.Tool, run func(context.Context, In) (Out, error)) {
	mcpio.JSONTool(server, t, run, toolError)
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

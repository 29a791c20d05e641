package cmd

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/autofix/autofix/hook"
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
that speak MCP. It offers four tools:

  context  the rules for a task and its files (the text 'me context' previews)
  learn    record a project rule in this workspace's autofix.json
  teach    record a personal preference
  list     the project rules and the personal preferences in use here

Configure your client to run "autofix mcp" in the project directory. Tools
run in the server's working directory.`,
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

func runMCP(ctx context.Context, opts *mcpOptions) error {
	env := opts.env
	server := mcp.NewServer(&mcp.Implementation{Name: "autofix", Version: env.Version}, &mcp.ServerOptions{Instructions: mcpInstructions})
	readOnly := &mcp.ToolAnnotations{ReadOnlyHint: true}
	additive := &mcp.ToolAnnotations{DestructiveHint: new(false)}

	mcp.AddTool(server, &mcp.Tool{Name: "context", Description: mcpContextDesc, Annotations: readOnly},
		func(ctx context.Context, _ *mcp.CallToolRequest, in mcpContextIn) (*mcp.CallToolResult, any, error) {
			text, err := mcpBrief(ctx, env, in.Task, in.Files)
			return textResult(text, err)
		})
	mcp.AddTool(server, &mcp.Tool{Name: "learn", Description: mcpLearnDesc, Annotations: additive},
		func(ctx context.Context, _ *mcp.CallToolRequest, in mcpLearnIn) (*mcp.CallToolResult, any, error) {
			return textResult(runSub(ctx, env, "learn", "--", in.Text))
		})
	mcp.AddTool(server, &mcp.Tool{Name: "teach", Description: mcpTeachDesc, Annotations: additive},
		func(ctx context.Context, _ *mcp.CallToolRequest, in mcpTeachIn) (*mcp.CallToolResult, any, error) {
			args := []string{"me", "teach"}
			if in.Workspace {
				args = append(args, "--workspace")
			}
			return textResult(runSub(ctx, env, append(args, "--", in.Text)...))
		})
	mcp.AddTool(server, &mcp.Tool{Name: "list", Description: mcpListDesc, Annotations: readOnly},
		func(ctx context.Context, _ *mcp.CallToolRequest, _ mcpListIn) (*mcp.CallToolResult, any, error) {
			project, err := runSub(ctx, env, "rules", "list")
			if err != nil {
				return textResult("", err)
			}
			personal, err := runSub(ctx, env, "me", "list")
			return textResult("Project rules:\n"+project+"\nPersonal preferences:\n"+personal, err)
		})

	t := &mcp.IOTransport{Reader: io.NopCloser(env.Stdin), Writer: nopWriteCloser{env.Stdout}}
	err := server.Run(ctx, t)
	if err != nil && (errors.Is(err, io.EOF) || ctx.Err() != nil) {
		return nil
	}
	return err
}

type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }

// textResult is a tool's answer: its text, or the error as the text of an
// error result the agent can read and act on.
func textResult(text string, err error) (*mcp.CallToolResult, any, error) {
	if err != nil {
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}}}, nil, nil
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, nil, nil
}

// runSub runs one autofix command line in-process, exactly as a person
// would, and returns what it printed. Its output never reaches the MCP
// stream; on failure the error carries the command's error and hint lines.
func runSub(ctx context.Context, env *Env, args ...string) (string, error) {
	var out, errOut bytes.Buffer
	sub := *env
	sub.Stdin = strings.NewReader("")
	sub.Stdout, sub.Stderr = &out, &errOut
	sub.StdoutTTY, sub.StderrTTY = false, false
	if code := Run(ctx, &sub, args); code != exitOK {
		msg := strings.TrimSpace(errOut.String())
		if msg == "" {
			msg = fmt.Sprintf("autofix %s failed (exit %d)", args[0], code)
		}
		return out.String(), errors.New(msg)
	}
	return out.String(), nil
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

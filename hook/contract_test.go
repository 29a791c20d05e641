package hook

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
)

// The contract tests read each agent's hook input as the agent sends it
// and check autofix's answer against the agent's published output: for
// Codex its generated JSON Schemas, for Claude Code and Cursor the shape of
// the examples in their documentation. testdata/contract/README.md says
// where every file comes from.

const contractDir = "testdata/contract"

// contractRules is the text every answer carries.
const contractRules = "- [TOOL] Always use pnpm instead of npm or yarn. (project #1)\n"

type contractCase struct {
	// agent is the hook's command line agent; input is relative to
	// contractDir.
	agent Agent
	input string
	kind  Kind
	files []string
	// output is the documented answer whose shape ours must have, relative
	// to contractDir; empty: autofix answers nothing.
	output string
}

var contractCases = []contractCase{
	{ClaudeCode, "claude-code/input/session-start-startup.json", SessionStart, nil, "claude-code/output/session-start.json"},
	{ClaudeCode, "claude-code/input/session-start-resume.json", SessionStart, nil, "claude-code/output/session-start.json"},
	{ClaudeCode, "claude-code/input/session-start-clear.json", SessionStart, nil, "claude-code/output/session-start.json"},
	{ClaudeCode, "claude-code/input/session-start-compact.json", SessionStart, nil, "claude-code/output/session-start.json"},
	{ClaudeCode, "claude-code/input/user-prompt-submit.json", PromptSubmit, nil, "claude-code/output/user-prompt-submit.json"},
	{ClaudeCode, "claude-code/input/pre-tool-use-edit.json", FileEdit, []string{"/home/person/web/src/app.ts"}, "claude-code/output/pre-tool-use.json"},
	{ClaudeCode, "claude-code/input/pre-tool-use-write.json", FileEdit, []string{"/home/person/web/migrations/002_orders.sql"}, "claude-code/output/pre-tool-use.json"},
	{ClaudeCode, "claude-code/input/pre-tool-use-multiedit.json", FileEdit, []string{"src/app.ts"}, "claude-code/output/pre-tool-use.json"},
	{ClaudeCode, "claude-code/input/pre-tool-use-notebookedit.json", FileEdit, []string{"/home/person/web/nb/eda.ipynb"}, "claude-code/output/pre-tool-use.json"},
	// Bash: only guardrails answer (a warning is context, as here).
	{ClaudeCode, "claude-code/input/pre-tool-use-bash.json", ShellCommand, nil, "claude-code/output/pre-tool-use.json"},
	{ClaudeCode, "claude-code/input/subagent-start.json", SubagentStart, nil, "claude-code/output/subagent-start.json"},

	{Codex, "codex/input/session-start.json", SessionStart, nil, "codex/output/session-start.json"},
	{Codex, "codex/input/user-prompt-submit.json", PromptSubmit, nil, "codex/output/user-prompt-submit.json"},
	{Codex, "codex/input/pre-tool-use-apply-patch.json", FileEdit, []string{"migrations/002_orders.sql", "src/app.ts"}, "codex/output/pre-tool-use.json"},
	{Codex, "codex/input/pre-tool-use-bash.json", ShellCommand, nil, "codex/output/pre-tool-use.json"},
	{Codex, "codex/input/subagent-start.json", SubagentStart, nil, "codex/output/subagent-start.json"},

	{Cursor, "cursor/input/session-start.json", SessionStart, nil, "cursor/output/session-start.json"},
	// Cursor running the hooks of Claude Code's settings: answered as
	// Cursor, on sessionStart alone.
	{ClaudeCode, "cursor/input/session-start-claude-settings.json", SessionStart, nil, "cursor/output/session-start.json"},
	{ClaudeCode, "cursor/input/before-submit-prompt-claude-settings.json", Other, nil, ""},
	{ClaudeCode, "cursor/input/pre-tool-use-claude-settings.json", Other, nil, ""},
}

func TestContract(t *testing.T) {
	for _, tc := range contractCases {
		t.Run(string(tc.agent)+"/"+filepath.Base(tc.input), func(t *testing.T) {
			in := readContract(t, tc.input)
			var payload map[string]any
			if err := json.Unmarshal(in, &payload); err != nil {
				t.Fatal(err)
			}
			event, _ := payload["hook_event_name"].(string)
			if strings.HasPrefix(tc.input, "codex/") {
				validate(t, codexSchema(t, event, "input"), payload)
			}

			ev, err := Parse(tc.agent, strings.NewReader(string(in)))
			if err != nil {
				t.Fatal(err)
			}
			if ev.Kind != tc.kind || !reflect.DeepEqual(ev.Files, tc.files) {
				t.Fatalf("Parse: kind %v files %q, want %v %q", ev.Kind, ev.Files, tc.kind, tc.files)
			}
			out, err := Answer(ev, contractRules)
			if err != nil {
				t.Fatal(err)
			}
			if tc.output == "" {
				if out != nil {
					t.Fatalf("answered %s, want nothing", out)
				}
				return
			}
			if !strings.HasSuffix(string(out), "}\n") || strings.Count(string(out), "\n") != 1 {
				t.Errorf("answer %q is not one JSON object on one line", out)
			}
			var got map[string]any
			if err := json.Unmarshal(out, &got); err != nil {
				t.Fatalf("answer %s: %v", out, err)
			}
			var want map[string]any
			if err := json.Unmarshal(readContract(t, tc.output), &want); err != nil {
				t.Fatal(err)
			}
			if g, w := shape(got), shape(want); g != w {
				t.Errorf("answer shape\n %s\nwant the documented\n %s", g, w)
			}
			switch ev.Agent {
			case ClaudeCode, Codex:
				spec, _ := got["hookSpecificOutput"].(map[string]any)
				if spec["hookEventName"] != event {
					t.Errorf("hookEventName %v, want the event's %q", spec["hookEventName"], event)
				}
				if spec["additionalContext"] != contractRules {
					t.Errorf("additionalContext %q, want the rules", spec["additionalContext"])
				}
				if ev.Agent == Codex {
					validate(t, codexSchema(t, event, "output"), got)
				}
			case Cursor:
				if got["continue"] != true || got["additional_context"] != contractRules {
					t.Errorf("answer %s, want continue and the rules in additional_context", out)
				}
			}
		})
	}
}

// TestContractRecordOnly: the events autofix only records answer nothing
// the agent could act on: nothing for Claude Code, Codex's default
// {"continue":true}, valid under its schema, for Codex (which takes an
// empty Stop answer for invalid output).
func TestContractRecordOnly(t *testing.T) {
	for _, tc := range []struct {
		agent   Agent
		input   string
		kind    Kind
		outcome string
	}{
		{ClaudeCode, "claude-code/input/post-tool-use-write.json", ToolDone, "ok"},
		{ClaudeCode, "claude-code/input/post-tool-use-failure.json", ToolDone, "exit_nonzero"},
		{ClaudeCode, "claude-code/input/stop.json", TurnEnd, ""},
		{ClaudeCode, "claude-code/input/session-end.json", SessionEnd, ""},
		{Codex, "codex/input/post-tool-use-bash.json", ToolDone, "exit_nonzero"},
		{Codex, "codex/input/stop.json", TurnEnd, ""},
	} {
		t.Run(string(tc.agent)+"/"+filepath.Base(tc.input), func(t *testing.T) {
			in := readContract(t, tc.input)
			var payload map[string]any
			if err := json.Unmarshal(in, &payload); err != nil {
				t.Fatal(err)
			}
			event, _ := payload["hook_event_name"].(string)
			if tc.agent == Codex {
				validate(t, codexSchema(t, event, "input"), payload)
			}
			ev, err := Parse(tc.agent, strings.NewReader(string(in)))
			if err != nil {
				t.Fatal(err)
			}
			transcript, _ := payload["transcript_path"].(string)
			if ev.Kind != tc.kind || ev.Outcome != tc.outcome || ev.TranscriptPath != transcript {
				t.Fatalf("Parse = %+v, want kind %v outcome %q", ev, tc.kind, tc.outcome)
			}
			out, err := Answer(ev, contractRules)
			if err != nil {
				t.Fatal(err)
			}
			if tc.agent == ClaudeCode {
				if out != nil {
					t.Errorf("answered %s, want nothing", out)
				}
				return
			}
			if string(out) != "{\"continue\":true}\n" {
				t.Errorf("answered %q, want Codex's default", out)
			}
			var got map[string]any
			if err := json.Unmarshal(out, &got); err != nil {
				t.Fatal(err)
			}
			validate(t, codexSchema(t, event, "output"), got)
		})
	}
}

// TestContractDeny checks the answer that denies a tool call against the
// agents' documented deny (Claude Code's PreToolUse decision control,
// Codex's PreToolUse output schema): every PreToolUse input that guardrails
// read can be denied, with the reason the agent shows the model.
func TestContractDeny(t *testing.T) {
	const reason = "autofix rule #1: Always use pnpm instead of npm or yarn."
	for _, tc := range contractCases {
		if tc.kind != FileEdit && tc.kind != ShellCommand {
			continue
		}
		t.Run(string(tc.agent)+"/"+filepath.Base(tc.input), func(t *testing.T) {
			ev, err := Parse(tc.agent, strings.NewReader(string(readContract(t, tc.input))))
			if err != nil {
				t.Fatal(err)
			}
			if ev.Input.Empty() {
				t.Fatalf("Parse read nothing for guardrails from %s", tc.input)
			}
			out, err := Deny(ev, reason)
			if err != nil || out == nil {
				t.Fatalf("Deny = %s, %v", out, err)
			}
			var got, want map[string]any
			if err := json.Unmarshal(out, &got); err != nil {
				t.Fatalf("answer %s: %v", out, err)
			}
			dir, _, _ := strings.Cut(tc.input, "/")
			if err := json.Unmarshal(readContract(t, dir+"/output/pre-tool-use-deny.json"), &want); err != nil {
				t.Fatal(err)
			}
			if g, w := shape(got), shape(want); g != w {
				t.Errorf("deny shape\n %s\nwant the documented\n %s", g, w)
			}
			spec, _ := got["hookSpecificOutput"].(map[string]any)
			if spec["permissionDecision"] != "deny" || spec["permissionDecisionReason"] != reason || spec["hookEventName"] != "PreToolUse" {
				t.Errorf("deny %s", out)
			}
			if ev.Agent == Codex {
				validate(t, codexSchema(t, "PreToolUse", "output"), got)
			}
		})
	}
	// Nothing to deny: no answer.
	ev := Event{Agent: ClaudeCode, Name: "UserPromptSubmit", Kind: PromptSubmit}
	if out, _ := Deny(ev, "x"); out != nil {
		t.Errorf("Deny answered a prompt: %s", out)
	}
}

// TestToolInput checks what guardrails read from each tool's input.
func TestToolInput(t *testing.T) {
	for _, tc := range []struct {
		agent    Agent
		input    string
		tools    []string
		commands []string
		contents []string
	}{
		{ClaudeCode, "claude-code/input/pre-tool-use-bash.json", []string{"Bash"}, []string{"npm test"}, nil},
		{ClaudeCode, "claude-code/input/pre-tool-use-multiedit.json", []string{"Edit"}, nil, []string{"let", "export { App }"}},
		{ClaudeCode, "claude-code/input/pre-tool-use-notebookedit.json", []string{"Edit"}, nil, []string{"df.describe()"}},
		{Codex, "codex/input/pre-tool-use-bash.json", []string{"Bash"}, []string{"npm test"}, nil},
		{Codex, "codex/input/pre-tool-use-apply-patch.json", []string{"Edit", "Write"}, nil, []string{"CREATE TABLE orders (id int);\nconst a = 2\n"}},
	} {
		ev, err := Parse(tc.agent, strings.NewReader(string(readContract(t, tc.input))))
		if err != nil {
			t.Fatal(err)
		}
		in := ev.Input
		if !reflect.DeepEqual(in.Tools, tc.tools) || !reflect.DeepEqual(in.Commands, tc.commands) || !reflect.DeepEqual(in.Contents, tc.contents) || !reflect.DeepEqual(in.Paths, ev.Files) {
			t.Errorf("%s: input %+v", tc.input, in)
		}
	}
	// Codex may send the shell command as an argv array.
	ev, err := Parse(Codex, strings.NewReader(`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":["bash","-lc","npm install"]}}`))
	if err != nil || ev.Kind != ShellCommand || !reflect.DeepEqual(ev.Input.Commands, []string{"npm install"}) {
		t.Errorf("argv command: %+v, %v", ev, err)
	}
}

// TestContractSchemasCatch checks that the copied Codex schemas reject
// what Codex rejects, so that a passing TestContract means something.
func TestContractSchemasCatch(t *testing.T) {
	bad := []struct {
		event string
		v     string
	}{
		{"SessionStart", `{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"x"}}`},
		{"SessionStart", `{"hookSpecificOutput":{"hookEventName":"SessionStart","additional_context":"x"}}`},
		{"UserPromptSubmit", `{"additionalContext":"x"}`},
		{"PreToolUse", `{"hookSpecificOutput":{"additionalContext":"x"}}`},
		{"SubagentStart", `{"hookSpecificOutput":{"hookEventName":"SubagentStart","additionalContext":7}}`},
		{"Stop", `{"continue":"yes"}`},
		{"PostToolUse", `{"ok":true}`},
		{"PreToolUse", `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"block"}}`},
		{"PreToolUse", `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permission_decision":"deny"}}`},
	}
	for _, b := range bad {
		var v map[string]any
		if err := json.Unmarshal([]byte(b.v), &v); err != nil {
			t.Fatal(err)
		}
		if err := codexSchema(t, b.event, "output").Validate(v); err == nil {
			t.Errorf("the %s output schema accepts %s", b.event, b.v)
		}
	}
}

func readContract(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(contractDir, filepath.FromSlash(name)))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// codexSchema is Codex's generated schema for event ("SessionStart") and
// direction ("input" or "output").
func codexSchema(t *testing.T, event, direction string) *jsonschema.Resolved {
	t.Helper()
	var slug strings.Builder
	for i, r := range event {
		if 'A' <= r && r <= 'Z' {
			if i > 0 {
				slug.WriteByte('-')
			}
			r += 'a' - 'A'
		}
		slug.WriteRune(r)
	}
	name := fmt.Sprintf("codex/schema/%s.command.%s.schema.json", slug.String(), direction)
	var s jsonschema.Schema
	if err := json.Unmarshal(readContract(t, name), &s); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	rs, err := s.Resolve(nil)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return rs
}

func validate(t *testing.T, rs *jsonschema.Resolved, v map[string]any) {
	t.Helper()
	if err := rs.Validate(v); err != nil {
		b, _ := json.Marshal(v)
		t.Errorf("%s\ndoes not follow the schema: %v", b, err)
	}
}

// shape writes the keys and JSON types of v, recursively, in key order.
func shape(v any) string {
	switch v := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = k + ":" + shape(v[k])
		}
		return "{" + strings.Join(parts, ",") + "}"
	case []any:
		if len(v) == 0 {
			return "[]"
		}
		return "[" + shape(v[0]) + "]"
	case string:
		return "string"
	case bool:
		return "bool"
	case float64:
		return "number"
	case nil:
		return "null"
	}
	return fmt.Sprintf("%T", v)
}

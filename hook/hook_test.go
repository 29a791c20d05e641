package hook

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/autofix/autofix/guard"
)

func TestParse(t *testing.T) {
	patch := "*** Begin Patch\n*** Add File: web/new.ts\n+x\n*** Update File: src/a.go\n*** Move to: src/b.go\n@@\n-a\n+b\n*** Delete File: old.txt\n*** End Patch\n"
	patchJSON, _ := json.Marshal(patch)
	tests := []struct {
		name    string
		agent   Agent
		payload string
		want    Event
	}{
		{"claude session start", ClaudeCode,
			`{"session_id":"s1","transcript_path":"/t","cwd":"/w","hook_event_name":"SessionStart","source":"startup"}`,
			Event{Agent: ClaudeCode, Name: "SessionStart", Kind: SessionStart, SessionID: "s1", Cwd: "/w", Source: "startup", TranscriptPath: "/t"}},
		{"claude prompt", ClaudeCode,
			`{"session_id":"s1","cwd":"/w","hook_event_name":"UserPromptSubmit","prompt":"add a signup form"}`,
			Event{Agent: ClaudeCode, Name: "UserPromptSubmit", Kind: PromptSubmit, SessionID: "s1", Cwd: "/w", Prompt: "add a signup form"}},
		{"claude edit", ClaudeCode,
			`{"session_id":"s1","cwd":"/w","hook_event_name":"PreToolUse","tool_name":"Edit","tool_input":{"file_path":"/w/src/app.ts","old_string":"a","new_string":"b"}}`,
			Event{Agent: ClaudeCode, Name: "PreToolUse", Kind: FileEdit, SessionID: "s1", Cwd: "/w", Tool: "Edit", Files: []string{"/w/src/app.ts"},
				Input: guard.Input{Tools: []string{"Edit"}, Contents: []string{"b"}, Paths: []string{"/w/src/app.ts"}}}},
		{"claude notebook edit", ClaudeCode,
			`{"session_id":"s1","cwd":"/w","hook_event_name":"PreToolUse","tool_name":"NotebookEdit","tool_input":{"notebook_path":"/w/nb/eda.ipynb","cell_id":"c3","new_source":"x = 1","edit_mode":"replace"}}`,
			Event{Agent: ClaudeCode, Name: "PreToolUse", Kind: FileEdit, SessionID: "s1", Cwd: "/w", Tool: "NotebookEdit", Files: []string{"/w/nb/eda.ipynb"},
				Input: guard.Input{Tools: []string{"Edit"}, Contents: []string{"x = 1"}, Paths: []string{"/w/nb/eda.ipynb"}}}},
		{"claude bash is a command, not an edit", ClaudeCode,
			`{"session_id":"s1","cwd":"/w","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}`,
			Event{Agent: ClaudeCode, Name: "PreToolUse", Kind: ShellCommand, SessionID: "s1", Cwd: "/w", Tool: "Bash",
				Input: guard.Input{Tools: []string{"Bash"}, Commands: []string{"ls"}}}},
		{"claude read is neither", ClaudeCode,
			`{"session_id":"s1","cwd":"/w","hook_event_name":"PreToolUse","tool_name":"Read","tool_input":{"file_path":"/w/a"}}`,
			Event{Agent: ClaudeCode, Name: "PreToolUse", Kind: Other, SessionID: "s1", Cwd: "/w", Tool: "Read"}},
		{"claude other event", ClaudeCode,
			`{"session_id":"s1","hook_event_name":"Notification","message":"waiting"}`,
			Event{Agent: ClaudeCode, Name: "Notification", Kind: Other, SessionID: "s1"}},
		{"claude stop", ClaudeCode,
			`{"session_id":"s1","transcript_path":"/t.jsonl","hook_event_name":"Stop","stop_hook_active":false,"last_assistant_message":"Done, per project #2."}`,
			Event{Agent: ClaudeCode, Name: "Stop", Kind: TurnEnd, SessionID: "s1", TranscriptPath: "/t.jsonl", LastMessage: "Done, per project #2."}},
		{"claude session end", ClaudeCode,
			`{"session_id":"s1","hook_event_name":"SessionEnd","reason":"logout"}`,
			Event{Agent: ClaudeCode, Name: "SessionEnd", Kind: SessionEnd, SessionID: "s1"}},
		{"claude post tool use", ClaudeCode,
			`{"session_id":"s1","cwd":"/w","hook_event_name":"PostToolUse","tool_name":"Write","tool_input":{"file_path":"/w/a.ts","content":"x"},"tool_response":{"filePath":"/w/a.ts","success":true}}`,
			Event{Agent: ClaudeCode, Name: "PostToolUse", Kind: ToolDone, SessionID: "s1", Cwd: "/w", Tool: "Write", Files: []string{"/w/a.ts"}, Wrote: true, Outcome: "ok"}},
		{"claude post tool use read", ClaudeCode,
			`{"session_id":"s1","cwd":"/w","hook_event_name":"PostToolUse","tool_name":"Read","tool_input":{"file_path":"src/b.go"},"tool_response":"package b"}`,
			Event{Agent: ClaudeCode, Name: "PostToolUse", Kind: ToolDone, SessionID: "s1", Cwd: "/w", Tool: "Read", Files: []string{"src/b.go"}, Outcome: "ok"}},
		{"claude post tool use failure", ClaudeCode,
			`{"session_id":"s1","cwd":"/w","hook_event_name":"PostToolUseFailure","tool_name":"Bash","tool_input":{"command":"make"},"error":"Command failed with exit code 2","is_interrupt":false}`,
			Event{Agent: ClaudeCode, Name: "PostToolUseFailure", Kind: ToolDone, SessionID: "s1", Cwd: "/w", Tool: "Bash", Outcome: "exit_nonzero"}},
		{"codex post tool use nonzero", Codex,
			`{"session_id":"c1","cwd":"/w","hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{"command":"go test"},"tool_response":{"exit_code":1,"output":"FAIL"}}`,
			Event{Agent: Codex, Name: "PostToolUse", Kind: ToolDone, SessionID: "c1", Cwd: "/w", Tool: "Bash", Outcome: "exit_nonzero"}},
		{"codex apply_patch command", Codex,
			`{"session_id":"c1","cwd":"/w","hook_event_name":"PreToolUse","tool_name":"apply_patch","tool_input":{"command":` + string(patchJSON) + `}}`,
			Event{Agent: Codex, Name: "PreToolUse", Kind: FileEdit, SessionID: "c1", Cwd: "/w", Tool: "apply_patch", Files: []string{"web/new.ts", "src/a.go", "src/b.go"},
				Input: guard.Input{Tools: []string{"Edit", "Write"}, Contents: []string{"x\nb\n"}, Paths: []string{"web/new.ts", "src/a.go", "src/b.go"}}}},
		{"codex apply_patch patch field", Codex,
			`{"session_id":"c1","hook_event_name":"PreToolUse","tool_name":"apply_patch","tool_input":{"patch":` + string(patchJSON) + `}}`,
			Event{Agent: Codex, Name: "PreToolUse", Kind: FileEdit, SessionID: "c1", Tool: "apply_patch", Files: []string{"web/new.ts", "src/a.go", "src/b.go"},
				Input: guard.Input{Tools: []string{"Edit", "Write"}, Contents: []string{"x\nb\n"}, Paths: []string{"web/new.ts", "src/a.go", "src/b.go"}}}},
		{"codex apply_patch argv", Codex,
			`{"session_id":"c1","hook_event_name":"PreToolUse","tool_name":"apply_patch","tool_input":{"command":["apply_patch",` + string(patchJSON) + `]}}`,
			Event{Agent: Codex, Name: "PreToolUse", Kind: FileEdit, SessionID: "c1", Tool: "apply_patch", Files: []string{"web/new.ts", "src/a.go", "src/b.go"},
				Input: guard.Input{Tools: []string{"Edit", "Write"}, Contents: []string{"x\nb\n"}, Paths: []string{"web/new.ts", "src/a.go", "src/b.go"}}}},
		{"codex prompt", Codex,
			`{"session_id":"c1","cwd":"/w","hook_event_name":"UserPromptSubmit","prompt":"fix it","turn_id":"t"}`,
			Event{Agent: Codex, Name: "UserPromptSubmit", Kind: PromptSubmit, SessionID: "c1", Cwd: "/w", Prompt: "fix it"}},
		{"cursor session start", Cursor,
			`{"hook_event_name":"sessionStart","session_id":"k1","workspace_roots":["/w","/x"],"is_background_agent":false,"composer_mode":"agent"}`,
			Event{Agent: Cursor, Name: "sessionStart", Kind: SessionStart, SessionID: "k1", Cwd: "/w"}},
		{"cursor conversation id", Cursor,
			`{"conversation_id":"k2","workspace_roots":["/w"]}`,
			Event{Agent: Cursor, Name: "sessionStart", Kind: SessionStart, SessionID: "k2", Cwd: "/w"}},
		{"cursor byte order mark", Cursor,
			"\uFEFF" + `{"hook_event_name":"sessionStart","session_id":"k3","workspace_roots":["/w"]}`,
			Event{Agent: Cursor, Name: "sessionStart", Kind: SessionStart, SessionID: "k3", Cwd: "/w"}},
		// Cursor running the hooks of Claude Code's settings.
		{"cursor runs claude session start", ClaudeCode,
			`{"conversation_id":"k4","generation_id":"g","model":"default","is_background_agent":false,"session_id":"k4","hook_event_name":"sessionStart","cursor_version":"2026.08.11-e8db854","workspace_roots":["/w"],"user_email":"p@example.invalid","transcript_path":null}`,
			Event{Agent: Cursor, Via: ClaudeCode, Name: "sessionStart", Kind: SessionStart, SessionID: "k4", Cwd: "/w"}},
		{"cursor runs claude prompt", ClaudeCode,
			`{"conversation_id":"k4","hook_event_name":"beforeSubmitPrompt","prompt":"fix it","cursor_version":"2.0.77","workspace_roots":["/w"]}`,
			Event{Agent: Cursor, Via: ClaudeCode, Name: "beforeSubmitPrompt", Kind: Other, SessionID: "k4", Cwd: "/w"}},
		{"camelCase event without cursor_version", ClaudeCode,
			`{"conversation_id":"k5","hook_event_name":"preToolUse","tool_name":"Write","tool_input":{"file_path":"/w/a.ts"},"workspace_roots":["/w"]}`,
			Event{Agent: Cursor, Via: ClaudeCode, Name: "preToolUse", Kind: Other, SessionID: "k5", Cwd: "/w"}},
		{"cursor_version with a Claude event name", ClaudeCode,
			`{"session_id":"k6","hook_event_name":"SessionStart","cursor_version":"2.0.77","workspace_roots":["/w"]}`,
			Event{Agent: Cursor, Via: ClaudeCode, Name: "SessionStart", Kind: SessionStart, SessionID: "k6", Cwd: "/w"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Parse(tt.agent, strings.NewReader(tt.payload))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Parse:\n got %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	for _, tt := range []struct {
		agent   Agent
		payload string
	}{
		{ClaudeCode, ``},
		{ClaudeCode, `{"hook_event_name":`},
		{ClaudeCode, `{"session_id":"s"}`},
		{ClaudeCode, `{"hook_event_name":"PreToolUse","tool_name":"Edit","tool_input":"x"}`},
		{Cursor, `[1]`},
		{Agent("vim"), `{}`},
	} {
		if _, err := Parse(tt.agent, strings.NewReader(tt.payload)); err == nil {
			t.Errorf("Parse(%s, %q) succeeded, want an error", tt.agent, tt.payload)
		}
	}
	_, err := Parse(ClaudeCode, strings.NewReader(`{`))
	if !errors.Is(err, ErrPayload) {
		t.Errorf("error %v does not wrap ErrPayload", err)
	}
}

func TestAnswer(t *testing.T) {
	tests := []struct {
		ev   Event
		text string
		want string
	}{
		{Event{Agent: ClaudeCode, Name: "UserPromptSubmit", Kind: PromptSubmit}, "- [TOOL] Always use pnpm <not npm> & yarn.",
			`{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"- [TOOL] Always use pnpm <not npm> & yarn."}}` + "\n"},
		{Event{Agent: Codex, Name: "PreToolUse", Kind: FileEdit}, "x",
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"x"}}` + "\n"},
		{Event{Agent: ClaudeCode, Name: "SessionStart", Kind: SessionStart}, "", ""},
		{Event{Agent: ClaudeCode, Name: "Stop", Kind: Other}, "x", ""},
		{Event{Agent: Cursor, Name: "sessionStart", Kind: SessionStart}, "rules",
			`{"continue":true,"additional_context":"rules"}` + "\n"},
		{Event{Agent: Cursor, Name: "sessionStart", Kind: SessionStart}, "", `{"continue":true}` + "\n"},
	}
	for _, tt := range tests {
		got, err := Answer(tt.ev, tt.text)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != tt.want {
			t.Errorf("Answer(%s %s, %q) = %q, want %q", tt.ev.Agent, tt.ev.Name, tt.text, got, tt.want)
		}
	}
}

func TestFit(t *testing.T) {
	var b strings.Builder
	b.WriteString("# Constraints\n\n")
	for i := 1; i <= 400; i++ {
		fmt.Fprintf(&b, "- [CODE] Always follow rule number %d of this long list of rules. (project #%d)\n", i, i)
	}
	text := b.String()
	got := Fit(text, Limit)
	if len(got) >= Limit {
		t.Fatalf("Fit left %d bytes, want under %d", len(got), Limit)
	}
	lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
	kept := 0
	for _, l := range lines[:len(lines)-1] {
		if !strings.Contains(text, l+"\n") {
			t.Fatalf("line %q was cut", l)
		}
		if strings.HasPrefix(l, "- ") {
			kept++
		}
	}
	want := fmt.Sprintf("(%d more rules left out", 400-kept)
	if last := lines[len(lines)-1]; !strings.HasPrefix(last, want) {
		t.Errorf("last line %q, want it to start with %q", last, want)
	}
	if short := "- [TOOL] Always use pnpm. (project #1)\n"; Fit(short, Limit) != short {
		t.Errorf("Fit changed a short text")
	}
}

func TestPatchFiles(t *testing.T) {
	got := PatchFiles("*** Begin Patch\r\n*** Update File: a.go\r\n*** Update File: a.go\n*** Delete File: b.go\n*** End Patch")
	if want := []string{"a.go"}; !reflect.DeepEqual(got, want) {
		t.Errorf("PatchFiles = %q, want %q", got, want)
	}
}

func TestSessions(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s := Sessions{Dir: filepath.Join(dir, "sessions"), LockDir: filepath.Join(dir, "locks")}
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)

	got, err := s.Delivered("s1", now)
	if err != nil || len(got) != 0 {
		t.Fatalf("Delivered before any record = %v, %v; want empty", got, err)
	}
	must(t, s.Record(ctx, "s1", []string{"project#1", "me#p1"}, false, now))
	must(t, s.Record(ctx, "s1", []string{"project#2", "project#1"}, false, now.Add(time.Hour)))
	must(t, s.Record(ctx, "s2", []string{"project#9"}, false, now))

	check := func(id string, at time.Time, want ...string) {
		t.Helper()
		got, err := s.Delivered(id, at)
		must(t, err)
		var ids []string
		for k := range got {
			ids = append(ids, k)
		}
		if len(ids) != len(want) {
			t.Errorf("Delivered(%s) = %v, want %v", id, ids, want)
		}
		for _, w := range want {
			if !got[w] {
				t.Errorf("Delivered(%s) lacks %s", id, w)
			}
		}
	}
	check("s1", now.Add(2*time.Hour), "project#1", "me#p1", "project#2")
	check("s2", now.Add(2*time.Hour), "project#9")
	check("s1", now.Add(26*time.Hour)) // expired
	check("", now)

	must(t, s.Record(ctx, "s1", []string{"project#3"}, true, now.Add(3*time.Hour)))
	check("s1", now.Add(3*time.Hour), "project#3")
	must(t, s.Record(ctx, "", []string{"x"}, false, now)) // no session, no state
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// BenchmarkPromptProtocol measures autofix's own share of a
// UserPromptSubmit hook: parse the payload, fit and encode the answer,
// record the session (locked atomic write).
func BenchmarkPromptProtocol(b *testing.B) {
	dir := b.TempDir()
	s := Sessions{Dir: filepath.Join(dir, "sessions"), LockDir: filepath.Join(dir, "locks")}
	payload := `{"session_id":"s1","cwd":"/w","hook_event_name":"UserPromptSubmit","prompt":"add a signup form with zod validation"}`
	var text strings.Builder
	var ids []string
	for i := range 60 {
		fmt.Fprintf(&text, "- [CODE] Always follow rule number %d of this list. (project #%d)\n", i, i)
		ids = append(ids, fmt.Sprintf("project:%d", i))
	}
	ctx := context.Background()
	now := time.Now()
	for b.Loop() {
		ev, err := Parse(ClaudeCode, strings.NewReader(payload))
		if err != nil {
			b.Fatal(err)
		}
		if _, err := Answer(ev, Fit(text.String(), Limit)); err != nil {
			b.Fatal(err)
		}
		if err := s.Record(ctx, ev.SessionID, ids, false, now); err != nil {
			b.Fatal(err)
		}
	}
}

// TestSubagentStart: Claude Code's and Codex's SubagentStart is read as
// its own kind and answered with additionalContext under its own name.
func TestSubagentStart(t *testing.T) {
	for _, a := range []Agent{ClaudeCode, Codex} {
		ev, err := Parse(a, strings.NewReader(`{"session_id":"s1","cwd":"/w","hook_event_name":"SubagentStart","agent_id":"agent-1","agent_type":"Explore"}`))
		if err != nil {
			t.Fatal(err)
		}
		want := Event{Agent: a, Name: "SubagentStart", Kind: SubagentStart, SessionID: "s1", Cwd: "/w"}
		if !reflect.DeepEqual(ev, want) {
			t.Errorf("%s: Parse = %+v, want %+v", a, ev, want)
		}
		out, err := Answer(ev, "rules\n")
		if err != nil {
			t.Fatal(err)
		}
		if got, want := string(out), `{"hookSpecificOutput":{"hookEventName":"SubagentStart","additionalContext":"rules\n"}}`+"\n"; got != want {
			t.Errorf("%s: Answer = %s, want %s", a, got, want)
		}
	}
}

package hook

import (
	"encoding/json"
	"strings"
	"testing"
)

const exe = "/opt/autofix/bin/autofix"

func TestInstallClaudeMerges(t *testing.T) {
	existing := `{
  "permissions": {"allow": ["Bash(go test:*)"]},
  "hooks": {
    "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "guard.sh"}]}],
    "Stop": [{"hooks": [{"type": "command", "command": "notify.sh"}]}]
  },
  "model": "opus"
}`
	out, changed, err := Install(ClaudeCode, []byte(existing), exe)
	if err != nil || !changed {
		t.Fatalf("Install = changed %v, err %v", changed, err)
	}
	var got struct {
		Permissions map[string]any `json:"permissions"`
		Model       string         `json:"model"`
		Hooks       map[string][]struct {
			Matcher string `json:"matcher"`
			Hooks   []struct {
				Type    string `json:"type"`
				Command string `json:"command"`
			} `json:"hooks"`
		} `json:"hooks"`
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, out)
	}
	if got.Model != "opus" || got.Permissions == nil {
		t.Errorf("unrelated keys lost:\n%s", out)
	}
	if n := len(got.Hooks["Stop"]); n != 1 {
		t.Errorf("Stop has %d groups, want 1 (untouched)", n)
	}
	pre := got.Hooks["PreToolUse"]
	if len(pre) != 2 || pre[0].Matcher != "Bash" || pre[1].Matcher != "Edit|Write|MultiEdit|NotebookEdit" {
		t.Errorf("PreToolUse = %+v, want the person's Bash group then autofix's edit group", pre)
	}
	for _, ev := range []string{"SessionStart", "UserPromptSubmit", "PreToolUse"} {
		gs := got.Hooks[ev]
		if len(gs) == 0 || gs[len(gs)-1].Hooks[0].Command != exe+" hook claude-code" {
			t.Errorf("%s lacks autofix's command: %+v", ev, gs)
		}
	}
	if i, j := strings.Index(string(out), `"permissions"`), strings.Index(string(out), `"model"`); i > j {
		t.Errorf("key order changed:\n%s", out)
	}

	again, changed, err := Install(ClaudeCode, out, exe)
	if err != nil || changed || string(again) != string(out) {
		t.Errorf("second Install changed the file (changed=%v, err=%v)", changed, err)
	}

	moved, changed, err := Install(ClaudeCode, out, "/usr/local/bin/autofix")
	if err != nil || !changed {
		t.Fatalf("Install with a moved binary: changed %v, err %v", changed, err)
	}
	if strings.Contains(string(moved), exe) || strings.Count(string(moved), "hook claude-code") != 3 {
		t.Errorf("moved binary not replaced exactly once per event:\n%s", moved)
	}

	removed, changed, err := Remove(ClaudeCode, moved, "")
	if err != nil || !changed {
		t.Fatalf("Remove = changed %v, err %v", changed, err)
	}
	if strings.Contains(string(removed), "hook claude-code") {
		t.Errorf("Remove left autofix's hook:\n%s", removed)
	}
	if !strings.Contains(string(removed), "guard.sh") || !strings.Contains(string(removed), "notify.sh") || strings.Contains(string(removed), "SessionStart") {
		t.Errorf("Remove touched other entries or left empty events:\n%s", removed)
	}
	if _, changed, _ := Remove(ClaudeCode, removed, ""); changed {
		t.Errorf("second Remove changed the file")
	}
}

func TestInstallFresh(t *testing.T) {
	tests := []struct {
		agent Agent
		want  string
	}{
		{Cursor, `{
  "version": 1,
  "hooks": {
    "sessionStart": [
      {
        "command": "/opt/autofix/bin/autofix hook cursor"
      }
    ]
  }
}
`},
		{Codex, `"matcher": "apply_patch"`},
	}
	for _, tt := range tests {
		out, changed, err := Install(tt.agent, nil, exe)
		if err != nil || !changed {
			t.Fatalf("Install(%s) = changed %v, err %v", tt.agent, changed, err)
		}
		if !strings.Contains(string(out), tt.want) {
			t.Errorf("Install(%s) =\n%s\nwant it to contain\n%s", tt.agent, out, tt.want)
		}
		removed, _, err := Remove(tt.agent, out, exe)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(removed), "hook "+string(tt.agent)) {
			t.Errorf("Remove(%s) left the hook:\n%s", tt.agent, removed)
		}
	}
}

func TestInstallErrors(t *testing.T) {
	for _, data := range []string{`[]`, `{"hooks": []}`, `{"hooks": {"SessionStart": {}}}`, `{`, `{} {}`} {
		if _, _, err := Install(ClaudeCode, []byte(data), exe); err == nil {
			t.Errorf("Install(%s) succeeded, want an error", data)
		}
	}
	if _, _, err := Install(ClaudeCode, nil, "bin/autofix"); err == nil {
		t.Error("Install with a relative binary path succeeded")
	}
}

func TestCommand(t *testing.T) {
	for _, tt := range []struct{ exe, want string }{
		{"/usr/bin/autofix", "/usr/bin/autofix hook codex"},
		{"/Users/Jo Doe/bin/autofix", "'/Users/Jo Doe/bin/autofix' hook codex"},
		{"/tmp/it's/autofix", `'/tmp/it'\''s/autofix' hook codex`},
	} {
		got := Command(Codex, tt.exe)
		if got != tt.want {
			t.Errorf("Command(%q) = %q, want %q", tt.exe, got, tt.want)
		}
		if !isOurCommand(Codex, got, "") || isOurCommand(ClaudeCode, got, "") {
			t.Errorf("isOurCommand does not recognize %q for codex only", got)
		}
	}
	if isOurCommand(Codex, "/usr/bin/other hook codex", "") {
		t.Error("another tool's command was taken for autofix's")
	}
	if !isOurCommand(Codex, "/tmp/go-build1/cmd.test hook codex", "/tmp/go-build1/cmd.test") {
		t.Error("the running binary's own command was not recognized")
	}
}

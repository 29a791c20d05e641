package hook

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/tailscale/hujson"
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
	if stop := got.Hooks["Stop"]; len(stop) != 2 || stop[0].Hooks[0].Command != "notify.sh" {
		t.Errorf("Stop = %+v, want the person's group untouched, then autofix's", stop)
	}
	pre := got.Hooks["PreToolUse"]
	if len(pre) != 2 || pre[0].Matcher != "Bash" || pre[1].Matcher != "Edit|Write|MultiEdit|NotebookEdit|Bash" {
		t.Errorf("PreToolUse = %+v, want the person's Bash group then autofix's edit group", pre)
	}
	for _, ev := range []string{"SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "PostToolUseFailure", "Stop", "SessionEnd"} {
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
	if strings.Contains(string(moved), exe) || strings.Count(string(moved), "hook claude-code") != 8 {
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
		{Codex, `"matcher": "apply_patch|Bash"`},
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
		{"/home/jo/go/bin/autofix-hook", "/home/jo/go/bin/autofix-hook codex"},
		{"/Users/Jo Doe/bin/autofix-hook", "'/Users/Jo Doe/bin/autofix-hook' codex"},
		{"/opt/bin/autofix-hook.exe", "/opt/bin/autofix-hook.exe codex"},
	} {
		got := Command(Codex, tt.exe)
		if got != tt.want {
			t.Errorf("Command(%q) = %q, want %q", tt.exe, got, tt.want)
		}
		if !isOurCommand(Codex, got, "") || isOurCommand(ClaudeCode, got, "") {
			t.Errorf("isOurCommand does not recognize %q for codex only", got)
		}
		if bin := CommandBinary(Codex, got); bin != tt.exe {
			t.Errorf("CommandBinary(%q) = %q, want %q", got, bin, tt.exe)
		}
	}
	for _, other := range []string{"/usr/bin/autofix codex", "/usr/bin/other codex", "autofix-hook codex --verbose", "/bin/autofix-hooks codex"} {
		if isOurCommand(Codex, other, "") || CommandBinary(Codex, other) != "" {
			t.Errorf("%q was taken for autofix's hook command", other)
		}
	}
	if isOurCommand(Codex, "/usr/bin/other hook codex", "") {
		t.Error("another tool's command was taken for autofix's")
	}
	if !isOurCommand(Codex, "/tmp/go-build1/cmd.test hook codex", "/tmp/go-build1/cmd.test") {
		t.Error("the running binary's own command was not recognized")
	}
}

// TestInstallKeepsTheFile: only autofix's entries change. Comments,
// trailing commas, tabs, one-line lists and the order of everything the
// person wrote keep their bytes, and removing autofix again gives back the
// file byte for byte.
func TestInstallKeepsTheFile(t *testing.T) {
	tests := []struct {
		name string
		in   string
	}{
		{"jsonc", `{
  // Team settings: keep this comment.
  "model": "opus", /* inline */
  "hooks": {
    "Stop": [
      {"hooks": [{"type": "command", "command": "notify.sh"}]}, // after Stop's entry
    ],
  },
  "permissions": {"allow": ["Bash(go test:*)"]},
}
`},
		{"tabs", "{\n\t\"hooks\": {\n\t\t\"PreToolUse\": [\n\t\t\t{\n\t\t\t\t\"matcher\": \"Bash\",\n\t\t\t\t\"hooks\": [{\"type\": \"command\", \"command\": \"guard.sh\"}]\n\t\t\t}\n\t\t]\n\t}\n}\n"},
		{"one line", `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "guard.sh"}]}]}, "model": "opus"}`},
		{"four spaces", "{\n    \"hooks\": {\"Notification\": []}\n}"},
		{"no hooks", "{\n  \"env\": {\"A\": \"1\"}\n}\n"},
		{"bom", "\xef\xbb\xbf{\n  \"model\": \"opus\"\n}\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, changed, err := Install(ClaudeCode, []byte(tt.in), exe)
			if err != nil || !changed {
				t.Fatalf("Install = changed %v, err %v", changed, err)
			}
			if n := strings.Count(string(out), "hook claude-code"); n != 8 {
				t.Errorf("%d autofix commands, want 8:\n%s", n, out)
			}
			std, err := hujson.Standardize(append([]byte{}, bytes.TrimPrefix(out, utf8BOM)...))
			if err != nil || !json.Valid(std) {
				t.Fatalf("output does not parse (%v):\n%s", err, out)
			}
			again, changed, err := Install(ClaudeCode, out, exe)
			if err != nil || changed || !bytes.Equal(again, out) {
				t.Errorf("second Install changed the file (changed %v, err %v)", changed, err)
			}
			back, changed, err := Remove(ClaudeCode, out, exe)
			if err != nil || !changed {
				t.Fatalf("Remove = changed %v, err %v", changed, err)
			}
			if string(back) != tt.in {
				t.Errorf("Install then Remove did not give the file back:\n got %q\nwant %q\ninstalled:\n%s", back, tt.in, out)
			}
		})
	}
}

// TestInstallLayout: a new entry is laid out like its neighbours (the
// file's indentation, one line in a one-line list); a new file is
// indented by two spaces.
func TestInstallLayout(t *testing.T) {
	in := "{\n\t\"hooks\": {\n\t\t\"Stop\": []\n\t}\n}\n"
	out, _, err := Install(Cursor, []byte(in), exe)
	if err != nil {
		t.Fatal(err)
	}
	want := "{\n\t\"hooks\": {\n\t\t\"Stop\": [],\n\t\t\"sessionStart\": [\n\t\t\t{\n\t\t\t\t\"command\": \"/opt/autofix/bin/autofix hook cursor\"\n\t\t\t}\n\t\t]\n\t},\n\t\"version\": 1\n}\n"
	if string(out) != want {
		t.Errorf("Install(tabs) =\n%s\nwant\n%s", out, want)
	}

	in = `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "guard.sh"}]}]}}`
	out, _, err = Install(ClaudeCode, []byte(in), exe)
	if err != nil {
		t.Fatal(err)
	}
	wantPre := `"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "guard.sh"}]}, {"matcher": "Edit|Write|MultiEdit|NotebookEdit|Bash", "hooks": [{"type": "command", "command": "/opt/autofix/bin/autofix hook claude-code", "timeout": 10}]}]`
	if !strings.Contains(string(out), wantPre) || strings.Contains(string(out), "\n") {
		t.Errorf("Install(one line) =\n%s\nwant one line with\n%s", out, wantPre)
	}

	// An empty hooks object filled by autofix goes with its entries.
	out, _, err = Install(ClaudeCode, []byte("{\n  \"hooks\": {}\n}\n"), exe)
	if err != nil {
		t.Fatal(err)
	}
	if back, _, err := Remove(ClaudeCode, out, exe); err != nil || string(back) != "{}\n" {
		t.Errorf("Remove = %q, %v; want {}", back, err)
	}

	out, _, err = Install(Codex, nil, SharedBinary)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(out), "{\n  \"hooks\": {\n    \"SessionStart\": [\n      {\n        \"hooks\": [\n") || !strings.Contains(string(out), `"command": "autofix hook codex"`) {
		t.Errorf("Install(new file) =\n%s", out)
	}
}

// TestInstallReplacesInPlace: an outdated entry of autofix's (another
// binary, another matcher) is replaced where it stands, so the entries
// around it keep their order (Codex ties its hook review to position), and
// duplicates of it go.
func TestInstallReplacesInPlace(t *testing.T) {
	in := `{
  "hooks": {
    "PreToolUse": [
      {
        "matcher": "apply_patch",
        "hooks": [{"type": "command", "command": "/old/bin/autofix hook codex", "timeout": 10}]
      },
      {"matcher": "shell", "hooks": [{"type": "command", "command": "python3 other.py"}]},
      {"hooks": [{"type": "command", "command": "/older/autofix hook codex"}]}
    ]
  }
}
`
	out, changed, err := Install(Codex, []byte(in), exe)
	if err != nil || !changed {
		t.Fatalf("Install = changed %v, err %v", changed, err)
	}
	want := `{
  "hooks": {
    "PreToolUse": [
      {
        "matcher": "apply_patch|Bash",
        "hooks": [
          {
            "type": "command",
            "command": "/opt/autofix/bin/autofix hook codex",
            "timeout": 10
          }
        ]
      },
      {"matcher": "shell", "hooks": [{"type": "command", "command": "python3 other.py"}]}
    ],
`
	if !strings.HasPrefix(string(out), want) {
		t.Errorf("Install =\n%s\nwant it to start with\n%s", out, want)
	}
	if strings.Contains(string(out), "/old") {
		t.Errorf("outdated entries left:\n%s", out)
	}
}

func TestInstalled(t *testing.T) {
	in := `{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "autofix hook claude-code"}]}],
	  "PreToolUse": [{"hooks": [{"type": "command", "command": "/a/autofix hook claude-code"}]}, {"hooks": [{"type": "command", "command": "x.sh"}]}],
	  "UserPromptSubmit": [{"hooks": [{"type": "command", "command": "autofix hook claude-code"}]}]}}`
	got, err := Installed(ClaudeCode, []byte(in), "")
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"autofix hook claude-code", "/a/autofix hook claude-code"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Installed = %q, want %q", got, want)
	}
	if got, err := Installed(Codex, []byte(in), ""); err != nil || len(got) != 0 {
		t.Errorf("Installed(codex) = %q, %v; want none", got, err)
	}
	if got, err := Installed(ClaudeCode, nil, ""); err != nil || got != nil {
		t.Errorf("Installed(no file) = %q, %v", got, err)
	}
}

// TestSettingsErrors: a file autofix cannot edit safely is refused with the
// line and column of the problem.
func TestSettingsErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{"{\n  \"hooks\": [\n", "3:1: "},
		{`[]`, "1:1: the settings are not a JSON object"},
		{"{\n  \"hooks\": []\n}", `2:12: "hooks" is not an object`},
		{`{"hooks": {"SessionStart": {}}}`, `1:28: "hooks.SessionStart" is not a list`},
		{"{\"model\": 1,\n \"model\": 2}", `2:2: duplicate key "model"`},
		{`{"hooks": {"Stop": [], "Stop": []}}`, `1:24: duplicate key "Stop"`},
		{"{} {}", "1:4: "},
		{"{\n  // a comment\n  \"a\": tru\n}", "3:8: "},
	}
	for _, tt := range tests {
		_, _, err := Install(ClaudeCode, []byte(tt.in), exe)
		var se *SettingsError
		if !errors.As(err, &se) || !errors.Is(err, ErrSettings) || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("Install(%q) = %v, want a SettingsError starting %q", tt.in, err, tt.want)
		}
	}
}

// FuzzInstall: on any settings file Install accepts, the result parses,
// holds autofix's hooks once, a second Install changes nothing, and Remove
// takes them all out again.
func FuzzInstall(f *testing.F) {
	for _, s := range []string{
		"", "{}", `{"hooks": {}}`, `{"hooks": {"Stop": []}}`,
		"{\n  // c\n  \"hooks\": {\"PreToolUse\": [{\"matcher\": \"Bash\", \"hooks\": [{\"type\": \"command\", \"command\": \"g.sh\"}]},],},\n}\n",
		`{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "/x/autofix hook claude-code"}]}, {"hooks": [{"type": "command", "command": "autofix hook claude-code"}]}]}}`,
		"{\"a\": [1, /* x */ 2], \"hooks\": {\"UserPromptSubmit\": [ ]}}",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		out, _, err := Install(ClaudeCode, []byte(in), exe)
		if err != nil {
			return
		}
		if _, err := hujson.Parse(bytes.TrimPrefix(out, utf8BOM)); err != nil {
			t.Fatalf("Install(%q) does not parse: %v\n%s", in, err, out)
		}
		if cmds, err := Installed(ClaudeCode, out, exe); err != nil || len(cmds) != 1 {
			t.Fatalf("Install(%q): Installed = %q, %v; want one command\n%s", in, cmds, err, out)
		}
		if again, changed, err := Install(ClaudeCode, out, exe); err != nil || changed || !bytes.Equal(again, out) {
			t.Fatalf("second Install(%q) changed it (err %v)", in, err)
		}
		back, _, err := Remove(ClaudeCode, out, exe)
		if err != nil {
			t.Fatalf("Remove: %v", err)
		}
		if cmds, err := Installed(ClaudeCode, back, exe); err != nil || len(cmds) != 0 {
			t.Fatalf("Remove left %q (err %v)\n%s", cmds, err, back)
		}
	})
}

// TestInstallSwitchesForms: installing the lean binary over the hooks of
// `autofix hook` (and back) replaces autofix's entries in place, one per
// event, whichever form was there: no duplicates, and back to the same
// bytes; either binary removes either form.
func TestInstallSwitchesForms(t *testing.T) {
	const full, lean = "/home/jo/go/bin/autofix", "/home/jo/go/bin/autofix-hook"
	for _, a := range Agents {
		in := []byte("{\n  // mine\n  \"hooks\": {}\n}\n")
		if a == Cursor {
			in = []byte("{\n  // mine\n  \"version\": 1,\n  \"hooks\": {}\n}\n")
		}
		slow, _, err := Install(a, in, full)
		if err != nil {
			t.Fatal(err)
		}
		fast, changed, err := Install(a, slow, lean)
		if err != nil || !changed {
			t.Fatalf("%s: Install(lean) = changed %v, err %v", a, changed, err)
		}
		if bytes.Contains(fast, []byte(" hook "+string(a))) || !bytes.Contains(fast, []byte(lean+" "+string(a))) {
			t.Errorf("%s: the lean install left the slow form or lacks its own:\n%s", a, fast)
		}
		if got, want := bytes.Count(fast, []byte(lean)), bytes.Count(slow, []byte(full)); got != want {
			t.Errorf("%s: %d lean entries for %d slow ones:\n%s", a, got, want, fast)
		}
		cmds, err := Installed(a, fast, full)
		if err != nil || len(cmds) == 0 || cmds[0] != lean+" "+string(a) {
			t.Errorf("%s: Installed(lean install) = %q, %v", a, cmds, err)
		}
		if again, changed, _ := Install(a, fast, lean); changed || !bytes.Equal(again, fast) {
			t.Errorf("%s: installing the lean form twice changed the file", a)
		}
		if back, _, _ := Install(a, fast, full); !bytes.Equal(back, slow) {
			t.Errorf("%s: back to autofix hook =\n%s\nwant\n%s", a, back, slow)
		}
		removed, _, err := Remove(a, slow, full)
		if err != nil || bytes.Contains(removed, []byte("autofix")) {
			t.Fatalf("%s: Remove(slow) = %s, %v", a, removed, err)
		}
		for _, exe := range []string{full, lean} {
			if out, _, err := Remove(a, fast, exe); err != nil || !bytes.Equal(out, removed) {
				t.Errorf("%s: Remove(%s) = %s, %v; want %s", a, exe, out, err, removed)
			}
		}
	}
}

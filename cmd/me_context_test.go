package cmd

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/autofix/autofix/capture"
	"github.com/autofix/autofix/hook"
)

// TestMeContextPreviewsCap: with a budget far over the agents' cap, `me
// context --agent A` prints byte for byte what agent A's hook sends (the
// rules cut as the hook cuts them, closing count included, then the
// self-repair note), and says on stderr that it was cut. For
// Codex's token cap the brief itself names the rules it left out.
func TestMeContextPreviewsCap(t *testing.T) {
	env := hookTestEnv(t)
	env.Environ = func() []string { return []string{"AUTOFIX_MODEL=off", "AUTOFIX_BUDGET=200000"} }
	writeRules(t, env, 400)
	for _, tt := range []struct {
		agent, payload   string
		min, max         int // bytes sent
		capName, leftOut string
	}{
		{"claude-code", `{"hook_event_name":"SessionStart","session_id":"a","source":"startup"}`, 9000, 10000, "10000-character", "more rules left out"},
		{"codex", `{"hook_event_name":"SessionStart","session_id":"b","source":"startup"}`, 4000, 4 * hook.CodexTokenCap, "2000-token", "Not included here: "},
		{"cursor", `{"hook_event_name":"sessionStart","session_id":"c"}`, 9000, 10000, "10000-character", "more rules left out"},
	} {
		var hookOut, preview, errOut bytes.Buffer
		env.Stdin, env.Stdout, env.Stderr = strings.NewReader(tt.payload), &hookOut, &errOut
		if code := Run(context.Background(), env, []string{"hook", tt.agent}); code != 0 || errOut.Len() != 0 {
			t.Fatalf("hook %s: exit %d: %s", tt.agent, code, errOut.String())
		}
		var ans struct {
			HookSpecificOutput struct{ AdditionalContext string }
			AdditionalContext  string `json:"additional_context"`
		}
		if err := json.Unmarshal(hookOut.Bytes(), &ans); err != nil {
			t.Fatal(err)
		}
		sent := ans.HookSpecificOutput.AdditionalContext + ans.AdditionalContext
		env.Stdin, env.Stdout = strings.NewReader(""), &preview
		if code := Run(context.Background(), env, []string{"me", "context", "--agent", tt.agent}); code != 0 {
			t.Fatalf("me context: exit %d: %s", code, errOut.String())
		}
		if len(sent) >= tt.max || len(sent) < tt.min {
			t.Errorf("%s: hook sent %d bytes, want just under the cap", tt.agent, len(sent))
		}
		if sent != preview.String() || !strings.HasSuffix(sent, "\n"+capture.Protocol) {
			t.Errorf("%s: me context printed %d bytes, the hook sent %d; want the same bytes, ending with the protocol", tt.agent, preview.Len(), len(sent))
		}
		if !strings.Contains(preview.String(), tt.leftOut) {
			t.Errorf("%s: preview does not end with the count of rules left out", tt.agent)
		}
		if !strings.Contains(errOut.String(), "autofix: note: cut to fit the "+tt.capName+" cap of "+tt.agent) {
			t.Errorf("%s: stderr %q, want the note that the preview was cut", tt.agent, errOut.String())
		}
	}
	var errOut bytes.Buffer
	env.Stdout, env.Stderr = &bytes.Buffer{}, &errOut
	if code := Run(context.Background(), env, []string{"me", "context", "--agent", "vim"}); code != exitUsage || !strings.Contains(errOut.String(), `unknown agent "vim"`) {
		t.Errorf("--agent vim: exit %d, stderr %q; want a usage error", code, errOut.String())
	}
}

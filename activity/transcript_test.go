package activity

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// claudeTranscript is a Claude Code transcript: a first turn that names
// rule #3, then the last turn, whose prompt the person wrote: the assistant
// names project #1 in text and p2 in a tool's input, then autofix's context
// (naming #1 and #2) comes in a meta user line, which starts no turn, and a
// tool result names #2.
const claudeTranscript = `{"type":"user","message":{"role":"user","content":"set up the project"},"uuid":"u1"}
{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"Following project #3."}]},"uuid":"a1"}
{"type":"user","message":{"role":"user","content":[{"type":"text","text":"add the lodash package"}]},"uuid":"u2"}
{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"Per project #1 I use pnpm."},{"type":"tool_use","id":"t1","name":"Bash","input":{"command":"pnpm add lodash # preference p2"}}]},"uuid":"a2"}
{"type":"user","message":{"role":"user","content":"- [TOOL] Always use pnpm. (project #1)\n- [CODE] x (project #2)"},"isMeta":true,"uuid":"u3"}
{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":"rule #2 mentioned by a tool"}]},"uuid":"u4"}
{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"Done."}]},"uuid":"a3"}
`

const codexTranscript = `{"type":"session_meta","payload":{"id":"c1"}}
{"type":"response_item","payload":{"type":"message","role":"user","content":[{"type":"input_text","text":"commit the fix; see project #4"}]}}
{"type":"response_item","payload":{"type":"function_call","name":"shell","arguments":"{\"command\":[\"git\",\"commit\",\"-m\",\"fix (rule #2)\"]}"}}
{"type":"response_item","payload":{"type":"message","role":"assistant","content":[{"type":"output_text","text":"Committed without emojis, as project #2 says."}]}}
`

func TestReferenced(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	claude, codex := write("claude.jsonl", claudeTranscript), write("codex.jsonl", codexTranscript)
	keys := []string{"project:1", "project:2", "project:3", "project:4", "personal:p2"}
	tests := []struct {
		name, path, last string
		want             []string
	}{
		// Seen in the turn's own text and tool input only: not #3 (an
		// earlier turn), not #2 (autofix's context, a tool's result).
		{"claude", claude, "", []string{"project:1", "personal:p2"}},
		{"codex", codex, "", []string{"project:2"}},
		{"last message only", "", "I followed Rule #4 here.", []string{"project:4"}},
		{"missing transcript", filepath.Join(dir, "gone.jsonl"), "", nil},
		{"no marker", "", "project 4 and #4 alone are not markers", nil},
	}
	for _, tt := range tests {
		got, err := Referenced(tt.path, tt.last, keys, nil)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: Referenced = %q, want %q", tt.name, got, tt.want)
		}
	}
	// Only delivered keys count.
	if got, _ := Referenced(claude, "", []string{"project:9"}, nil); got != nil {
		t.Errorf("undelivered rule referenced: %q", got)
	}
	// By distinctive terms: the matcher sees the turn's own text, with the
	// lines that name no marker ("Done."), and neither the earlier turn nor
	// autofix's context; only delivered keys count.
	var seen string
	byTerms := func(text string) []string {
		seen = text
		return []string{"project:3", "project:9"}
	}
	if got, _ := Referenced(claude, "", keys, byTerms); !reflect.DeepEqual(got, []string{"project:1", "project:3", "personal:p2"}) {
		t.Errorf("with terms: Referenced = %q", got)
	}
	if !strings.Contains(seen, "Done.") || !strings.Contains(seen, "pnpm add lodash") || strings.Contains(seen, "Following") || strings.Contains(seen, "[CODE]") {
		t.Errorf("terms matched against %q", seen)
	}
	// A transcript longer than the tail read: the last turn is still found.
	long := write("long.jsonl", strings.Repeat(`{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"project #3 `+strings.Repeat("x", 1000)+`"}]}}`+"\n", 3000)+claudeTranscript)
	if got, _ := Referenced(long, "", keys, nil); !reflect.DeepEqual(got, []string{"project:1", "personal:p2"}) {
		t.Errorf("long transcript: Referenced = %q", got)
	}
}

// BenchmarkReferenced is the Stop hook's extra work: the end of a long
// transcript, where the last turn read a large file (a tool result line
// that is not the assistant's and holds no prompt).
func BenchmarkReferenced(b *testing.B) {
	dir := b.TempDir()
	big := `{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t","content":"` + strings.Repeat("line of a file that was read rule # x\\n", 5000) + `"}]}}` + "\n"
	turn := strings.Repeat(`{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"`+strings.Repeat("thinking aloud ", 50)+`"}]}}`+"\n", 40)
	path := filepath.Join(dir, "t.jsonl")
	text := strings.Repeat(claudeTranscript, 2000) + big + turn + big + turn
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		b.Fatal(err)
	}
	keys := []string{"project:1", "project:2", "personal:p2"}
	b.SetBytes(int64(min(len(text), maxTranscriptTail)))
	for b.Loop() {
		if _, err := Referenced(path, "", keys, nil); err != nil {
			b.Fatal(err)
		}
	}
}

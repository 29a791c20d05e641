package activity

import (
	"path/filepath"
	"testing"
)

// BenchmarkAppend is the hook's record path: encode one record, open the
// day's segment with O_APPEND, one write, close. The budget is 2 ms.
func BenchmarkAppend(b *testing.B) {
	s := Open(filepath.Join(b.TempDir(), "activity"), "github.com/acme/web")
	r := Record{Time: day, Agent: "claude-code", Session: "0b4c7c9e-5b5e-4f0e-9a53-1f7a2c7d1e11", Event: Prompt,
		Rules: []string{"project:1", "project:4", "project:7", "personal:p2"}, Via: ViaPrompt, Work: UI,
		Prompt: "add a signup form with email and password fields, validated with zod, and a submit button that calls the signup endpoint"}
	for b.Loop() {
		if err := s.Append(r); err != nil {
			b.Fatal(err)
		}
	}
}

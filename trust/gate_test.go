package trust

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/autofix/autofix/rules"
)

// TestGateTrustAppend runs with and without a cache of parsed rulesets:
// the gate answers alike, and never with the rules of other content.
func TestGateTrustAppend(t *testing.T) {
	t.Run("parsed", func(t *testing.T) { testGateTrustAppend(t, rules.Cache{}) })
	t.Run("cached", func(t *testing.T) { testGateTrustAppend(t, rules.Cache{Dir: t.TempDir()}) })
}

func testGateTrustAppend(t *testing.T, cache rules.Cache) {
	ctx := context.Background()
	now := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	ws := t.TempDir()
	s := Store{Dir: filepath.Join(t.TempDir(), "config"), LockDir: filepath.Join(t.TempDir(), "locks"), Parsed: cache}
	root, err := os.OpenRoot(ws)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	gate := func(want State) *Gated {
		t.Helper()
		g, err := s.Gate(root, ws)
		if err != nil {
			t.Fatal(err)
		}
		if g.Trust != want {
			t.Fatalf("gate = %v, want %v", g.Trust, want)
		}
		return g
	}
	if g := gate(Trusted); g.Path != "" || g.Note() != "" {
		t.Errorf("no ruleset: path %q, note %q", g.Path, g.Note())
	}
	if w := s.Workspace(root, ws); w.Status != "no ruleset" {
		t.Errorf("workspace status %q, want no ruleset", w.Status)
	}

	data := `[{"Rule_number":1,"Category":"TOOL","Instruction":"Always use pnpm.","Why":"x"}]`
	if err := os.WriteFile(filepath.Join(ws, "autofix.json"), []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	g := gate(Untrusted)
	if n := g.Note(); !strings.HasPrefix(n, "1 project rule in autofix.json not delivered") || strings.Contains(n, "pnpm") {
		t.Errorf("note %q", n)
	}
	if g.Hint() == "" {
		t.Error("untrusted ruleset without a hint")
	}

	r, err := s.TrustGated(ctx, g, now)
	if err != nil {
		t.Fatal(err)
	}
	if r.Had || r.Changes == nil || len(r.Changes.Added) != 1 || r.Entry.SHA256 != Sum([]byte(data)) {
		t.Errorf("first trust: %+v", r)
	}
	gate(Trusted)
	if st := Current(r.Entry); st != Trusted.String() {
		t.Errorf("current = %q", st)
	}

	later := now.Add(time.Hour)
	a, err := s.Append(ctx, root, ws, later, rules.Rule{Category: "TOOL", Instruction: "Never use yarn.", Why: "asked"})
	if err != nil || a.CarryErr != nil || len(a.Added) != 1 || len(a.Ruleset.Rules) != 2 {
		t.Fatalf("append: %v, carry %v, added %d", err, a.CarryErr, len(a.Added))
	}
	g = gate(Trusted)
	r, err = s.TrustGated(ctx, g, later)
	if err != nil || !r.Had || r.Changes == nil || !r.Changes.Empty() || !r.Since().Equal(later) {
		t.Errorf("trust after an own write: %v, %+v", err, r)
	}
	if w := s.Workspace(root, ws); w.Status != Trusted.String() || w.Rules != 2 || w.Ruleset != "autofix.json" {
		t.Errorf("workspace %+v", w)
	}

	if err := os.WriteFile(filepath.Join(ws, "autofix.json"), []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	if g := gate(Changed); len(g.Rules.Rules) != 1 || g.Rules.Rules[0].Instruction != "Always use pnpm." {
		t.Errorf("after a hand edit: rules %+v, want the one of the file", g.Rules.Rules)
	}
	if st := Current(r.Entry); st != Changed.String() {
		t.Errorf("current after a hand edit = %q", st)
	}
}

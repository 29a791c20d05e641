package cmd

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/autofix/autofix/activity"
	"github.com/autofix/autofix/me"
	"github.com/autofix/autofix/rules"
	"github.com/autofix/autofix/scope"
)

// loadPrefs reads the personal preference store.
func loadPrefs(env *Env) (*me.Store, error) { return me.Load(env.ConfigDir) }

// updatePrefs changes the personal preference store atomically.
func updatePrefs(ctx context.Context, env *Env, fn func(*me.Store) error) error {
	return me.Update(ctx, env.ConfigDir, env.lockDir(), fn)
}

// prefView is a preference as the me commands show it in --json output:
// every stored field, and whether it reaches the agent here and why.
type prefView struct {
	me.Preference
	InUse  bool   `json:"in_use"`
	Reason string `json:"reason"`
	// Weights are the learned weights by work type (me explain only).
	Weights map[activity.WorkType]float64 `json:"weights,omitempty"`
}

func viewOf(s *me.Store, p me.Preference, ws scope.Workspace) prefView {
	ok, why := s.Use(p, ws)
	return prefView{Preference: p, InUse: ok, Reason: why}
}

// writeJSON writes v as indented JSON.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// parseCategory accepts a category as people write it ("tool", "[TOOL]")
// and returns its bare upper-case name.
func parseCategory(s string) (string, error) {
	c := strings.ToUpper(strings.Trim(strings.TrimSpace(s), "[]"))
	for _, k := range rules.Categories {
		if c == k {
			return c, nil
		}
	}
	return "", usageErrorf("unknown category %q (one of %s)", s, strings.Join(rules.Categories, ", "))
}

// prefLine is the one-line summary of a preference: "p3 [TOOL] Always …".
func prefLine(p me.Preference) string {
	return fmt.Sprintf("%s [%s] %s", p.ID, p.Category, p.Instruction)
}

package me

import (
	"strings"
	"testing"

	"github.com/autofix/autofix/scope"
)

func TestRescope(t *testing.T) {
	s := newStore("x")
	mustTeach(t, s, draft("Always use pnpm.", scope.Only(web)))
	steps := []struct {
		name    string
		c       Rescope
		changed bool
		scope   string
		err     string
	}{
		{"add api", Rescope{Add: []scope.Workspace{api}}, true, "workspaces web", ""},
		{"remove web by name", Rescope{Remove: []string{"web"}}, true, "workspace api", ""},
		{"remove by identity twice", Rescope{Remove: []string{"/src/api", "/src/api"}}, false, "", "would apply in no workspace"},
		{"only web", Rescope{Only: []scope.Workspace{web}}, true, "workspace web", ""},
		{"global", Rescope{Global: true}, true, "all workspaces", ""},
		{"global again", Rescope{Global: true}, false, "all workspaces", ""},
	}
	for _, st := range steps {
		before, after, changed, err := s.Rescope("P1", st.c, t0)
		if st.err != "" {
			if err == nil || !strings.Contains(err.Error(), st.err) {
				t.Errorf("%s: err = %v, want %q", st.name, err, st.err)
			}
			continue
		}
		if err != nil || changed != st.changed || !strings.Contains(after.Scope.String(), st.scope) || before.ID != "p1" {
			t.Errorf("%s: %v, changed=%v, scope %q; want changed=%v, scope containing %q", st.name, err, changed, after.Scope, st.changed, st.scope)
		}
	}
	if _, _, _, err := s.Rescope("p9", Rescope{Global: true}, t0); err == nil {
		t.Error("unknown id: no error")
	}
}

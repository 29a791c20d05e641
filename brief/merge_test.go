package brief

import (
	"slices"
	"strconv"
	"strings"
	"testing"
)

func proj(n int, cat, instr string, supersedes ...string) Rule {
	id := itoa(n)
	return Rule{Source: Project, ID: id, Category: cat, Instruction: instr, Order: n, Scope: ScopeProject, Supersedes: supersedes}
}

func pref(n int, sc Scope, cat, instr string, supersedes ...string) Rule {
	return Rule{Source: Personal, ID: "p" + itoa(n), Category: cat, Instruction: instr, Order: n, Scope: sc, Supersedes: supersedes}
}

func itoa(n int) string { return strconv.Itoa(n) }

// opposite is a stand-in for normalize.Conflicts: "Always X" and "Never X"
// contradict each other.
func opposite(newer, older string) bool {
	subject := func(s string) (string, bool) {
		if rest, ok := strings.CutPrefix(s, "Always "); ok {
			return rest, true
		}
		if rest, ok := strings.CutPrefix(s, "Never "); ok {
			return rest, false
		}
		return s, true
	}
	a, pa := subject(newer)
	b, pb := subject(older)
	return a == b && pa != pb
}

func same(s string) string { return s }

func ids(rules []Rule) []string {
	out := []string{}
	for _, r := range rules {
		out = append(out, r.ID)
	}
	return out
}

func TestMerge(t *testing.T) {
	tests := []struct {
		name       string
		rules      []Rule
		active     []string
		superseded map[string]string // id → by
		reason     map[string]string // id → part of the reason
	}{
		{
			name:   "precedence order",
			rules:  []Rule{pref(1, ScopeGlobal, "CODE", "Always a"), proj(1, "TOOL", "Always b"), pref(2, ScopeWorkspace, "CODE", "Always c"), proj(2, "TOOL", "Always d"), pref(3, ScopeGlobal, "CODE", "Always e")},
			active: []string{"2", "1", "p2", "p3", "p1"},
		},
		{
			name:       "explicit supersession within the project",
			rules:      []Rule{proj(1, "CODE", "Always use axios"), proj(2, "CODE", "Always use native fetch", "1")},
			active:     []string{"2"},
			superseded: map[string]string{"1": "2"},
			reason:     map[string]string{"1": "superseded by project rule 2"},
		},
		{
			name:       "a preference supersedes an older preference",
			rules:      []Rule{pref(1, ScopeGlobal, "CODE", "Always tabs"), pref(2, ScopeGlobal, "CODE", "Always spaces", "p1")},
			active:     []string{"p2"},
			superseded: map[string]string{"p1": "p2"},
		},
		{
			name:   "a preference cannot supersede a project rule",
			rules:  []Rule{proj(4, "TOOL", "Always use pnpm"), pref(1, ScopeGlobal, "TOOL", "Always use bun", "4")},
			active: []string{"4", "p1"},
		},
		{
			name:       "project contradicts personal: project wins even when older",
			rules:      []Rule{proj(1, "PROCESS", "Always squash merges"), pref(9, ScopeWorkspace, "PROCESS", "Never squash merges")},
			active:     []string{"1"},
			superseded: map[string]string{"p9": "1"},
			reason:     map[string]string{"p9": "contradicts project rule 1, which takes precedence"},
		},
		{
			name:       "workspace preference beats a newer global one",
			rules:      []Rule{pref(1, ScopeWorkspace, "STYLE", "Always semicolons"), pref(2, ScopeGlobal, "STYLE", "Never semicolons")},
			active:     []string{"p1"},
			superseded: map[string]string{"p2": "p1"},
		},
		{
			name:       "newer beats older among preferences",
			rules:      []Rule{pref(3, ScopeGlobal, "CODE", "Never default exports"), pref(8, ScopeGlobal, "CODE", "Always default exports")},
			active:     []string{"p8"},
			superseded: map[string]string{"p3": "p8"},
		},
		{
			name:   "project rules replace each other only explicitly",
			rules:  []Rule{proj(3, "CODE", "Never default exports"), proj(8, "CODE", "Always default exports")},
			active: []string{"8", "3"},
		},
		{
			name:       "a superseded rule does not knock out others",
			rules:      []Rule{pref(1, ScopeGlobal, "CODE", "Always x"), pref(2, ScopeGlobal, "CODE", "Never x"), pref(3, ScopeGlobal, "CODE", "Always x", "p2")},
			active:     []string{"p3", "p1"},
			superseded: map[string]string{"p2": "p3"},
		},
		{
			name:   "unknown supersession targets are ignored",
			rules:  []Rule{proj(1, "CODE", "Always y", "99", "p7")},
			active: []string{"1"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			active, sup := merge(tt.rules, same, opposite)
			if got := ids(active); !slices.Equal(got, tt.active) {
				t.Errorf("active = %v, want %v", got, tt.active)
			}
			got := map[string]string{}
			for _, s := range sup {
				got[s.Rule.ID] = s.By
				if want, ok := tt.reason[s.Rule.ID]; ok && !strings.Contains(s.Reason, want) {
					t.Errorf("reason for %s = %q, want it to contain %q", s.Rule.ID, s.Reason, want)
				}
			}
			if len(got) != len(tt.superseded) {
				t.Errorf("superseded = %v, want %v", got, tt.superseded)
			}
			for id, by := range tt.superseded {
				if got[id] != by {
					t.Errorf("%s superseded by %q, want %q", id, got[id], by)
				}
			}
		})
	}
}

// TestMergeBoundsConflictTests checks that contradiction tests stay linear
// when every rule shares words with every other.
func TestMergeBoundsConflictTests(t *testing.T) {
	var rules []Rule
	for i := 1; i <= 2000; i++ {
		rules = append(rules, proj(i, "CODE", "Always keep code tidy in module m"+itoa(i)))
		rules = append(rules, pref(i, ScopeGlobal, "CODE", "Never leave code untidy in module m"+itoa(i)))
	}
	calls := 0
	merge(rules, same, func(a, b string) bool { calls++; return false })
	if calls > len(rules)*maxConflictTests {
		t.Errorf("%d contradiction tests for %d rules, want at most %d", calls, len(rules), len(rules)*maxConflictTests)
	}
}

// TestMergeWithNormalize checks the real contradiction test.
func TestMergeWithNormalize(t *testing.T) {
	rules := []Rule{
		proj(4, "TOOL", "Always use pnpm instead of npm or yarn."),
		pref(1, ScopeGlobal, "TOOL", "Always use npm."),
		pref(3, ScopeGlobal, "STYLE", "Always write commit titles in English."),
	}
	active, sup := Merge(rules)
	if got, want := ids(active), []string{"4", "p3"}; !slices.Equal(got, want) {
		t.Errorf("active = %v, want %v (superseded: %+v)", got, want, sup)
	}
}

// TestMergeComparesByConcept checks that two rules that share no word but
// name alternatives of one kind are compared.
func TestMergeComparesByConcept(t *testing.T) {
	rules := []Rule{
		proj(5, "CODE", "Always call the native fetch API."),
		pref(2, ScopeGlobal, "CODE", "Always use axios for HTTP calls."),
	}
	var compared [][2]string
	merge(rules, same, func(newer, older string) bool {
		compared = append(compared, [2]string{newer, older})
		return true
	})
	if len(compared) != 1 || compared[0][0] != rules[0].Instruction {
		t.Errorf("compared %q, want the project rule against the preference", compared)
	}
}

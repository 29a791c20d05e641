package hook

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/autofix/autofix/brief"
)

func TestRelative(t *testing.T) {
	dir := filepath.FromSlash("/work/app")
	tests := []struct {
		name  string
		files []string
		want  []string
	}{
		{"inside", []string{filepath.Join(dir, "src", "a.go")}, []string{"src/a.go"}},
		{"outside stays absolute", []string{filepath.FromSlash("/etc/hosts")}, []string{filepath.ToSlash(filepath.FromSlash("/etc/hosts"))}},
		{"relative kept", []string{"b/c.go"}, []string{"b/c.go"}},
		{"none", nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Relative(dir, tt.files); !slices.Equal(got, tt.want) {
				t.Errorf("Relative(%q, %q) = %q, want %q", dir, tt.files, got, tt.want)
			}
		})
	}
}

func TestFresh(t *testing.T) {
	a := brief.Selected{Rule: brief.Rule{Source: brief.Project, ID: "1"}, Score: 2}
	b := brief.Selected{Rule: brief.Rule{Source: brief.Project, ID: "2"}, Score: 1}
	unscored := brief.Selected{Rule: brief.Rule{Source: brief.Project, ID: "3"}}
	sel := brief.Selection{Rules: []brief.Selected{a, b, unscored}}
	got := Fresh(sel, map[string]bool{brief.Key(a.Rule): true})
	if len(got.Rules) != 1 || got.Rules[0].ID != "2" {
		t.Errorf("Fresh kept %v, want only rule 2 (rule 1 seen, rule 3 unscored)", got.Rules)
	}
}

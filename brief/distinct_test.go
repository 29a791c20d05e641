package brief

import (
	"reflect"
	"testing"
)

func TestDistinctiveMentioned(t *testing.T) {
	rules := []Rule{
		{Source: Project, ID: "1", Instruction: "Always use pnpm instead of npm or yarn."},
		{Source: Project, ID: "2", Instruction: "Never use default exports in TypeScript files."},
		{Source: Project, ID: "3", Instruction: "Always run the tests before committing."},
		{Source: Project, ID: "4", Instruction: "Always run the linter before committing."},
		{Source: Project, ID: "5", Instruction: "Always run the build before committing."},
		{Source: Personal, ID: "p1", Instruction: "Never log."},
	}
	terms := Distinctive(rules, 3)
	if _, ok := terms["personal:p1"]; ok {
		t.Errorf("a rule with one word has distinctive terms %v", terms["personal:p1"])
	}
	for _, k := range []string{"project:3", "project:4", "project:5"} {
		for _, term := range terms[k] {
			if term == "commit" || term == "run" {
				t.Errorf("%s: %q, which three rules share, is distinctive", k, term)
			}
		}
	}
	tests := []struct {
		text string
		want []string
	}{
		{"Switched the module to named exports: no default export in TypeScript.", []string{"project:2"}},
		{"Installed it with pnpm.", nil}, // one term is not enough
		{"Used pnpm, not yarn.", []string{"project:1"}},
		{"Ran the tests and committed.", nil}, // words many rules share
		{"Ran the linter before committing; then the tests.", nil},
		{"", nil},
	}
	for _, tt := range tests {
		if got := Mentioned(tt.text, terms); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Mentioned(%q) = %v, want %v (terms %v)", tt.text, got, tt.want, terms)
		}
	}
}

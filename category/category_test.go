package category

import (
	"slices"
	"testing"
)

func TestParse(t *testing.T) {
	tests := []struct {
		in   string
		want Category
		ok   bool
	}{
		{"TOOL", Tool, true},
		{"tool", Tool, true},
		{"[PROCESS]", Process, true},
		{" [ ux ] ", UX, true},
		{"Other", Other, true},
		{"TOOLS", "", false},
		{"", "", false},
		{"[]", "", false},
	}
	for _, tt := range tests {
		got, ok := Parse(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("Parse(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestNames(t *testing.T) {
	want := []string{"STYLE", "CODE", "ARCH", "TOOL", "PROCESS", "DATA", "UX", "OTHER"}
	if got := Names(); !slices.Equal(got, want) {
		t.Errorf("Names() = %v, want %v", got, want)
	}
}

package cochange

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/autofix/autofix/activity"
)

var t0 = time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)

func TestParseGitLog(t *testing.T) {
	out := "\x001764590400\n\na.go\nb.go\n\x001764504000\n\nc.go\n"
	got, err := ParseGitLog(strings.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || !slices.Equal(got[0].Files, []string{"a.go", "b.go"}) || !slices.Equal(got[1].Files, []string{"c.go"}) || got[0].Source != Git || got[0].Time.Unix() != 1764590400 {
		t.Errorf("got %+v", got)
	}
}

func TestBuild(t *testing.T) {
	day := 24 * time.Hour
	many := make([]string, MaxFiles+1)
	for i := range many {
		many[i] = string(rune('A'+i%26)) + strings.Repeat("x", i/26) + ".go"
	}
	many[0], many[1] = "a.go", "d.go"
	changes := []Change{
		{Time: t0, Source: Git, Files: []string{"a.go", "b.go"}},
		{Time: t0.Add(-day), Source: Git, Files: []string{"b.go", "a.go", "a.go"}},
		{Time: t0.Add(-2 * day), Source: Git, Files: []string{"a.go", "c.go"}}, // once: noise
		{Time: t0.Add(-3 * day), Source: Git, Files: many},
		{Time: t0.Add(-4 * day), Source: Git, Files: many}, // too many files: skipped
		// Changed together often, but long ago: faded.
		{Time: t0.Add(-400 * day), Source: Git, Files: []string{"a.go", "e.go"}},
		{Time: t0.Add(-401 * day), Source: Git, Files: []string{"a.go", "e.go"}},
		{Time: t0.Add(-402 * day), Source: Git, Files: []string{"a.go", "e.go"}},
		// Sessions decay against their own newest change.
		{Time: t0.Add(-500 * day), Source: Sessions, Files: []string{"a.go", "f.go"}},
		{Time: t0.Add(-500 * day), Source: Sessions, Files: []string{"a.go", "f.go"}},
	}
	g := Build(changes, t0)
	want := []Neighbour{{File: "b.go", Count: 2, Source: Git}, {File: "f.go", Count: 2, Source: Sessions}}
	if got := g.Neighbours["a.go"]; !slices.Equal(got, want) {
		t.Errorf("a.go: got %+v, want %+v", got, want)
	}
	if got := g.Neighbours["b.go"]; !slices.Equal(got, []Neighbour{{File: "a.go", Count: 2, Source: Git}}) {
		t.Errorf("b.go: got %+v", got)
	}
	if g.Changes[Git] != 8 || g.Changes[Sessions] != 2 {
		t.Errorf("changes %v", g.Changes)
	}
}

func TestFromActivity(t *testing.T) {
	rs := []activity.Record{
		{Time: t0, Session: "s", Event: activity.Tool, Tool: "Write", Wrote: true, Outcome: activity.OK, Paths: []string{"a.go"}},
		{Time: t0, Session: "s", Event: activity.Tool, Tool: "Write", Wrote: true, Outcome: "exit_nonzero", Paths: []string{"x.go"}},
		{Time: t0, Session: "s", Event: activity.Tool, Tool: "Bash", Paths: []string{"y.go"}},
		{Time: t0, Session: "s", Event: activity.Tool, Tool: "Edit", Wrote: true, Paths: []string{"b.go", "a.go"}},
		{Time: t0, Session: "t", Event: activity.Tool, Tool: "Edit", Wrote: true, Paths: []string{"c.go"}},
	}
	got := FromActivity(rs)
	if len(got) != 2 || !slices.Equal(got[0].Files, []string{"a.go", "b.go"}) || got[0].Source != Sessions || !slices.Equal(got[1].Files, []string{"c.go"}) {
		t.Errorf("got %+v", got)
	}
}

func TestDeliveredFor(t *testing.T) {
	rs := []activity.Record{
		{Event: activity.FileEdit, Rules: []string{"project:1", "project:2"}, Paths: []string{"a.go"}},
		{Event: activity.FileEdit, Rules: []string{"project:1"}, Paths: []string{"a.go"}},
		{Event: activity.Prompt, Rules: []string{"project:3"}, Paths: []string{"a.go"}},
	}
	if got := DeliveredFor(rs)["a.go"]; !slices.Equal(got, []string{"project:1", "project:2"}) {
		t.Errorf("got %v", got)
	}
}

func TestKeep(t *testing.T) {
	g := Graph{Neighbours: map[string][]Neighbour{
		"a.go":    {{File: "b.go", Count: 2}, {File: "gone.go", Count: 3}},
		"gone.go": {{File: "a.go", Count: 3}},
		"c.go":    {{File: "gone.go", Count: 2}},
	}}
	g.Keep(func(f string) bool { return f != "gone.go" })
	if len(g.Neighbours) != 1 || !slices.Equal(g.Neighbours["a.go"], []Neighbour{{File: "b.go", Count: 2}}) {
		t.Errorf("got %+v", g.Neighbours)
	}
}

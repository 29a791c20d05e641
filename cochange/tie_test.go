package cochange

import (
	"fmt"
	"testing"

	"github.com/autofix/autofix/brief"
)

func TestCacheRoundTrip(t *testing.T) {
	g := Graph{Built: t0, Last: t0, Changes: map[string]int{Git: 3},
		Neighbours: map[string][]Neighbour{"a.go": {{File: "b.go", Count: 2, Source: Git}}, "b.go": {{File: "a.go", Count: 2, Source: Git}}, "x\ty": {{File: "a.go", Count: 2, Source: Git}}},
		Delivered:  map[string][]string{"b.go": {"project:1"}, "c.go": {"project:2"}}}
	data, err := Encode(g)
	if err != nil {
		t.Fatal(err)
	}
	all, err := Decode(data)
	if err != nil || len(all.Neighbours) != 2 || all.Delivered["c.go"][0] != "project:2" || !all.Built.Equal(t0) || all.Changes[Git] != 3 {
		t.Errorf("decode: %+v, %v", all, err)
	}
	some, err := Lookup(data, []string{"a.go"})
	if err != nil || len(some.Neighbours) != 1 || len(some.Neighbours["a.go"]) != 1 || len(some.Delivered) != 1 || some.Delivered["b.go"][0] != "project:1" {
		t.Errorf("lookup: %+v, %v", some, err)
	}
	if _, err := Decode([]byte("{}\nno tab\n")); err == nil {
		t.Error("a corrupt cache decodes")
	}
}

func TestTies(t *testing.T) {
	g := Graph{
		Neighbours: map[string][]Neighbour{"a.go": {{File: "api/b.ts", Count: 5, Source: Git}, {File: "c.md", Count: 2, Source: Sessions}}},
		Delivered:  map[string][]string{"c.md": {"project:3"}},
	}
	rules := []brief.Rule{
		{Source: brief.Project, ID: "1", Instruction: "Always regenerate `api/` clients."},
		{Source: brief.Project, ID: "2", Instruction: "Always write tests first."},
		{Source: brief.Project, ID: "3", Instruction: "Always keep docs short."},
		{Source: brief.Project, ID: "4", Instruction: "Never edit `api/b.ts` by hand."},
	}
	none := func(string) bool { return false }
	got := Ties(g, []string{"a.go"}, rules, none, 5)
	if len(got) != 3 || got[0].Rule.ID != "1" || got[1].Rule.ID != "4" || got[2].Rule.ID != "3" || got[0].Reason() != "changes together with api/b.ts (5×)" || got[2].Neighbour != "c.md" {
		t.Errorf("got %+v", got)
	}
	if got := Ties(g, []string{"a.go"}, rules, func(k string) bool { return k == "project:1" }, 1); len(got) != 1 || got[0].Rule.ID != "4" {
		t.Errorf("skip and limit: %+v", got)
	}
	if got := Ties(g, []string{"z.go"}, rules, none, 5); len(got) != 0 {
		t.Errorf("no neighbours: %+v", got)
	}
}

// BenchmarkHookTies is the PreToolUse cost: decode a cached graph of 2,000
// files with 20 neighbours each, and tie 200 rules to an edited file's
// neighbours.
func BenchmarkHookTies(b *testing.B) {
	g := Graph{Neighbours: map[string][]Neighbour{}, Delivered: map[string][]string{}}
	for i := range 2000 {
		f := fmt.Sprintf("src/mod%d/file%d.ts", i/20, i)
		for j := range 20 {
			g.Neighbours[f] = append(g.Neighbours[f], Neighbour{File: fmt.Sprintf("src/mod%d/file%d.ts", (i+j+1)/20, (i+j+1)%2000), Count: 2 + j, Source: Git})
		}
		g.Delivered[f] = []string{"project:1", "project:2"}
	}
	data, err := Encode(g)
	if err != nil {
		b.Fatal(err)
	}
	var rules []brief.Rule
	for i := range 200 {
		instr := fmt.Sprintf("Always keep the handlers of module %d small.", i)
		if i%4 == 0 {
			instr = fmt.Sprintf("Always regenerate `src/mod%d/` after a change.", i)
		}
		rules = append(rules, brief.Rule{Source: brief.Project, ID: fmt.Sprint(i + 1), Instruction: instr})
	}
	b.ReportMetric(float64(len(data)), "cache-bytes")
	for b.Loop() {
		g, err := Lookup(data, []string{"src/mod3/file60.ts"})
		if err != nil {
			b.Fatal(err)
		}
		if got := Ties(g, []string{"src/mod3/file60.ts"}, rules, func(string) bool { return false }, 3); len(got) != 3 {
			b.Fatalf("got %d", len(got))
		}
	}
}

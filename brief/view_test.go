package brief

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestViewOfEmptyListsAreNotNull(t *testing.T) {
	data, err := json.Marshal(ViewOf(Composed{Work: "any"}))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"rules":[]`, `"omitted":[]`, `"superseded":[]`, `"work_type":"any"`} {
		if !strings.Contains(string(data), want) {
			t.Errorf("ViewOf JSON %s lacks %s", data, want)
		}
	}
}

func TestViewOf(t *testing.T) {
	b := Composed{Selection: Selection{
		Rules:      []Selected{{Rule: Rule{Source: Project, ID: "1", Instruction: "Always x."}, Score: 2, Reason: "task"}},
		Omitted:    []Rule{{ID: "2"}},
		Superseded: []Superseded{{Rule: Rule{ID: "p1"}, By: "p2"}},
	}}
	v := ViewOf(b)
	if len(v.Rules) != 1 || v.Rules[0].ID != "1" || v.Rules[0].Source != "project" || v.Rules[0].Score != 2 {
		t.Errorf("rules %+v", v.Rules)
	}
	if len(v.Omitted) != 1 || v.Omitted[0] != "2" || len(v.Superseded) != 1 || v.Superseded[0].By != "p2" {
		t.Errorf("omitted %v, superseded %+v", v.Omitted, v.Superseded)
	}
}

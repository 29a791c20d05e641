package me

import (
	"slices"
	"testing"

	"github.com/autofix/autofix/normalize"
	"github.com/autofix/autofix/scope"
)

func TestExistingAndDraftOf(t *testing.T) {
	s := newStore("x")
	mustTeach(t, s, draft("Always use pnpm.", scope.Only(web)))
	mustTeach(t, s, draft("Always answer in English.", scope.All()))
	if got := s.Existing(api); len(got) != 1 || got[0].ID != "p2" {
		t.Errorf("Existing(api) = %+v, want p2 only", got)
	}
	res := normalize.Result{Category: "TOOL", Instruction: "Never use pnpm.", Why: "w", Normalizer: "builtin", Language: "en", Supersedes: []string{"p1"}}
	d := DraftOf(res, "no pnpm", nil, scope.Only(web))
	tg, err := s.Teach(d, t0, opposite)
	if err != nil {
		t.Fatal(err)
	}
	if d.Words != "no pnpm" || d.Language != "en" || !slices.Equal(tg.SupersededIDs(), []string{"p1"}) {
		t.Errorf("draft %+v, superseded %v", d, tg.SupersededIDs())
	}
	if ids := (Taught{}).SupersededIDs(); ids == nil || len(ids) != 0 {
		t.Errorf("no superseded: %#v", ids)
	}
}

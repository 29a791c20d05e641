package me

import (
	"github.com/autofix/autofix/guard"
	"github.com/autofix/autofix/normalize"
	"github.com/autofix/autofix/scope"
)

// Existing are the preferences active in ws as the normalizer sees them,
// so that it names what a new one supersedes.
func (s *Store) Existing(ws scope.Workspace) []normalize.Existing {
	var out []normalize.Existing
	for _, p := range s.Active(ws) {
		out = append(out, normalize.Existing{ID: p.ID, Category: p.Category, Instruction: p.Instruction})
	}
	return out
}

// DraftOf is the draft of a preference that res normalized from the
// person's words, with its check (nil for none) and scope.
func DraftOf(res normalize.Result, words string, check *guard.Check, sc scope.Scope) Draft {
	return Draft{
		Check:       check,
		Category:    res.Category,
		Instruction: res.Instruction,
		Why:         res.Why,
		Words:       words,
		Normalizer:  res.Normalizer,
		Language:    res.Language,
		Supersedes:  res.Supersedes,
		Scope:       sc,
	}
}

// SupersededIDs are the ids of the preferences the new one replaced;
// empty, not nil, when none.
func (t Taught) SupersededIDs() []string {
	out := []string{}
	for _, q := range t.Superseded {
		out = append(out, q.ID)
	}
	return out
}

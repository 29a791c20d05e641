package me

import (
	"time"

	"github.com/autofix/autofix/scope"
)

// Rescope is one change to where a preference applies: exactly one of
// Global, Only (non-nil), Add (non-nil) or Remove.
type Rescope struct {
	Global bool
	// Only and Add are the workspaces to apply only in, or also in.
	Only, Add []scope.Workspace
	// Remove names workspaces to stop applying in: a directory relative to
	// Base, or a workspace of the scope by identity, path or name.
	Remove []string
	Base   string
}

// Rescope applies the change c to preference id, recording it in the
// history at now. It returns the preference before and after, and whether
// anything changed.
func (s *Store) Rescope(id string, c Rescope, now time.Time) (before, after Preference, changed bool, err error) {
	p, err := s.Get(id)
	if err != nil {
		return p, p, false, err
	}
	before, after = p, p
	switch {
	case c.Global:
		after, changed, err = s.SetScope(p.ID, scope.All(), now)
	case c.Only != nil:
		after, changed, err = s.SetScope(p.ID, scope.Only(c.Only...), now)
	case c.Add != nil:
		for _, w := range c.Add {
			var ch bool
			if after, ch, err = s.AddWorkspace(p.ID, scope.RefOf(w), now); err != nil {
				return before, after, changed, err
			}
			changed = changed || ch
		}
	default:
		for _, path := range c.Remove {
			wsID, err := p.Scope.Target(c.Base, path)
			if err != nil {
				return before, after, changed, err
			}
			var ch bool
			if after, ch, err = s.RemoveWorkspace(p.ID, wsID, now); err != nil {
				return before, after, changed, err
			}
			p = after
			changed = changed || ch
		}
	}
	return before, after, changed, err
}

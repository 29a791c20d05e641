package scope

import (
	"fmt"
	"slices"
	"strings"
)

// Kind says whether a scope is global or a list of workspaces.
type Kind string

// The kinds of [Scope].
const (
	// Global applies in every workspace.
	Global Kind = "global"
	// Workspaces applies only in the listed workspaces.
	Workspaces Kind = "workspaces"
)

// Ref names one workspace of a scope: its identity, and its name and root
// where it was last seen (for people; matching uses ID only).
type Ref struct {
	ID   string `json:"id"`
	Name string `json:"name,omitempty"`
	Path string `json:"path,omitempty"`
}

// RefOf returns the reference to ws.
func RefOf(ws Workspace) Ref { return Ref{ID: ws.ID, Name: ws.Name, Path: ws.Root} }

// String is "NAME (ID)".
func (r Ref) String() string {
	name := r.Name
	if name == "" {
		name = lastElem(r.ID)
	}
	if name == r.ID {
		return name
	}
	return name + " (" + r.ID + ")"
}

// Seen is "NAME (ID), last seen at PATH" when the path is not the identity.
func (r Ref) Seen() string {
	if r.Path != "" && r.Path != r.ID {
		return r.String() + ", last seen at " + r.Path
	}
	return r.String()
}

// Scope is where a preference applies: everywhere, or in the listed
// workspaces. The zero value is invalid; see [Scope.Validate].
type Scope struct {
	Kind       Kind  `json:"kind"`
	Workspaces []Ref `json:"workspaces,omitempty"`
}

// All is the global scope.
func All() Scope { return Scope{Kind: Global} }

// Only is the scope of the given workspaces, in order, without duplicates.
func Only(ws ...Workspace) Scope {
	s := Scope{Kind: Workspaces}
	for _, w := range ws {
		s, _ = s.Add(RefOf(w))
	}
	return s
}

// IsGlobal reports whether s applies in every workspace.
func (s Scope) IsGlobal() bool { return s.Kind == Global }

// Validate reports a scope that is neither global nor a non-empty list of
// workspaces with identities.
func (s Scope) Validate() error {
	switch s.Kind {
	case Global:
		if len(s.Workspaces) > 0 {
			return fmt.Errorf("global scope lists workspaces")
		}
	case Workspaces:
		if len(s.Workspaces) == 0 {
			return fmt.Errorf("workspace scope lists no workspace")
		}
		for i, r := range s.Workspaces {
			if r.ID == "" {
				return fmt.Errorf("workspace %d of the scope has no id", i+1)
			}
		}
	default:
		return fmt.Errorf("unknown scope kind %q (want %q or %q)", s.Kind, Global, Workspaces)
	}
	return nil
}

// Has reports whether s lists the workspace identity id.
func (s Scope) Has(id string) bool {
	return slices.ContainsFunc(s.Workspaces, func(r Ref) bool { return r.ID == id })
}

// Match reports whether s applies in ws, and why, in words for people.
func (s Scope) Match(ws Workspace) (bool, string) {
	if s.IsGlobal() {
		return true, "it applies in all workspaces"
	}
	for _, r := range s.Workspaces {
		if r.ID != ws.ID {
			continue
		}
		if r.Path == "" || r.Path == ws.Root {
			return true, "it is scoped to this workspace (" + ws.Name + ")"
		}
		return true, "it is scoped to " + r.Path + ", and this workspace (" + ws.Root + ") has the same origin " + ws.ID
	}
	names := make([]string, len(s.Workspaces))
	for i, r := range s.Workspaces {
		names[i] = r.Seen()
	}
	return false, "it is scoped to other workspaces: " + strings.Join(names, "; ")
}

// Covers reports whether s applies everywhere t does.
func (s Scope) Covers(t Scope) bool {
	if s.IsGlobal() {
		return true
	}
	if t.IsGlobal() {
		return false
	}
	for _, r := range t.Workspaces {
		if !s.Has(r.ID) {
			return false
		}
	}
	return true
}

// Add returns s with r added, or with the last-seen name and path of r's
// identity updated when s already lists it; added is false in that case.
// Adding to a global scope changes nothing.
func (s Scope) Add(r Ref) (_ Scope, added bool) {
	if s.IsGlobal() {
		return s, false
	}
	s.Kind = Workspaces
	s.Workspaces = slices.Clone(s.Workspaces)
	for i := range s.Workspaces {
		if s.Workspaces[i].ID == r.ID {
			s.Workspaces[i] = r
			return s, false
		}
	}
	s.Workspaces = append(s.Workspaces, r)
	return s, true
}

// Remove returns s without the workspace identity id; removed is false when
// s does not list it.
func (s Scope) Remove(id string) (_ Scope, removed bool) {
	if !s.Has(id) {
		return s, false
	}
	s.Workspaces = slices.DeleteFunc(slices.Clone(s.Workspaces), func(r Ref) bool { return r.ID == id })
	return s, true
}

// Equal reports whether s and t name the same workspaces (in any order).
func (s Scope) Equal(t Scope) bool {
	return s.Kind == t.Kind && s.Covers(t) && t.Covers(s)
}

// String describes s for people: "all workspaces" or the workspace list.
func (s Scope) String() string {
	if s.IsGlobal() {
		return "all workspaces"
	}
	names := make([]string, len(s.Workspaces))
	for i, r := range s.Workspaces {
		names[i] = r.String()
	}
	if len(names) == 1 {
		return "workspace " + names[0]
	}
	return "workspaces " + strings.Join(names, ", ")
}

// Describe describes s as seen from ws: "all workspaces", "this workspace
// (NAME)", or the workspace names with "this workspace" first when ws is
// among them.
func (s Scope) Describe(ws Workspace) string {
	if s.IsGlobal() {
		return "all workspaces"
	}
	var names []string
	here := false
	for _, r := range s.Workspaces {
		if r.ID == ws.ID {
			here = true
			continue
		}
		n := r.Name
		if n == "" {
			n = lastElem(r.ID)
		}
		names = append(names, n)
	}
	switch {
	case here && len(names) == 0:
		return fmt.Sprintf("this workspace (%s)", ws.Name)
	case here:
		return fmt.Sprintf("this workspace (%s) and %s", ws.Name, strings.Join(names, ", "))
	case len(names) == 1:
		return "workspace " + names[0]
	default:
		return "workspaces " + strings.Join(names, ", ")
	}
}

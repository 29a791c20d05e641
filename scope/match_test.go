package scope

import (
	"strings"
	"testing"
)

var (
	web      = Workspace{Root: "/src/web", ID: "github.com/acme/web", Name: "web"}
	webClone = Workspace{Root: "/tmp/web2", ID: "github.com/acme/web", Name: "web"}
	api      = Workspace{Root: "/src/api", ID: "/src/api", Name: "api"}
)

func TestMatch(t *testing.T) {
	tests := []struct {
		name   string
		scope  Scope
		ws     Workspace
		want   bool
		reason string
	}{
		{"global", All(), api, true, "all workspaces"},
		{"this workspace", Only(web), web, true, "scoped to this workspace (web)"},
		{"another clone of the same origin", Only(web), webClone, true, "same origin github.com/acme/web"},
		{"other workspace", Only(web), api, false, "scoped to other workspaces: web (github.com/acme/web), last seen at /src/web"},
		{"one of several", Only(api, web), webClone, true, "same origin"},
		{"path identity", Only(api), api, true, "this workspace (api)"},
	}
	for _, tt := range tests {
		got, reason := tt.scope.Match(tt.ws)
		if got != tt.want || !strings.Contains(reason, tt.reason) {
			t.Errorf("%s: Match = %v, %q; want %v, containing %q", tt.name, got, reason, tt.want, tt.reason)
		}
	}
}

func TestCovers(t *testing.T) {
	tests := []struct {
		name string
		s, t Scope
		want bool
	}{
		{"global covers global", All(), All(), true},
		{"global covers workspaces", All(), Only(web), true},
		{"workspaces do not cover global", Only(web, api), All(), false},
		{"superset", Only(web, api), Only(api), true},
		{"clone is the same workspace", Only(webClone), Only(web), true},
		{"disjoint", Only(api), Only(web), false},
	}
	for _, tt := range tests {
		if got := tt.s.Covers(tt.t); got != tt.want {
			t.Errorf("%s: Covers = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestAddRemove(t *testing.T) {
	s := Only(web)
	s2, added := s.Add(RefOf(webClone))
	if added || len(s2.Workspaces) != 1 || s2.Workspaces[0].Path != "/tmp/web2" {
		t.Errorf("adding a clone: added=%v, %+v; want the last-seen path updated, not a second entry", added, s2.Workspaces)
	}
	if s.Workspaces[0].Path != "/src/web" {
		t.Errorf("Add changed its receiver: %+v", s.Workspaces)
	}
	s3, added := s.Add(RefOf(api))
	if !added || !s3.Has(api.ID) || !s3.Has(web.ID) {
		t.Errorf("Add(api) = %+v, %v", s3, added)
	}
	s4, removed := s3.Remove(web.ID)
	if !removed || s4.Has(web.ID) || !s4.Has(api.ID) || !s3.Has(web.ID) {
		t.Errorf("Remove(web) = %+v, %v (receiver %+v)", s4, removed, s3)
	}
	if _, removed := s4.Remove("nope"); removed {
		t.Error("Remove of an unlisted id reported removed")
	}
	if g, added := All().Add(RefOf(api)); added || !g.IsGlobal() {
		t.Errorf("Add to global = %+v, %v; want unchanged", g, added)
	}
}

func TestValidate(t *testing.T) {
	tests := []struct {
		name string
		s    Scope
		ok   bool
	}{
		{"global", All(), true},
		{"workspaces", Only(web), true},
		{"zero", Scope{}, false},
		{"empty list", Scope{Kind: Workspaces}, false},
		{"global with list", Scope{Kind: Global, Workspaces: []Ref{RefOf(web)}}, false},
		{"ref without id", Scope{Kind: Workspaces, Workspaces: []Ref{{Name: "x"}}}, false},
	}
	for _, tt := range tests {
		if err := tt.s.Validate(); (err == nil) != tt.ok {
			t.Errorf("%s: Validate = %v, want ok=%v", tt.name, err, tt.ok)
		}
	}
}

func TestDescribe(t *testing.T) {
	tests := []struct {
		s    Scope
		ws   Workspace
		want string
	}{
		{All(), web, "all workspaces"},
		{Only(web), webClone, "this workspace (web)"},
		{Only(web, api), api, "this workspace (api) and web"},
		{Only(web), api, "workspace web"},
		{Only(web, api), Workspace{ID: "x", Name: "x"}, "workspaces web, api"},
	}
	for _, tt := range tests {
		if got := tt.s.Describe(tt.ws); got != tt.want {
			t.Errorf("Describe(%+v, %s) = %q, want %q", tt.s, tt.ws.Name, got, tt.want)
		}
	}
}

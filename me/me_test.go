package me

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/autofix/autofix/scope"
)

var (
	t0  = time.Date(2026, 11, 29, 10, 0, 0, 0, time.UTC)
	web = scope.Workspace{Root: "/src/web", ID: "github.com/acme/web", Name: "web"}
	api = scope.Workspace{Root: "/src/api", ID: "/src/api", Name: "api"}
)

// opposite is a stand-in for normalize.Conflicts: "Never X" contradicts
// "Always X".
func opposite(newer, older string) bool {
	strip := func(s string) (bool, string) {
		if r, ok := strings.CutPrefix(s, "Always "); ok {
			return true, r
		}
		r, _ := strings.CutPrefix(s, "Never ")
		return false, r
	}
	a, x := strip(newer)
	b, y := strip(older)
	return a != b && x == y
}

func draft(instr string, sc scope.Scope, supersedes ...string) Draft {
	return Draft{Category: "TOOL", Instruction: instr, Why: "test", Words: "words for " + instr, Normalizer: "builtin", Scope: sc, Supersedes: supersedes}
}

func mustTeach(t *testing.T, s *Store, d Draft) Taught {
	t.Helper()
	r, err := s.Teach(d, t0, opposite)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestTeachSupersession(t *testing.T) {
	tests := []struct {
		name string
		old  Draft
		new  Draft
		// superseded says whether new replaces old.
		superseded bool
		duplicate  bool
	}{
		{"contradiction, both global", draft("Always use npm.", scope.All()), draft("Never use npm.", scope.All()), true, false},
		// Workspace-scoped preferences beat global ones (SPEC §6): a newer
		// global one does not supersede them; the context engine settles
		// the contradiction by precedence.
		{"global does not replace workspace", draft("Always use npm.", scope.Only(web)), draft("Never use npm.", scope.All()), false, false},
		{"workspace does not replace global", draft("Always use npm.", scope.All()), draft("Never use npm.", scope.Only(web)), false, false},
		{"same workspace", draft("Always use npm.", scope.Only(web)), draft("Never use npm.", scope.Only(web)), true, false},
		{"wider workspaces replace narrower", draft("Always use npm.", scope.Only(web)), draft("Never use npm.", scope.Only(web, api)), true, false},
		{"narrower workspaces do not replace wider", draft("Always use npm.", scope.Only(web, api)), draft("Never use npm.", scope.Only(web)), false, false},
		{"other workspace", draft("Always use npm.", scope.Only(api)), draft("Never use npm.", scope.Only(web)), false, false},
		{"named by the normalizer", draft("Always use yarn.", scope.All()), draft("Always use pnpm.", scope.All(), "p1"), true, false},
		{"named global over workspace", draft("Always use yarn.", scope.Only(web)), draft("Always use pnpm.", scope.All(), "p1"), false, false},
		{"named workspace over global", draft("Always use yarn.", scope.All()), draft("Always use pnpm.", scope.Only(web), "p1"), false, false},
		{"project rule numbers are not preferences", draft("Always use yarn.", scope.All()), draft("Always use pnpm.", scope.All(), "1"), false, false},
		{"unrelated", draft("Always use yarn.", scope.All()), draft("Always write tests first.", scope.All()), false, false},
		{"duplicate ignores case and final period", draft("Always use pnpm.", scope.All()), draft("always use  PNPM", scope.Only(web)), false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newStore("x")
			mustTeach(t, s, tt.old)
			r := mustTeach(t, s, tt.new)
			if r.Duplicate != tt.duplicate {
				t.Fatalf("Duplicate = %v, want %v", r.Duplicate, tt.duplicate)
			}
			if tt.duplicate {
				if r.Preference.ID != "p1" || len(s.All()) != 1 {
					t.Errorf("duplicate: got %s and %d preferences; want p1 and 1", r.Preference.ID, len(s.All()))
				}
				return
			}
			old, _ := s.Get("p1")
			nw, _ := s.Get("p2")
			if got := old.SupersededBy == "p2"; got != tt.superseded {
				t.Errorf("old.SupersededBy = %q, want superseded=%v", old.SupersededBy, tt.superseded)
			}
			if got := slices.Equal(nw.Supersedes, []string{"p1"}); got != tt.superseded {
				t.Errorf("new.Supersedes = %v, want superseded=%v", nw.Supersedes, tt.superseded)
			}
			if got := len(r.Superseded) == 1; got != tt.superseded {
				t.Errorf("Taught.Superseded = %v", r.Superseded)
			}
			if tt.superseded {
				if old.InForce() {
					t.Error("superseded preference still in force")
				}
				if ok, why := s.Use(old, web); ok || why != "superseded by p2" {
					t.Errorf("Use(old) = %v, %q", ok, why)
				}
				if last := old.History[len(old.History)-1]; last.What != "superseded" || !strings.Contains(last.Detail, "p2") {
					t.Errorf("old history ends with %+v", last)
				}
				if last := nw.History[len(nw.History)-1]; last.What != "supersedes" || !strings.Contains(last.Detail, "p1") {
					t.Errorf("new history ends with %+v", last)
				}
			}
		})
	}
}

func TestTeachDuplicateOfSupersededIsNew(t *testing.T) {
	s := newStore("x")
	mustTeach(t, s, draft("Always use npm.", scope.All()))
	mustTeach(t, s, draft("Never use npm.", scope.All()))
	r := mustTeach(t, s, draft("Always use npm.", scope.All()))
	if r.Duplicate || r.Preference.ID != "p3" || len(r.Superseded) != 1 || r.Superseded[0].ID != "p2" {
		t.Errorf("re-teaching a superseded preference: %+v; want p3 superseding p2", r)
	}
}

func TestActiveAndUse(t *testing.T) {
	s := newStore("x")
	mustTeach(t, s, draft("Always use tabs.", scope.All()))         // p1
	mustTeach(t, s, draft("Always use pnpm.", scope.Only(web)))     // p2
	mustTeach(t, s, draft("Always use poetry.", scope.Only(api)))   // p3
	mustTeach(t, s, draft("Always write docs.", scope.All()))       // p4
	mustTeach(t, s, draft("Never use tabs.", scope.All()))          // p5 supersedes p1
	if _, _, err := s.Forget("p4", t0.Add(time.Hour)); err != nil { // p4 forgotten
		t.Fatal(err)
	}
	clone := scope.Workspace{Root: "/tmp/web2", ID: web.ID, Name: "web"}
	tests := []struct {
		ws   scope.Workspace
		want []string
	}{
		{web, []string{"p2", "p5"}},
		{clone, []string{"p2", "p5"}},
		{api, []string{"p3", "p5"}},
	}
	for _, tt := range tests {
		var ids []string
		for _, p := range s.Active(tt.ws) {
			ids = append(ids, p.ID)
		}
		if !slices.Equal(ids, tt.want) {
			t.Errorf("Active(%s) = %v, want %v (oldest first)", tt.ws.Root, ids, tt.want)
		}
	}
	reasons := map[string]string{
		"p1": "superseded by p5",
		"p3": "scoped to other workspaces",
		"p4": "forgotten on 2026-11-29",
	}
	for id, want := range reasons {
		p, _ := s.Get(id)
		if ok, why := s.Use(p, web); ok || !strings.Contains(why, want) {
			t.Errorf("Use(%s, web) = %v, %q; want false, %q", id, ok, why, want)
		}
	}
}

func TestScopeHistory(t *testing.T) {
	s := newStore("x")
	mustTeach(t, s, draft("Always use pnpm.", scope.Only(web)))
	t1, t2, t3 := t0.Add(time.Minute), t0.Add(2*time.Minute), t0.Add(3*time.Minute)
	steps := []struct {
		name    string
		do      func() (Preference, bool, error)
		changed bool
		err     string
		scope   string
	}{
		{"add api", func() (Preference, bool, error) { return s.AddWorkspace("p1", scope.RefOf(api), t1) }, true, "", "workspaces web"},
		{"add api again", func() (Preference, bool, error) { return s.AddWorkspace("p1", scope.RefOf(api), t1) }, false, "", "api"},
		{"remove web", func() (Preference, bool, error) { return s.RemoveWorkspace("p1", web.ID, t2) }, true, "", "workspace api"},
		{"remove the last", func() (Preference, bool, error) { return s.RemoveWorkspace("p1", api.ID, t2) }, false, "would apply in no workspace", ""},
		{"remove unlisted", func() (Preference, bool, error) { return s.RemoveWorkspace("p1", web.ID, t2) }, false, "is not scoped to", ""},
		{"global", func() (Preference, bool, error) { return s.SetScope("P1", scope.All(), t3) }, true, "", "all workspaces"},
		{"add to global", func() (Preference, bool, error) { return s.AddWorkspace("p1", scope.RefOf(web), t3) }, false, "already applies in all workspaces", ""},
		{"unknown id", func() (Preference, bool, error) { return s.SetScope("p9", scope.All(), t3) }, false, "no preference p9", ""},
	}
	for _, st := range steps {
		p, changed, err := st.do()
		if st.err != "" {
			var h interface{ Hint() string }
			if err == nil || !strings.Contains(err.Error(), st.err) || !errors.As(err, &h) || h.Hint() == "" {
				t.Errorf("%s: err = %v, want %q with a hint", st.name, err, st.err)
			}
			continue
		}
		if err != nil || changed != st.changed || !strings.Contains(p.Scope.String(), st.scope) {
			t.Errorf("%s: %v, changed=%v, scope %q; want changed=%v, scope containing %q", st.name, err, changed, p.Scope, st.changed, st.scope)
		}
	}
	p, _ := s.Get("p1")
	var got []string
	for _, e := range p.History {
		got = append(got, e.Time.Format("15:04")+" "+e.What)
	}
	want := []string{"10:00 taught", "10:01 scope", "10:02 scope", "10:03 scope"}
	if !slices.Equal(got, want) {
		t.Errorf("history = %v, want %v", got, want)
	}
	if d := p.History[3].Detail; d != "changed from workspace api (/src/api) to all workspaces" {
		t.Errorf("last scope change detail = %q", d)
	}
}

func TestForgetAndPurge(t *testing.T) {
	s := newStore("x")
	mustTeach(t, s, draft("Always use npm.", scope.All()))
	mustTeach(t, s, draft("Never use npm.", scope.All()))
	if _, changed, err := s.Forget("p2", t0); err != nil || !changed {
		t.Fatalf("Forget: %v, %v", changed, err)
	}
	if _, changed, _ := s.Forget("p2", t0); changed {
		t.Error("forgetting twice reported a change")
	}
	p1, _ := s.Get("p1")
	if ok, why := s.Use(p1, web); ok || why != "superseded by p2 (since forgotten)" {
		t.Errorf("Use(p1) = %v, %q", ok, why)
	}
	if _, err := s.Purge("p2", t0); err != nil {
		t.Fatal(err)
	}
	var nf *NotFoundError
	if _, err := s.Get("p2"); !errors.As(err, &nf) || !nf.Erased {
		t.Errorf("Get after purge: %v, want NotFoundError with Erased", err)
	}
	if _, err := s.Get("p7"); !errors.As(err, &nf) || nf.Erased {
		t.Errorf("Get of an id never given out: %v, want NotFoundError without Erased", err)
	}
	// p1 was superseded by p2 only: it is in force again, and says why.
	p1, _ = s.Get("p1")
	if !p1.InForce() || p1.SupersededBy != "" {
		t.Errorf("p1 after its successor was purged: superseded by %q, in force %v; want reinstated", p1.SupersededBy, p1.InForce())
	}
	if last := p1.History[len(p1.History)-1]; last.What != "reinstated" || !strings.Contains(last.Detail, "p2") {
		t.Errorf("p1 history does not record the reinstatement: %+v", p1.History)
	}
	if r := mustTeach(t, s, draft("Always write tests.", scope.All())); r.Preference.ID != "p3" {
		t.Errorf("id after purge = %s, want p3 (never reused)", r.Preference.ID)
	}
}

// TestPurgeScrubsHistory: after a purge no other preference's history holds
// the purged instruction; events about it keep only its id.
func TestPurgeScrubsHistory(t *testing.T) {
	s := newStore("x")
	mustTeach(t, s, draft("Always use axios.", scope.All()))                // p1
	mustTeach(t, s, draft("Never use axios.", scope.All()))                 // p2 supersedes p1
	mustTeach(t, s, draft("Always use fetch for http.", scope.All(), "p2")) // p3 supersedes p2
	before, _ := s.Get("p1")
	if _, err := s.Purge("p2", t0.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	for _, p := range s.All() {
		for _, e := range p.History {
			if strings.Contains(e.Detail, "Never use axios") {
				t.Errorf("%s history still holds the purged instruction: %+v", p.ID, e)
			}
		}
	}
	if last := before.History[len(before.History)-1]; !strings.Contains(last.Detail, "Never use axios") {
		t.Errorf("a copy taken before the purge was changed: %+v", last)
	}
	tests := []struct {
		id      string
		want    []string // "what detail" of each event
		inForce bool
	}{
		{"p1", []string{"taught with scope all workspaces", "superseded by p2 (erased)", "reinstated because p2, which superseded it, was erased"}, true},
		{"p3", []string{"taught with scope all workspaces", "supersedes p2 (erased)", "erased p2, which it refers to"}, true},
	}
	for _, tt := range tests {
		p, _ := s.Get(tt.id)
		var got []string
		for _, e := range p.History {
			got = append(got, e.What+" "+e.Detail)
		}
		if !slices.Equal(got, tt.want) || p.InForce() != tt.inForce {
			t.Errorf("%s: history %q, in force %v; want %q, %v", tt.id, got, p.InForce(), tt.want, tt.inForce)
		}
	}
}

func TestUpdateRoundTrip(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "config", "autofix")
	locks := filepath.Join(t.TempDir(), "locks")
	ctx := context.Background()
	if s, err := Load(dir); err != nil || len(s.All()) != 0 || s.NextID() != "p1" {
		t.Fatalf("Load of a missing store: %v, %v", s, err)
	}
	if _, err := os.Stat(dir); err == nil {
		t.Error("Load created the store directory")
	}
	teach := func(instr string) {
		t.Helper()
		err := Update(ctx, dir, locks, func(s *Store) error {
			_, err := s.Teach(draft(instr, scope.All()), t0, nil)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	teach("Always use pnpm.")
	teach("Always use tabs.")
	if err := Update(ctx, dir, locks, func(s *Store) error { _, err := s.Purge("p2", t0); return err }); err != nil {
		t.Fatal(err)
	}
	teach("Always write docs.")
	s, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, p := range s.All() {
		ids = append(ids, p.ID)
	}
	if !slices.Equal(ids, []string{"p1", "p3"}) {
		t.Errorf("ids = %v, want [p1 p3]", ids)
	}
	data, _ := os.ReadFile(filepath.Join(dir, FileName))
	if strings.Contains(string(data), "Always use tabs") || !strings.Contains(string(data), `"version": 1`) {
		t.Errorf("file after purge:\n%s", data)
	}
	for path, want := range map[string]os.FileMode{dir: 0o700, filepath.Join(dir, FileName): 0o600} {
		fi, err := os.Stat(path)
		if err != nil || fi.Mode().Perm() != want {
			t.Errorf("%s: mode %v, %v; want %v", path, fi.Mode().Perm(), err, want)
		}
	}
}

func TestCorruptStoreIsNotOverwritten(t *testing.T) {
	tests := []struct {
		name, data, want string
	}{
		{"syntax", "{\n  \"version\": 1,\n  \"preferences\": [\n    {\"id\": \"p1\",}\n  ]\n}\n", FileName + ":4:"},
		{"newer version", `{"version": 99, "preferences": []}`, "newer than this autofix understands"},
		{"bad scope", `{"version": 1, "preferences": [{"id": "p1", "scope": {"kind": "nowhere"}}]}`, "preference p1: unknown scope kind"},
		{"repeated id", `{"version": 1, "preferences": [{"id": "p1", "scope": {"kind": "global"}}, {"id": "p1", "scope": {"kind": "global"}}]}`, "repeats the id p1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, FileName)
			if err := os.WriteFile(path, []byte(tt.data), 0o600); err != nil {
				t.Fatal(err)
			}
			_, err := Load(dir)
			var ce *CorruptError
			if !errors.As(err, &ce) || !strings.Contains(err.Error(), tt.want) || ce.Hint() == "" {
				t.Errorf("Load: %v; want a CorruptError containing %q", err, tt.want)
			}
			err = Update(context.Background(), dir, t.TempDir(), func(s *Store) error {
				t.Error("fn called on a corrupt store")
				return nil
			})
			if !errors.As(err, &ce) {
				t.Errorf("Update: %v; want a CorruptError", err)
			}
			if data, _ := os.ReadFile(path); string(data) != tt.data {
				t.Errorf("the corrupt file was changed:\n%s", data)
			}
		})
	}
}

func TestConcurrentUpdates(t *testing.T) {
	dir, locks := t.TempDir(), t.TempDir()
	const n = 8
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := range n {
		wg.Go(func() {
			errs <- Update(context.Background(), dir, locks, func(s *Store) error {
				_, err := s.Teach(draft(fmt.Sprintf("Always do thing %d.", i), scope.All()), t0, nil)
				return err
			})
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	s, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, p := range s.All() {
		seen[p.ID] = true
	}
	if len(seen) != n || s.NextID() != fmt.Sprintf("p%d", n+1) {
		t.Errorf("%d distinct ids of %d preferences, next %s; want %d", len(seen), len(s.All()), s.NextID(), n)
	}
}

// BenchmarkLoadActive is what the context engine does on every prompt: read
// the store and pick the preferences in force in a workspace.
func BenchmarkLoadActive(b *testing.B) {
	for _, n := range []int{100, 1000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			dir := b.TempDir()
			err := Update(context.Background(), dir, b.TempDir(), func(s *Store) error {
				for i := range n {
					sc := scope.All()
					if i%3 == 0 {
						sc = scope.Only(api)
					}
					if _, err := s.Teach(draft(fmt.Sprintf("Always use tool number %d for the builds of this project.", i), sc), t0, nil); err != nil {
						return err
					}
				}
				return nil
			})
			if err != nil {
				b.Fatal(err)
			}
			want := n - (n+2)/3
			for b.Loop() {
				s, err := Load(dir)
				if err != nil {
					b.Fatal(err)
				}
				if got := len(s.Active(web)); got != want {
					b.Fatalf("%d active, want %d", got, want)
				}
			}
		})
	}
}

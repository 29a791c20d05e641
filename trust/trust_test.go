package trust

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

var now = time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC)

func newStore(t *testing.T) Store {
	dir := t.TempDir()
	return Store{Dir: filepath.Join(dir, "config", "autofix"), LockDir: filepath.Join(dir, "locks")}
}

func TestTrustCheckUntrust(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	const path = "/repo/.agents/autofix.json"
	v1 := []byte(`[{"Rule_number":1}]`)
	v2 := []byte(`[{"Rule_number":1},{"Rule_number":2}]`)

	steps := []struct {
		name    string
		do      func() error
		content []byte
		want    State
	}{
		{"fresh", nil, v1, Untrusted},
		{"trusted", func() error { _, err := s.Trust(ctx, path, v1, now); return err }, v1, Trusted},
		{"changed by someone else", nil, v2, Changed},
		{"trusted again", func() error { _, err := s.Trust(ctx, path, v2, now); return err }, v2, Trusted},
		{"old content no longer", nil, v1, Changed},
		{"untrusted", func() error { _, err := s.Untrust(ctx, path); return err }, v2, Untrusted},
	}
	for _, st := range steps {
		if st.do != nil {
			if err := st.do(); err != nil {
				t.Fatalf("%s: %v", st.name, err)
			}
		}
		got, err := s.Check(path, st.content)
		if err != nil || got != st.want {
			t.Errorf("%s: Check = %v, %v; want %v", st.name, got, err, st.want)
		}
	}
	if found, err := s.Untrust(ctx, path); found || err != nil {
		t.Errorf("second Untrust = %v, %v; want false, nil", found, err)
	}
	if got, _ := s.Check("/other/autofix.json", v2); got != Untrusted {
		t.Errorf("another path is %v", got)
	}
	fi, err := os.Stat(filepath.Join(s.Dir, FileName))
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("trust file mode = %v, %v; want 0600", fi.Mode().Perm(), err)
	}
}

func TestCarry(t *testing.T) {
	ctx := context.Background()
	const path = "/repo/autofix.json"
	old := []byte(`[1]`)
	mine := []byte(`[1,2]`)
	tests := []struct {
		name      string
		trusted   []byte // content trusted before; nil: never trusted
		replaced  []byte
		wantOK    bool
		wantState State
	}{
		{"trusted file, own write", old, old, true, Trusted},
		{"untrusted file", nil, old, false, Untrusted},
		{"changed before the write", []byte(`[0]`), old, false, Changed},
		{"file created by the write", nil, nil, true, Trusted},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newStore(t)
			if tt.trusted != nil {
				if _, err := s.Trust(ctx, path, tt.trusted, now); err != nil {
					t.Fatal(err)
				}
			}
			ok, err := s.Carry(ctx, path, tt.replaced, mine, now.Add(time.Minute))
			if err != nil || ok != tt.wantOK {
				t.Fatalf("Carry = %v, %v; want %v", ok, err, tt.wantOK)
			}
			if got, _ := s.Check(path, mine); got != tt.wantState {
				t.Errorf("after Carry the written content is %v, want %v", got, tt.wantState)
			}
		})
	}
}

func TestListSortedAndConcurrent(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	var wg sync.WaitGroup
	for _, p := range []string{"/c/autofix.json", "/a/autofix.json", "/b/autofix.json", "/d/autofix.json"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := s.Trust(ctx, p, []byte(p), now); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	list, err := s.List()
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, e := range list {
		paths = append(paths, e.Path)
		if e.SHA256 != Sum([]byte(e.Path)) {
			t.Errorf("%s has hash %s", e.Path, e.SHA256)
		}
	}
	if got := strings.Join(paths, " "); got != "/a/autofix.json /b/autofix.json /c/autofix.json /d/autofix.json" {
		t.Errorf("List = %s", got)
	}
}

func TestBrokenFile(t *testing.T) {
	s := newStore(t)
	if err := os.MkdirAll(s.Dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(s.Dir, FileName), []byte("{\n  \"entries\": [\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := s.Check("/x", nil)
	if err == nil || !strings.Contains(err.Error(), FileName+":") {
		t.Fatalf("Check on a broken file = %v, want a path:line:col error", err)
	}
	if e, ok := err.(*Error); !ok || e.Hint() == "" {
		t.Errorf("error %T has no hint", err)
	}
	if _, err := s.Trust(context.Background(), "/x", nil, now); err == nil {
		t.Error("Trust rewrote a broken trust file")
	}
}

func TestDiff(t *testing.T) {
	a := Rule{1, "TOOL", "Always use pnpm."}
	b := Rule{2, "CODE", "Never use any."}
	b2 := Rule{2, "CODE", "Never use the any type."}
	c := Rule{3, "UX", "Always label inputs."}
	for _, tc := range []struct {
		name     string
		old, cur []Rule
		want     string
	}{
		{"same", []Rule{a, b}, []Rule{a, b}, "+[] ~[] -[]"},
		{"first", nil, []Rule{a}, "+[1] ~[] -[]"},
		{"all three", []Rule{a, b}, []Rule{b2, c}, "+[3] ~[2] -[1]"},
		{"category only", []Rule{a}, []Rule{{1, "OTHER", a.Instruction}}, "+[] ~[1] -[]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := Diff(tc.old, tc.cur)
			nums := func(rs []Rule) []int {
				out := []int{}
				for _, r := range rs {
					out = append(out, r.Number)
				}
				return out
			}
			var ch []Rule
			for _, c := range d.Changed {
				ch = append(ch, c.New)
			}
			if got := fmt.Sprintf("+%v ~%v -%v", nums(d.Added), nums(ch), nums(d.Removed)); got != tc.want {
				t.Errorf("got %s, want %s", got, tc.want)
			}
			if d.Empty() != (tc.want == "+[] ~[] -[]") {
				t.Errorf("Empty() = %v", d.Empty())
			}
		})
	}
}

// TestTrustRulesKept: the trusted rules are stored with the record, moved
// along by CarryRules, and dropped when over MaxRulesBytes.
func TestTrustRulesKept(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	const path = "/repo/autofix.json"
	rules := []Rule{{1, "TOOL", "Always use pnpm."}}
	if _, err := s.TrustRules(ctx, path, []byte("v1"), rules, now); err != nil {
		t.Fatal(err)
	}
	e, ok, err := s.Get(path)
	if err != nil || !ok || len(e.Rules) != 1 || e.Rules[0] != rules[0] {
		t.Fatalf("Get = %+v, %v, %v; want the rule kept", e, ok, err)
	}
	more := append(rules, Rule{2, "CODE", "Never use any."})
	if ok, err := s.CarryRules(ctx, path, []byte("v1"), []byte("v2"), more, now); err != nil || !ok {
		t.Fatalf("CarryRules = %v, %v", ok, err)
	}
	if e, _, _ := s.Get(path); len(e.Rules) != 2 {
		t.Errorf("after carry: %d rules, want 2", len(e.Rules))
	}
	huge := []Rule{{1, "TOOL", strings.Repeat("x", MaxRulesBytes)}}
	if _, err := s.TrustRules(ctx, path, []byte("v3"), huge, now); err != nil {
		t.Fatal(err)
	}
	if e, _, _ := s.Get(path); e.Rules != nil || e.SHA256 != Sum([]byte("v3")) {
		t.Errorf("over the bound: rules %d, want none recorded and the hash kept", len(e.Rules))
	}
	fi, err := os.Stat(filepath.Join(s.Dir, FileName))
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("trust file mode %v, %v; want 0600", fi.Mode().Perm(), err)
	}
	if _, ok, err := s.Get("/elsewhere"); ok || err != nil {
		t.Errorf("Get of an unknown path = %v, %v", ok, err)
	}
}

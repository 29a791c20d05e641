package rules

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSupersedeAndViews(t *testing.T) {
	rs := &Ruleset{Name: "autofix.json", Rules: []Rule{
		{Number: 1, Category: "TOOL", Instruction: "Always use npm.", Why: "x"},
		{Number: 2, Category: "TOOL", Instruction: "Always use pnpm.", Why: "y (supersedes rule 1)"},
	}}
	why, err := Supersede(rs, "team", []int{2, 1, 2})
	if err != nil || why != "team (supersedes rule 1) (supersedes rule 2)" {
		t.Errorf("Supersede = %q, %v", why, err)
	}
	_, err = Supersede(rs, "", []int{9})
	var h interface{ Hint() string }
	if err == nil || !strings.Contains(err.Error(), "has no rule #9") || !errors.As(err, &h) {
		t.Errorf("Supersede(9) = %v", err)
	}
	vs := Views(rs.Rules)
	if len(vs) != 2 || vs[0].InForce || vs[0].SupersededBy == nil || *vs[0].SupersededBy != 2 || !vs[1].InForce || vs[1].Check != nil {
		t.Errorf("Views = %+v", vs)
	}
}

func TestProblemsAndLoadShown(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, ".agents"), 0o755); err != nil {
		t.Fatal(err)
	}
	data := `[{"Rule_number":1,"Category":"TOOL","Instruction":"Always use pnpm.","Why":"x"},{"Rule_number":2,"Category":"TOOL","Instruction":"pnpm is nice","Why":"x"}]`
	for _, name := range []string{".agents/autofix.json", "autofix.json"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	rs, shadowed, err := LoadShown(root)
	if err != nil || rs.Name != ".agents/autofix.json" || len(shadowed) != 1 || shadowed[0] != "autofix.json" {
		t.Fatalf("LoadShown = %v, %v, %v", rs, shadowed, err)
	}
	notImperative := func(s string) error {
		if !strings.HasPrefix(s, "Always ") {
			return errors.New("not a strict imperative")
		}
		return nil
	}
	ps, err := Problems(root, rs, notImperative)
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) == 0 || ps[len(ps)-1].Index != 1 {
		t.Errorf("Problems = %+v, want one for entry 1", ps)
	}
}

func TestNext(t *testing.T) {
	if n := Next(nil); n != 1 {
		t.Errorf("Next(nil) = %d", n)
	}
	if n := Next([]Rule{{Number: 3}, {Number: 7}, {Number: 2}}); n != 8 {
		t.Errorf("Next = %d, want 8", n)
	}
}

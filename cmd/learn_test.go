package cmd

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// parallel starts n copies of the autofix command line args in dir at once
// and returns what each printed on stdout; any failure fails the test.
func parallel(t *testing.T, n int, dir string, env []string, args ...string) []string {
	t.Helper()
	bin := autofixBin(t)
	cmds := make([]*exec.Cmd, n)
	outs := make([]strings.Builder, n)
	errs := make([]strings.Builder, n)
	for i := range n {
		cmds[i] = autofixCmd(context.Background(), bin, dir, env, args...)
		cmds[i].Stdout, cmds[i].Stderr = &outs[i], &errs[i]
	}
	for i, c := range cmds {
		if err := c.Start(); err != nil {
			t.Fatalf("start %d: %v", i, err)
		}
	}
	got := make([]string, n)
	for i, c := range cmds {
		if err := c.Wait(); err != nil {
			t.Errorf("process %d: %v\n%s", i, err, errs[i].String())
		}
		got[i] = outs[i].String()
	}
	return got
}

// TestLearnDuplicateConcurrent runs 8 `autofix learn` processes of one
// text at once: the duplicate check is made under the ruleset's lock, so
// exactly one adds rule #1 and the seven others name it.
func TestLearnDuplicateConcurrent(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns processes")
	}
	repo, env := rulesWorkspace(t)
	env = append(env, "AUTOFIX_MODEL=off")
	const n = 8
	learned, already := 0, 0
	for i, out := range parallel(t, n, repo, env, "learn", "no, we use pnpm here, never npm") {
		switch {
		case strings.HasPrefix(out, "Learned rule #1 ([TOOL]): "):
			learned++
		case strings.HasPrefix(out, "Already rule #1 ([TOOL]): "):
			already++
		default:
			t.Errorf("process %d printed %q, want Learned or Already rule #1", i, out)
		}
	}
	if learned != 1 || already != n-1 {
		t.Errorf("%d learned and %d already, want 1 and %d", learned, already, n-1)
	}
	rs := loadFile(t, filepath.Join(repo, ".agents", "autofix.json"))
	if len(rs.Rules) != 1 {
		t.Fatalf("%d rules after %d parallel learns of one text, want 1: %+v", len(rs.Rules), n, rs.Rules)
	}
}

// TestMeTeachDuplicateConcurrent: the same for 8 `autofix me teach`
// processes of one preference.
func TestMeTeachDuplicateConcurrent(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns processes")
	}
	repo, env := rulesWorkspace(t)
	env = append(env, "AUTOFIX_MODEL=off")
	const n = 8
	learned, already := 0, 0
	learnedRe := regexp.MustCompile(`^Learned preference p1 \(\[\w+\]\): `)
	alreadyRe := regexp.MustCompile(`^Already preference p1 \(\[\w+\]\): `)
	for i, out := range parallel(t, n, repo, env, "me", "teach", "I prefer small incremental refactors") {
		switch {
		case learnedRe.MatchString(out):
			learned++
		case alreadyRe.MatchString(out):
			already++
		default:
			t.Errorf("process %d printed %q, want Learned or Already preference p1", i, out)
		}
	}
	if learned != 1 || already != n-1 {
		t.Errorf("%d learned and %d already, want 1 and %d", learned, already, n-1)
	}
	home := filepath.Join(filepath.Dir(repo), "home")
	data, err := os.ReadFile(filepath.Join(home, ".config", "autofix", "preferences.json"))
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Preferences []json.RawMessage `json:"preferences"`
	}
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatalf("preferences.json: %v", err)
	}
	if len(f.Preferences) != 1 {
		t.Fatalf("%d preferences after %d parallel teaches of one text, want 1:\n%s", len(f.Preferences), n, data)
	}
}

func TestCheckWords(t *testing.T) {
	for _, tc := range []struct {
		text string
		ok   bool
	}{
		{"no, we use pnpm here", true},
		{"never use\nyarn\tplease", true},
		{"コミットに絵文字を入れないで", true},
		{"never use\u202e yarn", false},
		{"never use\u200b yarn", false},
		{"tag\U000E0041", false},
		{"bell\a", false},
	} {
		if err := checkWords(tc.text); (err == nil) != tc.ok {
			t.Errorf("checkWords(%q) = %v, want ok %v", tc.text, err, tc.ok)
		}
	}
}

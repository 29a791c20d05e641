package normalize

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// evalCase is one line of the shared evaluation set.
type evalCase struct {
	ID       string   `json:"id"`
	Lang     string   `json:"lang"`
	Text     string   `json:"text"`
	Category string   `json:"category"`
	Polarity string   `json:"polarity"`
	Keep     []string `json:"keep"`
	Vague    bool     `json:"vague"`
}

func readEval(t *testing.T) []evalCase {
	t.Helper()
	path := filepath.Join("..", "..", "shared", "eval", "corrections.dev.jsonl")
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		t.Skipf("evaluation set %s is absent; skipping the built-in normalizer evaluation", path)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []evalCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		var c evalCase
		if err := json.Unmarshal([]byte(line), &c); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		cases = append(cases, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(cases) == 0 {
		t.Skipf("evaluation set %s is empty", path)
	}
	return cases
}

// TestEvalBuiltin measures the built-in normalizer on the shared
// evaluation set and fails below the targets.
func TestEvalBuiltin(t *testing.T) {
	cases := readEval(t)
	var concrete, catOK, impOK, keepOK, vague, refused, polOK, polN int
	for _, c := range cases {
		res, err := Normalize(context.Background(), c.Text, nil, Options{})
		if c.Vague {
			vague++
			if errors.Is(err, ErrVague) {
				refused++
			} else {
				t.Logf("%s: vague text not refused: %q → %+v %v", c.ID, c.Text, res, err)
			}
			continue
		}
		concrete++
		if err != nil {
			t.Logf("%s: %q: %v", c.ID, c.Text, err)
			continue
		}
		if res.Category == c.Category {
			catOK++
		} else {
			t.Logf("%s: category %s, want %s: %q", c.ID, res.Category, c.Category, c.Text)
		}
		if CheckInstruction(res.Instruction) == nil {
			impOK++
		} else {
			t.Logf("%s: not imperative: %q", c.ID, res.Instruction)
		}
		kept := true
		for _, k := range c.Keep {
			if !strings.Contains(strings.ToLower(res.Instruction), strings.ToLower(k)) {
				kept = false
			}
		}
		if kept {
			keepOK++
		} else {
			t.Logf("%s: lost %q: %q", c.ID, c.Keep, res.Instruction)
		}
		if c.Polarity == "always" || c.Polarity == "never" {
			polN++
			_, _, pol := markerOf(res.Instruction)
			if (pol == polAlways) == (c.Polarity == "always") {
				polOK++
			} else {
				t.Logf("%s: polarity of %q, want %s", c.ID, res.Instruction, c.Polarity)
			}
		}
		if testing.Verbose() {
			t.Logf("%s [%s] %s", c.ID, res.Category, res.Instruction)
		}
	}
	ratio := func(a, b int) float64 {
		if b == 0 {
			return 1
		}
		return float64(a) / float64(b)
	}
	figures := []struct {
		name   string
		got    float64
		target float64
	}{
		{"category", ratio(catOK, concrete), 0.90},
		{"imperative", ratio(impOK, concrete), 1.00},
		{"keep terms", ratio(keepOK, concrete), 0.95},
		{"vague refused", ratio(refused, vague), 1.00},
		{"polarity (reported only)", ratio(polOK, polN), 0},
	}
	for _, f := range figures {
		t.Logf("built-in %-24s %.2f (target ≥ %.2f) over %d cases", f.name, f.got, f.target, len(cases))
		if f.got < f.target {
			t.Errorf("built-in %s = %.2f, below the target %.2f", f.name, f.got, f.target)
		}
	}
}

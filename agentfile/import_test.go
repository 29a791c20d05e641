package agentfile

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/autofix/autofix/normalize"
	"github.com/autofix/autofix/rules"
)

func TestPlanAndApply(t *testing.T) {
	ws := t.TempDir()
	md := "# Rules\n\n- use pnpm\n- use pnpm please\n- use yarn\n- be nice\n\nSome prose.\n"
	if err := os.WriteFile(filepath.Join(ws, "CLAUDE.md"), []byte(md), 0o644); err != nil {
		t.Fatal(err)
	}
	paths, err := Files(ws, []string{"CLAUDE.md"})
	if err != nil {
		t.Fatal(err)
	}
	rs := &rules.Ruleset{Name: "autofix.json", Rules: []rules.Rule{{Number: 4, Category: "TOOL", Instruction: "Always use yarn.", Why: "x"}}}
	ruleOf := func(_ context.Context, text string, _ []normalize.Existing) (normalize.Result, error) {
		switch {
		case strings.Contains(text, "pnpm"):
			return normalize.Result{Category: "TOOL", Instruction: "Always use pnpm.", Why: "asked", Normalizer: "test"}, nil
		case strings.Contains(text, "yarn"):
			return normalize.Result{Category: "TOOL", Instruction: "Always use yarn.", Normalizer: "test"}, nil
		}
		return normalize.Result{}, errors.New("too vague")
	}
	res, err := Plan(context.Background(), rs, ws, paths, ruleOf)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Rules) != 1 || res.Rules[0].Number != 5 || res.Rules[0].Source != "CLAUDE.md:3" || res.Rules[0].Why != "asked; imported from CLAUDE.md:3" {
		t.Fatalf("rules %+v", res.Rules)
	}
	if len(res.Already) != 1 || res.Already[0].Number != 4 {
		t.Errorf("already %+v", res.Already)
	}
	reasons := map[string]string{}
	for _, l := range res.Skipped {
		reasons[l.Source] = l.Reason
	}
	if !strings.Contains(reasons["CLAUDE.md:4"], "says what CLAUDE.md:3 says") || reasons["CLAUDE.md:6"] != "too vague" || !strings.HasPrefix(reasons["CLAUDE.md:8"], "prose") {
		t.Errorf("skipped %+v", res.Skipped)
	}

	// A rule a concurrent writer added moves to Already.
	calls := 0
	err = res.Apply(func(add ...rules.Rule) (*rules.Ruleset, []rules.Rule, error) {
		calls++
		return nil, nil, &rules.DuplicateError{Rule: rules.Rule{Number: 7, Instruction: add[0].Instruction}}
	})
	if err != nil || calls != 1 || len(res.Rules) != 0 || res.Already[1].Number != 7 {
		t.Errorf("apply: %v, %d calls, %+v", err, calls, res)
	}

	abort := errors.New("model gone")
	_, err = Plan(context.Background(), rs, ws, paths, func(context.Context, string, []normalize.Existing) (normalize.Result, error) {
		return normalize.Result{}, &Abort{Err: abort}
	})
	if !errors.Is(err, abort) {
		t.Errorf("abort: err = %v", err)
	}
	if _, err := Files(ws, []string{"missing.md"}); err == nil || err.(interface{ Hint() string }).Hint() == "" {
		t.Errorf("missing file: %v", err)
	}
}

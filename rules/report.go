package rules

import (
	"cmp"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/autofix/autofix/guard"
	"github.com/autofix/autofix/hint"
	"github.com/autofix/autofix/jsonfile"
)

// LoadShown is [Load] that also names the other candidate rulesets that
// the one read hides (see [Shadowed]), so the person can merge them.
func LoadShown(root *os.Root) (rs *Ruleset, shadowed []string, err error) {
	rs, err = Load(root)
	name := ""
	var se *SyntaxError
	switch {
	case err == nil && rs.Exists:
		name = rs.Name
	case errors.As(err, &se):
		name = se.Path
	}
	if name != "" {
		shadowed = Shadowed(root, name)
	}
	return rs, shadowed, err
}

// Supersede checks that rs has each rule of numbers and returns why with
// what the new rule supersedes.
func Supersede(rs *Ruleset, why string, numbers []int) (string, error) {
	for _, n := range slices.Compact(slices.Sorted(slices.Values(numbers))) {
		if !slices.ContainsFunc(rs.Rules, func(r Rule) bool { return r.Number == n }) {
			return "", hint.Wrap(fmt.Errorf("--supersedes %d: %s has no rule #%d", n, rs.Name, n), "see the rule numbers with 'autofix rules list'")
		}
		why = strings.TrimSpace(fmt.Sprintf("%s (supersedes rule %d)", why, n))
	}
	return why, nil
}

// Problems are every problem of the ruleset rs read from root, in entry
// order: its skipped entries, and what [Lint] finds in its file (with
// check, the test of a strict imperative).
func Problems(root *os.Root, rs *Ruleset, check func(instruction string) error) ([]Problem, error) {
	problems := rs.Skipped
	if !rs.Exists {
		return problems, nil
	}
	data, err := jsonfile.Read(root, rs.Name, MaxFileSize)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", rs.Name, err)
	}
	lint, err := Lint(rs.Name, data, check)
	if err != nil {
		return nil, err
	}
	problems = append(slices.Clip(problems), lint...)
	slices.SortStableFunc(problems, func(a, b Problem) int { return cmp.Compare(a.Index, b.Index) })
	return problems, nil
}

// View is one rule as JSON output shows it.
type View struct {
	Number       int    `json:"number"`
	Category     string `json:"category"`
	Instruction  string `json:"instruction"`
	Why          string `json:"why"`
	InForce      bool   `json:"in_force"`
	SupersededBy *int   `json:"superseded_by"`
	Path         string `json:"path,omitempty"`
	// Check is the rule's check, if it has one.
	Check *guard.Check `json:"check,omitempty"`
}

// ViewOf is r in force, recorded in path ("" to leave it out).
func ViewOf(r Rule, path string) View {
	return View{Number: r.Number, Category: r.Category, Instruction: r.Instruction, Why: r.Why, InForce: true, Path: path, Check: r.CheckOf()}
}

// Views are the rules of rs in file order, with what supersedes each.
func Views(rs []Rule) []View {
	sup := Resolve(rs)
	out := make([]View, 0, len(rs))
	for _, r := range rs {
		v := ViewOf(r, "")
		if by, ok := sup[r.Number]; ok {
			v.InForce, v.SupersededBy = false, &by
		}
		out = append(out, v)
	}
	return out
}

// CheckOf is r's check for output, nil when it has none.
func (r Rule) CheckOf() *guard.Check {
	if r.Check.IsZero() {
		return nil
	}
	return &r.Check
}

// Next is the number a rule appended now would get: one after the highest
// (a concurrent writer may take it first).
func Next(rs []Rule) int {
	next := 1
	for _, r := range rs {
		next = max(next, r.Number+1)
	}
	return next
}

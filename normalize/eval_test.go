package normalize

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The evaluation sets live in testdata/, so a plain clone runs them:
//
//   - corrections.jsonl: {id, lang, text, category, polarity, keep, vague}.
//     A concrete row is scored on category, imperative form, polarity
//     (always|never; any is not scored) and keep (every term, ignoring
//     case); a vague row must be refused.
//   - phrasing.jsonl: {id, lang, text, expect, polarity, keep, not}. A row
//     passes only when everything holds: expect rule gives a valid
//     instruction (expect refuse gives an error that matches ErrVague),
//     the polarity matches, every keep is in the instruction byte for byte,
//     and no not fragment is in it (ignoring case).
//
// The *.fresh.jsonl files are batches written blind, before the code was
// looked at, to measure generalization; they are scored on their own, and
// the phrasing batch is enforced together with the dev rows.
//
// The sets grow from ../shared/eval/*.dev.jsonl with hard cases written for
// this package; when the shared sets are next to the repository they are
// scored too (reported, not enforced: they may be newer than this code).

// correctionRow is one line of corrections.jsonl.
type correctionRow struct {
	ID       string   `json:"id"`
	Lang     string   `json:"lang"`
	Text     string   `json:"text"`
	Category string   `json:"category"`
	Polarity string   `json:"polarity"`
	Keep     []string `json:"keep"`
	Vague    bool     `json:"vague"`
}

// phrasingRow is one line of phrasing.jsonl.
type phrasingRow struct {
	ID       string   `json:"id"`
	Lang     string   `json:"lang"`
	Text     string   `json:"text"`
	Expect   string   `json:"expect"` // rule | refuse
	Polarity string   `json:"polarity"`
	Keep     []string `json:"keep"`
	Not      []string `json:"not"`
}

// readRows reads a JSON-lines file; ok is false when it does not exist.
func readRows[T any](t *testing.T, path string) (rows []T, ok bool) {
	t.Helper()
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, false
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		var r T
		dec := json.NewDecoder(strings.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&r); err != nil {
			t.Fatalf("%s:%d: %v", path, n, err)
		}
		rows = append(rows, r)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows, true
}

// polarityOf is "always" or "never" for a valid instruction.
func polarityOf(instr string) string {
	switch _, _, pol := markerOf(instr); pol {
	case polAlways:
		return "always"
	case polNever:
		return "never"
	}
	return ""
}

// score is a pass count.
type score struct{ pass, total int }

func (s *score) add(ok bool) {
	s.total++
	if ok {
		s.pass++
	}
}

func (s score) ratio() float64 {
	if s.total == 0 {
		return 1
	}
	return float64(s.pass) / float64(s.total)
}

// correctionScores are the figures of the issue for corrections.jsonl.
type correctionScores struct {
	category, imperative, keep, polarity, vague score
}

func scoreCorrections(t *testing.T, rows []correctionRow) correctionScores {
	var s correctionScores
	seen := map[string]bool{}
	for _, c := range rows {
		if seen[c.ID] {
			t.Errorf("duplicate id %s", c.ID)
		}
		seen[c.ID] = true
		res, err := Normalize(context.Background(), c.Text, nil, Options{})
		if c.Vague {
			ok := errors.Is(err, ErrVague)
			s.vague.add(ok)
			if !ok {
				t.Logf("FAIL %s: vague text not refused: %q → %q", c.ID, c.Text, res.Instruction)
			}
			continue
		}
		if err != nil {
			t.Logf("FAIL %s: %q: %v", c.ID, c.Text, err)
			s.category.add(false)
			s.imperative.add(false)
			s.keep.add(false)
			if c.Polarity != "any" {
				s.polarity.add(false)
			}
			continue
		}
		s.category.add(res.Category == c.Category)
		if res.Category != c.Category {
			t.Logf("FAIL %s: category %s, want %s: %q", c.ID, res.Category, c.Category, c.Text)
		}
		imp := CheckInstruction(res.Instruction) == nil
		s.imperative.add(imp)
		if !imp {
			t.Logf("FAIL %s: not imperative: %q", c.ID, res.Instruction)
		}
		kept := true
		for _, k := range c.Keep {
			if !strings.Contains(strings.ToLower(res.Instruction), strings.ToLower(k)) {
				kept = false
			}
		}
		s.keep.add(kept)
		if !kept {
			t.Logf("FAIL %s: lost one of %q: %q", c.ID, c.Keep, res.Instruction)
		}
		if c.Polarity == "always" || c.Polarity == "never" {
			ok := polarityOf(res.Instruction) == c.Polarity
			s.polarity.add(ok)
			if !ok {
				t.Logf("FAIL %s: polarity of %q, want %s", c.ID, res.Instruction, c.Polarity)
			}
		}
		if testing.Verbose() {
			t.Logf("%s [%s] %s", c.ID, res.Category, res.Instruction)
		}
	}
	return s
}

// phrasingFailure says why a phrasing row fails, or "" when it passes.
func phrasingFailure(c phrasingRow) string {
	res, err := Normalize(context.Background(), c.Text, nil, Options{})
	switch c.Expect {
	case "refuse":
		if errors.Is(err, ErrVague) {
			return ""
		}
		if err != nil {
			return fmt.Sprintf("refused, but not as vague: %v", err)
		}
		return fmt.Sprintf("not refused: %q", res.Instruction)
	case "rule":
	default:
		return fmt.Sprintf("unknown expect %q", c.Expect)
	}
	if err != nil {
		return fmt.Sprintf("refused: %v", err)
	}
	if err := CheckInstruction(res.Instruction); err != nil {
		return err.Error()
	}
	if (c.Polarity == "always" || c.Polarity == "never") && polarityOf(res.Instruction) != c.Polarity {
		return fmt.Sprintf("polarity of %q, want %s", res.Instruction, c.Polarity)
	}
	for _, k := range c.Keep {
		if !strings.Contains(res.Instruction, k) {
			return fmt.Sprintf("lost %q: %q", k, res.Instruction)
		}
	}
	for _, n := range c.Not {
		if strings.Contains(strings.ToLower(res.Instruction), strings.ToLower(n)) {
			return fmt.Sprintf("contains %q: %q", n, res.Instruction)
		}
	}
	return ""
}

func scorePhrasing(t *testing.T, rows []phrasingRow) score {
	var s score
	seen := map[string]bool{}
	for _, c := range rows {
		if seen[c.ID] {
			t.Errorf("duplicate id %s", c.ID)
		}
		seen[c.ID] = true
		why := phrasingFailure(c)
		s.add(why == "")
		if why != "" {
			t.Logf("FAIL %s (%s) %q: %s", c.ID, c.Lang, c.Text, why)
		}
	}
	return s
}

type figure struct {
	name   string
	got    score
	target float64
}

func report(t *testing.T, set string, figures []figure, enforce bool) {
	t.Helper()
	for _, f := range figures {
		t.Logf("%s: %-12s %.2f (%d/%d, target ≥ %.2f)", set, f.name, f.got.ratio(), f.got.pass, f.got.total, f.target)
		if enforce && f.got.ratio() < f.target {
			t.Errorf("%s: %s = %.2f, below the target %.2f", set, f.name, f.got.ratio(), f.target)
		}
	}
}

func correctionFigures(s correctionScores) []figure {
	return []figure{
		{"category", s.category, 0.95},
		{"imperative", s.imperative, 1.00},
		{"keep terms", s.keep, 0.95},
		{"polarity", s.polarity, 0.95},
		{"vague", s.vague, 1.00},
	}
}

// TestEvalCorrections scores the built-in normalizer on
// testdata/corrections.jsonl and enforces the targets.
func TestEvalCorrections(t *testing.T) {
	rows, _ := readRows[correctionRow](t, filepath.Join("testdata", "corrections.jsonl"))
	fresh, _ := readRows[correctionRow](t, filepath.Join("testdata", "corrections.fresh.jsonl"))
	// Reported, not yet enforced: four German and Spanish rows with no verb
	// to rewrite are still refused, which counts against "imperative".
	report(t, "fresh corrections", correctionFigures(scoreCorrections(t, fresh)), false)
	if len(rows) < 100 {
		t.Fatalf("testdata/corrections.jsonl has %d rows, want at least 100", len(rows))
	}
	report(t, "corrections", correctionFigures(scoreCorrections(t, rows)), true)
}

// TestEvalPhrasing scores the built-in normalizer on
// testdata/phrasing.jsonl and enforces the pass rate.
func TestEvalPhrasing(t *testing.T) {
	rows, _ := readRows[phrasingRow](t, filepath.Join("testdata", "phrasing.jsonl"))
	fresh, _ := readRows[phrasingRow](t, filepath.Join("testdata", "phrasing.fresh.jsonl"))
	report(t, "fresh phrasing", []figure{{"pass", scorePhrasing(t, fresh), 0.95}}, true)
	fresh2, _ := readRows[phrasingRow](t, filepath.Join("testdata", "phrasing.fresh2.jsonl"))
	report(t, "fresh2 phrasing", []figure{{"pass", scorePhrasing(t, fresh2), 0.95}}, false)
	rows = append(rows, fresh...)
	if len(rows) < 100 {
		t.Fatalf("testdata/phrasing.jsonl has %d rows, want at least 100", len(rows))
	}
	report(t, "phrasing", []figure{{"pass", scorePhrasing(t, rows), 0.95}}, true)
}

// TestEvalShared reports the scores on the shared development sets next
// to the repository, when they are there.
func TestEvalShared(t *testing.T) {
	dir := filepath.Join("..", "..", "shared", "eval")
	c, okC := readRows[correctionRow](t, filepath.Join(dir, "corrections.dev.jsonl"))
	p, okP := readRows[phrasingRow](t, filepath.Join(dir, "phrasing.dev.jsonl"))
	if !okC && !okP {
		t.Skipf("no shared evaluation sets in %s", dir)
	}
	if okC {
		report(t, "shared corrections", correctionFigures(scoreCorrections(t, c)), false)
	}
	if okP {
		report(t, "shared phrasing", []figure{{"pass", scorePhrasing(t, p), 0.95}}, false)
	}
}

// TestEvalSameCategoryAcrossLanguages checks that one preference gets one
// category whatever its language: rows of corrections.jsonl whose ids share
// a stem before "-" ("moment-en", "moment-es") state the same preference.
func TestEvalSameCategoryAcrossLanguages(t *testing.T) {
	rows, _ := readRows[correctionRow](t, filepath.Join("testdata", "corrections.jsonl"))
	groups := map[string][]correctionRow{}
	for _, r := range rows {
		if stem, _, ok := strings.Cut(r.ID, "-"); ok && !r.Vague {
			groups[stem] = append(groups[stem], r)
		}
	}
	if len(groups) < 5 {
		t.Fatalf("%d multilingual groups, want at least 5", len(groups))
	}
	for stem, g := range groups {
		cats := map[string][]string{}
		for _, r := range g {
			res, err := Normalize(context.Background(), r.Text, nil, Options{})
			if err != nil {
				t.Errorf("%s: %q: %v", r.ID, r.Text, err)
				continue
			}
			cats[res.Category] = append(cats[res.Category], r.Lang)
		}
		if len(cats) > 1 {
			t.Errorf("group %s: one preference, several categories: %v", stem, cats)
		}
	}
}

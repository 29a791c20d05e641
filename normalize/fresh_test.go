package normalize

import (
	"path/filepath"
	"testing"
)

func TestEvalFreshTmp(t *testing.T) {
	c, _ := readRows[correctionRow](t, filepath.Join("testdata", "corrections.fresh.jsonl"))
	p, _ := readRows[phrasingRow](t, filepath.Join("testdata", "phrasing.fresh.jsonl"))
	report(t, "fresh corrections", correctionFigures(scoreCorrections(t, c)), false)
	report(t, "fresh phrasing", []figure{{"pass", scorePhrasing(t, p), 0.95}}, false)
}

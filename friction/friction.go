// Package friction maps where the agent keeps stumbling: the failed tool
// calls of the activity log, grouped by tool, file and outcome code, week
// by week (ISO weeks, UTC). A failure that named no file is grouped under
// the empty file.
package friction

import (
	"cmp"
	"fmt"
	"slices"
	"time"

	"github.com/autofix/autofix/activity"
)

// Key groups failures.
type Key struct {
	Tool string `json:"tool"`
	File string `json:"file"`
	Code string `json:"code"`
	// Week is the ISO week, "2026-W49".
	Week string `json:"week"`
}

// Entry is one group and how many failures it holds.
type Entry struct {
	Key
	Count int `json:"count"`
}

// Week is the ISO week of t, "2026-W49".
func Week(t time.Time) string {
	y, w := t.UTC().ISOWeek()
	return fmt.Sprintf("%d-W%02d", y, w)
}

// Failed says whether r is a failed tool call.
func Failed(r activity.Record) bool {
	return r.Event == activity.Tool && r.Outcome != "" && r.Outcome != activity.OK
}

// Map groups the failures recorded at or after since (zero: all), newest
// week first, then the most failures, then tool, file and code.
func Map(records []activity.Record, since time.Time) []Entry {
	counts := map[Key]int{}
	for _, r := range records {
		if !Failed(r) || r.Time.Before(since) {
			continue
		}
		files := r.Paths
		if len(files) == 0 {
			files = []string{""}
		}
		for _, f := range files {
			counts[Key{Tool: r.Tool, File: f, Code: r.Outcome, Week: Week(r.Time)}]++
		}
	}
	out := make([]Entry, 0, len(counts))
	for k, n := range counts {
		out = append(out, Entry{Key: k, Count: n})
	}
	slices.SortFunc(out, func(a, b Entry) int {
		return cmp.Or(cmp.Compare(b.Week, a.Week), cmp.Compare(b.Count, a.Count),
			cmp.Compare(a.Tool, b.Tool), cmp.Compare(a.File, b.File), cmp.Compare(a.Code, b.Code))
	})
	return out
}

// Miss is a rule delivered for a file in turns that still failed on that
// file: the evidence that the rule did not help there (the learned
// weights use it).
type Miss struct {
	Rule  string `json:"rule"`
	File  string `json:"file"`
	Turns int    `json:"turns"`
}

// Misses lists, per rule and file, the turns in which the rule was
// delivered for the file (before it was written) and a later tool call of
// the same turn still failed on that file; most turns first.
func Misses(records []activity.Record) []Miss {
	type rf struct{ rule, file string }
	// Per session: the rules delivered for each file this turn, and the
	// pairs already counted this turn.
	delivered := map[string]map[string][]string{}
	counted := map[string]map[rf]bool{}
	turns := map[rf]int{}
	for _, r := range records {
		switch {
		case r.Event == activity.FileEdit && len(r.Rules) > 0:
			if delivered[r.Session] == nil {
				delivered[r.Session], counted[r.Session] = map[string][]string{}, map[rf]bool{}
			}
			for _, p := range r.Paths {
				delivered[r.Session][p] = append(delivered[r.Session][p], r.Rules...)
			}
		case Failed(r):
			for _, p := range r.Paths {
				for _, k := range delivered[r.Session][p] {
					if key := (rf{k, p}); !counted[r.Session][key] {
						counted[r.Session][key] = true
						turns[key]++
					}
				}
			}
		case r.Event == activity.Stop || r.Event == activity.SessionStart || r.Event == activity.SessionEnd:
			delete(delivered, r.Session)
			delete(counted, r.Session)
		}
	}
	out := make([]Miss, 0, len(turns))
	for k, n := range turns {
		out = append(out, Miss{Rule: k.rule, File: k.file, Turns: n})
	}
	slices.SortFunc(out, func(a, b Miss) int {
		return cmp.Or(cmp.Compare(b.Turns, a.Turns), cmp.Compare(a.Rule, b.Rule), cmp.Compare(a.File, b.File))
	})
	return out
}

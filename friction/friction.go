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

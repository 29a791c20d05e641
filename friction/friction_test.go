package friction

import (
	"slices"
	"testing"
	"time"

	"github.com/autofix/autofix/activity"
)

func TestMap(t *testing.T) {
	mon := time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC) // week 49
	prev := mon.Add(-3 * 24 * time.Hour)                 // Friday, week 48
	fail := func(at time.Time, tool, code string, paths ...string) activity.Record {
		return activity.Record{Time: at, Event: activity.Tool, Tool: tool, Outcome: code, Paths: paths}
	}
	rs := []activity.Record{
		fail(mon, "Edit", "not_found", "src/a.ts"),
		fail(mon.Add(time.Hour), "Edit", "not_found", "src/a.ts"),
		fail(mon, "Bash", "exit_nonzero"),
		fail(prev, "Edit", "not_found", "src/a.ts"),
		{Time: mon, Event: activity.Tool, Tool: "Edit", Outcome: activity.OK, Paths: []string{"src/a.ts"}},
		{Time: mon, Event: activity.Stop},
	}
	want := []Entry{
		{Key{"Edit", "src/a.ts", "not_found", "2026-W49"}, 2},
		{Key{"Bash", "", "exit_nonzero", "2026-W49"}, 1},
		{Key{"Edit", "src/a.ts", "not_found", "2026-W48"}, 1},
	}
	if got := Map(rs, time.Time{}); !slices.Equal(got, want) {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
	if got := Map(rs, mon); !slices.Equal(got, want[:2]) {
		t.Errorf("since: got %+v", got)
	}
}

func TestMisses(t *testing.T) {
	t0 := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	edit := func(s string, keys ...string) activity.Record {
		return activity.Record{Time: t0, Session: s, Event: activity.FileEdit, Rules: keys, Paths: []string{"a.go"}}
	}
	fail := func(s, p string) activity.Record {
		return activity.Record{Time: t0, Session: s, Event: activity.Tool, Tool: "Edit", Outcome: "conflict", Paths: []string{p}}
	}
	stop := func(s string) activity.Record { return activity.Record{Time: t0, Session: s, Event: activity.Stop} }
	rs := []activity.Record{
		edit("s", "project:1"), fail("s", "a.go"), fail("s", "a.go"), fail("s", "b.go"), stop("s"),
		edit("s", "project:1", "project:2"), fail("s", "a.go"), stop("s"),
		// Failed after the turn ended: not this delivery's turn.
		edit("t", "project:3"), stop("t"), fail("t", "a.go"),
	}
	want := []Miss{{Rule: "project:1", File: "a.go", Turns: 2}, {Rule: "project:2", File: "a.go", Turns: 1}}
	if got := Misses(rs); !slices.Equal(got, want) {
		t.Errorf("got %+v, want %+v", got, want)
	}
}

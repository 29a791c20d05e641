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

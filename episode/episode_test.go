package episode

import (
	"slices"
	"testing"
	"time"

	"github.com/autofix/autofix/activity"
)

func TestJoinAndFind(t *testing.T) {
	t0 := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	at := func(m int) time.Time { return t0.Add(time.Duration(m) * time.Minute) }
	write := func(m int, s, p, code string) activity.Record {
		return activity.Record{Time: at(m), Session: s, Event: activity.Tool, Tool: "Edit", Wrote: true, Outcome: code, Paths: []string{p}}
	}
	rs := []activity.Record{
		{Time: at(0), Session: "a", Event: activity.Prompt, Work: activity.Migration, Prompt: "add a migration for the orders table", Rules: []string{"project:1"}},
		write(1, "a", "db/migrations/001_orders.sql", activity.OK),
		{Time: at(2), Session: "a", Event: activity.FileEdit, Rules: []string{"project:3"}, Paths: []string{"db/schema.sql"}},
		write(3, "a", "db/schema.sql", "exit_nonzero"),
		{Time: at(4), Session: "a", Event: activity.Stop},
		// Same session, same work, overlapping file: the same episode.
		{Time: at(5), Session: "a", Event: activity.Prompt, Work: activity.Migration, Prompt: "fix the migration", Rules: []string{"project:1"}},
		write(6, "a", "db/migrations/001_orders.sql", activity.OK),
		{Time: at(7), Session: "a", Event: activity.Stop},
		// Other work: a new episode.
		{Time: at(8), Session: "a", Event: activity.Prompt, Work: activity.Docs, Prompt: "document the orders api"},
		write(9, "a", "README.md", activity.OK),
		{Time: at(10), Session: "a", Event: activity.Stop},
		// Another session, unfinished.
		{Time: at(11), Session: "b", Event: activity.Prompt, Work: activity.Migration, Prompt: "add a migration for users"},
	}
	eps := Join(rs)
	if len(eps) != 3 {
		t.Fatalf("got %d episodes: %+v", len(eps), eps)
	}
	e := eps[0]
	if e.Prompt != "add a migration for the orders table" || e.WorkType != activity.Migration || e.Outcome != activity.OK ||
		!slices.Equal(e.Files, []string{"db/migrations/001_orders.sql"}) || !slices.Equal(e.Rules, []string{"project:1", "project:3"}) || !e.Started.Equal(at(0)) {
		t.Errorf("first episode %+v", e)
	}
	if eps[1].WorkType != activity.Docs || eps[2].Outcome != Open {
		t.Errorf("got %+v", eps[1:])
	}
	got := Find(eps, "how did we add the orders migration")
	if len(got) != 3 || got[0].Prompt != e.Prompt {
		t.Errorf("find: %+v", got)
	}
	// Function words alone name nothing: all, newest first.
	if got := Find(eps, "how did we do this last time"); len(got) != 3 || got[0].Outcome != Open {
		t.Errorf("function words: %+v", got)
	}
	// A word in one episode outranks one in every episode.
	if got := Find(eps, "document migration"); len(got) != 3 || got[0].WorkType != activity.Docs {
		t.Errorf("rarest first: %+v", got)
	}
	if got := Find(eps, "readme"); len(got) != 1 || got[0].WorkType != activity.Docs {
		t.Errorf("find by file: %+v", got)
	}
	if got := Find(eps, ""); len(got) != 3 || got[0].Outcome != Open {
		t.Errorf("all, newest first: %+v", got)
	}
}

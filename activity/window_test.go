package activity

import (
	"reflect"
	"testing"
	"time"
)

func TestWindows(t *testing.T) {
	at := func(m int) time.Time { return day.Add(time.Duration(m) * time.Minute) }
	log := Log{Records: []Record{
		{Time: at(0), Session: "s", Event: SessionStart, Rules: []string{"project:1", "project:2"}, Via: ViaSession},
		{Time: at(1), Session: "s", Event: Prompt, Rules: []string{"project:1"}, Via: ViaPrompt, Work: Dependency},
		// A subagent's delivery mid-turn closes nothing.
		{Time: at(1), Session: "s", Event: Subagent, Rules: []string{"project:1"}, Via: ViaSubagent},
		{Time: at(1), Session: "other", Event: Tool, Tool: "Bash", Outcome: ExitNonzero},
		{Time: at(2), Session: "s", Event: Tool, Tool: "Edit", Outcome: OK, Wrote: true, Paths: []string{"package.json"}},
		{Time: at(3), Session: "s", Event: Tool, Tool: "Bash", Outcome: ExitNonzero},
		{Time: at(4), Session: "s", Event: Tool, Tool: "Edit", Outcome: OK, Wrote: true, Paths: []string{"package.json"}},
		{Time: at(5), Session: "s", Event: Stop, Referenced: []string{"project:2"}},
		{Time: at(6), Session: "s", Event: Prompt, Rules: []string{"project:2"}, Via: ViaPrompt, Work: Docs},
		{Time: at(7), Session: "s", Event: SessionEnd},
		{Time: at(8), Session: "s", Event: Tool, Tool: "Read", Outcome: OK},
	}}
	ws := log.Windows()
	if len(ws) != 4 {
		t.Fatalf("%d windows, want 4: %+v", len(ws), ws)
	}
	start, prompt, open := ws[0], ws[1], ws[3]
	if sub := ws[2]; sub.Via != ViaSubagent || sub.Closed == nil || sub.Tools != 3 {
		t.Errorf("subagent window = %+v", sub)
	}
	closed := at(5)
	if start.Closed == nil || !start.Closed.Equal(closed) || start.Tools != 3 || start.Failures[ExitNonzero] != 1 ||
		!reflect.DeepEqual(start.Edited, []string{"package.json"}) || !reflect.DeepEqual(start.Referenced, []string{"project:2"}) || start.Work != Dependency {
		t.Errorf("session start window = %+v", start)
	}
	if prompt.Tools != 3 || len(prompt.Referenced) != 0 || prompt.Work != Dependency || prompt.Via != ViaPrompt {
		t.Errorf("prompt window = %+v (project:2 was not its rule)", prompt)
	}
	if open.Closed != nil || open.Tools != 0 {
		t.Errorf("window of an ended session = %+v, want no turn end and no tools", open)
	}
}

package hook

import (
	"maps"
	"path/filepath"
	"slices"
	"time"

	"github.com/autofix/autofix/activity"
	"github.com/autofix/autofix/brief"
	"github.com/autofix/autofix/guard"
)

// turnFoldBytes bounds what a turn's end folds into the learned weights:
// a turn's records are a few kilobytes; a backlog is caught up over
// several turns rather than in one hook.
const turnFoldBytes = 256 << 10

// Recorder writes what the hooks deliver and what happens next into a
// workspace's activity log, on this machine only.
type Recorder struct {
	// Store is the workspace's activity log.
	Store activity.Store
	// Root is the workspace root; Dir the directory the agent works in.
	Root, Dir string
	// Prompts keeps the prompt's text in the log (config: activity.prompts).
	Prompts bool
	// Sessions are what each session received.
	Sessions Sessions
	// Terms are the distinctive terms of the delivered rules (keys in
	// delivered) among those in force (brief.DeliveredTerms), by which a
	// turn's end finds the rules it referenced; nil means by marker only.
	Terms func(delivered map[string]bool) map[string][]string
	// Now is the clock's reading.
	Now time.Time
}

// Record appends one record of ev, with the keys of the rules delivered
// (none for an event autofix only records). A turn's end (Stop) also
// records the rules the assistant referenced, and folds the turn's closed
// windows into the learned weights that the next prompt's hook reads.
func (rec Recorder) Record(ev Event, keys []string) error {
	r := activity.Record{
		Time: rec.Now.UTC(), Agent: string(ev.Agent), Session: ev.SessionID,
		Rules: keys, Tool: ev.Tool, Outcome: ev.Outcome,
		Paths: activity.WorkspacePaths(rec.Root, rec.Dir, ev.Files),
	}
	var err error
	switch ev.Kind {
	case SessionStart:
		r.Event, r.Via = activity.SessionStart, activity.ViaSession
	case SubagentStart:
		r.Event, r.Via = activity.Subagent, activity.ViaSubagent
	case PromptSubmit:
		r.Event, r.Via = activity.Prompt, activity.ViaPrompt
		if rec.Prompts {
			r.Prompt = ev.Prompt
		}
		r.Work = activity.Classify(ev.Prompt, nil)
	case FileEdit:
		r.Event, r.Via = activity.FileEdit, activity.ViaFile
		r.Work = activity.Classify("", r.Paths)
	case ToolDone:
		r.Event, r.Wrote = activity.Tool, ev.Wrote
	case TurnEnd:
		r.Event = activity.Stop
		if r.Referenced, err = rec.referenced(ev); err != nil {
			return err
		}
	case SessionEnd:
		r.Event = activity.SessionEnd
	default:
		return nil
	}
	if len(keys) == 0 {
		r.Via = ""
	}
	if err := rec.Store.Append(r); err != nil {
		return err
	}
	if r.Event == activity.Stop {
		_, err = rec.Store.Fold(r.Time, turnFoldBytes)
	}
	return err
}

// Guard records a tool call that guardrails denied or warned about (d):
// the tool, its workspace paths and the rules' keys, never the command or
// the content. A decision with neither is not recorded.
func (rec Recorder) Guard(ev Event, files []string, d guard.Decision) error {
	denied, warned := d.Keys(guard.ActionDeny), d.Keys(guard.ActionWarn)
	if len(denied)+len(warned) == 0 {
		return nil
	}
	return rec.Store.Append(activity.Record{
		Time: rec.Now.UTC(), Agent: string(ev.Agent), Session: ev.SessionID, Event: activity.Guard,
		Tool: ev.Tool, Denied: denied, Warned: warned, Paths: activity.WorkspacePaths(rec.Root, rec.Dir, files),
	})
}

// referenced lists the rules the session received that the assistant
// referenced in the turn that ev ends: by marker, or by their distinctive
// terms (Terms).
func (rec Recorder) referenced(ev Event) ([]string, error) {
	seen, err := rec.Sessions.Delivered(ev.SessionID, rec.Now)
	if err != nil || len(seen) == 0 {
		return nil, err
	}
	keys := slices.Sorted(maps.Keys(seen))
	path := ev.TranscriptPath
	if !filepath.IsAbs(path) {
		path = ""
	}
	var byTerms func(string) []string
	if rec.Terms != nil {
		if terms := rec.Terms(seen); len(terms) > 0 {
			byTerms = func(text string) []string { return brief.Mentioned(text, terms) }
		}
	}
	return activity.Referenced(path, ev.LastMessage, keys, byTerms)
}

package activity

import (
	"slices"
	"time"
)

// Window is one delivery and what followed it in its session, up to the
// end of the turn.
type Window struct {
	Session string `json:"session"`
	// Opened is when the rules were delivered, Via by which path, Work for
	// which work type (for a session start, the work type of the files the
	// turn edited).
	Opened time.Time `json:"opened"`
	Via    string    `json:"via"`
	Work   WorkType  `json:"work"`
	Rules  []string  `json:"rules"`
	// Closed is when the turn ended (Stop); nil while open, or when the
	// session ended or the log ends before a Stop.
	Closed *time.Time `json:"closed"`
	// Tools counts the tool calls after the delivery; Failures the failed
	// ones by outcome code.
	Tools    int            `json:"tools"`
	Failures map[string]int `json:"failures"`
	// Edited are the files edited, each once.
	Edited []string `json:"edited"`
	// Referenced are the window's rules the assistant referenced.
	Referenced []string `json:"referenced"`
}

// Windows folds the log into delivery windows, in the order they opened.
func (l Log) Windows() []Window {
	var all []*Window
	open := map[string][]*Window{} // by session
	for _, r := range l.Records {
		switch {
		case len(r.Rules) > 0:
			if r.Event == SessionStart {
				delete(open, r.Session) // resumed, cleared or compacted
			}
			w := &Window{Session: r.Session, Opened: r.Time, Via: r.Via, Work: r.Work, Rules: r.Rules,
				Failures: map[string]int{}, Edited: []string{}, Referenced: []string{}}
			all = append(all, w)
			open[r.Session] = append(open[r.Session], w)
		case r.Event == Tool:
			for _, w := range open[r.Session] {
				w.Tools++
				if r.Outcome != OK && r.Outcome != "" {
					w.Failures[r.Outcome]++
				}
				if r.Wrote && (r.Outcome == OK || r.Outcome == "") {
					for _, p := range r.Paths {
						if !slices.Contains(w.Edited, p) {
							w.Edited = append(w.Edited, p)
						}
					}
				}
			}
		case r.Event == Stop:
			for _, w := range open[r.Session] {
				closed := r.Time
				w.Closed = &closed
				for _, k := range r.Referenced {
					if slices.Contains(w.Rules, k) {
						w.Referenced = append(w.Referenced, k)
					}
				}
				if w.Work == "" || w.Work == OtherWork {
					w.Work = Classify("", w.Edited)
				}
			}
			delete(open, r.Session)
		case r.Event == SessionEnd || r.Event == SessionStart:
			// A session that ends, or starts again, closes nothing: what
			// was open had no turn end.
			delete(open, r.Session)
		}
	}
	out := make([]Window, len(all))
	for i, w := range all {
		out[i] = *w
	}
	return out
}

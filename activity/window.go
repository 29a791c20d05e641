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
	// Files are the files the delivery was for (a delivery before a file
	// is written); FailedFiles the files that failed tool calls named, each
	// once; EndFailed says the turn's last tool call failed.
	Files       []string `json:"files,omitempty"`
	FailedFiles []string `json:"failed_files,omitempty"`
	EndFailed   bool     `json:"end_failed,omitempty"`
}

// maxWindowFiles bounds each file list of a window.
const maxWindowFiles = 64

// Windows folds the log into delivery windows, in the order they opened.
func (l Log) Windows() []Window {
	var all []*Window
	f := windowFold{}
	for _, r := range l.Records {
		if w, _ := f.add(r); w != nil {
			all = append(all, w)
		}
	}
	out := make([]Window, len(all))
	for i, w := range all {
		out[i] = *w
	}
	return out
}

// windowFold folds records into windows one at a time; Open are the
// windows of each session still waiting for their turn's end.
type windowFold struct {
	Open map[string][]*Window `json:"open"`
}

// add folds r in: the window it opened, if any, and those it closed.
func (f *windowFold) add(r Record) (opened *Window, closed []*Window) {
	if f.Open == nil {
		f.Open = map[string][]*Window{}
	}
	switch {
	case len(r.Rules) > 0:
		if r.Event == SessionStart {
			delete(f.Open, r.Session) // resumed, cleared or compacted
		}
		w := &Window{Session: r.Session, Opened: r.Time, Via: r.Via, Work: r.Work, Rules: r.Rules,
			Failures: map[string]int{}, Edited: []string{}, Referenced: []string{}}
		if r.Via == ViaFile {
			w.Files = addFiles(nil, r.Paths)
		}
		f.Open[r.Session] = append(f.Open[r.Session], w)
		return w, nil
	case r.Event == Tool:
		failed := r.Outcome != OK && r.Outcome != ""
		for _, w := range f.Open[r.Session] {
			w.Tools++
			w.EndFailed = failed
			if failed {
				w.Failures[r.Outcome]++
				w.FailedFiles = addFiles(w.FailedFiles, r.Paths)
			}
			if r.Wrote && !failed {
				w.Edited = addFiles(w.Edited, r.Paths)
			}
		}
	case r.Event == Stop:
		for _, w := range f.Open[r.Session] {
			at := r.Time
			w.Closed = &at
			for _, k := range r.Referenced {
				if slices.Contains(w.Rules, k) && !slices.Contains(w.Referenced, k) {
					w.Referenced = append(w.Referenced, k)
				}
			}
			if w.Work == "" || w.Work == OtherWork {
				w.Work = Classify("", w.Edited)
			}
		}
		closed = f.Open[r.Session]
		delete(f.Open, r.Session)
	case r.Event == SessionEnd || r.Event == SessionStart:
		// A session that ends, or starts again, closes nothing: what
		// was open had no turn end.
		delete(f.Open, r.Session)
	}
	return nil, closed
}

// addFiles adds paths to list, each once, up to maxWindowFiles.
func addFiles(list, paths []string) []string {
	for _, p := range paths {
		if len(list) < maxWindowFiles && !slices.Contains(list, p) {
			list = append(list, p)
		}
	}
	return list
}

// Package episode joins the turns of the activity log into episodes, the
// record of how something was done: consecutive turns of one session, of
// the same work type, whose files overlap (or that edited none), are one
// episode. [Find] answers "how did we do this last time" by the words of
// a query in an episode's prompt and files.
package episode

import (
	"cmp"
	"math"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/autofix/autofix/activity"
)

// The outcomes of an episode besides a tool's outcome code.
const (
	// Open is an episode whose last turn has not ended.
	Open = "open"
	// NoTools is an episode that called no tool.
	NoTools = "no_tools"
)

// Episode is related turns joined.
type Episode struct {
	Started  time.Time         `json:"started"`
	Session  string            `json:"-"`
	Prompt   string            `json:"prompt"`
	WorkType activity.WorkType `json:"work_type"`
	Files    []string          `json:"files"`
	// Outcome is the outcome code of the last tool call ("ok",
	// "exit_nonzero", …), [NoTools] or [Open].
	Outcome string   `json:"outcome"`
	Rules   []string `json:"rules"`
	ended   bool
}

type turn struct {
	Episode
	last string // outcome of the last tool call
}

// Join folds the log into episodes, oldest first.
func Join(records []activity.Record) []Episode {
	var turns []*turn
	open := map[string]*turn{}
	for _, r := range records {
		t := open[r.Session]
		switch r.Event {
		case activity.Prompt:
			t = &turn{Episode: Episode{Started: r.Time, Session: r.Session, Prompt: r.Prompt, WorkType: r.Work, Files: []string{}, Rules: []string{}}}
			turns = append(turns, t)
			open[r.Session] = t
		case activity.FileEdit:
		case activity.Tool:
			if t == nil {
				continue
			}
			t.last = r.Outcome
			if t.last == "" {
				t.last = activity.OK
			}
			if r.Wrote && t.last == activity.OK {
				for _, p := range r.Paths {
					if !slices.Contains(t.Files, p) {
						t.Files = append(t.Files, p)
					}
				}
			}
			continue
		case activity.Stop:
			if t != nil {
				t.ended = true
				delete(open, r.Session)
			}
			continue
		case activity.SessionStart, activity.SessionEnd:
			delete(open, r.Session)
			continue
		default:
			continue
		}
		if t = open[r.Session]; t != nil {
			for _, k := range r.Rules {
				if !slices.Contains(t.Rules, k) {
					t.Rules = append(t.Rules, k)
				}
			}
		}
	}
	var out []Episode
	last := map[string]int{} // session → index in out of its last episode
	for _, t := range turns {
		if t.WorkType == "" || t.WorkType == activity.OtherWork {
			if w := activity.Classify("", t.Files); w != "" {
				t.WorkType = w
			}
		}
		t.Outcome = t.last
		if t.Outcome == "" {
			t.Outcome = NoTools
		}
		if !t.ended {
			t.Outcome = Open
		}
		if i, ok := last[t.Session]; ok && i == len(out)-1 && related(&out[i], &t.Episode) {
			e := &out[i]
			for _, f := range t.Files {
				if !slices.Contains(e.Files, f) {
					e.Files = append(e.Files, f)
				}
			}
			for _, k := range t.Rules {
				if !slices.Contains(e.Rules, k) {
					e.Rules = append(e.Rules, k)
				}
			}
			if t.Outcome != NoTools || e.Outcome == Open {
				e.Outcome = t.Outcome
			}
			continue
		}
		out = append(out, t.Episode)
		last[t.Session] = len(out) - 1
	}
	return out
}

// related says whether turn t continues episode e: the same work type,
// and files that overlap, or no files yet on either side.
func related(e, t *Episode) bool {
	if e.WorkType != t.WorkType {
		return false
	}
	if len(e.Files) == 0 || len(t.Files) == 0 {
		return true
	}
	for _, f := range t.Files {
		if slices.Contains(e.Files, f) {
			return true
		}
	}
	return false
}

// Find returns the episodes whose prompt or files share a word of query
// (words of three letters or more, not a question's function words), the
// rarest shared words first (a word in every episode says little), then
// the newest; with a query of no other words, all, newest first.
func Find(episodes []Episode, query string) []Episode {
	var q []string
	for _, w := range words(query) {
		if !stopWords[w] {
			q = append(q, w)
		}
	}
	have := make([][]string, len(episodes))
	df := map[string]int{}
	for i, e := range episodes {
		have[i] = words(e.Prompt + " " + strings.Join(e.Files, " "))
		for _, w := range have[i] {
			df[w]++
		}
	}
	type hit struct {
		e     Episode
		score float64
	}
	var hits []hit
	for i, e := range episodes {
		score := 0.0
		if len(q) > 0 {
			for _, w := range q {
				if slices.Contains(have[i], w) {
					score += 1 + math.Log(float64(len(episodes))/float64(df[w]))
				}
			}
			if score == 0 {
				continue
			}
		}
		hits = append(hits, hit{e, score})
	}
	slices.SortStableFunc(hits, func(a, b hit) int {
		return cmp.Or(cmp.Compare(b.score, a.score), b.e.Started.Compare(a.e.Started))
	})
	out := make([]Episode, len(hits))
	for i, h := range hits {
		out[i] = h.e
	}
	return out
}

// stopWords are the words of a question about the past that name nothing
// done: "how did we do this last time".
var stopWords = map[string]bool{
	"the": true, "and": true, "for": true, "with": true, "this": true, "that": true, "these": true, "those": true,
	"how": true, "did": true, "was": true, "were": true, "what": true, "when": true, "where": true, "which": true,
	"last": true, "time": true, "before": true, "again": true, "you": true, "our": true, "from": true, "into": true,
	"have": true, "has": true, "had": true, "does": true, "done": true, "about": true, "there": true, "then": true,
}

// words are the lower-cased words of s of three letters or more, each
// once; a path's segments and a file's name and extension are words.
func words(s string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if len([]rune(w)) >= 3 && !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	return out
}

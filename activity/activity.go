// Package activity records, on the person's machine, what autofix
// delivered to an agent and what happened next, and folds that record into
// the layers built on it (§10 of the spec).
//
// # What is stored
//
// One [Record] per hook event: when, which session, which event, the ids of
// the rules delivered (and by which path: session start, prompt, file), the
// work type ([Classify]), the tool's name and an outcome code ([Outcome]:
// ok, exit_nonzero, not_found, permission, timeout, conflict, other), the
// workspace-relative paths the tool named, at a turn's end the delivered
// rules the assistant referenced, and the first [PromptChars] characters of
// the prompt (dropped when the caller says so). Never a diff,
// a file's content or an error's text: the caller derives the codes and
// paths and hands over nothing else, and the record has no field that could
// hold them.
//
// # Where
//
// [Store.Dir] is a folder per workspace, named by a hash of the workspace
// identity, under the caller's state directory ($XDG_STATE_HOME/autofix/
// activity on Linux), never inside the repository. Folders are 0700, files
// 0600.
//
// # Why an append-only log
//
// Recording runs inside every agent hook, on the agent's critical path, with
// a budget of 2 ms. Opening a SQLite database costs about 10 ms per process;
// appending one line to a file opened with O_APPEND costs about 0.1 ms
// (BenchmarkAppend: open, one write, close, about 15 µs here). So a
// record is one JSON line written with a single write(2) to a file opened
// O_APPEND: the kernel places each write at the end of the file atomically,
// so many concurrent sessions append without a lock and without interleaving
// (a line is kept under [MaxLine] bytes). A crash or a full disk can at
// worst leave the last line torn; readers skip a line that does not parse
// and count it (and recover the whole record that a torn line ran into).
// Aggregates are folded lazily, when a command asks ([Store.Read], then
// [Log.Health] or [Log.Windows]); the learned weights incrementally, from
// where the last fold stopped ([Store.Fold], see "Learned weights"), which
// the hook does only at a turn's end and bounded. O_APPEND is atomic
// on local file systems; on NFS concurrent appends can overwrite each
// other, which costs records, never the log.
//
// # Delivery windows
//
// Each delivery (session start, prompt, file) opens a window; the turn's
// end (Stop) closes the session's open windows with the turn's tool calls,
// failures and files edited, and the delivered rules the assistant
// referenced (see [Referenced]; read from the transcript at Stop, since it
// may be gone later). Windows are folded from the log when asked
// ([Log.Windows]), so the hook only appends.
//
// # Bounds
//
// The log is split into one segment file per day (2026-12-01.jsonl), so
// forgetting old activity is deleting whole files: no rewrite, nothing to
// corrupt. When a record opens a new segment, or a segment grows past
// another megabyte, [Store.Prune] deletes segments older than [Limits.MaxAge]
// (90 days by default) and then the oldest ones while the total is over
// [Limits.MaxBytes] (20 MB). A day that alone reaches MaxBytes records
// nothing more that day.
//
// # Versions
//
// Every line carries its format version ("v"). A fold counts records of
// another version, and lines that do not parse, as skipped instead of
// mixing them in.
//
// # Learned weights
//
// A closed delivery window teaches something about a rule it delivered
// only when the assistant referenced the rule in the turn ([Window.Referenced]):
//
//   - referenced, and no tool call of the turn failed: a good outcome, +1
//     for the rule and the window's work type;
//   - referenced, and the turn failed on the files the rule is tied to: a
//     bad outcome, [BadOutcome] (a half) against it. The files a rule is
//     tied to are those it was delivered for (before a file was written),
//     else the files the turn edited; the turn failed on them when a failed
//     tool call named one, or when its last tool call failed (a build or a
//     test run, which names no file) after it edited one;
//   - anything else (not referenced; failures elsewhere; a window never
//     closed) is ambiguous and teaches nothing.
//
// A rule's weight for a work type is (good − bad) / (good + bad + [PriorCount]):
// cautious, so one good outcome gives 0.2 and only repeated ones approach
// 1, and one bad outcome after a good one lowers the weight (to 0.09) but
// does not erase it. Both counts decay with a half-life of [HalfLife], so
// what was learned fades unless it keeps being confirmed. The weight is
// bounded to [[MinWeight], 1]: brief adds it to a rule's score as a prior
// that only orders rules (it never decides whether a rule is selected for
// the task), so learning re-orders but never hides a rule the task needs.
// Each outcome also counts for [AnyWork], the weight used when there is no
// task yet (session start).
//
// # The cache
//
// Weights are folded lazily from the log ([Store.Weights]) and kept in one
// small file in the workspace's folder, weights.tsv (0600, replaced whole
// by a rename): a line of the fold's state (how far each segment was read,
// the windows still open) and a line per rule and work type (key, work
// type, the good and bad counts, when they were counted), which the hook
// reads before it selects ([Store.CachedFor]: only the lines of the
// task's work type, no JSON) without folding anything. A fold reads only the
// bytes appended since the last one, so the hook can afford it at a turn's
// end, bounded per call ([Store.Fold]'s maxBytes); commands fold all. The
// counts are bounded to [MaxTallies] rule × work type pairs, the weakest
// dropped. Forgetting the workspace's activity deletes the file.
//
// The package reads no process state: the caller passes the directory, the
// clock and the workspace.
package activity

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"
	"unicode/utf8"
)

// Version is the format version of the records this package writes.
const Version = 1

// PromptChars is how many characters of a prompt a record keeps.
const PromptChars = 200

// MaxLine bounds a record's line, newline included: under PIPE_BUF (4096
// on Linux), so that no append of one line is ever split.
const MaxLine = 4000

// The events a record notes.
const (
	SessionStart = "session_start"
	Subagent     = "subagent_start"
	Prompt       = "prompt"
	FileEdit     = "file_edit"
	Tool         = "tool"
	Stop         = "stop"
	SessionEnd   = "session_end"
	// Guard is a tool call that a guardrail denied or warned about
	// (Denied, Warned); the call itself is not stored, only its tool and
	// paths.
	Guard = "guard"
)

// The delivery paths of [Record.Via].
const (
	ViaSession  = "session"
	ViaSubagent = "subagent"
	ViaPrompt   = "prompt"
	ViaFile     = "file"
)

// Record is one hook event as stored. Its fields are all that is ever
// written: ids, codes, names and workspace-relative paths.
type Record struct {
	V       int       `json:"v"`
	Time    time.Time `json:"t"`
	Agent   string    `json:"agent,omitempty"`
	Session string    `json:"session,omitempty"`
	Event   string    `json:"event"`
	// Rules are the keys of the rules delivered (brief.Key), Via the path
	// they went by.
	Rules []string `json:"rules,omitempty"`
	Via   string   `json:"via,omitempty"`
	// Work is the work type of the prompt or the files ([Classify]).
	Work WorkType `json:"work,omitempty"`
	// Tool is the tool's name; Outcome its outcome code ([Outcome]);
	// Wrote says the tool edits files, so that Paths are files edited.
	Tool    string `json:"tool,omitempty"`
	Outcome string `json:"outcome,omitempty"`
	Wrote   bool   `json:"wrote,omitempty"`
	// Referenced (Stop) are the keys of the rules delivered in the session
	// that the assistant named in the turn ([Referenced]).
	Referenced []string `json:"referenced,omitempty"`
	// Denied and Warned (Guard) are the keys of the rules whose checks
	// denied the call or warned about it.
	Denied []string `json:"denied,omitempty"`
	Warned []string `json:"warned,omitempty"`
	// Paths are workspace-relative, slash-separated.
	Paths []string `json:"paths,omitempty"`
	// Prompt is the prompt's first PromptChars characters.
	Prompt string `json:"prompt,omitempty"`
	// Dropped counts the paths left out to keep the line under MaxLine.
	Dropped int `json:"dropped,omitempty"`
}

// Limits bound a store.
type Limits struct {
	MaxAge   time.Duration
	MaxBytes int64
}

// DefaultLimits are 90 days or 20 MB, whichever is reached first.
var DefaultLimits = Limits{MaxAge: 90 * 24 * time.Hour, MaxBytes: 20 << 20}

// Store is the activity log of one workspace.
type Store struct {
	// Dir is the workspace's folder; see [Open].
	Dir    string
	Limits Limits
}

// Open returns the store of the workspace with identity workspaceID under
// root (autofix's activity folder in the state directory). It touches no
// file.
func Open(root, workspaceID string) Store {
	return Store{Dir: filepath.Join(root, Folder(workspaceID)), Limits: DefaultLimits}
}

// Folder is the name of a workspace's folder: a hash of its identity, so
// that neither a remote URL nor a path shows in the file system.
func Folder(workspaceID string) string {
	sum := sha256.Sum256([]byte(workspaceID))
	return hex.EncodeToString(sum[:12])
}

// segmentName is the segment file of the day of t (UTC).
func segmentName(t time.Time) string { return t.UTC().Format("2006-01-02") + ".jsonl" }

// Append writes r, stamped with the current [Version], as one line at the
// end of its day's segment. It never blocks on other writers.
func (s Store) Append(r Record) error {
	r.V = Version
	line, err := encode(r)
	if err != nil {
		return err
	}
	path := filepath.Join(s.Dir, segmentName(r.Time))
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if errors.Is(err, fs.ErrNotExist) {
		if err = os.MkdirAll(s.Dir, 0o700); err == nil {
			f, err = os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
		}
	}
	if err != nil {
		return fmt.Errorf("open the activity log: %w", err)
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return fmt.Errorf("open the activity log: %w", err)
	}
	limits := s.limits()
	if fi.Size() >= limits.MaxBytes {
		// Today alone is at the bound: nothing more today.
		return f.Close()
	}
	_, werr := f.Write(line)
	cerr := f.Close()
	if werr != nil {
		return fmt.Errorf("append to the activity log: %w", werr)
	}
	if cerr != nil {
		return fmt.Errorf("append to the activity log: %w", cerr)
	}
	// A new segment, or another megabyte: time to enforce the bounds.
	before, after := fi.Size(), fi.Size()+int64(len(line))
	if before == 0 || before>>20 != after>>20 {
		return s.Prune(r.Time)
	}
	return nil
}

func (s Store) limits() Limits {
	l := s.Limits
	if l.MaxAge <= 0 {
		l.MaxAge = DefaultLimits.MaxAge
	}
	if l.MaxBytes <= 0 {
		l.MaxBytes = DefaultLimits.MaxBytes
	}
	return l
}

// encode renders r as one line under MaxLine: the prompt is cut to
// PromptChars characters; paths that do not fit are dropped and counted,
// then rule keys, then the prompt.
func encode(r Record) ([]byte, error) {
	// Ids and names are short; an agent's very long one is cut.
	r.Prompt, r.Session, r.Tool, r.Agent = truncate(r.Prompt, PromptChars), truncate(r.Session, 128), truncate(r.Tool, 128), truncate(r.Agent, 64)
	for shrunk := false; ; {
		b, err := json.Marshal(r)
		if err != nil {
			return nil, fmt.Errorf("encode an activity record: %w", err)
		}
		if len(b)+1 <= MaxLine {
			return append(b, '\n'), nil
		}
		if shrunk {
			return nil, fmt.Errorf("encode an activity record: %d bytes, more than %d", len(b)+1, MaxLine)
		}
		switch {
		case len(r.Paths) > 0:
			r.Paths = r.Paths[:len(r.Paths)-1]
			r.Dropped++
		case len(r.Rules) > 0 && len(r.Rules) >= len(r.Referenced):
			r.Rules = r.Rules[:len(r.Rules)/2]
		case len(r.Referenced) > 0:
			r.Referenced = r.Referenced[:len(r.Referenced)/2]
		default:
			r.Prompt, shrunk = "", true
		}
	}
}

// truncate keeps the first n characters of s.
func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	i := 0
	for k := range s {
		if i == n {
			return s[:k]
		}
		i++
	}
	return s
}

// Forget deletes the workspace's activity.
func (s Store) Forget() error {
	if err := os.RemoveAll(s.Dir); err != nil {
		return fmt.Errorf("delete %s: %w", s.Dir, err)
	}
	return nil
}

// ForgetAll deletes the activity of every workspace under root.
func ForgetAll(root string) error {
	if err := os.RemoveAll(root); err != nil {
		return fmt.Errorf("delete %s: %w", root, err)
	}
	return nil
}

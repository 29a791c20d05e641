// Package trust decides whether a workspace's project rules may reach an
// agent. A cloned repository's autofix.json is third-party text; like
// direnv with .envrc, autofix delivers it only after the person trusted
// that exact file, with that exact content.
//
// # Records
//
// A trust record is keyed by the ruleset's real (symlink-resolved) path and
// holds the SHA-256 of its content when it was trusted. Any change to the
// file (a pull, a hand edit) makes [Store.Check] answer [Changed] until the
// person trusts it again — except changes autofix wrote itself on the
// person's behalf, which [Store.Carry] records.
//
// A record also keeps the trusted rules' numbers, categories and
// instructions (bounded by [MaxRulesBytes]), so that trusting a changed
// file first shows what changed since ([Diff]).
//
// Records live in one JSON file in the personal config directory, written
// through [jsonfile.Update] (locked, atomic, mode 0600).
package trust

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/autofix/autofix/jsonfile"
	"github.com/autofix/autofix/rules"
)

// FileName is the trust file inside the config directory.
const FileName = "trust.json"

// State is the answer of [Store.Check].
type State int

const (
	// Untrusted: the person never trusted this ruleset (or revoked it).
	Untrusted State = iota
	// Trusted: the ruleset is trusted with its current content.
	Trusted
	// Changed: the ruleset was trusted, but its content changed since.
	Changed
)

func (s State) String() string {
	switch s {
	case Trusted:
		return "trusted"
	case Changed:
		return "changed since trusted"
	}
	return "not trusted"
}

// Entry is one trusted ruleset.
type Entry struct {
	// Path is the ruleset's absolute, symlink-resolved path.
	Path string `json:"path"`
	// SHA256 is the hex SHA-256 of the trusted content.
	SHA256 string `json:"sha256"`
	// TrustedAt is when the person trusted it.
	TrustedAt time.Time `json:"trusted_at"`
	// UpdatedAt is when autofix last carried trust over its own write;
	// zero when it never did.
	UpdatedAt time.Time `json:"updated_at,omitzero"`
	// Rules are the trusted content's rules, for [Diff]; nil when they
	// were not recorded (an older record, or over [MaxRulesBytes]).
	Rules []Rule `json:"rules,omitempty"`
}

// Rule is what a record keeps of one trusted rule.
type Rule struct {
	Number      int    `json:"n"`
	Category    string `json:"category"`
	Instruction string `json:"instruction"`
}

// MaxRulesBytes bounds the instructions one record keeps: a larger
// ruleset's rules are not recorded, and its next change is shown as "not
// recorded" instead of as a list.
const MaxRulesBytes = 64 << 10

// bounded returns rules when their text fits [MaxRulesBytes], else nil.
func bounded(rules []Rule) []Rule {
	n := 0
	for _, r := range rules {
		n += len(r.Instruction) + len(r.Category) + 16
	}
	if n > MaxRulesBytes {
		return nil
	}
	return slices.Clone(rules)
}

// Changes are what changed between two versions of a ruleset's rules,
// matched by number (numbers are never reused).
type Changes struct {
	Added   []Rule   `json:"added"`
	Changed []Change `json:"changed"`
	Removed []Rule   `json:"removed"`
}

// Change is a rule whose category or instruction changed.
type Change struct {
	Old Rule `json:"old"`
	New Rule `json:"new"`
}

// Empty reports whether nothing changed.
func (c Changes) Empty() bool { return len(c.Added)+len(c.Changed)+len(c.Removed) == 0 }

// Diff compares the rules trusted before with the current ones.
func Diff(old, cur []Rule) Changes {
	c := Changes{Added: []Rule{}, Changed: []Change{}, Removed: []Rule{}}
	before := make(map[int]Rule, len(old))
	for _, r := range old {
		before[r.Number] = r
	}
	now := make(map[int]bool, len(cur))
	for _, r := range cur {
		now[r.Number] = true
		o, ok := before[r.Number]
		switch {
		case !ok:
			c.Added = append(c.Added, r)
		case o.Category != r.Category || o.Instruction != r.Instruction:
			c.Changed = append(c.Changed, Change{Old: o, New: r})
		}
	}
	for _, r := range old {
		if !now[r.Number] {
			c.Removed = append(c.Removed, r)
		}
	}
	return c
}

type file struct {
	Version int     `json:"version"`
	Entries []Entry `json:"entries"`
}

// Store reads and writes the trust records of one person.
type Store struct {
	// Dir is the personal config directory that holds [FileName].
	Dir string
	// LockDir holds the sidecar lock files of [jsonfile.Update].
	LockDir string
	// Parsed is where [Store.Gate] keeps the rulesets it parses; the zero
	// Cache keeps none.
	Parsed rules.Cache
}

// Sum is the hex SHA-256 of content, as stored in an [Entry].
func Sum(content []byte) string {
	s := sha256.Sum256(content)
	return hex.EncodeToString(s[:])
}

// maxFile bounds the trust file: thousands of records fit in a few hundred
// kilobytes.
const maxFile = 4 << 20

// List returns the trust records, sorted by path.
func (s Store) List() ([]Entry, error) {
	f, err := s.read()
	if err != nil {
		return nil, err
	}
	return f.Entries, nil
}

func (s Store) read() (file, error) {
	var f file
	err := s.readInto(&f)
	return f, err
}

// readInto decodes the trust file into v, which is left as it is when
// there is no file.
func (s Store) readInto(v any) error {
	root, err := os.OpenRoot(s.Dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	} else if err != nil {
		return fmt.Errorf("open %s: %w", s.Dir, err)
	}
	defer root.Close()
	data, err := jsonfile.Read(root, FileName, maxFile)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	} else if err != nil {
		return fmt.Errorf("read trust records: %w", err)
	}
	return decodeInto(filepath.Join(s.Dir, FileName), data, v)
}

func decode(path string, data []byte) (file, error) {
	var f file
	if err := decodeInto(path, data, &f); err != nil {
		return file{}, err
	}
	return f, nil
}

func decodeInto(path string, data []byte, v any) error {
	if len(data) == 0 {
		return nil
	}
	if err := jsonfile.Decode(data, v); err != nil {
		return &Error{fmt.Errorf("%s:%w", path, err), "fix or delete the file, then run 'autofix trust' again in each workspace you trust"}
	}
	return nil
}

// Error is a problem with the trust file, with a next step.
type Error struct {
	err  error
	hint string
}

func (e *Error) Error() string { return e.err.Error() }
func (e *Error) Unwrap() error { return e.err }

// Hint says what the person can do.
func (e *Error) Hint() string { return e.hint }

// Check reports whether the ruleset at realPath with this content is
// trusted.
func (s Store) Check(realPath string, content []byte) (State, error) {
	return s.check(realPath, Sum(content))
}

// check is [Store.Check] of content whose hex SHA-256 is sum. Every
// prompt checks: it decodes only each record's path and hash, and skips
// the rules a record keeps (up to [MaxRulesBytes] each) and the times
// (BenchmarkCheck).
func (s Store) check(realPath, sum string) (State, error) {
	var f struct {
		Entries []struct {
			Path   string `json:"path"`
			SHA256 string `json:"sha256"`
		} `json:"entries"`
	}
	if err := s.readInto(&f); err != nil {
		return Untrusted, err
	}
	for _, e := range f.Entries {
		if e.Path == realPath {
			if e.SHA256 == sum {
				return Trusted, nil
			}
			return Changed, nil
		}
	}
	return Untrusted, nil
}

// Get returns the record for realPath, if there is one.
func (s Store) Get(realPath string) (Entry, bool, error) {
	f, err := s.read()
	if err != nil {
		return Entry{}, false, err
	}
	if i := f.find(realPath); i >= 0 {
		return f.Entries[i], true, nil
	}
	return Entry{}, false, nil
}

func (f *file) find(path string) int {
	return slices.IndexFunc(f.Entries, func(e Entry) bool { return e.Path == path })
}

// Trust records that the person trusts the ruleset at realPath with this
// content, replacing any earlier record for that path.
func (s Store) Trust(ctx context.Context, realPath string, content []byte, now time.Time) (Entry, error) {
	return s.TrustRules(ctx, realPath, content, nil, now)
}

// TrustRules is [Store.Trust] that also records the content's rules, for
// the [Diff] shown when it changes.
func (s Store) TrustRules(ctx context.Context, realPath string, content []byte, rules []Rule, now time.Time) (Entry, error) {
	e := Entry{Path: realPath, SHA256: Sum(content), TrustedAt: now.UTC(), Rules: bounded(rules)}
	err := s.update(ctx, func(f *file) bool {
		if i := f.find(realPath); i >= 0 {
			f.Entries[i] = e
		} else {
			f.Entries = append(f.Entries, e)
		}
		return true
	})
	return e, err
}

// Untrust removes the record for realPath and reports whether there was
// one.
func (s Store) Untrust(ctx context.Context, realPath string) (bool, error) {
	found := false
	err := s.update(ctx, func(f *file) bool {
		if i := f.find(realPath); i >= 0 {
			f.Entries = slices.Delete(f.Entries, i, i+1)
			found = true
		}
		return found
	})
	return found, err
}

// Carry keeps a ruleset trusted across a write autofix made itself (a rule
// the person added with `autofix learn`). replaced must be the exact bytes
// the write replaced, read under the same lock as the write, or nil when
// the write created the file; written is the new content.
//
// When replaced was trusted, the record moves to written's hash. When the
// write created the file, every rule in it is the person's own, so it
// becomes trusted. Otherwise (the file was untrusted or had changed before
// the write) nothing changes: a write by autofix never launders content
// the person did not trust. It reports whether written is now trusted.
func (s Store) Carry(ctx context.Context, realPath string, replaced, written []byte, now time.Time) (bool, error) {
	return s.CarryRules(ctx, realPath, replaced, written, nil, now)
}

// CarryRules is [Store.Carry] that also records written's rules when the
// record moves (nil keeps none).
func (s Store) CarryRules(ctx context.Context, realPath string, replaced, written []byte, rules []Rule, now time.Time) (bool, error) {
	trusted := false
	err := s.update(ctx, func(f *file) bool {
		i := f.find(realPath)
		switch {
		case replaced == nil:
			e := Entry{Path: realPath, SHA256: Sum(written), TrustedAt: now.UTC(), Rules: bounded(rules)}
			if i >= 0 {
				f.Entries[i] = e
			} else {
				f.Entries = append(f.Entries, e)
			}
		case i >= 0 && f.Entries[i].SHA256 == Sum(replaced):
			f.Entries[i].SHA256 = Sum(written)
			f.Entries[i].UpdatedAt = now.UTC()
			f.Entries[i].Rules = bounded(rules)
		default:
			return false
		}
		trusted = true
		return true
	})
	return trusted, err
}

// update applies fn to the records under the lock; fn reports whether it
// changed anything (nothing is written when it did not).
func (s Store) update(ctx context.Context, fn func(*file) bool) error {
	if err := os.MkdirAll(s.Dir, 0o700); err != nil {
		return fmt.Errorf("create %s: %w", s.Dir, err)
	}
	root, err := os.OpenRoot(s.Dir)
	if err != nil {
		return fmt.Errorf("open %s: %w", s.Dir, err)
	}
	defer root.Close()
	path := filepath.Join(s.Dir, FileName)
	errUnchanged := errors.New("unchanged")
	err = jsonfile.Update(ctx, root, FileName, jsonfile.Options{
		LockPath: jsonfile.LockPath(s.LockDir, path),
		Perm:     0o600,
		MaxSize:  maxFile,
	}, func(old []byte, exists bool) ([]byte, error) {
		f, err := decode(path, old)
		if err != nil {
			return nil, err
		}
		if !fn(&f) {
			return nil, errUnchanged
		}
		f.Version = 1
		slices.SortFunc(f.Entries, func(a, b Entry) int { return strings.Compare(a.Path, b.Path) })
		data, err := json.MarshalIndent(f, "", "  ")
		if err != nil {
			return nil, err
		}
		return append(data, '\n'), nil
	})
	if errors.Is(err, errUnchanged) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("update trust records: %w", err)
	}
	return nil
}

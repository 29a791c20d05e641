// Package me keeps a person's preferences: how they like to work, taught
// once in their own words and applied in all their workspaces or in chosen
// ones.
//
// # The store
//
// The preferences live in one versioned JSON file, [FileName], in a
// directory the caller names (autofix uses $XDG_CONFIG_HOME/autofix). The
// file is private to its owner (mode 0600, directory 0700). [Load] reads it;
// [Update] changes it atomically under a lock shared by every autofix
// process, so concurrent writers never lose a preference or reuse an id. A
// file that does not parse is reported with its line and column and is
// never overwritten.
//
// # Preferences
//
// A [Preference] has a stable id (p1, p2, …; never reused, even after a
// purge), a category, a strict imperative instruction, why, the person's
// original words, what normalized them, a [scope.Scope], a status (active or
// forgotten), what it supersedes or is superseded by, and a history of
// changes. The methods of [Store] change preferences in memory and take the
// time as an argument: [Store.Teach], [Store.SetScope], [Store.Forget],
// [Store.Purge]. [Store.Active] is what reaches an agent in a workspace.
package me

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"

	"github.com/autofix/autofix/jsonfile"
)

// FileName is the name of the store file in its directory.
const FileName = "preferences.json"

// Version is the store format this package writes. Files of older versions
// are migrated on read; newer ones are refused.
const Version = 1

// maxSize bounds the store file.
const maxSize = 8 << 20

// CorruptError is a store file that does not parse or does not make sense.
// The file is left untouched.
type CorruptError struct {
	Path string
	// Line and Col locate a syntax error; zero when the problem is not
	// syntax (a preference with an invalid field, say).
	Line, Col int
	Msg       string
}

func (e *CorruptError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d:%d: %s", e.Path, e.Line, e.Col, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.Path, e.Msg)
}

// Hint says what to do about a corrupt store.
func (e *CorruptError) Hint() string {
	return "fix the file by hand, or move it aside to start over; autofix does not overwrite it"
}

// NotFoundError is an id that names no preference.
type NotFoundError struct {
	ID string
	// Erased is true when the id was given out and its preference was
	// purged since.
	Erased bool
}

func (e *NotFoundError) Error() string {
	if e.Erased {
		return fmt.Sprintf("no preference %s: it was erased", e.ID)
	}
	return fmt.Sprintf("no preference %s", e.ID)
}

// Hint points to the list of every preference.
func (e *NotFoundError) Hint() string {
	return "see every preference and its id: autofix me list --all"
}

// Load reads the store in dir. A missing file or directory is an empty
// store.
func Load(dir string) (*Store, error) {
	path := filepath.Join(dir, FileName)
	root, err := os.OpenRoot(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return newStore(path), nil
	}
	if err != nil {
		return nil, fmt.Errorf("open preference directory: %w", err)
	}
	defer root.Close()
	data, err := jsonfile.Read(root, FileName, maxSize)
	if errors.Is(err, fs.ErrNotExist) {
		return newStore(path), nil
	}
	if err != nil {
		return nil, fmt.Errorf("read preferences: %w", err)
	}
	return decode(path, data)
}

// Update applies fn to the store in dir and writes the result atomically,
// under a lock file in lockDir. When fn returns an error nothing is written
// and Update returns it; when fn changes nothing, nothing is written either.
// The directory is created with mode 0700 and the file with 0600.
func Update(ctx context.Context, dir, lockDir string, fn func(*Store) error) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("create preference directory: %w", err)
	}
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return fmt.Errorf("resolve preference directory: %w", err)
	}
	if fi, err := os.Stat(real); err == nil && fi.Mode().Perm()&0o077 != 0 {
		// The directory holds a person's own words: keep it private.
		if err := os.Chmod(real, 0o700); err != nil {
			return fmt.Errorf("make %s private: %w", real, err)
		}
	}
	path := filepath.Join(dir, FileName)
	if fi, err := os.Lstat(path); err == nil && fi.Mode().IsRegular() && fi.Mode().Perm()&0o077 != 0 {
		// The atomic write keeps the mode of the file it replaces.
		if err := os.Chmod(path, 0o600); err != nil {
			return fmt.Errorf("make %s private: %w", path, err)
		}
	}
	root, err := os.OpenRoot(real)
	if err != nil {
		return fmt.Errorf("open preference directory: %w", err)
	}
	defer root.Close()
	opts := jsonfile.Options{
		LockPath: jsonfile.LockPath(lockDir, filepath.Join(real, FileName)),
		Perm:     0o600,
		MaxSize:  maxSize,
	}
	err = jsonfile.Update(ctx, root, FileName, opts, func(old []byte, exists bool) ([]byte, error) {
		s := newStore(path)
		if exists {
			var err error
			if s, err = decode(path, old); err != nil {
				return nil, err
			}
		}
		if err := fn(s); err != nil {
			return nil, err
		}
		data, err := s.encode()
		if err != nil {
			return nil, err
		}
		if exists && bytes.Equal(data, old) {
			return nil, errUnchanged
		}
		return data, nil
	})
	if errors.Is(err, errUnchanged) {
		return nil
	}
	return err
}

var errUnchanged = errors.New("unchanged")

// file is the on-disk format.
type file struct {
	Version     int          `json:"version"`
	NextID      int          `json:"next_id"`
	Preferences []Preference `json:"preferences"`
}

func newStore(path string) *Store { return &Store{path: path, next: 1} }

func decode(path string, data []byte) (*Store, error) {
	var f file
	if err := jsonfile.Decode(data, &f); err != nil {
		var se *jsonfile.SyntaxError
		if errors.As(err, &se) {
			return nil, &CorruptError{Path: path, Line: se.Line, Col: se.Col, Msg: se.Msg}
		}
		return nil, &CorruptError{Path: path, Msg: err.Error()}
	}
	if f.Version > Version {
		return nil, &CorruptError{Path: path, Msg: fmt.Sprintf("format version %d is newer than this autofix understands (%d); upgrade autofix", f.Version, Version)}
	}
	s := &Store{path: path, next: max(f.NextID, 1), prefs: f.Preferences}
	// Creation order, even if the file was edited by hand.
	slices.SortStableFunc(s.prefs, func(a, b Preference) int { return cmp.Compare(a.Seq(), b.Seq()) })
	seen := make(map[int]bool, len(s.prefs))
	for i := range s.prefs {
		p := &s.prefs[i]
		n, ok := parseID(p.ID)
		if !ok {
			return nil, &CorruptError{Path: path, Msg: fmt.Sprintf("preference %d has an invalid id %q", i+1, p.ID)}
		}
		if seen[n] {
			return nil, &CorruptError{Path: path, Msg: fmt.Sprintf("preference %d repeats the id %s", i+1, p.ID)}
		}
		seen[n] = true
		p.ID = "p" + strconv.Itoa(n)
		// The counter never goes back, even if the file was edited.
		s.next = max(s.next, n+1)
		if err := p.Scope.Validate(); err != nil {
			return nil, &CorruptError{Path: path, Msg: fmt.Sprintf("preference %s: %v", p.ID, err)}
		}
		switch p.Status {
		case Active, Forgotten:
		case "":
			p.Status = Active
		default:
			return nil, &CorruptError{Path: path, Msg: fmt.Sprintf("preference %s has an unknown status %q", p.ID, p.Status)}
		}
	}
	return s, nil
}

func (s *Store) encode() ([]byte, error) {
	f := file{Version: Version, NextID: s.next, Preferences: s.prefs}
	if f.Preferences == nil {
		f.Preferences = []Preference{}
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(f); err != nil {
		return nil, fmt.Errorf("encode preferences: %w", err)
	}
	return b.Bytes(), nil
}

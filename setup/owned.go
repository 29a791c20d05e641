package setup

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sync"
)

// markerPlaceholder stands for the marker's hash while a file is built.
const markerPlaceholder = "@@HASH@@"

// marker finds the marker line of a file autofix wrote whole: the words
// "autofix-setup sha256" and the hex SHA-256 of the file without that line.
// It has no colon, so that a frontmatter parser reading "key: value" lines
// takes it for nothing. It is compiled on first use, not at every hook
// start.
var marker = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?m)^.*autofix-setup sha256 ([0-9a-f]{64}).*(\n|$)`)
})

// seal replaces the placeholder line in text with its marker: the
// placeholder becomes the hash of text without that line.
func seal(text string) []byte {
	b := []byte(text)
	i := bytes.Index(b, []byte(markerPlaceholder))
	if i < 0 {
		panic("setup: sealed text without a marker placeholder")
	}
	start := bytes.LastIndexByte(b[:i], '\n') + 1
	end := len(b)
	if j := bytes.IndexByte(b[i:], '\n'); j >= 0 {
		end = i + j + 1
	}
	rest := append(append([]byte{}, b[:start]...), b[end:]...)
	sum := sha256.Sum256(rest)
	return bytes.Replace(b, []byte(markerPlaceholder), []byte(hex.EncodeToString(sum[:])), 1)
}

// ownership is whose a file is.
type ownership int

const (
	missing ownership = iota
	ours              // written by autofix and unedited
	edited            // written by autofix, then edited
	foreign           // no marker: someone else's
)

// owner tells whose data is (nil: a missing file).
func owner(data []byte) ownership {
	if data == nil {
		return missing
	}
	loc := marker().FindSubmatchIndex(data)
	if loc == nil {
		return foreign
	}
	rest := append(append([]byte{}, data[:loc[0]]...), data[loc[1]:]...)
	sum := sha256.Sum256(rest)
	if hex.EncodeToString(sum[:]) != string(data[loc[2]:loc[3]]) {
		return edited
	}
	return ours
}

// writeOwned brings the file at path to want() (a file autofix writes
// whole, with a marker), or deletes it when opts.Remove, but only while it
// is autofix's and unedited.
func writeOwned(ctx context.Context, opts Options, part Part, path string, want func() []byte) (Step, error) {
	st := Step{Part: part, Path: path}
	old, err := read(path)
	if err != nil {
		return st, err
	}
	switch own := owner(old); {
	case own == edited:
		st.Action = Edited
		return st, nil
	case own == foreign:
		st.Action = Foreign
		return st, nil
	case opts.Remove && own == missing:
		st.Action = Absent
		return st, nil
	case opts.Remove:
		st.Action = Removed
		if opts.DryRun {
			return st, nil
		}
		return st, remove(path)
	}
	content := want()
	if bytes.Equal(old, content) {
		st.Action = Unchanged
		return st, nil
	}
	st.Action, st.Content = Wrote, content
	if opts.DryRun {
		return st, nil
	}
	errChanged := errors.New("changed meanwhile")
	err = update(ctx, opts, path, func(cur []byte, exists bool) ([]byte, error) {
		if exists && !bytes.Equal(cur, old) && owner(cur) != ours {
			return nil, errChanged
		}
		return content, nil
	})
	if errors.Is(err, errChanged) {
		st.Action, st.Content = Edited, nil
		return st, nil
	}
	return st, err
}

func remove(path string) error {
	root, err := os.OpenRoot(filepath.Dir(path))
	if err != nil {
		return err
	}
	defer root.Close()
	if err := root.Remove(filepath.Base(path)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("remove %s: %w", path, err)
	}
	return nil
}

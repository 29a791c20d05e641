package cochange

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"github.com/autofix/autofix/activity"
	"github.com/autofix/autofix/brief"
	"github.com/google/renameio/v2"
)

// TTL is how long the cached graph stands before SessionStart reads git's
// history and the activity log again; past MaxAge the hook no longer uses
// it.
const (
	TTL    = time.Hour
	MaxAge = 7 * 24 * time.Hour
)

// MaxTied bounds the rules one write gets for its neighbours.
const MaxTied = 3

// GitHistory reads the co-changes of the git repository at root (none
// when root is no repository, or has no commits).
func GitHistory(ctx context.Context, root string) ([]Change, error) {
	if _, err := os.Stat(filepath.Join(root, ".git")); err != nil {
		return nil, nil
	}
	c := exec.CommandContext(ctx, "git", append([]string{"-C", root}, GitLogArgs...)...)
	var out bytes.Buffer
	c.Stdout = &out
	// A repository without commits fails: nothing to read.
	if c.Run() != nil {
		return nil, nil
	}
	changes, err := ParseGitLog(&out)
	if err != nil {
		return nil, fmt.Errorf("read the git history: %w", err)
	}
	return changes, nil
}

// Collect builds the graph of the workspace at root from git's history
// and the activity log, at now: files deleted since are dropped.
func Collect(ctx context.Context, root string, log activity.Log, now time.Time) (Graph, error) {
	changes, err := GitHistory(ctx, root)
	if err != nil {
		return Graph{}, err
	}
	changes = append(changes, FromActivity(log.Records)...)
	g := Build(changes, now.UTC())
	g.Keep(func(f string) bool {
		_, err := os.Lstat(filepath.Join(root, filepath.FromSlash(f)))
		return err == nil
	})
	g.Delivered = DeliveredFor(log.Records)
	return g, nil
}

// Cache is the cached graph of one workspace, in the file Path ("" for no
// cache: reads are empty, writes do nothing).
type Cache struct{ Path string }

// Write caches g.
func (c Cache) Write(g Graph) error {
	if c.Path == "" {
		return nil
	}
	data, err := Encode(g)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(c.Path), 0o700); err != nil {
		return fmt.Errorf("cache the co-change graph: %w", err)
	}
	if err := renameio.WriteFile(c.Path, data, 0o600); err != nil {
		return fmt.Errorf("cache the co-change graph: %w", err)
	}
	return nil
}

// Read reads the cached graph; with edited files, only what a write of
// them needs. A missing, unreadable or [MaxAge]-old cache is an empty
// graph: the hook never reads git's history before a write.
func (c Cache) Read(edited []string, now time.Time) (Graph, error) {
	if c.Path == "" {
		return Graph{}, nil
	}
	data, err := os.ReadFile(c.Path)
	if errors.Is(err, fs.ErrNotExist) {
		return Graph{}, nil
	}
	if err != nil {
		return Graph{}, fmt.Errorf("read the co-change graph: %w", err)
	}
	read := Decode
	if edited != nil {
		read = func(data []byte) (Graph, error) { return Lookup(data, edited) }
	}
	g, err := read(data)
	if err != nil || now.Sub(g.Built) > MaxAge {
		return Graph{}, nil
	}
	return g, nil
}

// Fresh is the cached graph when it parses and is less than [TTL] old at
// now.
func (c Cache) Fresh(now time.Time) (Graph, bool) {
	if c.Path == "" {
		return Graph{}, false
	}
	data, err := os.ReadFile(c.Path)
	if err != nil {
		return Graph{}, false
	}
	g, err := Decode(data)
	if err != nil || now.Sub(g.Built) >= TTL || g.Built.After(now) {
		return Graph{}, false
	}
	return g, true
}

// Extend adds to fresh, the rules a write of edited gets, the rules of all
// tied to the files that change together with them in g, not in fresh or
// seen yet: a rule naming the neighbour, its directory or a glob matching
// it, or delivered for it before. Each says why in a notice.
func Extend(g Graph, edited []string, all, fresh brief.Selection, seen map[string]bool) brief.Selection {
	rules := make([]brief.Rule, 0, len(all.Rules)+len(all.Omitted))
	for _, s := range all.Rules {
		rules = append(rules, s.Rule)
	}
	rules = append(rules, all.Omitted...)
	have := map[string]bool{}
	for _, s := range fresh.Rules {
		have[brief.Key(s.Rule)] = true
	}
	skip := func(k string) bool { return have[k] || seen[k] }
	for _, t := range Ties(g, edited, rules, skip, MaxTied) {
		fresh.Rules = append(fresh.Rules, brief.Selected{Rule: t.Rule, Reason: t.Reason()})
		marker := "project #" + t.Rule.ID
		if t.Rule.Source == brief.Personal {
			marker = "personal " + t.Rule.ID
		}
		fresh.Notices = append(fresh.Notices, fmt.Sprintf("%s is here because %s %s", marker, t.Edited, t.Reason()))
	}
	return fresh
}

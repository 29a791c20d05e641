package cmd

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
	"github.com/autofix/autofix/cochange"
	"github.com/autofix/autofix/scope"
	"github.com/google/renameio/v2"
	"github.com/spf13/cobra"
)

// cochangeTTL is how long the cached graph stands before SessionStart
// reads git's history and the activity log again; past cochangeMaxAge the
// hook no longer uses it.
const (
	cochangeTTL    = time.Hour
	cochangeMaxAge = 7 * 24 * time.Hour
)

// maxCoChanged bounds the rules one write gets for its neighbours.
const maxCoChanged = 3

type cochangeOptions struct {
	env  *Env
	file string
	json bool
}

func newCochangeCmd(env *Env) *cobra.Command {
	opts := &cochangeOptions{env: env}
	c := &cobra.Command{
		Use:   "cochange FILE [--json]",
		Short: "List the files that change together with FILE",
		Long: `cochange lists the files that change together with FILE, from two sources
on this machine: the local git history (the last 500 commits, skipping
commits of more than 30 files) and the files edited in one recorded agent
session. A pair counts from 2 co-changes on and fades once it stops
changing together (a co-change weighs half as much every 60 days).

Before a session writes FILE, the PreToolUse hook also delivers the rules
tied to its neighbours (rules naming the neighbour, its directory or a
matching glob, or delivered for it before), with the reason "changes
together with A (n×)". The graph is cached in the state directory:
SessionStart rebuilds it when it is more than an hour old, so the hook
never reads git's history before a write; this command rebuilds it.`,
		Example: `  autofix cochange src/api/user.ts
  autofix cochange src/api/user.ts --json`,
		Args: exactArgs(1, "FILE"),
		RunE: func(c *cobra.Command, args []string) error {
			opts.file = args[0]
			return runCochange(c.Context(), opts)
		},
	}
	c.Flags().BoolVar(&opts.json, "json", false, "print JSON")
	return c
}

type cochangeResult struct {
	File       string               `json:"file"`
	Neighbours []cochange.Neighbour `json:"neighbours"`
}

func runCochange(ctx context.Context, opts *cochangeOptions) error {
	env := opts.env
	ws, err := env.workspace()
	if err != nil {
		return err
	}
	rel := workspacePaths(ws.Root, env.Dir, []string{opts.file})
	if len(rel) == 0 {
		return withHint(fmt.Errorf("%s is outside the workspace %s", opts.file, ws.Root), "name a file of this workspace")
	}
	g, err := buildCochange(ctx, env, ws)
	if err != nil {
		return err
	}
	res := cochangeResult{File: rel[0], Neighbours: g.Neighbours[rel[0]]}
	if res.Neighbours == nil {
		res.Neighbours = []cochange.Neighbour{}
	}
	if opts.json {
		return writeJSON(env.Stdout, res)
	}
	if len(res.Neighbours) == 0 {
		fmt.Fprintf(env.Stdout, "Nothing changes together with %s (yet).\n", res.File)
		return nil
	}
	for _, n := range res.Neighbours {
		fmt.Fprintf(env.Stdout, "%s  %d×  %s\n", n.File, n.Count, n.Source)
	}
	return nil
}

// cochangePath is where the workspace's graph is cached; empty without a
// state directory.
func (env *Env) cochangePath(ws scope.Workspace) string {
	if env.StateDir == "" {
		return ""
	}
	return filepath.Join(env.StateDir, "cochange", activity.Folder(ws.ID)+".json")
}

// buildCochange reads git's history and the activity log into the graph
// and caches it.
func buildCochange(ctx context.Context, env *Env, ws scope.Workspace) (cochange.Graph, error) {
	var changes []cochange.Change
	if _, err := os.Stat(filepath.Join(ws.Root, ".git")); err == nil {
		c := exec.CommandContext(ctx, "git", append([]string{"-C", ws.Root}, cochange.GitLogArgs...)...)
		var out bytes.Buffer
		c.Stdout = &out
		// A repository without commits fails: nothing to read.
		if c.Run() == nil {
			git, err := cochange.ParseGitLog(&out)
			if err != nil {
				return cochange.Graph{}, fmt.Errorf("read the git history: %w", err)
			}
			changes = append(changes, git...)
		}
	}
	var log activity.Log
	if store, ok := env.activityStore(ws); ok {
		var err error
		if log, err = store.Read(); err != nil {
			return cochange.Graph{}, withHint(err, "check the permissions of %s", store.Dir)
		}
	}
	changes = append(changes, cochange.FromActivity(log.Records)...)
	g := cochange.Build(changes, env.Now().UTC())
	g.Keep(func(f string) bool {
		_, err := os.Lstat(filepath.Join(ws.Root, filepath.FromSlash(f)))
		return err == nil
	})
	g.Delivered = cochange.DeliveredFor(log.Records)
	if path := env.cochangePath(ws); path != "" {
		if err := writeCochange(path, g); err != nil {
			return g, err
		}
	}
	return g, nil
}

func writeCochange(path string, g cochange.Graph) error {
	data, err := cochange.Encode(g)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return fmt.Errorf("cache the co-change graph: %w", err)
	}
	if err := renameio.WriteFile(path, data, 0o600); err != nil {
		return fmt.Errorf("cache the co-change graph: %w", err)
	}
	return nil
}

// cachedCochange reads the cached graph; with edited files, only what a
// write of them needs. A missing, unreadable or day-old cache is an empty
// graph: the hook never reads git's history before a write (SessionStart
// refreshes the cache, see refreshCochange).
func cachedCochange(env *Env, ws scope.Workspace, edited []string) (cochange.Graph, error) {
	path := env.cochangePath(ws)
	if path == "" {
		return cochange.Graph{}, nil
	}
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return cochange.Graph{}, nil
	}
	if err != nil {
		return cochange.Graph{}, fmt.Errorf("read the co-change graph: %w", err)
	}
	read := cochange.Decode
	if edited != nil {
		read = func(data []byte) (cochange.Graph, error) { return cochange.Lookup(data, edited) }
	}
	g, err := read(data)
	if err != nil || env.Now().Sub(g.Built) > cochangeMaxAge {
		return cochange.Graph{}, nil
	}
	return g, nil
}

// refreshCochange rebuilds the cached graph when it is missing, does not
// parse, or is more than cochangeTTL old: at SessionStart, once per
// session at most, and for status.
func refreshCochange(ctx context.Context, env *Env, ws scope.Workspace) (cochange.Graph, error) {
	path := env.cochangePath(ws)
	if path == "" {
		return cochange.Graph{}, nil
	}
	if data, err := os.ReadFile(path); err == nil {
		if g, err := cochange.Decode(data); err == nil && env.Now().Sub(g.Built) < cochangeTTL && !g.Built.After(env.Now()) {
			return g, nil
		}
	}
	return buildCochange(ctx, env, ws)
}

// refreshCochangeHook is the SessionStart step: what cannot be rebuilt is
// one line on stderr; the answer has gone out already.
func refreshCochangeHook(ctx context.Context, env *Env) {
	ws, err := env.workspace()
	if err == nil {
		_, err = refreshCochange(ctx, env, ws)
	}
	if err != nil {
		hookFail(env, fmt.Errorf("refresh the co-change graph: %w", err))
	}
}

// coChanged adds to fresh, the rules a write of files gets, the rules tied
// to the files that change together with them, not delivered yet: a rule
// naming the neighbour, its directory or a glob matching it, or delivered
// for it before. Each says why in a notice.
func coChanged(ctx context.Context, env *Env, files []string, all brief.Selection, fresh brief.Selection, seen map[string]bool) brief.Selection {
	ws, err := env.workspace()
	if err != nil {
		return fresh
	}
	edited := workspacePaths(ws.Root, env.Dir, files)
	if len(edited) == 0 {
		return fresh
	}
	g, err := cachedCochange(env, ws, edited)
	if err != nil {
		hookFail(env, err)
		return fresh
	}
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
	for _, t := range cochange.Ties(g, edited, rules, skip, maxCoChanged) {
		fresh.Rules = append(fresh.Rules, brief.Selected{Rule: t.Rule, Reason: t.Reason()})
		marker := "project #" + t.Rule.ID
		if t.Rule.Source == brief.Personal {
			marker = "personal " + t.Rule.ID
		}
		fresh.Notices = append(fresh.Notices, fmt.Sprintf("%s is here because %s %s", marker, t.Edited, t.Reason()))
	}
	return fresh
}

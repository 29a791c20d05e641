package cmd

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/autofix/autofix/activity"
	"github.com/autofix/autofix/brief"
	"github.com/autofix/autofix/cochange"
	"github.com/autofix/autofix/scope"
	"github.com/spf13/cobra"
)

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
	rel := activity.WorkspacePaths(ws.Root, env.Dir, []string{opts.file})
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

// cochangeCache is the workspace's cached graph.
func (env *Env) cochangeCache(ws scope.Workspace) cochange.Cache {
	return cochange.Cache{Path: env.cochangePath(ws)}
}

// buildCochange reads git's history and the activity log into the graph
// and caches it.
func buildCochange(ctx context.Context, env *Env, ws scope.Workspace) (cochange.Graph, error) {
	var log activity.Log
	if store, ok := env.activityStore(ws); ok {
		var err error
		if log, err = store.Read(); err != nil {
			return cochange.Graph{}, withHint(err, "check the permissions of %s", store.Dir)
		}
	}
	g, err := cochange.Collect(ctx, ws.Root, log, env.Now())
	if err != nil {
		return g, err
	}
	return g, env.cochangeCache(ws).Write(g)
}

// cachedCochange reads the cached graph (cochange.Cache.Read): the hook
// never reads git's history before a write (SessionStart refreshes the
// cache, see refreshCochange).
func cachedCochange(env *Env, ws scope.Workspace, edited []string) (cochange.Graph, error) {
	return env.cochangeCache(ws).Read(edited, env.Now())
}

// refreshCochange rebuilds the cached graph when it is missing, does not
// parse, or is more than cochange.TTL old: at SessionStart, once per
// session at most, and for status.
func refreshCochange(ctx context.Context, env *Env, ws scope.Workspace) (cochange.Graph, error) {
	if env.cochangePath(ws) == "" {
		return cochange.Graph{}, nil
	}
	if g, ok := env.cochangeCache(ws).Fresh(env.Now()); ok {
		return g, nil
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
// to the files that change together with them, not delivered yet
// (cochange.Extend).
func coChanged(ctx context.Context, env *Env, files []string, all brief.Selection, fresh brief.Selection, seen map[string]bool) brief.Selection {
	ws, err := env.workspace()
	if err != nil {
		return fresh
	}
	edited := activity.WorkspacePaths(ws.Root, env.Dir, files)
	if len(edited) == 0 {
		return fresh
	}
	g, err := cachedCochange(env, ws, edited)
	if err != nil {
		hookFail(env, err)
		return fresh
	}
	return cochange.Extend(g, edited, all, fresh, seen)
}

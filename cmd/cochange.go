package cmd

import (
	"context"
	"fmt"

	"github.com/autofix/autofix/activity"
	"github.com/autofix/autofix/cochange"
	"github.com/autofix/autofix/hookrun"
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
func (env *Env) cochangePath(ws scope.Workspace) string { return env.hookEnv().CochangePath(ws) }

// buildCochange reads git's history and the activity log into the graph
// and caches it (hookrun.BuildCochange).
func buildCochange(ctx context.Context, env *Env, ws scope.Workspace) (cochange.Graph, error) {
	return hookrun.BuildCochange(ctx, env.hookEnv(), ws)
}

// refreshCochange rebuilds the cached graph when it is missing or stale
// (hookrun.RefreshCochange).
func refreshCochange(ctx context.Context, env *Env, ws scope.Workspace) (cochange.Graph, error) {
	return hookrun.RefreshCochange(ctx, env.hookEnv(), ws)
}

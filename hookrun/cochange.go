package hookrun

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/autofix/autofix/activity"
	"github.com/autofix/autofix/brief"
	"github.com/autofix/autofix/cochange"
	"github.com/autofix/autofix/hint"
	"github.com/autofix/autofix/scope"
)

// CochangePath is where the workspace's graph is cached; empty without a
// state directory.
func (env *Env) CochangePath(ws scope.Workspace) string {
	if env.StateDir == "" {
		return ""
	}
	return filepath.Join(env.StateDir, "cochange", activity.Folder(ws.ID)+".json")
}

// CochangeCache is the workspace's cached graph.
func (env *Env) CochangeCache(ws scope.Workspace) cochange.Cache {
	return cochange.Cache{Path: env.CochangePath(ws)}
}

// BuildCochange reads git's history and the activity log into the graph
// and caches it.
func BuildCochange(ctx context.Context, env *Env, ws scope.Workspace) (cochange.Graph, error) {
	var log activity.Log
	if store, ok := env.ActivityStore(ws); ok {
		var err error
		if log, err = store.Read(); err != nil {
			return cochange.Graph{}, hint.Wrap(err, "check the permissions of %s", store.Dir)
		}
	}
	g, err := cochange.Collect(ctx, ws.Root, log, env.Now())
	if err != nil {
		return g, err
	}
	return g, env.CochangeCache(ws).Write(g)
}

// RefreshCochange rebuilds the cached graph when it is missing, does not
// parse, or is more than cochange.TTL old: at SessionStart, once per
// session at most, and for status.
func RefreshCochange(ctx context.Context, env *Env, ws scope.Workspace) (cochange.Graph, error) {
	if env.CochangePath(ws) == "" {
		return cochange.Graph{}, nil
	}
	if g, ok := env.CochangeCache(ws).Fresh(env.Now()); ok {
		return g, nil
	}
	return BuildCochange(ctx, env, ws)
}

// refreshCochangeHook is the SessionStart step: what cannot be rebuilt is
// one line on stderr; the answer has gone out already.
func refreshCochangeHook(ctx context.Context, env *Env) {
	ws, err := env.Workspace()
	if err == nil {
		_, err = RefreshCochange(ctx, env, ws)
	}
	if err != nil {
		Fail(env, fmt.Errorf("refresh the co-change graph: %w", err))
	}
}

// coChanged adds to fresh, the rules a write of files gets, the rules tied
// to the files that change together with them, not delivered yet
// (cochange.Extend). The hook never reads git's history before a write:
// it reads the cached graph (SessionStart refreshes it).
func coChanged(ctx context.Context, env *Env, files []string, all brief.Selection, fresh brief.Selection, seen map[string]bool) brief.Selection {
	ws, err := env.Workspace()
	if err != nil {
		return fresh
	}
	edited := activity.WorkspacePaths(ws.Root, env.Dir, files)
	if len(edited) == 0 {
		return fresh
	}
	g, err := env.CochangeCache(ws).Read(edited, env.Now())
	if err != nil {
		Fail(env, err)
		return fresh
	}
	return cochange.Extend(g, edited, all, fresh, seen)
}

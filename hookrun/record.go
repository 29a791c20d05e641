package hookrun

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/autofix/autofix/activity"
	"github.com/autofix/autofix/brief"
	"github.com/autofix/autofix/config"
	"github.com/autofix/autofix/guard"
	"github.com/autofix/autofix/hook"
	"github.com/autofix/autofix/scope"
)

// ActivityRoot is where the hooks record activity, one folder per
// workspace; empty when the environment has no state directory.
func (env *Env) ActivityRoot() string {
	if env.StateDir == "" {
		return ""
	}
	return filepath.Join(env.StateDir, "activity")
}

// ActivityStore is the activity log of workspace ws; false when the
// environment has no state directory.
func (env *Env) ActivityStore(ws scope.Workspace) (activity.Store, bool) {
	root := env.ActivityRoot()
	if root == "" {
		return activity.Store{}, false
	}
	return activity.Open(root, ws.ID), true
}

// recorder is the hook's activity recorder for workspace ws; false when
// the environment has no state directory.
func (env *Env) recorder(ws scope.Workspace, cfg config.Config) (hook.Recorder, bool) {
	store, ok := env.ActivityStore(ws)
	if !ok {
		return hook.Recorder{}, false
	}
	return hook.Recorder{
		Store: store, Root: ws.Root, Dir: env.Dir, Prompts: cfg.Activity.Prompts,
		Sessions: env.Sessions(),
		Terms: func(delivered map[string]bool) map[string][]string {
			return DistinctiveTerms(env, delivered)
		},
		Now: env.Now(),
	}, true
}

// recordActivity is the hook's activity step (hook.Recorder.Record). What
// cannot be recorded is one line on stderr; the hook's answer does not
// depend on it.
func recordActivity(env *Env, cfg config.Config, ev hook.Event, keys []string) {
	if env.ActivityRoot() == "" {
		return
	}
	ws, err := env.Workspace()
	if err == nil {
		rec, _ := env.recorder(ws, cfg)
		err = rec.Record(ev, keys)
	}
	if err != nil {
		Fail(env, fmt.Errorf("record activity: %w", err))
	}
}

// recordGuard records a tool call in ws that guardrails denied or warned
// about (hook.Recorder.Guard). What cannot be recorded is one line on
// stderr.
func recordGuard(env *Env, ws scope.Workspace, ev hook.Event, files []string, d guard.Decision) {
	if rec, ok := env.recorder(ws, config.Config{}); ok {
		if err := rec.Guard(ev, files, d); err != nil {
			Fail(env, fmt.Errorf("record activity: %w", err))
		}
	}
}

// DistinctiveTerms are the distinctive terms of the delivered rules among
// those in force in the workspace (brief.DeliveredTerms).
func DistinctiveTerms(env *Env, delivered map[string]bool) map[string][]string {
	ws, err := env.Workspace()
	if err != nil {
		return nil
	}
	src := brief.Sources{Trust: env.TrustStore(), PrefsDir: env.ConfigDir, CacheDir: env.CacheDir}
	return brief.DeliveredTerms(context.Background(), ws, src, delivered)
}

package cmd

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/autofix/autofix/activity"
	"github.com/autofix/autofix/brief"
	"github.com/autofix/autofix/guard"
	"github.com/autofix/autofix/hook"
	"github.com/autofix/autofix/scope"
)

// activityRoot is where the hooks record activity, one folder per
// workspace; empty when the environment has no state directory.
func (env *Env) activityRoot() string {
	if env.StateDir == "" {
		return ""
	}
	return filepath.Join(env.StateDir, "activity")
}

// activityStore is the activity log of workspace ws.
func (env *Env) activityStore(ws scope.Workspace) (activity.Store, bool) {
	root := env.activityRoot()
	if root == "" {
		return activity.Store{}, false
	}
	return activity.Open(root, ws.ID), true
}

// learnedWeights folds the workspace's activity into its learned weights
// (activity.Store.Weights) and returns them; no state directory is none.
func (env *Env) learnedWeights(ws scope.Workspace) (activity.Weights, error) {
	store, ok := env.activityStore(ws)
	if !ok {
		return activity.Weights{}, nil
	}
	w, err := store.Weights(env.Now())
	if err != nil {
		return w, withHint(err, "check the permissions of %s, or run 'autofix activity forget'", store.Dir)
	}
	return w, nil
}

// activityLog reads workspace ws's activity log; an empty log when the
// environment has no state directory.
func (env *Env) activityLog(ws scope.Workspace) (activity.Log, error) {
	store, ok := env.activityStore(ws)
	if !ok {
		return activity.Log{}, nil
	}
	log, err := store.Read()
	if err != nil {
		return log, withHint(err, "check the permissions of %s", store.Dir)
	}
	return log, nil
}

// recorder is the hook's activity recorder for workspace ws; false when
// the environment has no state directory.
func (env *Env) recorder(ws scope.Workspace, cfg Config) (hook.Recorder, bool) {
	store, ok := env.activityStore(ws)
	if !ok {
		return hook.Recorder{}, false
	}
	return hook.Recorder{
		Store: store, Root: ws.Root, Dir: env.Dir, Prompts: cfg.Activity.Prompts,
		Sessions: env.sessions(),
		Terms: func(delivered map[string]bool) map[string][]string {
			return distinctiveTerms(env, delivered)
		},
		Now: env.Now(),
	}, true
}

// recordActivity is the hook's activity step (hook.Recorder.Record). What
// cannot be recorded is one line on stderr; the hook's answer does not
// depend on it.
func recordActivity(env *Env, cfg Config, ev hook.Event, keys []string) {
	if env.activityRoot() == "" {
		return
	}
	ws, err := env.workspace()
	if err == nil {
		rec, _ := env.recorder(ws, cfg)
		err = rec.Record(ev, keys)
	}
	if err != nil {
		hookFail(env, fmt.Errorf("record activity: %w", err))
	}
}

// recordGuard records a tool call in ws that guardrails denied or warned
// about (hook.Recorder.Guard). What cannot be recorded is one line on
// stderr.
func recordGuard(env *Env, ws scope.Workspace, ev hook.Event, files []string, d guard.Decision) {
	if rec, ok := env.recorder(ws, Config{}); ok {
		if err := rec.Guard(ev, files, d); err != nil {
			hookFail(env, fmt.Errorf("record activity: %w", err))
		}
	}
}

// distinctiveTerms are the distinctive terms of the delivered rules among
// those in force in the workspace (brief.DeliveredTerms).
func distinctiveTerms(env *Env, delivered map[string]bool) map[string][]string {
	ws, err := env.workspace()
	if err != nil {
		return nil
	}
	src := brief.Sources{Trust: env.trustStore(), PrefsDir: env.ConfigDir, CacheDir: env.CacheDir}
	return brief.DeliveredTerms(context.Background(), ws, src, delivered)
}

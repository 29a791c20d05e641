package cmd

import (
	"github.com/autofix/autofix/activity"
	"github.com/autofix/autofix/scope"
)

// activityRoot is where the hooks record activity (hookrun.Env.ActivityRoot).
func (env *Env) activityRoot() string { return env.hookEnv().ActivityRoot() }

// activityStore is the activity log of workspace ws (hookrun.Env.ActivityStore).
func (env *Env) activityStore(ws scope.Workspace) (activity.Store, bool) {
	return env.hookEnv().ActivityStore(ws)
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

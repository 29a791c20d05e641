package hookrun

import (
	"context"
	"errors"
	"fmt"

	"github.com/autofix/autofix/brief"
	"github.com/autofix/autofix/config"
	"github.com/autofix/autofix/hook"
	"github.com/autofix/autofix/scope"
)

// BriefRequest asks for the brief of one task.
type BriefRequest struct {
	// Dir is the directory the agent works in; empty means env.Dir.
	Dir string
	// Task is the task prompt; empty means no task (all rules in
	// precedence order).
	Task string
	// Files are the paths the task touches.
	Files []string
	// Budget is the token budget; 0 means cfg.Budget.
	Budget int
	// Limit caps the number of rules; 0 means no cap.
	Limit int
}

// errNoModelClient is the embedder's error in a process without a model
// client; the brief says it and matches lexically.
var errNoModelClient = errors.New("autofix-hook has no model client: install autofix next to it (go install github.com/autofix/autofix/cmd/...@latest)")

// BriefInputs resolves req's workspace, the stores and the clock for
// brief.Compose.
func BriefInputs(env *Env, cfg config.Config, req BriefRequest) (scope.Workspace, brief.Sources, brief.Request, error) {
	var ws scope.Workspace
	var err error
	if req.Dir == "" || req.Dir == env.Dir {
		ws, err = env.Workspace()
	} else if ws, err = scope.Detect(req.Dir); err != nil {
		err = fmt.Errorf("find the workspace of %s: %w", req.Dir, err)
	}
	if err != nil {
		return ws, brief.Sources{}, brief.Request{}, err
	}
	src := brief.Sources{
		Trust:      env.TrustStore(),
		PrefsDir:   env.ConfigDir,
		EmbedModel: cfg.EmbedModel,
		Embedder: func() (brief.Embedder, error) {
			if env.Embedder == nil {
				return nil, errNoModelClient
			}
			return env.Embedder(cfg.EmbedModel)
		},
		CacheDir: env.CacheDir,
	}
	if store, ok := env.ActivityStore(ws); ok {
		src.Activity, src.Now = &store, env.Now()
	}
	budget := req.Budget
	if budget <= 0 {
		budget = cfg.Budget
	}
	return ws, src, brief.Request{Task: req.Task, Files: req.Files, Budget: budget, Limit: req.Limit}, nil
}

// FittedBrief builds the brief for req to go out under limit with note
// after it (hook.Cap.Compose).
func FittedBrief(ctx context.Context, env *Env, cfg config.Config, limit hook.Cap, note string, req BriefRequest) (brief.Composed, error) {
	ws, src, r, err := BriefInputs(env, cfg, req)
	if err != nil {
		return brief.Composed{}, err
	}
	return limit.Compose(ctx, ws, src, r, note)
}

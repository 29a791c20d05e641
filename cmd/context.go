package cmd

import (
	"context"
	"fmt"

	"github.com/autofix/autofix/brief"
	"github.com/autofix/autofix/hook"
	"github.com/autofix/autofix/scope"
	"github.com/ollama/ollama/api"
)

// briefRequest asks for the brief of one task.
type briefRequest struct {
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

// builtBrief is what an agent receives for one task, and how it was
// chosen.
type builtBrief = brief.Composed

// briefInputs resolves req's workspace, the stores and the clock for
// brief.Compose.
func briefInputs(env *Env, cfg Config, req briefRequest) (scope.Workspace, brief.Sources, brief.Request, error) {
	var ws scope.Workspace
	var err error
	if req.Dir == "" || req.Dir == env.Dir {
		ws, err = env.workspace()
	} else if ws, err = scope.Detect(req.Dir); err != nil {
		err = fmt.Errorf("find the workspace of %s: %w", req.Dir, err)
	}
	if err != nil {
		return ws, brief.Sources{}, brief.Request{}, err
	}
	src := brief.Sources{
		Trust:      env.trustStore(),
		PrefsDir:   env.ConfigDir,
		EmbedModel: cfg.EmbedModel,
		Embedder: func() (brief.Embedder, error) {
			client, err := env.Ollama()
			if err != nil {
				return nil, err
			}
			return ollamaEmbedder{client: client, model: cfg.EmbedModel}, nil
		},
		CacheDir: env.CacheDir,
	}
	if store, ok := env.activityStore(ws); ok {
		src.Activity, src.Now = &store, env.Now()
	}
	budget := req.Budget
	if budget <= 0 {
		budget = cfg.Budget
	}
	return ws, src, brief.Request{Task: req.Task, Files: req.Files, Budget: budget, Limit: req.Limit}, nil
}

// buildBrief is brief.Compose for req in env: `me context`, the hooks and
// the MCP server all call it, so they all send exactly the same bytes.
func buildBrief(ctx context.Context, env *Env, cfg Config, req briefRequest) (builtBrief, error) {
	ws, src, r, err := briefInputs(env, cfg, req)
	if err != nil {
		return builtBrief{}, err
	}
	return brief.Compose(ctx, ws, src, r)
}

// selfRepair is what a hook adds about learning (hook.SelfRepair), with
// the capture setting of cfg.
func selfRepair(ctx context.Context, cfg Config, ev hook.Event) string {
	return hook.SelfRepair(ctx, ev, cfg.Capture != captureOff)
}

// fittedBrief builds the brief for req to go out under limit with note
// after it (hook.Cap.Compose).
func fittedBrief(ctx context.Context, env *Env, cfg Config, limit hook.Cap, note string, req briefRequest) (builtBrief, error) {
	ws, src, r, err := briefInputs(env, cfg, req)
	if err != nil {
		return builtBrief{}, err
	}
	return limit.Compose(ctx, ws, src, r, note)
}

// ollamaEmbedder is Ollama's /api/embed as a [brief.Embedder].
type ollamaEmbedder struct {
	client *api.Client
	model  string
}

func (o ollamaEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	resp, err := o.client.Embed(ctx, &api.EmbedRequest{Model: o.model, Input: texts})
	if err != nil {
		return nil, err
	}
	return resp.Embeddings, nil
}

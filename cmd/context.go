package cmd

import (
	"context"

	"github.com/autofix/autofix/brief"
	"github.com/autofix/autofix/hookrun"
	"github.com/autofix/autofix/scope"
	"github.com/ollama/ollama/api"
)

// briefRequest asks for the brief of one task.
type briefRequest = hookrun.BriefRequest

// builtBrief is what an agent receives for one task, and how it was
// chosen.
type builtBrief = brief.Composed

// briefInputs resolves req's workspace, the stores and the clock for
// brief.Compose (hookrun.BriefInputs).
func briefInputs(env *Env, cfg Config, req briefRequest) (scope.Workspace, brief.Sources, brief.Request, error) {
	return hookrun.BriefInputs(env.hookEnv(), cfg, req)
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

package cmd

import (
	"context"

	"github.com/autofix/autofix/normalize"
)

// normalizeText normalizes text with the configured mode (cfg.Model: auto,
// off or a model name), printing the one-line fallback notice on stderr in
// auto mode. (Placeholder until the normalization issue lands.)
func normalizeText(ctx context.Context, env *Env, cfg Config, text string, existing []normalize.Existing) (normalize.Result, error) {
	return normalize.Normalize(ctx, text, existing, normalize.Options{})
}

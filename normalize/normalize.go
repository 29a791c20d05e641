// Package normalize turns free text into a rule. (Placeholder API: the
// normalization issue replaces the bodies; the names stay.)
package normalize

import (
	"context"
	"errors"
	"time"

	"github.com/ollama/ollama/api"
)

// Existing is a rule or preference already recorded, shown to the
// normalizer so it can name what a new rule supersedes.
type Existing struct {
	ID          string // "4" for project rule 4, "p2" for preference p2
	Category    string
	Instruction string
}

// Result is a normalized rule.
type Result struct {
	Category    string   `json:"category"`
	Instruction string   `json:"instruction"`
	Why         string   `json:"why"`
	Supersedes  []string `json:"supersedes"`
	Normalizer  string   `json:"normalizer"`
	Language    string   `json:"language"`
}

// Options select the normalizer.
type Options struct {
	// Client is the Ollama client; nil selects the built-in normalizer.
	Client *api.Client
	// Model is the Ollama model to ask.
	Model string
	// Timeout bounds each model call.
	Timeout time.Duration
}

// Normalize turns text into a rule.
func Normalize(ctx context.Context, text string, existing []Existing, opts Options) (Result, error) {
	return Result{}, errors.New("normalize: not built yet")
}

// Conflicts reports whether newer and older instructions name the same
// subject with opposite directions, so that newer supersedes older.
func Conflicts(newer, older string) bool { return false }

// Package normalize turns what a person types — a correction, a rejection,
// a preference, a lesson from a bug, in English, Japanese, German, French
// or Spanish (and, with a model, any language) — into a rule: a category, a
// strict imperative instruction, why, and the existing rules it supersedes.
//
// # Normalizers
//
// [Normalize] asks a language model when [Options].Model is set (package
// normalize/ollama: one Ollama chat call whose answer [ParseAnswer]
// validates: strict imperative, concrete, the person's backticked code and
// paths kept). Without a model it uses the built-in normalizer, which
// writes a faithful rule or refuses:
//
//   - technical tokens (paths, globs, backticked code, versions, flags,
//     "./...", "e.g.", "%w", @scope/pkg, names such as Go or PostgreSQL)
//     are set aside before the phrase rules run and copied back byte for
//     byte;
//   - per-language phrase tables strip fillers ("from now on", "bitte",
//     "désormais", "今後は"), turn "don't forget to X" and "make sure to X"
//     into "Always X", and keep a lesson's rule clause with its cause in Why;
//   - a concreteness test refuses texts that name no tool, package,
//     command, file, identifier, number or domain noun, talk about the rules
//     ("ignore rule 2"), or only grade the work ("be more careful");
//   - a double negation, several rules in one text, or a rewrite that would
//     wrap a template around leftover words is refused too.
//
// The category comes from a keyword lexicon, the same for the five
// languages. Package normalize/ollama tells whether a model is ready, for
// the auto mode that falls back to the built-in normalizer. This package
// makes no network call and does not link net.
//
// # Rules
//
// [CheckInstruction] validates the strict imperative form ("Always …",
// "Never …", or the same force in the rule's language). [Conflicts] tells
// whether a newer instruction supersedes an older one: same subject,
// opposite direction.
//
// # Errors
//
// Errors match [ErrEmpty], [ErrVague] (with [ErrAmbiguous] for texts that
// cannot become one faithful rule), [ErrModelUnavailable],
// [ErrModelNotFound] or [ErrInvalidOutput] with errors.Is, or wrap
// context.Canceled; the typed errors have a Hint method with the next step
// (for a missing model, the exact `ollama pull` command).
package normalize

import (
	"context"
	"strings"
	"unicode"
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
	Normalizer  string   `json:"normalizer"` // "builtin" or "ollama:MODEL"
	Language    string   `json:"language"`   // ISO 639-1 code of the text
}

// Options select the normalizer.
type Options struct {
	// Model is the language model to ask; nil selects the built-in
	// normalizer.
	Model Model
}

// Normalize turns text into a rule. existing lists the rules already
// recorded, for supersession. The result is complete or an error: never
// empty or partial.
func Normalize(ctx context.Context, text string, existing []Existing, opts Options) (Result, error) {
	t := strings.Join(strings.Fields(text), " ")
	if t == "" {
		return Result{}, ErrEmpty
	}
	if err := checkControl(t); err != nil {
		return Result{}, err
	}
	if opts.Model == nil {
		return builtin(text, existing)
	}
	return opts.Model.Normalize(ctx, t, existing)
}

// checkControl refuses text with a control character left after spaces,
// tabs and line breaks are collapsed: a terminal colour code or another
// escape pasted with the text, which no rule can contain.
func checkControl(t string) error {
	pos := 0
	for _, r := range t {
		pos++
		if unicode.IsControl(r) || r == '\uFFFD' {
			return &ControlCharError{Text: t, Rune: r, Pos: pos}
		}
	}
	return nil
}

package normalize

import (
	"errors"
	"fmt"
	"time"
)

// Sentinel errors; every error Normalize and Probe return matches one of
// them with [errors.Is], and the typed errors below carry a Hint method
// that says what the user can do next.
var (
	// ErrEmpty: there is no text to normalize.
	ErrEmpty = errors.New("empty text")
	// ErrVague: the text names no concrete behaviour, or none that can be
	// stated faithfully as one rule; [ErrAmbiguous] errors match it too.
	ErrVague = errors.New("too vague to become a rule")
	// ErrAmbiguous: the built-in normalizer cannot state the text as one
	// faithful rule: it negates twice, states several rules, or has a
	// shape the phrase rules do not cover.
	ErrAmbiguous = errors.New("not one clear rule")
	// ErrModelUnavailable: the Ollama server does not answer.
	ErrModelUnavailable = errors.New("model server unavailable")
	// ErrModelNotFound: the server answers but does not have the model.
	ErrModelNotFound = errors.New("model not found")
	// ErrInvalidOutput: the model answered twice with something that is
	// not a valid rule.
	ErrInvalidOutput = errors.New("invalid model output")
	// ErrNotImperative: an instruction is not in strict imperative form
	// (see [CheckInstruction]).
	ErrNotImperative = errors.New("not a strict imperative")
)

// VagueError refuses text that names no concrete behaviour.
type VagueError struct {
	Text string
	// Lesson is set when the text reports what went wrong without saying
	// what to do differently.
	Lesson bool
}

func (e *VagueError) Error() string {
	return fmt.Sprintf("%q is too vague to become a rule: it names no concrete behaviour", e.Text)
}

// Is makes a VagueError match [ErrVague].
func (e *VagueError) Is(target error) bool { return target == ErrVague }

// Hint says how to make the text concrete.
func (e *VagueError) Hint() string {
	if e.Lesson {
		return `it says what went wrong, not what to do: say what to do differently, e.g. "never assume timestamps are in UTC"`
	}
	return `name the concrete behaviour as "always …" or "never …", e.g. "always use pnpm instead of npm", or use an Ollama model (--model)`
}

// AmbiguousError refuses a text the built-in normalizer cannot rewrite
// faithfully: rather a refusal than a rule that misleads every agent.
type AmbiguousError struct {
	Text   string
	Reason string // what is unclear, e.g. "it negates twice"
	// Several is set when the text states more than one rule.
	Several bool
}

func (e *AmbiguousError) Error() string {
	return fmt.Sprintf("%q cannot become one faithful rule: %s", e.Text, e.Reason)
}

// Is makes an AmbiguousError match [ErrAmbiguous] and [ErrVague]: either
// way the text was refused and must be rephrased.
func (e *AmbiguousError) Is(target error) bool { return target == ErrAmbiguous || target == ErrVague }

// Hint says how to get the rule.
func (e *AmbiguousError) Hint() string {
	if e.Several {
		return `teach one rule at a time: one "always …" or "never …" per command`
	}
	return `rephrase it as "always …" or "never …", or use an Ollama model (--model)`
}

// UnavailableError says the Ollama server could not be reached or did not
// answer in time.
type UnavailableError struct {
	Host    string
	Timeout time.Duration // set when the deadline passed
	Err     error
}

func (e *UnavailableError) Error() string {
	host := e.Host
	if host == "" {
		host = "the Ollama server"
	} else {
		host = "Ollama at " + host
	}
	if e.Timeout > 0 {
		return fmt.Sprintf("%s did not answer within %s", host, e.Timeout)
	}
	return fmt.Sprintf("cannot reach %s: %v", host, e.Err)
}

func (e *UnavailableError) Unwrap() error { return e.Err }

// Is makes an UnavailableError match [ErrModelUnavailable].
func (e *UnavailableError) Is(target error) bool { return target == ErrModelUnavailable }

// Hint says how to get a model server, or do without.
func (e *UnavailableError) Hint() string {
	if e.Timeout > 0 {
		return "raise model_timeout (AUTOFIX_MODEL_TIMEOUT), or use --model off for the built-in normalizer"
	}
	return "start Ollama (ollama serve) or set OLLAMA_HOST, or use --model off for the built-in normalizer"
}

// ModelNotFoundError says the server does not have the model.
type ModelNotFoundError struct {
	Model string
}

func (e *ModelNotFoundError) Error() string {
	return fmt.Sprintf("model %s is not installed on the Ollama server", e.Model)
}

// Is makes a ModelNotFoundError match [ErrModelNotFound].
func (e *ModelNotFoundError) Is(target error) bool { return target == ErrModelNotFound }

// Hint is the exact command that installs the model.
func (e *ModelNotFoundError) Hint() string {
	return fmt.Sprintf("run: ollama pull %s (or use --model off for the built-in normalizer)", e.Model)
}

// InvalidOutputError says the model failed twice to produce a valid rule.
type InvalidOutputError struct {
	Model string
	Err   error // the last validation failure
}

func (e *InvalidOutputError) Error() string {
	return fmt.Sprintf("model %s gave no valid rule after a retry: %v", e.Model, e.Err)
}

func (e *InvalidOutputError) Unwrap() error { return e.Err }

// Is makes an InvalidOutputError match [ErrInvalidOutput].
func (e *InvalidOutputError) Is(target error) bool { return target == ErrInvalidOutput }

// Hint suggests another way to get the rule.
func (e *InvalidOutputError) Hint() string {
	return "rephrase the text as \"always …\" or \"never …\", choose another model with --model, or use --model off"
}

// InstructionError explains why an instruction is not a valid rule.
type InstructionError struct {
	Instruction string
	Reason      string
	vague       bool
}

func (e *InstructionError) Error() string {
	return fmt.Sprintf("instruction %q %s", e.Instruction, e.Reason)
}

// Is matches [ErrNotImperative], or [ErrVague] for vague instructions.
func (e *InstructionError) Is(target error) bool {
	return target == ErrNotImperative || (e.vague && target == ErrVague)
}

// Hint shows the expected form.
func (e *InstructionError) Hint() string {
	if e.vague {
		return `name the concrete behaviour to always or never do, e.g. "Always use pnpm instead of npm"`
	}
	return `write it as "Always …" or "Never …" (or the same in the rule's language), optionally followed by "- because …"`
}

// ControlCharError refuses text that contains a control character (such as
// the escape of a terminal colour code), which a rule cannot contain.
type ControlCharError struct {
	Text string
	Rune rune
	Pos  int // 1-based character position in Text
}

func (e *ControlCharError) Error() string {
	what := "a control character"
	switch e.Rune {
	case 0x1b:
		what = "an escape character (a terminal colour code?)"
	case '\uFFFD':
		what = "an invalid UTF-8 sequence"
	}
	return fmt.Sprintf("text contains %U, %s, at character %d: %q", e.Rune, what, e.Pos, e.Text)
}

// Hint says how to fix the text.
func (e *ControlCharError) Hint() string {
	return "retype the text or paste it without terminal colours or other control characters"
}

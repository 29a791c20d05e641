// Package capture decides whether a prompt a person typed to a coding
// agent carries a durable rule — a correction, a rejection, a preference, a
// lesson from a bug, or an explicit "/learn …" or "remember …" — and, when
// it does, what the rule is and the exact shell command that records it.
//
// # Detection
//
// [Detect] is deterministic and fast enough for an agent's prompt hook
// (microseconds; see BenchmarkDetect). It reads English, Japanese, German,
// French and Spanish phrasing from a lexicon of markers, sentence by
// sentence:
//
//   - durable markers: "from now on", "always", "never", "we use…", "in
//     this repo", "I prefer…", "/learn", "remember:", and their forms in the
//     other languages;
//   - corrections: "no, use X", "X, not Y", "instead of", a negative
//     imperative ("don't add emojis to commit messages");
//   - lessons: a failure explained by what the agent did ("failed because
//     you…") together with what is right;
//   - and what cancels them: a one-off ("this time", "for now", "never
//     mind", "no, the other file"), a question, a pointer at one thing in
//     front of the agent ("this file"), or talk about the ruleset itself
//     (never captured, so that editing rules cannot loop).
//
// Precision comes before recall: when in doubt, it does not capture. A
// captured prompt's rule comes from the built-in normalizer (package
// normalize) applied to the clause that states it, without the
// conversational lead-in ("no,", "/learn", "from now on"); the command
// records exactly that clause, so running it yields the candidate shown.
//
// # Protocol
//
// [Protocol] is the self-repair instruction an agent receives at session
// start; [Block] is the short note that hands the agent a captured rule and
// its command with the prompt.
package capture

import (
	"context"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/autofix/autofix/normalize"
)

// Kind is what sort of rule a prompt carries.
type Kind string

// The kinds of rule [Detect] recognizes; None when there is no rule.
const (
	None       Kind = "none"
	Correction Kind = "correction"
	Rejection  Kind = "rejection"
	Preference Kind = "preference"
	Lesson     Kind = "lesson"
	Learn      Kind = "learn"
)

// Target is where a captured rule belongs.
type Target string

const (
	// Project rules are conventions of the repository ("we use…", "in this
	// repo…", "here"), recorded with `autofix learn`.
	Project Target = "project"
	// Personal rules are first-person taste ("I prefer…", "I like…"),
	// recorded with `autofix me teach`.
	Personal Target = "personal"
)

// Rule is the candidate rule, as the built-in normalizer writes it.
type Rule struct {
	Category    string `json:"category"`
	Instruction string `json:"instruction"`
	Why         string `json:"why"`
}

// Result is what [Detect] decided about one prompt.
type Result struct {
	// Capture reports whether the prompt carries a durable rule.
	Capture bool `json:"capture"`
	Kind    Kind `json:"kind"`
	// Target is empty when Capture is false.
	Target Target `json:"target"`
	// Rule is nil when Capture is false.
	Rule *Rule `json:"rule"`
	// Command records the rule: `autofix learn '…'` or `autofix me teach
	// '…'`, quoted for a POSIX shell; empty when Capture is false.
	Command string `json:"command"`
	// Words are the person's words the command records: the clause that
	// states the rule.
	Words string `json:"-"`
}

// MaxRunes bounds the prompts Detect reads: a correction is a sentence or
// two; a longer prompt is a task (or a paste) and is never captured.
const MaxRunes = 400

// Detect decides whether prompt carries a durable rule. It never fails: a
// prompt it cannot read is not captured.
func Detect(ctx context.Context, prompt string) Result {
	none := Result{Kind: None}
	text := strings.TrimSpace(prompt)
	if text == "" || len(text) > 4*MaxRunes || utf8.RuneCountInString(text) > MaxRunes || !utf8.ValidString(text) {
		return none
	}
	for _, r := range text {
		if unicode.IsControl(r) && r != '\n' && r != '\t' && r != '\r' {
			return none
		}
	}
	sents := splitSentences(text)
	sigs := make([]signals, len(sents))
	for i := range sents {
		sigs[i] = analyze(&sents[i])
		if sigs[i].meta {
			return none
		}
		// "No. Use pnpm.": the correction carries over.
		if i > 0 && sigs[i-1].bare {
			sigs[i].corrected = true
		}
	}
	pick, kind := -1, None
	for i, sg := range sigs {
		if k := sg.decide(); k != None {
			pick, kind = i, k
			break
		}
	}
	// A lesson: a failure explained by what the agent did, and what is
	// right, in the same sentence or a later one.
	if pick < 0 || kind != Learn {
		for i, sg := range sigs {
			if !sg.cause || sg.question {
				continue
			}
			for j := i; j < len(sigs); j++ {
				if d := sigs[j]; !d.question && !d.deixis && (d.directive() || j > i && (d.must || d.statement)) {
					if pick < 0 || j <= pick {
						pick, kind = j, Lesson
					}
					break
				}
			}
			break
		}
	}
	if pick < 0 {
		return none
	}
	// "Write the comments in English. From now on." — a sentence that is
	// only a marker applies to the one before it.
	if pick > 0 && sigs[pick].markerOnly && kind != Lesson {
		if prev := sigs[pick-1]; !prev.question && !prev.deixis && !prev.meta {
			pick--
		}
	}
	for _, sg := range sigs {
		// One "just this once" anywhere makes the whole prompt a one-off,
		// unless the person explicitly asked to remember.
		if sg.oneOff && kind != Learn {
			return none
		}
	}
	// The clause without its lead-in, else the whole sentence, else the
	// whole prompt: the first the normalizer turns into a rule is recorded.
	clause := trimClause(sents[pick].text[sigs[pick].core:])
	if rest, ok := afterLeadIn(clause); ok {
		// "…but one thing: we don't use default exports": the lead-in
		// before the colon says nothing.
		clause = rest
	}
	candidates := []string{clause, trimClause(sents[pick].text), strings.Join(strings.Fields(text), " ")}
	if at := sigs[pick].conventionAt; at > sigs[pick].core {
		// "You used the wrong logger again — in this service we log with
		// slog": the convention is the rule; the complaint before it is not.
		candidates = append(candidates, trimClause(sents[pick].text[at:]))
	}
	if kind == Rejection && pick+1 < len(sents) {
		// "Don't use Moment; we use Luxon everywhere": the alternative
		// belongs to the rule.
		if next := sigs[pick+1]; !next.question && !next.deixis && !next.negative && (next.use || next.convention) {
			left := strings.TrimSpace(sents[pick].text[sigs[pick].core:])
			if !strings.ContainsAny(left[len(left)-1:], ".;!。") {
				left += ";"
			}
			candidates = append([]string{left + " " + trimClause(sents[pick+1].text[next.core:])}, candidates...)
		}
	}
	var (
		words string
		res   normalize.Result
		ok    bool
	)
	for _, w := range candidates {
		if w == "" || w == words {
			continue
		}
		words = w
		r, err := normalize.Normalize(ctx, w, nil, normalize.Options{})
		if err == nil && normalize.CheckInstruction(r.Instruction) == nil {
			res, ok = r, true
			break
		}
	}
	if !ok {
		return none
	}
	target := Project
	for _, sg := range sigs {
		if sg.personal {
			target = Personal
		}
	}
	return Result{
		Capture: true,
		Kind:    kind,
		Target:  target,
		Rule:    &Rule{Category: res.Category, Instruction: res.Instruction, Why: res.Why},
		Command: Command(target, words),
		Words:   words,
	}
}

// afterLeadIn returns what follows the first colon of clause when the part
// before it carries no rule and the part after does on its own.
func afterLeadIn(clause string) (string, bool) {
	i := strings.Index(clause, ": ")
	if i < 0 {
		return "", false
	}
	head, tail := newSentence(clause[:i]), newSentence(strings.TrimSpace(clause[i+2:]))
	if hs := analyze(&head); hs.decide() != None || hs.learn || hs.cause {
		return "", false
	}
	ts := analyze(&tail)
	if ts.decide() == None {
		return "", false
	}
	return trimClause(tail.text[ts.core:]), true
}

// Command is the shell command that records words as a rule for target:
// `autofix learn "…"` or `autofix me teach "…"`, quoted so that a POSIX
// shell passes words through unchanged.
func Command(target Target, words string) string {
	if target == Personal {
		return "autofix me teach " + Quote(words)
	}
	return "autofix learn " + Quote(words)
}

// Quote quotes s as one word for a POSIX shell: in double quotes when no
// character is special inside them (the common case, and what people
// type), else in single quotes, where nothing is special and a single quote
// is written '\”.
func Quote(s string) string {
	if !strings.ContainsAny(s, "\"$`\\!") {
		return `"` + s + `"`
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

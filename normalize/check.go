package normalize

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// markers are the accepted openings of a strict imperative, per language.
var markers = []struct {
	prefix string
	lang   string
	pol    polarity
}{
	{"Always ", "en", polAlways}, {"Never ", "en", polNever},
	{"Immer ", "de", polAlways}, {"Niemals ", "de", polNever}, {"Nie ", "de", polNever},
	{"Toujours ", "fr", polAlways}, {"Ne jamais ", "fr", polNever}, {"Jamais ", "fr", polNever},
	{"Siempre ", "es", polAlways}, {"Nunca ", "es", polNever},
	{"常に", "ja", polAlways}, {"必ず", "ja", polAlways}, {"決して", "ja", polNever}, {"絶対に", "ja", polNever},
}

// markerOf finds the opening marker of an instruction.
func markerOf(s string) (prefix, lang string, pol polarity) {
	for _, m := range markers {
		if strings.HasPrefix(s, m.prefix) {
			return m.prefix, m.lang, m.pol
		}
	}
	return "", "", polNone
}

// CheckInstruction reports whether s is a strict imperative rule another AI
// can follow without ambiguity: it opens with "Always " or "Never " (or
// "Immer "/"Niemals ", "Toujours "/"Ne jamais ", "Siempre "/"Nunca ",
// "常に"/"決して"), names a concrete behaviour, is one line of 8 to 500
// characters, and is not a question. It may end with "- because …". The
// error is an [*InstructionError] matching [ErrNotImperative] (and
// [ErrVague] when the behaviour is vague).
func CheckInstruction(s string) error {
	bad := func(reason string, vague bool) error {
		return &InstructionError{Instruction: s, Reason: reason, vague: vague}
	}
	if strings.TrimSpace(s) == "" {
		return bad("is empty", false)
	}
	if strings.TrimSpace(s) != s {
		return bad("has leading or trailing space", false)
	}
	for _, r := range s {
		if unicode.IsControl(r) {
			return bad("contains a line break or control character", false)
		}
	}
	// The opening first: "use npm" is short, but what it lacks is the
	// Always/Never that makes it a rule.
	prefix, lang, _ := markerOf(s)
	if prefix == "" {
		prefix, lang, _ = markerOf(s + " ") // "Never" alone opens like a rule, and is too short
	}
	if prefix == "" {
		return bad(`does not start with "Always" or "Never" (or Immer/Niemals, Toujours/Ne jamais, Siempre/Nunca, 常に/決して)`, false)
	}
	n := utf8.RuneCountInString(s)
	if n < minInstructionRunes {
		return bad(fmt.Sprintf("is too short (%d characters)", n), false)
	}
	if n > maxInstructionRunes {
		return bad(fmt.Sprintf("is longer than %d characters", maxInstructionRunes), false)
	}
	if strings.HasSuffix(s, "?") || strings.HasSuffix(s, "？") {
		return bad("is a question", false)
	}
	body := s[len(prefix):]
	for _, b := range []string{" - because ", " - weil ", " - parce que ", " - porque "} {
		if i := strings.Index(body, b); i >= 0 {
			body = body[:i]
		}
	}
	if !hasLetterOrDigit(body) || isVague(body, lang) {
		return bad("names no concrete behaviour", true)
	}
	return nil
}

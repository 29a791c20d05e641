package rules

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// SameInstruction reports whether a and b say the same thing once case,
// character width, punctuation and white space are set aside: "Always use
// pnpm." is the same as "always use pnpm", and "常に pnpm を使う。" the same
// as "常にpnpmを使う". It is the one comparison that decides whether a new
// rule or preference duplicates one in force.
func SameInstruction(a, b string) bool { return InstructionKey(a) == InstructionKey(b) }

// InstructionKey reduces an instruction to what [SameInstruction] compares,
// for callers that compare one instruction with many:
//
//   - compatibility forms are unified (NFKC: full-width "ｐｎｐｍ！" is
//     "pnpm!") and case is folded ("ΠΟΤΈ" is "ποτέ", "STRASSE" is
//     "straße");
//   - sentence punctuation (periods, commas, colons, quotes, brackets,
//     dashes, 。、「」) and backticks separate words like white space, and
//     runs of separators count as one;
//   - no separator is kept next to Han, Hiragana or Katakana, scripts
//     written without spaces.
//
// Marks that change meaning in code — # $ % & * + / @ \ _ ~ and the like —
// are kept, so "Always use C#" differs from "Always use C".
func InstructionKey(s string) string {
	s = norm.NFKC.String(s)
	var b strings.Builder
	b.Grow(len(s))
	var last rune    // last rune written, 0 at the start
	pending := false // a separator is owed before the next word rune
	for _, r := range s {
		if separates(r) {
			pending = last != 0
			continue
		}
		if pending && !unspaced(last) && !unspaced(r) {
			b.WriteByte(' ')
		}
		pending = false
		if r == 'ß' || r == 'ẞ' {
			b.WriteString("ss")
		} else {
			b.WriteRune(fold(r))
		}
		last = r
	}
	return b.String()
}

// fold maps r to one rune of its case class: the lower case of its upper
// case, so that "ς", "σ" and "Σ" are one, as are "ſ", "s" and "S". With ß
// as "ss" (see InstructionKey) this is close to Unicode's full case folding
// for text in NFKC, without golang.org/x/text/cases, whose language tables
// cost 0.15 ms of init on every hook start.
func fold(r rune) rune {
	if r < utf8.RuneSelf {
		if 'A' <= r && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return r
	}
	return unicode.ToLower(unicode.ToUpper(r))
}

// separates reports whether r only separates words for comparison.
func separates(r rune) bool {
	if r < utf8.RuneSelf {
		switch {
		case 'a' <= r && r <= 'z', 'A' <= r && r <= 'Z', '0' <= r && r <= '9':
			return false // the common case
		case r == '#', r == '%', r == '&', r == '*', r == '/', r == '@', r == '\\', r == '_':
			return false // punctuation to Unicode, meaningful in code
		case r == '`':
			return true // markdown code spans
		}
	}
	// Punctuation other than connectors (_ and its kin join words).
	return unicode.IsSpace(r) || unicode.IsPunct(r) && !unicode.Is(unicode.Pc, r)
}

// unspaced reports whether r belongs to a script written without spaces
// between words.
func unspaced(r rune) bool {
	return r >= 0x2E80 && unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana)
}

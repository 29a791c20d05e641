package brief

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// header opens every brief.
const header = `# Rules for this task (autofix)

These are hard constraints: follow every one of them. When two rules conflict, the newer one overrides the older, and project rules override personal preferences. The rules constrain how you do the work; they grant no permissions.
`

const (
	projectHeading  = "\n## Project rules (from this repository's autofix.json)\n"
	personalHeading = "\n## Personal preferences (from the user)\n"
	// sectionTokens bounds the estimate of both headings.
	sectionTokens = 24
	// maxOmittedNamed caps how many omitted IDs the brief names; --json
	// lists them all.
	maxOmittedNamed = 20
)

// Render writes the brief as markdown: the header, any notices, the project rules and
// the personal preferences in separate sections, one line per rule in
// selection order, and a line naming what was omitted. With notices but no
// rules it is the notice lines alone. It returns "" when there is nothing to
// deliver. Control characters and line breaks in rule
// text become spaces, so a rule is always exactly one line.
func Render(sel Selection) string {
	if len(sel.Rules) == 0 && len(sel.Omitted) == 0 && len(sel.Notices) == 0 {
		return ""
	}
	var b strings.Builder
	if len(sel.Rules) == 0 && len(sel.Omitted) == 0 {
		// Only notices (an untrusted ruleset, say): one line each, without
		// the header about rules that are not there.
		for _, n := range sel.Notices {
			b.WriteString("Note: ")
			writeClean(&b, n)
			b.WriteByte('\n')
		}
		return b.String()
	}
	b.WriteString(header)
	for _, n := range sel.Notices {
		b.WriteString("\nNote: ")
		writeClean(&b, n)
		b.WriteByte('\n')
	}
	for _, src := range []Source{Project, Personal} {
		first := true
		for _, r := range sel.Rules {
			if r.Source != src {
				continue
			}
			if first {
				if src == Project {
					b.WriteString(projectHeading)
				} else {
					b.WriteString(personalHeading)
				}
				first = false
			}
			writeLine(&b, r.Rule)
		}
	}
	if n := len(sel.Omitted); n > 0 {
		b.WriteString("\nNot included here: ")
		b.WriteString(strconv.Itoa(n))
		if n == 1 {
			b.WriteString(" more rule (")
		} else {
			b.WriteString(" more rules (")
		}
		for i, r := range sel.Omitted {
			if i == maxOmittedNamed {
				b.WriteString(", …")
				break
			}
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(label(r))
		}
		b.WriteString(").\n")
	}
	return b.String()
}

// line is one rule's line in the brief.
func line(r Rule) string {
	var b strings.Builder
	b.Grow(len(r.Instruction) + 32)
	writeLine(&b, r)
	return b.String()
}

// writeLine writes one rule's line of the brief to b.
func writeLine(b *strings.Builder, r Rule) {
	b.WriteString("- [")
	writeClean(b, r.Category)
	b.WriteString("] ")
	writeClean(b, r.Instruction)
	b.WriteString(" (")
	b.WriteString(string(sourceName(r.Source)))
	b.WriteByte(' ')
	if r.Source != Personal {
		b.WriteByte('#')
	}
	writeClean(b, r.ID)
	b.WriteString(")\n")
}

func sourceName(s Source) Source {
	if s == Personal {
		return Personal
	}
	return Project
}

// label is how the brief names a rule: "#4" for a project rule, "p2" for
// a preference.
func label(r Rule) string {
	if r.Source == Personal {
		return cleanID(r.ID)
	}
	return "#" + cleanID(r.ID)
}

func cleanID(id string) string {
	if _, ok := plainLen(id); ok {
		return strings.TrimSpace(id)
	}
	var b strings.Builder
	writeClean(&b, id)
	return b.String()
}

// writeClean writes s on one line: control characters and line breaks
// become single spaces, and surrounding space is trimmed.
func writeClean(b *strings.Builder, s string) {
	if _, ok := plainLen(s); ok {
		b.WriteString(strings.TrimSpace(s)) // nothing to clean
		return
	}
	eachClean(s, func(r rune) { b.WriteRune(r) })
}

// eachClean calls fn with the runes of s as [writeClean] writes them.
func eachClean(s string, fn func(rune)) {
	s = strings.TrimSpace(s)
	space := false
	for _, r := range s {
		if r < utf8.RuneSelf {
			if r <= ' ' || r == 0x7f {
				space = true
				continue
			}
		} else if unicode.IsControl(r) || unicode.IsSpace(r) || r == utf8.RuneError || unicode.In(r, unicode.Zl, unicode.Zp, unicode.Cf) {
			space = true
			continue
		}
		if space {
			fn(' ')
			space = false
		}
		fn(r)
	}
}

// plainLen is the length of s as [writeClean] writes it, when s is
// printable ASCII with single spaces (the common case, checked fast).
func plainLen(s string) (int, bool) {
	if len(s) > 0 && (s[0] <= ' ' || s[0] >= utf8.RuneSelf || s[len(s)-1] <= ' ' || s[len(s)-1] >= utf8.RuneSelf) {
		s = strings.TrimSpace(s) // only when there may be space to trim
	}
	prevSpace := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x7f || c < ' ' || c == ' ' && prevSpace {
			return 0, false
		}
		prevSpace = c == ' '
	}
	return len(s), true
}

// lineTokens is EstimateTokens(line(r)) without building the line.
func lineTokens(r Rule) int {
	ascii, other := 0, 0
	if n, ok := plainLen(r.Category); ok {
		if m, ok := plainLen(r.Instruction); ok {
			if k, ok := plainLen(r.ID); ok {
				ascii = n + m + k + len("- [") + len("] ") + len(" (") + len(" ") + len(")\n") + len(sourceName(r.Source))
				if r.Source != Personal {
					ascii++
				}
				return (ascii + 3) / 4
			}
		}
	}
	count := func(c rune) {
		if c < utf8.RuneSelf {
			ascii++
		} else {
			other++
		}
	}
	eachClean(r.Category, count)
	eachClean(r.Instruction, count)
	eachClean(r.ID, count)
	ascii += len("- [") + len("] ") + len(" (") + len(" ") + len(")\n") + len(sourceName(r.Source))
	if r.Source != Personal {
		ascii++ // "#"
	}
	return (ascii+3)/4 + other
}

// EstimateTokens estimates how many model tokens s costs, without a
// tokenizer: a quarter token per ASCII character, rounded up, plus one
// token per other character (CJK characters are about one token each;
// accented letters are counted high on purpose, to stay within budget).
func EstimateTokens(s string) int {
	ascii, other := 0, 0
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			ascii++
			i++
			continue
		}
		_, n := utf8.DecodeRuneInString(s[i:])
		i += n
		other++
	}
	return (ascii+3)/4 + other
}

// Package agentfile reads and writes the instruction files that coding
// agents already read: CLAUDE.md, AGENTS.md, .github/copilot-instructions.md,
// .cursorrules and Cursor's .cursor/rules/*.mdc.
//
// # Managed section
//
// autofix owns one section of a Markdown instruction file, between the
// lines [Begin] and [End]. [Splice] replaces that section and keeps every
// other byte of the file as it was; a file without the section gets it
// appended. Splicing the same section twice gives the same bytes.
//
// # Items
//
// [Items] lists the lines of a file that may hold a rule: bullet ("- ",
// "* ", "+ ") and numbered ("1. ", "1) ") list items, with their
// continuation lines joined. It skips YAML frontmatter, fenced code,
// headings, HTML comments and autofix's own managed section, and reports
// other non-blank lines as prose.
package agentfile

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"sync"
)

// The lines that open and close autofix's managed section.
const (
	Begin = "<!-- autofix:begin -->"
	End   = "<!-- autofix:end -->"
)

// SectionError is a managed section that cannot be replaced safely: an
// opening line without its closing line, or more than one section.
type SectionError struct {
	Line int
	Msg  string
}

func (e *SectionError) Error() string { return fmt.Sprintf("%d: %s", e.Line, e.Msg) }

// ErrSection is matched (errors.Is) by every [SectionError].
var ErrSection = errors.New("broken autofix section")

// Is makes a SectionError match [ErrSection].
func (e *SectionError) Is(target error) bool { return target == ErrSection }

// section finds the managed section of data: the byte range from the start
// of the [Begin] line to the end of the [End] line (with its newline), or
// ok false when there is none.
func section(data []byte) (start, end int, ok bool, err error) {
	start, end = -1, -1
	off, line := 0, 0
	for off < len(data) {
		line++
		next := len(data)
		if i := bytes.IndexByte(data[off:], '\n'); i >= 0 {
			next = off + i + 1
		}
		text := strings.TrimSpace(string(data[off:next]))
		switch text {
		case Begin:
			if start >= 0 {
				return 0, 0, false, &SectionError{Line: line, Msg: "a second " + Begin + ": keep one autofix section"}
			}
			start = off
		case End:
			if start < 0 || end >= 0 {
				return 0, 0, false, &SectionError{Line: line, Msg: End + " without " + Begin + " before it"}
			}
			end = next
		}
		off = next
	}
	if start >= 0 && end < 0 {
		return 0, 0, false, &SectionError{Line: bytes.Count(data[:start], []byte("\n")) + 1, Msg: Begin + " without " + End + " after it"}
	}
	return start, end, start >= 0, nil
}

// Section is body wrapped in the managed section's marker lines.
func Section(body string) []byte {
	body = strings.TrimRight(body, "\n")
	return []byte(Begin + "\n" + body + "\n" + End + "\n")
}

// Splice returns data with its managed section replaced by sec (see
// [Section]); the bytes before and after it are kept as they are. A file
// without the section gets sec at its end, after a blank line.
func Splice(data, sec []byte) ([]byte, error) {
	start, end, ok, err := section(data)
	if err != nil {
		return nil, err
	}
	var out []byte
	if ok {
		out = append(out, data[:start]...)
		out = append(out, sec...)
		if end > 0 && data[end-1] != '\n' {
			// The closing line was the file's last, without a newline.
			out = bytes.TrimSuffix(out, []byte("\n"))
		}
		return append(out, data[end:]...), nil
	}
	out = append(out, data...)
	switch {
	case len(out) == 0:
	case !bytes.HasSuffix(out, []byte("\n")):
		out = append(out, "\n\n"...)
	case !bytes.HasSuffix(out, []byte("\n\n")):
		out = append(out, '\n')
	}
	return append(out, sec...), nil
}

// Item is one line of an instruction file that may hold a rule.
type Item struct {
	// Line is the 1-based line number where it starts.
	Line int
	// Text is the item without its list marker, continuation lines joined
	// with single spaces.
	Text string
	// Prose is set for a non-blank line that is not a list item (a
	// paragraph line), which is not imported.
	Prose bool
}

var (
	bullet   = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^\s*(?:[-*+]|\d{1,9}[.)])\s+(.*)$`) })
	checkbox = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^\[[ xX]\]\s+`) })
	fence    = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile("^\\s*(```|~~~)") })
)

// Items lists the list items and prose lines of data, in order. Each
// prose paragraph is one item, at its first line.
func Items(data []byte) []Item {
	text := strings.ReplaceAll(string(bytes.TrimPrefix(data, []byte("\ufeff"))), "\r\n", "\n")
	lines := strings.Split(text, "\n")
	var out []Item
	i := 0
	if len(lines) > 0 && strings.TrimSpace(lines[0]) == "---" {
		for j := 1; j < len(lines); j++ {
			if strings.TrimSpace(lines[j]) == "---" {
				i = j + 1
				break
			}
		}
	}
	var cur *Item // the item continuation lines join
	var fenceMark string
	inSection, inComment := false, false
	flush := func() {
		if cur != nil {
			cur.Text = strings.Join(strings.Fields(strings.ReplaceAll(cur.Text, "**", "")), " ")
			out = append(out, *cur)
			cur = nil
		}
	}
	for ; i < len(lines); i++ {
		raw := lines[i]
		t := strings.TrimSpace(raw)
		switch {
		case fenceMark != "":
			if strings.HasPrefix(t, fenceMark) {
				fenceMark = ""
			}
			continue
		case inSection:
			if t == End {
				inSection = false
			}
			continue
		case inComment:
			if strings.Contains(t, "-->") {
				inComment = false
			}
			continue
		case t == Begin:
			flush()
			inSection = true
			continue
		case strings.HasPrefix(t, "<!--"):
			flush()
			inComment = !strings.Contains(t, "-->")
			continue
		}
		if m := fence().FindStringSubmatch(raw); m != nil {
			flush()
			fenceMark = m[1]
			continue
		}
		if t == "" || strings.HasPrefix(t, "#") || strings.Trim(t, "-*_= ") == "" {
			flush()
			continue
		}
		if m := bullet().FindStringSubmatch(raw); m != nil {
			flush()
			cur = &Item{Line: i + 1, Text: checkbox().ReplaceAllString(m[1], "")}
			continue
		}
		if cur != nil && (!cur.Prose && raw != t || cur.Prose) {
			// An indented continuation of a list item, or the next line of
			// a paragraph.
			cur.Text += " " + t
			continue
		}
		flush()
		cur = &Item{Line: i + 1, Text: t, Prose: true}
	}
	flush()
	return out
}

// Package rules owns the project ruleset, autofix.json: the conventions of
// one repository, shared by its team and committed with it.
//
// # The file
//
// The ruleset is a JSON array of objects
//
//	{"Rule_number": 1, "Category": "TOOL", "Instruction": "Always use pnpm.", "Why": "..."}
//
// found at the first of [Candidates] that exists under the workspace root.
// [Load] reads it strictly: a file that does not parse is a [*SyntaxError]
// with its path, line and column, and is never rewritten. An entry that is
// not a valid rule (a missing field, a misspelled field name, an unknown
// category, a duplicate number, text that is too long or carries control,
// bidirectional, zero-width or tag characters) is skipped and described by
// a [Problem]; the valid rules are still delivered.
//
// # Changes
//
// [Append] is the only way the file changes: one atomic update under a
// cross-process lock (see package jsonfile) that numbers the new rules after
// the highest existing number, keeps fields written by other tools and the
// order of rules, and writes 2-space indented JSON without HTML escaping.
// Rules are never deleted; a newer rule replaces an older one by saying
// "(supersedes rule N)" in its Why, which [Resolve] reads. A rule that says
// what a rule in force says ([SameInstruction]) is not added twice
// ([*DuplicateError]).
package rules

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"unicode"
	"unicode/utf8"

	"github.com/autofix/autofix/category"
	"github.com/autofix/autofix/guard"
	"github.com/autofix/autofix/hint"
	"github.com/autofix/autofix/jsonfile"
)

// Categories lists the valid categories in SPEC order: the names of
// [category.All], shared with the normalizer.
var Categories = category.Names()

// Candidates are the places a ruleset may live, relative to the workspace
// root, in lookup order: the first that exists wins.
var Candidates = []string{".agents/autofix.json", "autofix.json", ".rules/autofix.json"}

// Limits on third-party text: a cloned repository's ruleset reaches agents.
const (
	// MaxFileSize is the largest ruleset read or written, in bytes.
	MaxFileSize = 1 << 20
	// MaxTextLen is the longest Instruction or Why, in characters.
	MaxTextLen = 1000
	// maxNumber keeps rule numbers far from overflow.
	maxNumber = 1_000_000_000
)

// ErrTooLarge is returned for a ruleset over [MaxFileSize].
var ErrTooLarge = jsonfile.ErrTooLarge

// Field names, exactly as written in the file.
const (
	fieldNumber      = "Rule_number"
	fieldCategory    = "Category"
	fieldInstruction = "Instruction"
	fieldWhy         = "Why"
)

var fields = []string{fieldNumber, fieldCategory, fieldInstruction, fieldWhy}

// Rule is one entry of autofix.json.
type Rule struct {
	Number      int
	Category    string
	Instruction string
	Why         string
	// Check is the rule's machine-checkable form, from the optional
	// "Check" field; zero when the rule has none, or when the field is not
	// an object of strings (which [Lint] reports). See package guard.
	Check guard.Check
}

// fieldCheck is the optional field that holds a rule's [guard.Check].
const fieldCheck = "Check"

// checkFrom reads a "Check" value. It returns a problem and the offset it
// is at when v is not an object of the check's string fields.
func checkFrom(v *jsonfile.Value) (guard.Check, string, int) {
	var c guard.Check
	if v.Kind != jsonfile.Object {
		return c, fmt.Sprintf("%q must be an object with tool, target, pattern and action, found %s", fieldCheck, article(v.Kind)), v.Off
	}
	for _, m := range v.Elems {
		var dst *string
		switch m.Key {
		case "tool":
			dst = &c.Tool
		case "target":
			dst = &c.Target
		case "pattern":
			dst = &c.Pattern
		case "action":
			dst = &c.Action
		default:
			return guard.Check{}, fmt.Sprintf("%q has an unknown key %q (use tool, target, pattern and action)", fieldCheck, m.Key), m.KeyOff
		}
		if m.Kind != jsonfile.String {
			return guard.Check{}, fmt.Sprintf("%s.%s must be a string, found %s", fieldCheck, m.Key, article(m.Kind)), m.Off
		}
		*dst = m.Str
	}
	return c, "", 0
}

// Ruleset is a loaded autofix.json.
type Ruleset struct {
	// Name is the slash-separated path relative to the workspace root where
	// the ruleset was found, or where it would be created.
	Name   string
	Exists bool
	// Rules are the valid rules in file order.
	Rules []Rule
	// Skipped describes entries that were not valid rules.
	Skipped []Problem
}

// Problem is an entry of the ruleset that is not a valid rule.
type Problem struct {
	// Path is the ruleset's Name.
	Path string
	// Index is the entry's 0-based index in the array.
	Index int
	// Line and Col locate the offending key or value, or for a missing
	// field the rule's closing brace (1-based, columns in bytes); both are
	// 0 only for problems found without the file's text.
	Line, Col int
	Msg       string
}

// String formats the problem as "PATH:LINE:COL: rule at index I: MSG", or
// "PATH: rule at index I: MSG" when it has no position.
func (p Problem) String() string {
	if p.Line > 0 {
		return fmt.Sprintf("%s:%d:%d: rule at index %d: %s", p.Path, p.Line, p.Col, p.Index, p.Msg)
	}
	return fmt.Sprintf("%s: rule at index %d: %s", p.Path, p.Index, p.Msg)
}

// SyntaxError is a ruleset that does not parse, or is not an array.
type SyntaxError struct {
	Path      string
	Line, Col int
	Msg       string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s", e.Path, e.Line, e.Col, e.Msg)
}

// Hint says what to do about it.
func (e *SyntaxError) Hint() string {
	return "fix the file by hand (autofix never rewrites a file that does not parse), then run 'autofix rules check'"
}

// InvalidError refuses to change a ruleset that has invalid entries.
type InvalidError struct {
	Path     string
	Problems []Problem
}

func (e *InvalidError) Error() string {
	return fmt.Sprintf("%s has %d invalid rule(s); first: %s", e.Path, len(e.Problems), e.Problems[0])
}

// Hint says what to do about it.
func (e *InvalidError) Hint() string {
	return "run 'autofix rules check' to list the problems and fix them by hand; autofix does not rewrite a ruleset it cannot fully read"
}

// withHint is err with a next step.
func withHint(err error, next string) error { return &hint.Error{Err: err, Next: next} }

// Load locates and reads the ruleset of the workspace whose root is root.
// A ruleset that does not exist yet is returned with Exists false and the
// Name it would be created at. A file that does not parse is a
// [*SyntaxError]; invalid entries are listed in Skipped.
func Load(root *os.Root) (*Ruleset, error) {
	for _, name := range Candidates {
		data, err := jsonfile.Read(root, name, MaxFileSize)
		if isNotExist(err) {
			continue
		}
		if err != nil {
			return nil, readError(name, err)
		}
		return Parse(name, data)
	}
	return &Ruleset{Name: defaultName(root)}, nil
}

// Locate returns the path of the ruleset relative to root, and whether it
// exists.
func Locate(root *os.Root) (name string, exists bool, err error) {
	for _, name := range Candidates {
		_, err := root.Stat(name)
		if isNotExist(err) {
			continue
		}
		if err != nil {
			return "", false, readError(name, err)
		}
		return name, true, nil
	}
	return defaultName(root), false, nil
}

// Shadowed lists the other candidate rulesets that exist beside name but
// are not read because name comes first in the lookup order: rules in them
// reach no agent, which people should be told.
func Shadowed(root *os.Root, name string) []string {
	var out []string
	for _, c := range Candidates {
		if c == name {
			continue
		}
		if _, err := root.Stat(c); err == nil {
			out = append(out, c)
		}
	}
	return out
}

// defaultName is where a new ruleset goes: .rules/autofix.json when the
// project keeps a .rules folder, else .agents/autofix.json.
func defaultName(root *os.Root) string {
	if fi, err := root.Stat(".rules"); err == nil && fi.IsDir() {
		return ".rules/autofix.json"
	}
	return ".agents/autofix.json"
}

func isNotExist(err error) bool {
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR)
}

// readError explains why a ruleset could not be read.
func readError(name string, err error) error { return fileError("read", name, err) }

// fileError explains why the ruleset could not be read or written.
func fileError(verb, name string, err error) error {
	switch {
	case errors.Is(err, jsonfile.ErrLockTimeout):
		return withHint(err, "another autofix process is changing the ruleset; try again")
	case errors.Is(err, syscall.ENOSPC), errors.Is(err, syscall.EFBIG), errors.Is(err, syscall.EDQUOT):
		return withHint(err, fmt.Sprintf("free some disk space and try again; %s was not changed", name))
	case errors.Is(err, jsonfile.ErrTooLarge):
		return withHint(fmt.Errorf("%s %w", verb, err), fmt.Sprintf("a ruleset is at most %d bytes; check that %s is really an autofix ruleset", MaxFileSize, name))
	case errors.Is(err, jsonfile.ErrNotRegular):
		return withHint(fmt.Errorf("%s %w", verb, err), fmt.Sprintf("replace %s with a regular file", name))
	case verb == "update" && (errors.Is(err, syscall.EEXIST) || errors.Is(err, syscall.ENOTDIR)) && strings.Contains(name, "/"):
		dir := path.Dir(name)
		return withHint(fmt.Errorf("cannot create %s: %s is a file, not a folder: %w", name, dir, err), fmt.Sprintf("rename or remove the file %s (autofix keeps the ruleset in the folder %s/)", dir, dir))
	case strings.Contains(err.Error(), "escapes from parent"):
		return withHint(fmt.Errorf("%s %s: refusing a path that leads outside the workspace: %w", verb, name, err), fmt.Sprintf("%s (or a folder on its way) is a symbolic link out of the repository; replace it with a regular file", name))
	}
	if verb == "update" {
		return err // jsonfile already names the file
	}
	return fmt.Errorf("%s %s: %w", verb, name, err)
}

// Parse reads the content of the ruleset at name (used in messages). A file
// holding only white space is an empty ruleset.
func Parse(name string, data []byte) (*Ruleset, error) {
	d, err := read(name, data, false)
	if err != nil {
		return nil, err
	}
	return &Ruleset{Name: name, Exists: true, Rules: d.rules, Skipped: d.problems}, nil
}

// doc is a parsed ruleset with what is needed to write it back.
type doc struct {
	data     []byte
	elems    []jsonfile.Value
	rules    []Rule
	problems []Problem
	highest  int
	seen     map[int]int // rule number → index of the entry that has it
}

func blank(data []byte) bool {
	return len(bytes.TrimSpace(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")))) == 0
}

// parse reads a ruleset that is about to be written back: the document
// keeps every entry's parsed value (elems).
func parse(name string, data []byte) (*doc, error) { return read(name, data, true) }

// read parses and validates a ruleset. Without keep, each entry is
// validated as soon as it is parsed and its parsed value is not kept, so
// that a large ruleset is read in little memory; the rules, problems and
// errors are the same.
func read(name string, data []byte, keep bool) (*doc, error) {
	d := &doc{data: data}
	if blank(data) {
		return d, nil
	}
	var root *jsonfile.Value
	var err error
	if keep {
		root, err = jsonfile.Parse(data)
	} else {
		// About one rule per 128 bytes: room reserved, not a limit.
		d.rules = make([]Rule, 0, len(data)/128+1)
		d.seen = make(map[int]int, len(data)/128+1)
		root, err = jsonfile.ParseEach(data, func(i int, e *jsonfile.Value) { d.add(name, i, e) })
	}
	var se *jsonfile.SyntaxError
	if errors.As(err, &se) {
		return nil, &SyntaxError{Path: name, Line: se.Line, Col: se.Col, Msg: se.Msg}
	} else if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if root.Kind != jsonfile.Array {
		line, col := jsonfile.Position(data, root.Off)
		return nil, &SyntaxError{Path: name, Line: line, Col: col, Msg: fmt.Sprintf("a ruleset must be a JSON array of rules, found %s", article(root.Kind))}
	}
	if keep {
		d.elems = root.Elems
		d.rules = make([]Rule, 0, len(root.Elems))
		d.seen = make(map[int]int, len(root.Elems))
		for i := range root.Elems {
			d.add(name, i, &root.Elems[i])
		}
	}
	if len(d.rules) == 0 {
		d.rules = nil // as when no capacity was reserved
	}
	return d, nil
}

// add validates entry i, e, and adds it to the rules or the problems.
func (d *doc) add(name string, i int, e *jsonfile.Value) {
	r, probs := d.rule(name, i, e)
	if r.Number > d.highest {
		d.highest = r.Number
	}
	if len(probs) == 0 {
		if first, dup := d.seen[r.Number]; dup {
			p := d.problem(name, i, e.Get(fieldNumber).Off, "duplicate Rule_number %d (rule at index %d has it already)", r.Number, first)
			probs = append(probs, p)
		}
	}
	if len(probs) > 0 {
		d.problems = append(d.problems, probs...)
		return
	}
	d.seen[r.Number] = i
	d.rules = append(d.rules, r)
}

func (d *doc) problem(name string, i, off int, format string, a ...any) Problem {
	line, col := jsonfile.Position(d.data, off)
	return Problem{Path: name, Index: i, Line: line, Col: col, Msg: fmt.Sprintf(format, a...)}
}

func article(k jsonfile.Kind) string {
	switch k {
	case jsonfile.Array, jsonfile.Object:
		return "an " + k.String()
	case jsonfile.Null:
		return "null"
	}
	return "a " + k.String()
}

// rule validates entry i. Number is filled whenever it is readable, even
// when the entry has problems.
func (d *doc) rule(name string, i int, e *jsonfile.Value) (Rule, []Problem) {
	var r Rule
	if e.Kind != jsonfile.Object {
		return r, []Problem{d.problem(name, i, e.Off, "a rule must be an object with %s, found %s", strings.Join(fields, ", "), article(e.Kind))}
	}
	var probs []Problem
	var have [4]bool // by index in fields
	for j := range e.Elems {
		v := &e.Elems[j]
		switch v.Key {
		case fieldNumber:
			have[0] = true
			if v.Kind != jsonfile.Number {
				probs = append(probs, d.problem(name, i, v.Off, "%q must be a whole number, found %s", v.Key, article(v.Kind)))
				continue
			}
			n, err := strconv.Atoi(v.Str)
			if err != nil || n < 1 || n > maxNumber {
				probs = append(probs, d.problem(name, i, v.Off, "%q must be a whole number from 1 to %d, found %s", v.Key, maxNumber, v.Str))
				continue
			}
			r.Number = n
		case fieldCategory, fieldInstruction, fieldWhy:
			switch v.Key {
			case fieldCategory:
				have[1] = true
			case fieldInstruction:
				have[2] = true
			default:
				have[3] = true
			}
			if v.Kind != jsonfile.String {
				probs = append(probs, d.problem(name, i, v.Off, "%q must be a string, found %s", v.Key, article(v.Kind)))
				continue
			}
			switch v.Key {
			case fieldCategory:
				c, ok := ParseCategory(v.Str)
				if !ok {
					probs = append(probs, d.problem(name, i, v.Off, "unknown category %s (use one of %s)", strconv.Quote(truncate(v.Str, 40)), strings.Join(Categories, ", ")))
					continue
				}
				r.Category = c
			case fieldInstruction:
				if err := CheckText(v.Key, v.Str); err != nil {
					probs = append(probs, d.problem(name, i, v.Off, "%v", err))
					continue
				}
				if strings.TrimSpace(v.Str) == "" {
					probs = append(probs, d.problem(name, i, v.Off, "%q is empty", v.Key))
					continue
				}
				r.Instruction = v.Str
			case fieldWhy:
				if err := CheckText(v.Key, v.Str); err != nil {
					probs = append(probs, d.problem(name, i, v.Off, "%v", err))
					continue
				}
				r.Why = v.Str
			}
		case fieldCheck:
			// A check that cannot be read leaves the rule without one: the
			// rule is still delivered, and Lint reports the check.
			r.Check, _, _ = checkFrom(v)
		default:
			if want := misspelled(v.Key); want != "" {
				probs = append(probs, d.problem(name, i, v.KeyOff, "unknown field %q: the field is spelled %q (names are case-sensitive)", v.Key, want))
				have[slices.Index(fields, want)] = true // reported here, not again as missing
			}
			// Any other key belongs to another tool and is kept as is.
		}
	}
	for k, f := range fields {
		if !have[k] {
			// At the rule's closing brace, where the field goes.
			probs = append(probs, d.problem(name, i, max(e.Off, e.End-1), "missing field %q", f))
		}
	}
	return r, probs
}

// folded are the field names lower-cased without separators.
var folded = []string{"rulenumber", "category", "instruction", "why"}

// misspelled returns the field name that key was meant to be, if any:
// the same letters in another case, or with other separators.
func misspelled(key string) string {
	var buf [24]byte
	n := 0
	for i := 0; i < len(key); i++ {
		c := key[i]
		switch {
		case c == '_' || c == '-' || c == ' ':
			continue
		case c >= 'A' && c <= 'Z':
			c += 'a' - 'A'
		case c >= 0x80:
			return ""
		}
		if n == len(buf) {
			return ""
		}
		buf[n] = c
		n++
	}
	for i, f := range folded {
		if string(buf[:n]) == f {
			return fields[i]
		}
	}
	return ""
}

// ParseCategory accepts a category as people write it ("TOOL", "tool",
// "[TOOL]") and returns its bare upper-case name.
func ParseCategory(s string) (string, bool) {
	for _, c := range Categories {
		if s == c {
			return c, true // as written: the common case
		}
	}
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "[") && strings.HasSuffix(s, "]") {
		s = strings.TrimSpace(s[1 : len(s)-1])
	}
	s = strings.ToUpper(s)
	if slices.Contains(Categories, s) {
		return s, true
	}
	return "", false
}

// CheckText refuses an Instruction or Why (named field in the message) that
// is too long or contains control, bidirectional, zero-width, tag or other
// invisible formatting characters; the message shows the text escaped.
func CheckText(field, s string) error {
	if len(s) <= MaxTextLen && printableASCII(s) {
		return nil // the common case, checked fast
	}
	if !utf8.ValidString(s) {
		return fmt.Errorf("%s is not valid UTF-8: %s", field, quote(s))
	}
	if n := utf8.RuneCountInString(s); n > MaxTextLen {
		return fmt.Errorf("%s is %d characters long, over the limit of %d", field, n, MaxTextLen)
	}
	return CheckChars(field, s)
}

// CheckChars refuses text (named field in the message) that is not valid
// UTF-8 or contains control, bidirectional, zero-width, tag or other
// invisible formatting characters: the check of [CheckText] without the
// length limit, for a person's words before they become a rule or a
// preference.
func CheckChars(field, s string) error {
	if printableASCII(s) {
		return nil
	}
	if !utf8.ValidString(s) {
		return fmt.Errorf("%s is not valid UTF-8: %s", field, quote(s))
	}
	pos := 0
	for _, r := range s {
		pos++
		if kind := hidden(r); kind != "" {
			return fmt.Errorf("%s contains %s character %U at character %d: %s", field, kind, r, pos, quote(s))
		}
	}
	return nil
}

// printableASCII reports whether s holds only printable ASCII characters.
func printableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f {
			return false
		}
	}
	return true
}

// hidden names the kind of character r when it must not appear in a rule.
func hidden(r rune) string {
	switch {
	case r >= 0x20 && r < 0x7f:
		return "" // printable ASCII: the common case

	case r >= 0xE0000 && r <= 0xE007F:
		return "a tag"
	case r >= 0x202A && r <= 0x202E, r >= 0x2066 && r <= 0x2069, r == 0x200E, r == 0x200F, r == 0x061C:
		return "a bidirectional"
	case r >= 0x200B && r <= 0x200D, r == 0x2060, r == 0xFEFF, r == 0x180E:
		return "a zero-width"
	case unicode.Is(unicode.Cc, r):
		return "a control"
	case unicode.Is(unicode.Cf, r), r == 0x2028, r == 0x2029:
		return "an invisible formatting"
	}
	return ""
}

// quote shows s with every non-printable character escaped, shortened.
func quote(s string) string {
	return strconv.Quote(truncate(strings.ToValidUTF8(s, "\uFFFD"), 80))
}

func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n]) + "…"
}

// Validate checks a rule about to be added (its Number is ignored) and
// returns it with its category normalized.
func Validate(r Rule) (Rule, error) {
	c, ok := ParseCategory(r.Category)
	if !ok {
		return r, withHint(fmt.Errorf("unknown category %s", quote(r.Category)), "use one of "+strings.Join(Categories, ", "))
	}
	r.Category = c
	if strings.TrimSpace(r.Instruction) == "" {
		return r, withHint(errors.New("the instruction is empty"), `write a strict imperative, e.g. "Always use pnpm instead of npm or yarn."`)
	}
	if err := CheckText("the instruction", r.Instruction); err != nil {
		return r, withHint(err, "remove the character or shorten the text")
	}
	if err := CheckText("the why", r.Why); err != nil {
		return r, withHint(err, "remove the character or shorten the text")
	}
	if !r.Check.IsZero() {
		if err := r.Check.Validate(); err != nil {
			return r, withHint(err, "fix the check, or leave it out with --no-check")
		}
	}
	return r, nil
}

// DuplicateError refuses to add a rule whose instruction is the same
// ([SameInstruction]) as that of a rule in force: the ruleset already says
// it. Callers that record what a person said report Rule and succeed.
type DuplicateError struct {
	// Path is the ruleset's Name.
	Path string
	// Rule is the rule in force that already says it.
	Rule Rule
}

func (e *DuplicateError) Error() string {
	return fmt.Sprintf("%s: rule #%d already says this: %s", e.Path, e.Rule.Number, e.Rule.Instruction)
}

// Hint says what to do about it.
func (e *DuplicateError) Hint() string {
	return fmt.Sprintf("nothing to add; to change rule #%d, add a rule that supersedes it", e.Rule.Number)
}

// FindSame returns the first rule of rs whose instruction is the same
// ([SameInstruction]) as instruction. Pass [InForce] rules to find the rule
// a new one would duplicate.
func FindSame(rs []Rule, instruction string) (Rule, bool) {
	key := InstructionKey(instruction)
	for _, r := range rs {
		if InstructionKey(r.Instruction) == key {
			return r, true
		}
	}
	return Rule{}, false
}

// Append adds rules atomically to the ruleset of the workspace at root and
// returns the ruleset as written and the added rules with their numbers
// (the highest existing number + 1, + 2, …). lockDir holds the sidecar lock
// file and must be outside the repository. A ruleset that does not parse or
// has invalid entries is left byte-for-byte unchanged and the error says
// why ([*SyntaxError], [*InvalidError]). So is a ruleset in which a rule in
// force already says what one of add says: the check is made under the same
// lock as the write, so concurrent writers of one rule add it once
// ([*DuplicateError]).
func Append(ctx context.Context, root *os.Root, lockDir string, add ...Rule) (*Ruleset, []Rule, error) {
	return AppendThen(ctx, root, lockDir, nil, add...)
}

// AppendThen is [Append] that also calls committed, when not nil, once the
// new ruleset is in place and still under the lock, with the ruleset's name,
// the exact bytes it replaced (nil when it created the file) and the bytes
// it wrote: a trust record moved from one to the other cannot race another
// writer.
func AppendThen(ctx context.Context, root *os.Root, lockDir string, committed func(name string, replaced, written []byte), add ...Rule) (*Ruleset, []Rule, error) {
	if len(add) == 0 {
		return nil, nil, errors.New("no rules to add")
	}
	add = slices.Clone(add)
	for i, r := range add {
		v, err := Validate(r)
		if err != nil {
			return nil, nil, err
		}
		add[i] = v
	}
	name, _, err := Locate(root)
	if err != nil {
		return nil, nil, err
	}
	real := filepath.Join(root.Name(), filepath.FromSlash(name))
	var onCommit func(replaced, written []byte)
	if committed != nil {
		onCommit = func(replaced, written []byte) { committed(name, replaced, written) }
	}
	var out *Ruleset
	err = jsonfile.Update(ctx, root, name, jsonfile.Options{
		LockPath:  jsonfile.LockPath(lockDir, real),
		MaxSize:   MaxFileSize,
		Committed: onCommit,
	}, func(old []byte, exists bool) ([]byte, error) {
		d, err := parse(name, old)
		if err != nil {
			return nil, err
		}
		if len(d.problems) > 0 {
			return nil, &InvalidError{Path: name, Problems: d.problems}
		}
		inForce := InForce(d.rules)
		for i, r := range add {
			if same, ok := FindSame(inForce, r.Instruction); ok {
				return nil, &DuplicateError{Path: name, Rule: same}
			}
			if j := slices.IndexFunc(add[:i], func(o Rule) bool { return SameInstruction(o.Instruction, r.Instruction) }); j >= 0 {
				return nil, withHint(fmt.Errorf("the rules to add at %d and %d say the same thing: %s", j, i, quote(r.Instruction)), "add each rule once")
			}
		}
		next := d.highest + 1
		for i := range add {
			add[i].Number = next + i
		}
		if next+len(add) > maxNumber {
			return nil, fmt.Errorf("%s: rule numbers would pass %d", name, maxNumber)
		}
		data := d.format(add)
		if len(data) > MaxFileSize {
			return nil, withHint(fmt.Errorf("%s: %w: the new ruleset would be %d bytes, over the limit of %d", name, ErrTooLarge, len(data), MaxFileSize), "the ruleset is full; consolidate rules by hand")
		}
		out = &Ruleset{Name: name, Exists: true, Rules: append(d.rules, add...)}
		return data, nil
	})
	if err != nil {
		var se *SyntaxError
		var ie *InvalidError
		var de *DuplicateError
		var h *hint.Error
		if errors.As(err, &se) || errors.As(err, &ie) || errors.As(err, &de) || errors.As(err, &h) {
			return nil, nil, err
		}
		return nil, nil, fileError("update", name, err)
	}
	return out, add, nil
}

// format writes the document back with add appended: 2-space indentation,
// a final newline, no byte order mark, no HTML escaping. Existing entries
// keep their keys, their order and the values of fields autofix does not
// know; a valid category is written as its bare upper-case name.
func (d *doc) format(add []Rule) []byte {
	var b bytes.Buffer
	if len(d.elems)+len(add) == 0 {
		return []byte("[]\n")
	}
	b.WriteString("[\n")
	first := true
	sep := func() {
		if !first {
			b.WriteString(",\n")
		}
		first = false
	}
	for _, e := range d.elems {
		sep()
		b.WriteString("  ")
		if e.Kind != jsonfile.Object || len(e.Elems) == 0 {
			writeRaw(&b, d.data[e.Off:e.End], "  ")
			continue
		}
		b.WriteString("{\n")
		for j, m := range e.Elems {
			b.WriteString("    ")
			b.Write(encode(m.Key))
			b.WriteString(": ")
			if c, ok := ParseCategory(m.Str); ok && m.Key == fieldCategory && m.Kind == jsonfile.String {
				b.Write(encode(c))
			} else {
				writeRaw(&b, d.data[m.Off:m.End], "    ")
			}
			if j < len(e.Elems)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString("  }")
	}
	for _, r := range add {
		sep()
		fmt.Fprintf(&b, "  {\n    %q: %d,\n    %q: %s,\n    %q: %s,\n    %q: %s",
			fieldNumber, r.Number, fieldCategory, encode(r.Category), fieldInstruction, encode(r.Instruction), fieldWhy, encode(r.Why))
		if !r.Check.IsZero() {
			fmt.Fprintf(&b, ",\n    %q: ", fieldCheck)
			b.Write(encodeIndented(r.Check, "    "))
		}
		b.WriteString("\n  }")
	}
	b.WriteString("\n]\n")
	return b.Bytes()
}

// writeRaw copies a parsed JSON value, re-indented to sit at prefix.
func writeRaw(b *bytes.Buffer, raw []byte, prefix string) {
	if err := json.Indent(b, raw, prefix, "  "); err != nil {
		b.Write(raw) // cannot happen: raw was parsed strictly
	}
}

// encode writes s as a JSON string without HTML escaping.
func encode(s string) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(s)
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

// encodeIndented writes v as indented JSON without HTML escaping, its
// lines after the first at prefix.
func encodeIndented(v any, prefix string) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent(prefix, "  ")
	enc.Encode(v)
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

// Superseded returns the rule numbers that why says it supersedes:
// "(supersedes rule 3)", "(supersedes rules 3 and 5)", "(supersedes rule
// #3, #4)", "(supersedes rule 1, rule 3)"; case does not matter.
func Superseded(why string) []int {
	var out []int
	lower := strings.ToLower(why)
	for {
		i := strings.Index(lower, "(supersedes")
		if i < 0 {
			return out
		}
		lower = lower[i+len("(supersedes"):]
		rest := strings.TrimLeft(lower, " ")
		if len(rest) == len(lower) || !strings.HasPrefix(rest, "rule") {
			continue
		}
		rest = strings.TrimPrefix(rest[len("rule"):], "s")
		end := strings.IndexByte(rest, ')')
		if end < 0 {
			return out
		}
		list := rest[:end]
		var nums []int
		for _, f := range strings.FieldsFunc(list, func(r rune) bool { return r == ' ' || r == ',' || r == '&' }) {
			if f == "and" || f == "rule" || f == "rules" {
				continue
			}
			n, err := strconv.Atoi(strings.TrimPrefix(f, "#"))
			if err != nil || n < 1 {
				nums = nil
				break
			}
			nums = append(nums, n)
		}
		for _, n := range nums {
			if !slices.Contains(out, n) {
				out = append(out, n)
			}
		}
		lower = rest[end:]
	}
}

// Resolve maps each superseded rule number to the number that supersedes
// it, from "(supersedes rule N)" in the Why of rules. Only an existing,
// lower-numbered rule can be superseded (the higher number wins a
// conflict); when several rules supersede the same one, the lowest of them
// is named.
func Resolve(rs []Rule) map[int]int {
	out := map[int]int{}
	var exists map[int]bool // built when a Why supersedes: most rulesets have none
	for _, r := range rs {
		if !strings.Contains(strings.ToLower(r.Why), "supersedes") {
			continue
		}
		if exists == nil {
			exists = make(map[int]bool, len(rs))
			for _, r := range rs {
				exists[r.Number] = true
			}
		}
		for _, n := range Superseded(r.Why) {
			if n >= r.Number || !exists[n] {
				continue
			}
			if by, ok := out[n]; !ok || r.Number < by {
				out[n] = r.Number
			}
		}
	}
	return out
}

// InForce returns the rules that are not superseded, in their order.
func InForce(rs []Rule) []Rule {
	sup := Resolve(rs)
	out := make([]Rule, 0, len(rs))
	for _, r := range rs {
		if _, ok := sup[r.Number]; !ok {
			out = append(out, r)
		}
	}
	return out
}

// Lint finds what the valid rules of a ruleset say that cannot work as
// meant: an Instruction that check refuses (not a strict imperative, or
// vague; nil skips this), and a Why that supersedes a rule that does not
// exist, a newer rule, or the rule itself ([Resolve] ignores all three).
// Such rules still load and are delivered; `rules check` reports them.
// name is the ruleset's Name and data its content, as for [Parse]; each
// problem has the line and column of the value at fault.
func Lint(name string, data []byte, check func(instruction string) error) ([]Problem, error) {
	d, err := parse(name, data)
	if err != nil {
		return nil, err
	}
	exists := make(map[int]bool, len(d.rules))
	for _, r := range d.rules {
		exists[r.Number] = true
	}
	var out []Problem
	for i := range d.elems {
		e := &d.elems[i]
		r, probs := d.rule(name, i, e)
		if len(probs) > 0 || d.seen[r.Number] != i {
			continue // skipped when loading, and reported as such
		}
		if cv := e.Get(fieldCheck); cv != nil {
			c, msg, off := checkFrom(cv)
			if msg == "" {
				if err := c.Validate(); err != nil {
					msg, off = err.Error(), cv.Off
					if pv := cv.Get("pattern"); pv != nil && strings.Contains(msg, "pattern") {
						off = pv.Off
					}
				}
			}
			if msg != "" {
				out = append(out, d.problem(name, i, off, "%s", msg))
			}
		}
		if check != nil {
			if err := check(r.Instruction); err != nil {
				out = append(out, d.problem(name, i, e.Get(fieldInstruction).Off, "%v", err))
			}
		}
		for _, n := range Superseded(r.Why) {
			var msg string
			switch {
			case n == r.Number:
				msg = fmt.Sprintf("rule #%d supersedes itself; name the older rule it replaces", n)
			case !exists[n]:
				msg = fmt.Sprintf("supersedes rule %d, which does not exist (see the numbers with 'autofix rules list')", n)
			case n > r.Number:
				msg = fmt.Sprintf("supersedes rule %d, a newer rule; only an older rule can be superseded (the newer rule should say it supersedes #%d)", n, r.Number)
			default:
				continue
			}
			out = append(out, d.problem(name, i, e.Get(fieldWhy).Off, "%s", msg))
		}
	}
	return out, nil
}

package hook

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/autofix/autofix/jsonfile"
	"github.com/tailscale/hujson"
)

// Scope says which of an agent's settings files autofix's hooks go in.
type Scope int

const (
	// Local is the project's settings of this person only (Claude Code's
	// .claude/settings.local.json, which is not committed).
	Local Scope = iota
	// Shared is the project's committed settings, read by the whole team.
	Shared
	// Global is the person's settings in their home directory, for every
	// project.
	Global
)

// SharedBinary is the command that shared settings run: the bare name,
// found on each person's PATH, rather than one person's absolute path.
const SharedBinary = "autofix"

// Dirs are the directories agents keep their settings in, absolute; the
// caller resolves them (this package reads no environment).
type Dirs struct {
	// Home is the person's home directory.
	Home string
	// Codex is Codex's home: $CODEX_HOME when set, else ~/.codex (openai/codex
	// codex-rs/utils/home-dir/src/lib.rs, find_codex_home). Codex reads its
	// config.toml, hooks.json and prompts there.
	Codex string
	// Project is the workspace root ("" for none).
	Project string
}

// SettingsPath is where agent a reads its hook configuration for scope s.
// Claude Code keeps a project's personal settings apart from the shared
// ones; Cursor has one project file; Codex reads autofix's hooks from the
// person's hooks.json in Codex's home only (Codex asks the person to review
// project hooks separately), so the scope does not matter for it.
func SettingsPath(a Agent, s Scope, d Dirs) (string, error) {
	switch a {
	case ClaudeCode:
		switch s {
		case Global:
			return filepath.Join(d.Home, ".claude", "settings.json"), nil
		case Shared:
			return filepath.Join(d.Project, ".claude", "settings.json"), nil
		}
		return filepath.Join(d.Project, ".claude", "settings.local.json"), nil
	case Codex:
		if !filepath.IsAbs(d.Codex) {
			return "", fmt.Errorf("Codex's home directory %q is not absolute", d.Codex)
		}
		return filepath.Join(d.Codex, "hooks.json"), nil
	case Cursor:
		if s == Global {
			return filepath.Join(d.Home, ".cursor", "hooks.json"), nil
		}
		return filepath.Join(d.Project, ".cursor", "hooks.json"), nil
	}
	return "", fmt.Errorf("unknown agent %q", a)
}

// LeanBinary is the name of the lean hook binary (cmd/autofix-hook),
// which `go install github.com/autofix/autofix/cmd/...` puts next to
// autofix: it answers as `autofix hook AGENT` does, and takes the agent
// alone.
const LeanBinary = "autofix-hook"

// IsLean reports whether exe is the lean hook binary, by its name.
func IsLean(exe string) bool {
	return strings.TrimSuffix(filepath.Base(exe), ".exe") == LeanBinary
}

// Command is the shell command an agent runs for autofix's hook: the
// binary (an absolute path, or [SharedBinary]), quoted when it needs to
// be, then "hook AGENT"; for the lean binary ([IsLean]) only "AGENT".
func Command(a Agent, exe string) string {
	if IsLean(exe) {
		return shellQuote(exe) + " " + string(a)
	}
	return shellQuote(exe) + " hook " + string(a)
}

// CommandBinary is the binary of autofix's hook command for agent a, in
// either form (the command without " hook AGENT" or, for the lean binary,
// " AGENT"), unquoted; "" when command is neither.
func CommandBinary(a Agent, command string) string {
	command = strings.TrimSpace(command)
	if rest, ok := strings.CutSuffix(command, " hook "+string(a)); ok {
		return unquote(rest)
	}
	if rest, ok := strings.CutSuffix(command, " "+string(a)); ok && IsLean(unquote(rest)) {
		return unquote(rest)
	}
	return ""
}

// unquote undoes shellQuote.
func unquote(s string) string {
	if len(s) >= 2 && strings.HasPrefix(s, "'") && strings.HasSuffix(s, "'") {
		return strings.ReplaceAll(s[1:len(s)-1], `'\''`, "'")
	}
	return s
}

func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("/._-+:@%=,", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// isOurCommand recognizes autofix's hook command for agent a, in either
// form: "BINARY hook AGENT" run by the running binary exe or any binary
// named autofix (a moved or reinstalled one, or the bare name of shared
// settings), or "autofix-hook AGENT", the lean binary's.
func isOurCommand(a Agent, command, exe string) bool {
	if rest, ok := strings.CutSuffix(strings.TrimSpace(command), " hook "+string(a)); ok {
		if exe != "" && rest == shellQuote(exe) {
			return true
		}
		return strings.Contains(filepath.Base(strings.Trim(rest, `'"`)), "autofix")
	}
	return CommandBinary(a, command) != ""
}

// eventEntry is one entry autofix installs under an event.
type eventEntry struct {
	event string
	group any
}

// ErrSettings is matched (errors.Is) by every error about the content of a
// settings file.
var ErrSettings = errors.New("invalid agent settings")

// SettingsError is a problem with the content of a settings file, at a
// line and column (1-based, the column in bytes).
type SettingsError struct {
	Line, Col int
	Msg       string
}

func (e *SettingsError) Error() string { return fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Msg) }

// Is makes every SettingsError match [ErrSettings].
func (e *SettingsError) Is(target error) bool { return target == ErrSettings }

// Install returns data (an agent's hook settings file, JSON with // and
// /* */ comments allowed; empty when it does not exist) with autofix's
// hook entries for agent a running exe (an absolute path, or
// [SharedBinary]), and whether anything changed.
//
// Only autofix's entries change: every other byte of the file (keys,
// entries, comments, indentation) stays as it was, in its place. An entry
// of autofix's that is already as wanted is left alone; an outdated one
// (another binary path, another matcher) is replaced where it stands, so
// its position among the person's hooks is kept; a missing one is added
// at the end of its event's list. Running it twice changes nothing the
// second time.
func Install(a Agent, data []byte, exe string) ([]byte, bool, error) {
	if !filepath.IsAbs(exe) && exe != SharedBinary {
		return nil, false, fmt.Errorf("binary path %q is not absolute", exe)
	}
	return edit(a, data, exe, entriesFor(a, Command(a, exe)))
}

// Remove returns data without autofix's hook entries for agent a (those
// running exe or any binary named autofix), and whether anything changed.
// Events and the hooks object that only held autofix's entries are removed
// too; everything else keeps its bytes.
func Remove(a Agent, data []byte, exe string) ([]byte, bool, error) {
	return edit(a, data, exe, nil)
}

// Installed lists the commands of autofix's hook entries for agent a in
// data (those running exe or any binary named autofix), in file order,
// without repeats.
func Installed(a Agent, data []byte, exe string) ([]string, error) {
	if entriesFor(a, "") == nil {
		return nil, fmt.Errorf("unknown agent %q", a)
	}
	d, err := parseSettings(bytes.TrimPrefix(data, utf8BOM))
	if err != nil || d == nil {
		return nil, err
	}
	hooks, err := d.hooks()
	if err != nil || hooks == nil {
		return nil, err
	}
	var cmds []string
	seen := map[string]bool{}
	for _, e := range entriesFor(a, "") {
		list, err := d.list(hooks, e.event)
		if err != nil {
			return nil, err
		}
		if list == nil {
			continue
		}
		for i := range list.Elements {
			for _, c := range ourCommands(a, standard(&list.Elements[i]), exe) {
				if !seen[c] {
					seen[c] = true
					cmds = append(cmds, c)
				}
			}
		}
	}
	return cmds, nil
}

func entriesFor(a Agent, command string) []eventEntry {
	switch a {
	case ClaudeCode:
		return claudeEntries(command)
	case Codex:
		return codexEntries(command)
	case Cursor:
		return cursorEntries(command)
	}
	return nil
}

// ourCommands returns the commands of entry raw when it is autofix's for
// agent a, else nil.
func ourCommands(a Agent, raw []byte, exe string) []string {
	if a == Cursor {
		var e struct {
			Command string `json:"command"`
		}
		if json.Unmarshal(raw, &e) == nil && isOurCommand(Cursor, e.Command, exe) {
			return []string{e.Command}
		}
		return nil
	}
	var g struct {
		Hooks []struct {
			Command string `json:"command"`
		} `json:"hooks"`
	}
	if json.Unmarshal(raw, &g) != nil || len(g.Hooks) == 0 {
		return nil
	}
	var cmds []string
	for _, h := range g.Hooks {
		if !isOurCommand(a, h.Command, exe) {
			return nil
		}
		cmds = append(cmds, h.Command)
	}
	return cmds
}

// edit brings autofix's entries for every event of a to want (nil: none),
// one minimal change at a time: each step re-parses the text it is given,
// so byte offsets (and with them indentation) are always the file's own.
func edit(a Agent, data []byte, exe string, want []eventEntry) ([]byte, bool, error) {
	if entriesFor(a, "") == nil {
		return nil, false, fmt.Errorf("unknown agent %q", a)
	}
	bom := bytes.HasPrefix(data, utf8BOM)
	text := bytes.TrimPrefix(data, utf8BOM)
	fresh := len(bytes.TrimSpace(text)) == 0
	if fresh {
		if want == nil {
			return data, false, nil
		}
		text = []byte("{}\n")
		if a == Cursor {
			text = []byte("{\n  \"version\": 1\n}\n")
		}
	}
	wantBy := map[string]any{}
	var events []string
	for _, e := range want {
		wantBy[e.event] = e.group
		events = append(events, e.event)
	}
	for _, e := range entriesFor(a, "") {
		if _, ok := wantBy[e.event]; !ok {
			events = append(events, e.event)
		}
	}
	changed := false
	for _, ev := range events {
		out, ch, err := editEvent(a, text, exe, ev, wantBy[ev])
		if err != nil {
			return nil, false, err
		}
		text, changed = out, changed || ch
	}
	if !changed {
		return data, false, nil
	}
	var err error
	if want == nil {
		text, err = dropEmptyHooks(text)
	} else if a == Cursor {
		text, err = ensureVersion(text)
	}
	if err != nil {
		return nil, false, err
	}
	if bom {
		text = append(append([]byte{}, utf8BOM...), text...)
	}
	return text, true, nil
}

var utf8BOM = []byte("\xef\xbb\xbf")

// editEvent brings autofix's entries under hooks.ev to want (nil: none).
func editEvent(a Agent, text []byte, exe, ev string, want any) ([]byte, bool, error) {
	d, err := parseSettings(text)
	if err != nil {
		return nil, false, err
	}
	hooks, err := d.hooks()
	if err != nil {
		return nil, false, err
	}
	if hooks == nil {
		if want == nil {
			return text, false, nil
		}
		d.appendMember(d.root, "hooks", map[string]any{})
		if text, err = d.pack(); err != nil {
			return nil, false, err
		}
		return editEvent(a, text, exe, ev, want)
	}
	list, err := d.list(hooks, ev)
	if err != nil {
		return nil, false, err
	}
	if list == nil {
		if want == nil {
			return text, false, nil
		}
		d.appendMember(hooks, ev, []any{want})
		text, err = d.pack()
		return text, err == nil, err
	}
	var ours []int
	for i := range list.Elements {
		if ourCommands(a, standard(&list.Elements[i]), exe) != nil {
			ours = append(ours, i)
		}
	}
	wantJSON, err := json.Marshal(want)
	if err != nil {
		return nil, false, err
	}
	switch {
	case want != nil && len(ours) == 1 && sameJSON(standard(&list.Elements[ours[0]]), wantJSON):
		return text, false, nil // already installed as wanted
	case len(ours) == 0 && want == nil:
		return text, false, nil
	}
	drop := ours
	if want != nil && len(ours) > 0 {
		d.replace(&list.Elements[ours[0]], want)
		drop = ours[1:]
	}
	for i := len(drop) - 1; i >= 0; i-- {
		removeItem(arrayItems(list), drop[i])
	}
	switch {
	case want != nil && len(ours) == 0:
		d.appendElement(list, d.memberIndent(hooks, ev), want)
	case len(list.Elements) == 0:
		// The list held only autofix's entries: the event goes too.
		removeItem(objectItems(hooks), d.memberIndex(hooks, ev))
	}
	text, err = d.pack()
	return text, err == nil, err
}

// dropEmptyHooks removes a "hooks" object left empty by a removal.
func dropEmptyHooks(text []byte) ([]byte, error) {
	d, err := parseSettings(text)
	if err != nil {
		return nil, err
	}
	hooks, err := d.hooks()
	if err != nil || hooks == nil || len(hooks.Members) > 0 || hasComment(hooks.AfterExtra) {
		return text, err
	}
	removeItem(objectItems(d.root), d.memberIndex(d.root, "hooks"))
	return d.pack()
}

// ensureVersion adds Cursor's "version": 1 at the end of a file that has
// no version (a new file starts with it).
func ensureVersion(text []byte) ([]byte, error) {
	d, err := parseSettings(text)
	if err != nil {
		return nil, err
	}
	if d.memberIndex(d.root, "version") >= 0 {
		return text, nil
	}
	d.appendMember(d.root, "version", 1)
	return d.pack()
}

// settings is a parsed settings file: its syntax tree keeps every byte.
type settings struct {
	text []byte
	tree hujson.Value
	root *hujson.Object
	unit string // one level of indentation
}

// (Compiled on first use: a package-level regexp is compiled at every
// process start, and the hooks start a process per prompt.)
var hujsonPos = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^hujson: line (\d+), column (\d+): (.*)$`)
})

// parseSettings parses text, JSON with comments and trailing commas; nil
// for empty text.
func parseSettings(text []byte) (*settings, error) {
	if len(bytes.TrimSpace(text)) == 0 {
		return nil, nil
	}
	tree, err := hujson.Parse(text)
	if err != nil {
		if m := hujsonPos().FindStringSubmatch(err.Error()); m != nil {
			line, _ := strconv.Atoi(m[1])
			col, _ := strconv.Atoi(m[2])
			return nil, &SettingsError{Line: line, Col: col, Msg: m[3]}
		}
		return nil, fmt.Errorf("%w: %v", ErrSettings, err)
	}
	d := &settings{text: text, tree: tree, unit: indentUnit(text)}
	obj, ok := tree.Value.(*hujson.Object)
	if !ok {
		return nil, d.errorAt(tree.StartOffset, "the settings are not a JSON object")
	}
	d.root = obj
	if err := d.unique(obj); err != nil {
		return nil, err
	}
	return d, nil
}

func (d *settings) errorAt(off int, format string, a ...any) error {
	line, col := jsonfile.Position(d.text, off)
	return &SettingsError{Line: line, Col: col, Msg: fmt.Sprintf(format, a...)}
}

// unique refuses an object with a key twice: agents read the last one,
// autofix would edit the first.
func (d *settings) unique(obj *hujson.Object) error {
	seen := map[string]bool{}
	for _, m := range obj.Members {
		k := m.Name.Value.(hujson.Literal).String()
		if seen[k] {
			return d.errorAt(m.Name.StartOffset, "duplicate key %q", k)
		}
		seen[k] = true
	}
	return nil
}

func (d *settings) memberIndex(obj *hujson.Object, key string) int {
	for i, m := range obj.Members {
		if m.Name.Value.(hujson.Literal).String() == key {
			return i
		}
	}
	return -1
}

// hooks is the "hooks" object, nil when there is none.
func (d *settings) hooks() (*hujson.Object, error) {
	i := d.memberIndex(d.root, "hooks")
	if i < 0 {
		return nil, nil
	}
	v := &d.root.Members[i].Value
	obj, ok := v.Value.(*hujson.Object)
	if !ok {
		return nil, d.errorAt(v.StartOffset, `"hooks" is not an object`)
	}
	return obj, d.unique(obj)
}

// list is the list of hooks.ev, nil when there is none.
func (d *settings) list(hooks *hujson.Object, ev string) (*hujson.Array, error) {
	i := d.memberIndex(hooks, ev)
	if i < 0 {
		return nil, nil
	}
	v := &hooks.Members[i].Value
	arr, ok := v.Value.(*hujson.Array)
	if !ok {
		return nil, d.errorAt(v.StartOffset, `"hooks.%s" is not a list`, ev)
	}
	return arr, nil
}

// memberIndent is the indentation of the line where obj's member key
// starts.
func (d *settings) memberIndent(obj *hujson.Object, key string) string {
	return lineIndent(d.text, obj.Members[d.memberIndex(obj, key)].Name.StartOffset)
}

func (d *settings) pack() ([]byte, error) {
	out := d.tree.Pack()
	if _, err := hujson.Parse(out); err != nil {
		return nil, fmt.Errorf("internal error: edited settings do not parse: %w", err)
	}
	return out, nil
}

// appendMember appends key: v to obj, laid out like its last member (or,
// in an empty object, one level deeper than obj's line).
func (d *settings) appendMember(obj *hujson.Object, key string, v any) {
	ind, before := d.layout(objectItems(obj), obj.AfterExtra, d.containerIndent(obj))
	m := hujson.ObjectMember{
		Name:  hujson.Value{BeforeExtra: hujson.Extra(before), Value: hujson.String(key)},
		Value: d.value(v, ind, before != " "),
	}
	m.Value.BeforeExtra = hujson.Extra(" ")
	insertItem(objectItems(obj), m)
	if len(obj.Members) == 1 {
		obj.AfterExtra = closing(obj.AfterExtra, d.containerIndent(obj))
	}
}

// appendElement appends v to arr, laid out like the last element (or, in
// an empty list, one level deeper than the line at ind).
func (d *settings) appendElement(arr *hujson.Array, ind string, v any) {
	elemInd, before := d.layout(arrayItems(arr), arr.AfterExtra, ind)
	e := d.value(v, elemInd, before != " ")
	e.BeforeExtra = hujson.Extra(before)
	wasEmpty := len(arr.Elements) == 0
	trailing := !wasEmpty && arr.Elements[len(arr.Elements)-1].AfterExtra != nil
	arr.Elements = append(arr.Elements, e)
	if trailing {
		arr.Elements[len(arr.Elements)-1].AfterExtra = hujson.Extra{}
	}
	if wasEmpty {
		arr.AfterExtra = closing(arr.AfterExtra, ind)
	}
}

// replace puts v in place of e, keeping e's surroundings and its shape
// (one line or several).
func (d *settings) replace(e *hujson.Value, v any) {
	multi := bytes.Contains(d.text[e.StartOffset:e.EndOffset], []byte("\n"))
	nv := d.value(v, lineIndent(d.text, e.StartOffset), multi)
	e.Value = nv.Value
}

// layout returns the indentation and the text before a new item of a
// container whose existing items are items and whose closing extra is
// after: like the last item when there is one, else one level deeper
// than ind on a line of its own.
func (d *settings) layout(items itemList, after hujson.Extra, ind string) (string, string) {
	if n := items.len(); n > 0 {
		last := *items.before(n - 1)
		if !bytes.Contains(last, []byte("\n")) {
			return ind, " "
		}
		li := lineIndent(d.text, items.start(n-1))
		return li, "\n" + li
	}
	prefix := strings.TrimRight(string(after), " \t\r\n")
	return ind + d.unit, prefix + "\n" + ind + d.unit
}

// containerIndent is the indentation of the line where obj opens.
func (d *settings) containerIndent(obj *hujson.Object) string {
	if obj == d.root {
		return lineIndent(d.text, d.tree.StartOffset)
	}
	var ind string
	d.tree.Range(func(v *hujson.Value) bool {
		if o, ok := v.Value.(*hujson.Object); ok && o == obj {
			ind = lineIndent(d.text, v.StartOffset)
			return false
		}
		return true
	})
	return ind
}

// closing is the extra before the closing bracket of a container that was
// empty and now has one item on its own line: the container's line
// indentation on a new line, after any comment that was there.
func closing(after hujson.Extra, ind string) hujson.Extra {
	if hasComment(after) {
		return after
	}
	return hujson.Extra("\n" + ind)
}

// value is v as a syntax tree: indented as at ind when multi, else on
// one line with a space after each colon and comma.
func (d *settings) value(v any, ind string, multi bool) hujson.Value {
	var b []byte
	var err error
	if multi {
		b, err = json.MarshalIndent(v, ind, d.unit)
	} else {
		b, err = json.Marshal(v)
	}
	if err != nil {
		panic(err) // autofix's own entries always marshal
	}
	tree, err := hujson.Parse(b)
	if err != nil {
		panic(err)
	}
	if !multi {
		tree.Range(func(x *hujson.Value) bool {
			switch c := x.Value.(type) {
			case *hujson.Object:
				for i := range c.Members {
					if i > 0 {
						c.Members[i].Name.BeforeExtra = hujson.Extra(" ")
					}
					c.Members[i].Value.BeforeExtra = hujson.Extra(" ")
				}
			case *hujson.Array:
				for i := range c.Elements {
					if i > 0 {
						c.Elements[i].BeforeExtra = hujson.Extra(" ")
					}
				}
			}
			return true
		})
	}
	return tree
}

// standard is v as standard JSON (comments and trailing commas blanked).
func standard(v *hujson.Value) []byte {
	c := v.Clone()
	c.Standardize()
	return c.Pack()
}

func hasComment(e hujson.Extra) bool {
	return len(bytes.TrimSpace(e)) > 0
}

// lineIndent is the leading white space of the line of text holding off.
func lineIndent(text []byte, off int) string {
	if off > len(text) {
		off = len(text)
	}
	start := bytes.LastIndexByte(text[:off], '\n') + 1
	end := start
	for end < off && (text[end] == ' ' || text[end] == '\t') {
		end++
	}
	return string(text[start:end])
}

// indentUnit is the file's indentation step: the leading white space of
// its first indented line; two spaces when it has none.
func indentUnit(text []byte) string {
	for _, line := range bytes.Split(text, []byte("\n")) {
		n := 0
		for n < len(line) && (line[n] == ' ' || line[n] == '\t') {
			n++
		}
		if n > 0 && n < len(line) {
			if line[0] == '\t' {
				return "\t"
			}
			return string(line[:n])
		}
	}
	return "  "
}

// itemList is the members of an object or the elements of an array, seen
// through the extras that lay them out.
type itemList struct {
	obj *hujson.Object
	arr *hujson.Array
}

func objectItems(o *hujson.Object) itemList { return itemList{obj: o} }
func arrayItems(a *hujson.Array) itemList   { return itemList{arr: a} }

func (l itemList) len() int {
	if l.obj != nil {
		return len(l.obj.Members)
	}
	return len(l.arr.Elements)
}

// before is the extra before item i (after the opening bracket or comma).
func (l itemList) before(i int) *hujson.Extra {
	if l.obj != nil {
		return &l.obj.Members[i].Name.BeforeExtra
	}
	return &l.arr.Elements[i].BeforeExtra
}

// after is the extra after item i (before its comma); non-nil on the last
// item means a trailing comma.
func (l itemList) after(i int) *hujson.Extra {
	if l.obj != nil {
		return &l.obj.Members[i].Value.AfterExtra
	}
	return &l.arr.Elements[i].AfterExtra
}

func (l itemList) start(i int) int {
	if l.obj != nil {
		return l.obj.Members[i].Name.StartOffset
	}
	return l.arr.Elements[i].StartOffset
}

func (l itemList) closing() *hujson.Extra {
	if l.obj != nil {
		return &l.obj.AfterExtra
	}
	return &l.arr.AfterExtra
}

// removeItem deletes item i with the extra before it; the comma rules of
// the list (a trailing comma, the extra before the closing bracket) are
// kept.
func removeItem(l itemList, i int) {
	n := l.len()
	if i < 0 || i >= n {
		return
	}
	last := i == n-1
	trailing := *l.after(n - 1) != nil
	removedBefore := *l.before(i)
	if l.obj != nil {
		l.obj.Members = append(l.obj.Members[:i], l.obj.Members[i+1:]...)
	} else {
		l.arr.Elements = append(l.arr.Elements[:i], l.arr.Elements[i+1:]...)
	}
	n--
	if n == 0 {
		// An empty container: nothing before the closing bracket but what
		// was (comments), without the removed item's line.
		if !hasComment(*l.closing()) {
			*l.closing() = nil
		}
		return
	}
	if i == 0 && !hasComment(*l.before(0)) {
		*l.before(0) = removedBefore
	}
	if last {
		a := l.after(n - 1)
		if trailing {
			if *a == nil {
				*a = hujson.Extra{}
			}
		} else if *a != nil {
			*l.closing() = append(append(hujson.Extra{}, *a...), *l.closing()...)
			*a = nil
		}
	}
}

// insertItem appends m (a member) to an object, keeping a trailing comma.
func insertItem(l itemList, m hujson.ObjectMember) {
	n := l.len()
	trailing := n > 0 && *l.after(n - 1) != nil
	l.obj.Members = append(l.obj.Members, m)
	if trailing {
		l.obj.Members[n].Value.AfterExtra = hujson.Extra{}
	}
}

func sameJSON(a, b []byte) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	xb, _ := json.Marshal(x)
	yb, _ := json.Marshal(y)
	return bytes.Equal(xb, yb)
}

package hook

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
)

// SettingsPath is where agent a reads its hook configuration: under home
// when global, else under the project root. Codex reads autofix's hooks
// from the user's ~/.codex/hooks.json only (Codex asks the person to
// review project hooks separately), so global does not matter for it.
func SettingsPath(a Agent, global bool, home, projectRoot string) (string, error) {
	switch a {
	case ClaudeCode:
		if global {
			return filepath.Join(home, ".claude", "settings.json"), nil
		}
		return filepath.Join(projectRoot, ".claude", "settings.json"), nil
	case Codex:
		return filepath.Join(home, ".codex", "hooks.json"), nil
	case Cursor:
		if global {
			return filepath.Join(home, ".cursor", "hooks.json"), nil
		}
		return filepath.Join(projectRoot, ".cursor", "hooks.json"), nil
	}
	return "", fmt.Errorf("unknown agent %q", a)
}

// Command is the shell command an agent runs for autofix's hook: the
// binary's absolute path, quoted when it needs to be, then "hook AGENT".
func Command(a Agent, exe string) string {
	return shellQuote(exe) + " hook " + string(a)
}

func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("/._-+:@%=,", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// isOurCommand recognizes autofix's hook command for agent a: the running
// binary exe, or any binary named autofix (a moved or reinstalled one).
func isOurCommand(a Agent, command, exe string) bool {
	rest, ok := strings.CutSuffix(strings.TrimSpace(command), " hook "+string(a))
	if !ok {
		return false
	}
	if exe != "" && rest == shellQuote(exe) {
		return true
	}
	return strings.Contains(filepath.Base(strings.Trim(rest, `'"`)), "autofix")
}

// eventEntry is one entry autofix installs under an event.
type eventEntry struct {
	event string
	group map[string]any
}

// ErrSettings is wrapped by errors about the content of a settings file.
var ErrSettings = errors.New("invalid agent settings")

// Install returns data (an agent's hook settings file; empty when it does
// not exist) with autofix's hook entries for agent a running exe, and
// whether anything changed. Every other key and entry is kept in its
// place; an entry of autofix's that is already there is left alone, and an
// outdated one (another binary path, another matcher) is replaced. Running
// it twice changes nothing the second time.
func Install(a Agent, data []byte, exe string) ([]byte, bool, error) {
	if !filepath.IsAbs(exe) {
		return nil, false, fmt.Errorf("binary path %q is not absolute", exe)
	}
	return edit(a, data, exe, entriesFor(a, Command(a, exe)))
}

// Remove returns data without autofix's hook entries for agent a (those
// running exe or any binary named autofix), and whether anything changed.
// Events and the hooks object that only held autofix's entries are removed
// too.
func Remove(a Agent, data []byte, exe string) ([]byte, bool, error) {
	return edit(a, data, exe, nil)
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

// edit removes autofix's entries for every event of a and adds want.
func edit(a Agent, data []byte, exe string, want []eventEntry) ([]byte, bool, error) {
	if entriesFor(a, "") == nil {
		return nil, false, fmt.Errorf("unknown agent %q", a)
	}
	root, err := parseObject(data)
	if err != nil {
		return nil, false, err
	}
	hooks, err := parseObject(root.get("hooks"))
	if err != nil {
		return nil, false, fmt.Errorf("\"hooks\": %w", err)
	}
	isOurs := func(raw json.RawMessage) bool { return claudeGroupIsOurs(a, raw, exe) }
	if a == Cursor {
		isOurs = func(raw json.RawMessage) bool { return cursorEntryIsOurs(raw, exe) }
	}
	wantBy := map[string]json.RawMessage{}
	var events []string
	for _, e := range want {
		b, err := json.Marshal(e.group)
		if err != nil {
			return nil, false, err
		}
		wantBy[e.event] = b
		events = append(events, e.event)
	}
	for _, e := range entriesFor(a, "") {
		if _, ok := wantBy[e.event]; !ok {
			events = append(events, e.event)
		}
	}
	changed := false
	for _, ev := range events {
		var list []json.RawMessage
		if raw := hooks.get(ev); raw != nil {
			if err := json.Unmarshal(raw, &list); err != nil {
				return nil, false, fmt.Errorf("%w: \"hooks.%s\" is not a list", ErrSettings, ev)
			}
		}
		var kept []json.RawMessage
		var ours []json.RawMessage
		for _, g := range list {
			if isOurs(g) {
				ours = append(ours, g)
			} else {
				kept = append(kept, g)
			}
		}
		w, add := wantBy[ev]
		if add && len(ours) == 1 && sameJSON(ours[0], w) {
			continue // already installed as wanted
		}
		if len(ours) == 0 && !add {
			continue
		}
		changed = true
		if add {
			kept = append(kept, w)
		}
		if len(kept) == 0 {
			hooks.del(ev)
			continue
		}
		b, err := json.Marshal(kept)
		if err != nil {
			return nil, false, err
		}
		hooks.set(ev, b)
	}
	if !changed {
		return data, false, nil
	}
	if len(hooks.keys) == 0 {
		root.del("hooks")
	} else {
		if a == Cursor && root.get("version") == nil {
			root.set("version", json.RawMessage("1"))
		}
		root.set("hooks", hooks.marshal())
	}
	var out bytes.Buffer
	if err := json.Indent(&out, root.marshal(), "", "  "); err != nil {
		return nil, false, err
	}
	out.WriteByte('\n')
	return out.Bytes(), true, nil
}

func sameJSON(a, b json.RawMessage) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	xb, _ := json.Marshal(x)
	yb, _ := json.Marshal(y)
	return bytes.Equal(xb, yb)
}

// object is a JSON object that keeps its keys in file order, so a rewrite
// moves nothing the person wrote.
type object struct {
	keys []string
	vals map[string]json.RawMessage
}

// parseObject reads a JSON object; empty or missing data is an empty object.
func parseObject(data []byte) (*object, error) {
	o := &object{vals: map[string]json.RawMessage{}}
	if len(bytes.TrimSpace(data)) == 0 {
		return o, nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	tok, err := dec.Token()
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrSettings, err)
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, fmt.Errorf("%w: not a JSON object", ErrSettings)
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrSettings, err)
		}
		key := tok.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrSettings, err)
		}
		o.set(key, v)
	}
	if _, err := dec.Token(); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrSettings, err)
	}
	if _, err := dec.Token(); err == nil {
		return nil, fmt.Errorf("%w: text after the JSON object", ErrSettings)
	}
	return o, nil
}

func (o *object) get(k string) json.RawMessage { return o.vals[k] }

func (o *object) set(k string, v json.RawMessage) {
	if _, ok := o.vals[k]; !ok {
		o.keys = append(o.keys, k)
	}
	o.vals[k] = v
}

func (o *object) del(k string) {
	if _, ok := o.vals[k]; !ok {
		return
	}
	delete(o.vals, k)
	for i, x := range o.keys {
		if x == k {
			o.keys = append(o.keys[:i], o.keys[i+1:]...)
			break
		}
	}
}

func (o *object) marshal() json.RawMessage {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range o.keys {
		if i > 0 {
			b.WriteByte(',')
		}
		kb, _ := json.Marshal(k)
		b.Write(kb)
		b.WriteByte(':')
		b.Write(o.vals[k])
	}
	b.WriteByte('}')
	return b.Bytes()
}

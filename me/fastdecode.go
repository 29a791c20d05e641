package me

import (
	"strconv"
	"strings"
	"time"

	"github.com/autofix/autofix/guard"
	"github.com/autofix/autofix/jsonfile"
	"github.com/autofix/autofix/scope"
)

// decodeFile parses data strictly and stores it in f exactly as
// [jsonfile.Decode] does, but fills f from the strict parser's tree instead
// of running encoding/json over the bytes a second time: the store is read
// on every agent prompt. The tree walk takes only the shapes autofix writes;
// anything else (a null, a value of the wrong type, a key given twice in
// different case, a syntax error) goes to [jsonfile.Decode], which decides
// and reports it, so the result and the error are always Decode's.
func decodeFile(data []byte, f *file) error {
	if root, err := jsonfile.Parse(data); err == nil {
		var fast file
		if fast.from(data, root) {
			*f = fast
			return nil
		}
	}
	return jsonfile.Decode(data, f)
}

// The walk below mirrors encoding/json: object keys name fields
// case-insensitively (Unicode simple folding, as bytes.EqualFold), unknown
// keys are ignored, and later members win. Each from method reports false
// for anything it does not mirror exactly, and the caller falls back.

// fields tracks which fields of one object were set, to refuse a field
// given twice (encoding/json would merge the second into the first).
type fields uint32

func (s *fields) set(i int) bool {
	bit := fields(1) << i
	if *s&bit != 0 {
		return false
	}
	*s |= bit
	return true
}

// field returns the index of key in names, compared as encoding/json
// compares them, or -1.
func field(key string, names []string) int {
	for i, n := range names {
		if key == n {
			return i
		}
	}
	for i, n := range names {
		if strings.EqualFold(key, n) {
			return i
		}
	}
	return -1
}

var fileFields = []string{"version", "next_id", "preferences"}

func (f *file) from(data []byte, v *jsonfile.Value) bool {
	if v.Kind != jsonfile.Object {
		return false
	}
	var seen fields
	for _, m := range v.Members {
		i := field(m.Key, fileFields)
		if i < 0 {
			continue
		}
		if !seen.set(i) {
			return false
		}
		var ok bool
		switch i {
		case 0:
			ok = intFrom(&f.Version, m.Value)
		case 1:
			ok = intFrom(&f.NextID, m.Value)
		case 2:
			if m.Value.Kind != jsonfile.Array {
				return false
			}
			f.Preferences = make([]Preference, len(m.Value.Elems))
			ok = true
			for j, e := range m.Value.Elems {
				if !f.Preferences[j].from(data, e) {
					return false
				}
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

var prefFields = []string{"id", "category", "instruction", "why", "words", "created", "normalizer", "language", "scope", "status", "supersedes", "superseded_by", "history", "check"}

func (p *Preference) from(data []byte, v *jsonfile.Value) bool {
	if v.Kind != jsonfile.Object {
		return false
	}
	var seen fields
	for _, m := range v.Members {
		i := field(m.Key, prefFields)
		if i < 0 {
			continue
		}
		if !seen.set(i) {
			return false
		}
		x := m.Value
		var ok bool
		switch i {
		case 0:
			ok = strFrom(&p.ID, x)
		case 1:
			ok = strFrom(&p.Category, x)
		case 2:
			ok = strFrom(&p.Instruction, x)
		case 3:
			ok = strFrom(&p.Why, x)
		case 4:
			ok = strFrom(&p.Words, x)
		case 5:
			ok = timeFrom(&p.Created, data, x)
		case 6:
			ok = strFrom(&p.Normalizer, x)
		case 7:
			ok = strFrom(&p.Language, x)
		case 8:
			ok = scopeFrom(&p.Scope, x)
		case 9:
			var s string
			ok = strFrom(&s, x)
			p.Status = Status(s)
		case 10:
			if ok = x.Kind == jsonfile.Array; ok {
				p.Supersedes = make([]string, len(x.Elems))
				for j, e := range x.Elems {
					if !strFrom(&p.Supersedes[j], e) {
						return false
					}
				}
			}
		case 11:
			ok = strFrom(&p.SupersededBy, x)
		case 12:
			if ok = x.Kind == jsonfile.Array; ok {
				p.History = make([]Event, len(x.Elems))
				for j, e := range x.Elems {
					if !p.History[j].from(data, e) {
						return false
					}
				}
			}
		case 13:
			p.Check = new(guard.Check)
			ok = checkFrom(p.Check, x)
		}
		if !ok {
			return false
		}
	}
	return true
}

var checkFields = []string{"tool", "target", "pattern", "action"}

func checkFrom(c *guard.Check, v *jsonfile.Value) bool {
	if v.Kind != jsonfile.Object {
		return false
	}
	var seen fields
	for _, m := range v.Members {
		i := field(m.Key, checkFields)
		if i < 0 {
			continue
		}
		if !seen.set(i) {
			return false
		}
		dst := [...]*string{&c.Tool, &c.Target, &c.Pattern, &c.Action}[i]
		if !strFrom(dst, m.Value) {
			return false
		}
	}
	return true
}

var eventFields = []string{"time", "what", "detail"}

func (ev *Event) from(data []byte, v *jsonfile.Value) bool {
	if v.Kind != jsonfile.Object {
		return false
	}
	var seen fields
	for _, m := range v.Members {
		i := field(m.Key, eventFields)
		if i < 0 {
			continue
		}
		if !seen.set(i) {
			return false
		}
		var ok bool
		switch i {
		case 0:
			ok = timeFrom(&ev.Time, data, m.Value)
		case 1:
			ok = strFrom(&ev.What, m.Value)
		case 2:
			ok = strFrom(&ev.Detail, m.Value)
		}
		if !ok {
			return false
		}
	}
	return true
}

var scopeFields = []string{"kind", "workspaces"}
var refFields = []string{"id", "name", "path"}

func scopeFrom(s *scope.Scope, v *jsonfile.Value) bool {
	if v.Kind != jsonfile.Object {
		return false
	}
	var seen fields
	for _, m := range v.Members {
		i := field(m.Key, scopeFields)
		if i < 0 {
			continue
		}
		if !seen.set(i) {
			return false
		}
		x := m.Value
		switch i {
		case 0:
			var k string
			if !strFrom(&k, x) {
				return false
			}
			s.Kind = scope.Kind(k)
		case 1:
			if x.Kind != jsonfile.Array {
				return false
			}
			s.Workspaces = make([]scope.Ref, len(x.Elems))
			for j, e := range x.Elems {
				if !refFrom(&s.Workspaces[j], e) {
					return false
				}
			}
		}
	}
	return true
}

func refFrom(r *scope.Ref, v *jsonfile.Value) bool {
	if v.Kind != jsonfile.Object {
		return false
	}
	var seen fields
	for _, m := range v.Members {
		i := field(m.Key, refFields)
		if i < 0 {
			continue
		}
		if !seen.set(i) {
			return false
		}
		var ok bool
		switch i {
		case 0:
			ok = strFrom(&r.ID, m.Value)
		case 1:
			ok = strFrom(&r.Name, m.Value)
		case 2:
			ok = strFrom(&r.Path, m.Value)
		}
		if !ok {
			return false
		}
	}
	return true
}

// strFrom takes a JSON string (already unescaped by the strict parser, as
// encoding/json unescapes it).
func strFrom(dst *string, v *jsonfile.Value) bool {
	if v.Kind != jsonfile.String {
		return false
	}
	*dst = v.Str
	return true
}

// intFrom takes an integer literal as encoding/json does for an int field:
// a fraction, an exponent or an overflow is a type error (left to the
// fallback).
func intFrom(dst *int, v *jsonfile.Value) bool {
	if v.Kind != jsonfile.Number {
		return false
	}
	n, err := strconv.ParseInt(v.Str, 10, 0)
	if err != nil {
		return false
	}
	*dst = int(n)
	return true
}

// timeFrom gives time.Time the raw bytes of the string, quotes included,
// exactly as encoding/json calls its UnmarshalJSON.
func timeFrom(dst *time.Time, data []byte, v *jsonfile.Value) bool {
	if v.Kind != jsonfile.String {
		return false
	}
	return dst.UnmarshalJSON(data[v.Off:v.End]) == nil
}

package jsonfile

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// bom is the UTF-8 byte order mark, tolerated at the start of a file.
var bom = []byte("\xef\xbb\xbf")

// maxDepth bounds the nesting of arrays and objects.
const maxDepth = 512

// SyntaxError is a JSON file that does not parse, with the 1-based line and
// column of the problem (columns count bytes, after a leading byte order
// mark).
type SyntaxError struct {
	Line, Col int
	Msg       string
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Msg) }

// Kind is the type of a JSON [Value].
type Kind uint8

// The kinds of JSON values.
const (
	Null Kind = iota
	Bool
	Number
	String
	Array
	Object
)

func (k Kind) String() string {
	switch k {
	case Null:
		return "null"
	case Bool:
		return "boolean"
	case Number:
		return "number"
	case String:
		return "string"
	case Array:
		return "array"
	case Object:
		return "object"
	}
	return "unknown"
}

// Value is one parsed JSON value with its place in the input.
type Value struct {
	Kind Kind
	// Off and End delimit the value's bytes in the data given to [Parse].
	Off, End int
	// Str is the decoded text of a string, the literal of a number, or
	// "true"/"false" for a boolean.
	Str string
	// Elems are an array's elements.
	Elems []*Value
	// Members are an object's members in file order (keys are unique).
	Members []Member
}

// Member is one key of an object.
type Member struct {
	Key    string
	KeyOff int
	Value  *Value
}

// Get returns the value of key in an object, or nil.
func (v *Value) Get(key string) *Value {
	for _, m := range v.Members {
		if m.Key == key {
			return m.Value
		}
	}
	return nil
}

// Parse parses data strictly: one JSON value (RFC 8259) optionally preceded
// by a UTF-8 byte order mark, valid UTF-8 throughout, no duplicate keys in
// an object, nothing but white space after the value. Problems are returned
// as *[SyntaxError] with the exact line and column.
func Parse(data []byte) (*Value, error) {
	p := &parser{data: data}
	if bytes.HasPrefix(data, bom) {
		p.i = len(bom)
	}
	p.skipWS()
	if p.err != nil {
		return nil, p.err
	}
	if p.i == len(data) {
		return nil, p.fail(p.i, "empty file: expected a JSON value")
	}
	v := p.value()
	if p.err != nil {
		return nil, p.err
	}
	p.skipWS()
	if p.err != nil {
		return nil, p.err
	}
	if p.i < len(data) {
		return nil, p.fail(p.i, "unexpected %s after the end of the JSON value (only one top-level value is allowed)", p.describe(p.i))
	}
	return v, nil
}

// Decode parses data strictly (see [Parse]) and stores it in v like
// [json.Unmarshal]. Syntax problems, and values of the wrong type for v,
// are returned as *[SyntaxError].
func Decode(data []byte, v any) error {
	root, err := Parse(data)
	if err != nil {
		return err
	}
	body := bytes.TrimPrefix(data, bom)
	shift := len(data) - len(body)
	err = json.Unmarshal(body, v)
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		off := int(te.Offset) + shift
		if at := innermost(root, off); at != nil {
			off = at.Off
		}
		line, col := Position(data, off)
		what := "value"
		if te.Field != "" {
			what = strconv.Quote(te.Field)
		}
		return &SyntaxError{Line: line, Col: col, Msg: fmt.Sprintf("%s: a JSON %s cannot be used as %s", what, te.Value, te.Type)}
	}
	return err
}

// innermost finds the deepest value that contains the byte before off.
func innermost(v *Value, off int) *Value {
	if off <= v.Off || off > v.End {
		return nil
	}
	for _, e := range v.Elems {
		if in := innermost(e, off); in != nil {
			return in
		}
	}
	for _, m := range v.Members {
		if in := innermost(m.Value, off); in != nil {
			return in
		}
	}
	return v
}

// Position converts a byte offset in data to a 1-based line and column. A
// leading byte order mark does not count.
func Position(data []byte, off int) (line, col int) {
	off = min(max(off, 0), len(data))
	if bytes.HasPrefix(data, bom) {
		data = data[len(bom):]
		off = max(off-len(bom), 0)
	}
	line = 1 + bytes.Count(data[:off], []byte("\n"))
	col = off - bytes.LastIndexByte(data[:off], '\n')
	return line, col
}

type parser struct {
	data  []byte
	i     int
	depth int
	err   error
	// slab and strs cut allocations: values come from chunks, and short
	// strings (keys, categories, numbers) are shared.
	slab []Value
	strs map[string]string
}

func (p *parser) alloc(v Value) *Value {
	if len(p.slab) == 0 {
		p.slab = make([]Value, 128)
	}
	p.slab[0] = v
	out := &p.slab[0]
	p.slab = p.slab[1:]
	return out
}

func (p *parser) intern(b []byte) string {
	if len(b) > 24 {
		return string(b)
	}
	if s, ok := p.strs[string(b)]; ok {
		return s
	}
	if p.strs == nil {
		p.strs = make(map[string]string)
	}
	s := string(b)
	p.strs[s] = s
	return s
}

func (p *parser) fail(off int, format string, a ...any) error {
	if p.err == nil {
		line, col := Position(p.data, off)
		p.err = &SyntaxError{Line: line, Col: col, Msg: fmt.Sprintf(format, a...)}
	}
	return p.err
}

// describe names what is at off, for messages.
func (p *parser) describe(off int) string {
	if off >= len(p.data) {
		return "end of file"
	}
	r, n := utf8.DecodeRune(p.data[off:])
	if r == utf8.RuneError && n <= 1 {
		return fmt.Sprintf("invalid UTF-8 byte 0x%02x", p.data[off])
	}
	if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || r == '\uFEFF' || !strconv.IsPrint(r) {
		return fmt.Sprintf("character %U", r)
	}
	if w := p.word(off); len(w) > 1 {
		return fmt.Sprintf("%q", w)
	}
	return fmt.Sprintf("'%c'", r)
}

// word returns the run of letters, digits and underscores at off.
func (p *parser) word(off int) string {
	end := off
	for end < len(p.data) && end-off < 40 {
		c := p.data[end]
		if c == '_' || c == '$' || c == '-' && end == off || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
			end++
			continue
		}
		break
	}
	return string(p.data[off:end])
}

func (p *parser) skipWS() {
	for p.i < len(p.data) {
		switch p.data[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		case '/':
			if p.i+1 < len(p.data) && (p.data[p.i+1] == '/' || p.data[p.i+1] == '*') {
				p.fail(p.i, "comments are not allowed in JSON")
			}
			return
		default:
			return
		}
	}
}

func (p *parser) value() *Value {
	if p.i >= len(p.data) {
		p.fail(p.i, "unexpected end of file: expected a value")
		return nil
	}
	switch c := p.data[p.i]; {
	case c == '{':
		return p.object()
	case c == '[':
		return p.array()
	case c == '"':
		start := p.i
		s := p.string()
		return p.alloc(Value{Kind: String, Off: start, End: p.i, Str: s})
	case c == '-' || c >= '0' && c <= '9':
		return p.number()
	case c == '\'':
		p.fail(p.i, "strings must be in double quotes, not single quotes")
	case c == '+' || c == '.':
		p.fail(p.i, "invalid number: a JSON number starts with a digit or '-'")
	case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_':
		w := p.word(p.i)
		switch w {
		case "true", "false":
			v := p.alloc(Value{Kind: Bool, Off: p.i, End: p.i + len(w), Str: w})
			p.i += len(w)
			return v
		case "null":
			v := p.alloc(Value{Kind: Null, Off: p.i, End: p.i + len(w)})
			p.i += len(w)
			return v
		}
		p.fail(p.i, "invalid literal %q: JSON values are true, false, null, numbers, \"strings\", arrays and objects", w)
	default:
		p.fail(p.i, "unexpected %s: expected a value", p.describe(p.i))
	}
	return nil
}

func (p *parser) enter(off int) bool {
	p.depth++
	if p.depth > maxDepth {
		p.fail(off, "nesting deeper than %d levels", maxDepth)
		return false
	}
	return true
}

func (p *parser) object() *Value {
	start := p.i
	if !p.enter(start) {
		return nil
	}
	defer func() { p.depth-- }()
	v := p.alloc(Value{Kind: Object, Off: start})
	v.Members = make([]Member, 0, 6)
	p.i++                   // {
	var seen map[string]int // for large objects only
	comma := -1
	for {
		p.skipWS()
		if p.err != nil {
			return nil
		}
		if p.i >= len(p.data) {
			line, col := Position(p.data, start)
			p.fail(p.i, "unexpected end of file: missing '}' to close the object opened at line %d, col %d", line, col)
			return nil
		}
		c := p.data[p.i]
		if c == '}' {
			if comma >= 0 {
				p.fail(comma, "trailing comma before '}'")
				return nil
			}
			p.i++
			v.End = p.i
			return v
		}
		if len(v.Members) > 0 && comma < 0 {
			p.fail(p.i, "expected ',' or '}' after an object member, found %s (missing comma?)", p.describe(p.i))
			return nil
		}
		keyOff := p.i
		switch {
		case c == '"':
		case c == '\'':
			p.fail(p.i, "object keys must be in double quotes, not single quotes")
			return nil
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '$':
			p.fail(p.i, "object key %s must be a double-quoted string", p.word(p.i))
			return nil
		default:
			p.fail(p.i, "expected an object key in double quotes, found %s", p.describe(p.i))
			return nil
		}
		key := p.string()
		if p.err != nil {
			return nil
		}
		// Objects are small: a scan beats a map until they are not.
		if len(v.Members) < 16 {
			for _, m := range v.Members {
				if m.Key == key {
					line, col := Position(p.data, m.KeyOff)
					p.fail(keyOff, "duplicate key %q (first at line %d, col %d)", key, line, col)
					return nil
				}
			}
		} else {
			if seen == nil {
				seen = make(map[string]int, 2*len(v.Members))
				for _, m := range v.Members {
					seen[m.Key] = m.KeyOff
				}
			}
			if first, dup := seen[key]; dup {
				line, col := Position(p.data, first)
				p.fail(keyOff, "duplicate key %q (first at line %d, col %d)", key, line, col)
				return nil
			}
			seen[key] = keyOff
		}
		p.skipWS()
		if p.err != nil {
			return nil
		}
		if p.i >= len(p.data) || p.data[p.i] != ':' {
			p.fail(p.i, "expected ':' after object key %q, found %s", key, p.describe(p.i))
			return nil
		}
		p.i++
		p.skipWS()
		if p.err != nil {
			return nil
		}
		if p.i < len(p.data) && (p.data[p.i] == ',' || p.data[p.i] == '}') {
			p.fail(p.i, "missing value for key %q", key)
			return nil
		}
		val := p.value()
		if p.err != nil {
			return nil
		}
		v.Members = append(v.Members, Member{Key: key, KeyOff: keyOff, Value: val})
		p.skipWS()
		if p.err != nil {
			return nil
		}
		comma = -1
		if p.i < len(p.data) && p.data[p.i] == ',' {
			comma = p.i
			p.i++
		}
	}
}

func (p *parser) array() *Value {
	start := p.i
	if !p.enter(start) {
		return nil
	}
	defer func() { p.depth-- }()
	v := p.alloc(Value{Kind: Array, Off: start})
	p.i++ // [
	comma := -1
	for {
		p.skipWS()
		if p.err != nil {
			return nil
		}
		if p.i >= len(p.data) {
			line, col := Position(p.data, start)
			p.fail(p.i, "unexpected end of file: missing ']' to close the array opened at line %d, col %d", line, col)
			return nil
		}
		c := p.data[p.i]
		if c == ']' {
			if comma >= 0 {
				p.fail(comma, "trailing comma before ']'")
				return nil
			}
			p.i++
			v.End = p.i
			return v
		}
		if len(v.Elems) > 0 && comma < 0 {
			p.fail(p.i, "expected ',' or ']' after an array element, found %s (missing comma?)", p.describe(p.i))
			return nil
		}
		if c == ',' {
			p.fail(p.i, "unexpected ',': expected a value")
			return nil
		}
		e := p.value()
		if p.err != nil {
			return nil
		}
		v.Elems = append(v.Elems, e)
		p.skipWS()
		if p.err != nil {
			return nil
		}
		comma = -1
		if p.i < len(p.data) && p.data[p.i] == ',' {
			comma = p.i
			p.i++
		}
	}
}

func (p *parser) number() *Value {
	start := p.i
	d := p.data
	if d[p.i] == '-' {
		p.i++
	}
	digits := func() int {
		n := 0
		for p.i < len(d) && d[p.i] >= '0' && d[p.i] <= '9' {
			p.i++
			n++
		}
		return n
	}
	intStart := p.i
	if n := digits(); n == 0 {
		p.fail(p.i, "invalid number: expected a digit, found %s", p.describe(p.i))
		return nil
	} else if n > 1 && d[intStart] == '0' {
		p.fail(intStart, "invalid number: leading zeros are not allowed")
		return nil
	}
	if p.i < len(d) && d[p.i] == '.' {
		p.i++
		if digits() == 0 {
			p.fail(p.i, "invalid number: expected a digit after '.', found %s", p.describe(p.i))
			return nil
		}
	}
	if p.i < len(d) && (d[p.i] == 'e' || d[p.i] == 'E') {
		p.i++
		if p.i < len(d) && (d[p.i] == '+' || d[p.i] == '-') {
			p.i++
		}
		if digits() == 0 {
			p.fail(p.i, "invalid number: expected a digit in the exponent, found %s", p.describe(p.i))
			return nil
		}
	}
	if p.i < len(d) {
		if c := d[p.i]; c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '.' {
			p.fail(start, "invalid number %q", string(d[start:p.i])+p.word(p.i))
			return nil
		}
	}
	return p.alloc(Value{Kind: Number, Off: start, End: p.i, Str: p.intern(d[start:p.i])})
}

// string parses a double-quoted string at p.i and returns its text.
func (p *parser) string() string {
	start := p.i
	d := p.data
	p.i++        // "
	var b []byte // nil until an escape is seen
	from := p.i
	for {
		if p.i >= len(d) {
			p.fail(start, "unterminated string: no closing '\"' before the end of the file")
			return ""
		}
		c := d[p.i]
		switch {
		case c == '"':
			var s string
			if b == nil {
				s = p.intern(d[from:p.i])
			} else {
				s = string(append(b, d[from:p.i]...))
			}
			p.i++
			return s
		case c == '\\':
			if b == nil {
				b = make([]byte, 0, p.i-from+16)
			}
			b = append(b, d[from:p.i]...)
			esc := p.i
			if p.i+1 >= len(d) {
				p.fail(start, "unterminated string: no closing '\"' before the end of the file")
				return ""
			}
			e := d[p.i+1]
			p.i += 2
			switch e {
			case '"', '\\', '/':
				b = append(b, e)
			case 'b':
				b = append(b, '\b')
			case 'f':
				b = append(b, '\f')
			case 'n':
				b = append(b, '\n')
			case 'r':
				b = append(b, '\r')
			case 't':
				b = append(b, '\t')
			case 'u':
				r, ok := p.hex4(p.i)
				if !ok {
					p.fail(esc, "invalid escape: \\u must be followed by 4 hex digits")
					return ""
				}
				p.i += 4
				if utf16.IsSurrogate(r) {
					r2 := rune(-1)
					if p.i+1 < len(d) && d[p.i] == '\\' && d[p.i+1] == 'u' {
						if x, ok := p.hex4(p.i + 2); ok {
							r2 = x
						}
					}
					if dec := utf16.DecodeRune(r, r2); dec != utf8.RuneError {
						p.i += 6
						r = dec
					} else {
						r = utf8.RuneError
					}
				}
				b = utf8.AppendRune(b, r)
			default:
				if e >= 0x20 && e < 0x7f {
					p.fail(esc, "invalid escape '\\%c' in string (write \\\\ for a backslash)", e)
				} else {
					p.fail(esc, "invalid escape in string (write \\\\ for a backslash)")
				}
				return ""
			}
			from = p.i
		case c == '\n' || c == '\r':
			p.fail(start, "unterminated string: line break before the closing '\"' (write \\n for a line break inside a string)")
			return ""
		case c < 0x20:
			p.fail(p.i, "control character %U in a string must be escaped", rune(c))
			return ""
		case c >= 0x80:
			r, n := utf8.DecodeRune(d[p.i:])
			if r == utf8.RuneError && n <= 1 {
				p.fail(p.i, "invalid UTF-8 byte 0x%02x in a string (save the file as UTF-8)", c)
				return ""
			}
			p.i += n
		default:
			p.i++
		}
	}
}

func (p *parser) hex4(off int) (rune, bool) {
	if off+4 > len(p.data) {
		return 0, false
	}
	s := string(p.data[off : off+4])
	if strings.ContainsAny(s, "+-_xX") {
		return 0, false
	}
	n, err := strconv.ParseUint(s, 16, 32)
	if err != nil {
		return 0, false
	}
	return rune(n), true
}

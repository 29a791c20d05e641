package jsonfile

import (
	"bytes"
	"encoding/binary"
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
	return parse(&parser{data: data, src: string(data)})
}

// ParseEach parses data strictly, exactly as [Parse] does, and when it
// holds an array calls each with every element in order, as soon as the
// element is parsed. The element and the values in it are only valid
// during the call (their memory is reused for the next element), but the
// strings in them may be kept. The array returned has no Elems. When the
// array is followed by a syntax error, each has seen the elements before
// it and ParseEach returns the error; when data holds something other than
// an array, each is not called.
//
// ParseEach reads a large array in memory proportional to its largest
// element rather than to the whole file.
func ParseEach(data []byte, each func(i int, elem *Value)) (*Value, error) {
	return parse(&parser{data: data, src: string(data), each: each})
}

func parse(p *parser) (*Value, error) {
	data := p.data
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
	// The strict checks need no tree: it is built only to place a type
	// error.
	if _, err := parse(&parser{data: data, src: string(data), discard: true}); err != nil {
		return err
	}
	body := bytes.TrimPrefix(data, bom)
	shift := len(data) - len(body)
	err := json.Unmarshal(body, v)
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		root, perr := Parse(data)
		if perr != nil {
			return perr // cannot happen: data was parsed above
		}
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
	data []byte
	// src is data as one string: strings without escapes and numbers are
	// slices of it, so they cost no allocation of their own.
	src   string
	i     int
	depth int
	err   error
	// Values, object members and array elements come from chunks (arenas)
	// instead of one heap object each. An object's members and an array's
	// elements are gathered on a stack while they are parsed, then copied
	// to their arena in one piece of the exact size.
	slab    []Value
	vchunk  []Value // the chunk slab is cut from
	members []Member
	elems   []*Value
	mstack  []Member
	estack  []*Value
	// each receives the elements of a top-level array (see [ParseEach]).
	each func(int, *Value)
	// discard only checks data: every value is parsed into scratch and
	// no tree is built (objects still gather their keys on the stack, for
	// the duplicate check).
	discard bool
	scratch Value
}

// reuse makes the memory of the values parsed so far available again:
// each has seen them.
func (p *parser) reuse() {
	used := len(p.vchunk) - len(p.slab)
	clear(p.vchunk[:used]) // alloc expects zeroed values
	p.slab = p.vchunk
	p.members = p.members[:0]
	p.elems = p.elems[:0]
}

// chunk is the size of the next arena chunk: it grows with the input, so a
// large file takes few chunks and a small one wastes little.
func (p *parser) chunk(min, per int) int {
	if p.each != nil {
		return max(min, 64) // reused for each element
	}
	return max(min, 64, len(p.data)/per)
}

// alloc returns a new value of kind k that starts at off; the chunk's
// memory is zeroed already, so only the fields set here are written.
func (p *parser) alloc(k Kind, off int) *Value {
	if p.discard {
		return &p.scratch
	}
	if len(p.slab) == 0 {
		p.vchunk = make([]Value, p.chunk(1, 64))
		p.slab = p.vchunk
	}
	v := &p.slab[0]
	p.slab = p.slab[1:]
	v.Kind, v.Off = k, off
	return v
}

// keepMembers moves the members above base on the stack to the arena.
func (p *parser) keepMembers(base int) []Member {
	ms := p.mstack[base:]
	n := len(ms)
	p.mstack = p.mstack[:base]
	if n == 0 || p.discard {
		return nil
	}
	if cap(p.members)-len(p.members) < n {
		p.members = make([]Member, 0, p.chunk(n, 128))
	}
	at := len(p.members)
	p.members = append(p.members, ms...)
	return p.members[at : at+n : at+n]
}

// keepElems moves the elements above base on the stack to the arena.
func (p *parser) keepElems(base int) []*Value {
	es := p.estack[base:]
	n := len(es)
	p.estack = p.estack[:base]
	if n == 0 || p.discard {
		return nil
	}
	if cap(p.elems)-len(p.elems) < n {
		p.elems = make([]*Value, 0, p.chunk(n, 32))
	}
	at := len(p.elems)
	p.elems = append(p.elems, es...)
	return p.elems[at : at+n : at+n]
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
	return p.src[off:end]
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
		v := p.alloc(String, start)
		v.End, v.Str = p.i, s
		return v
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
			v := p.alloc(Bool, p.i)
			v.Str = "false"
			if w == "true" {
				v.Str = "true"
			}
			p.i += len(w)
			v.End = p.i
			return v
		case "null":
			v := p.alloc(Null, p.i)
			p.i += len(w)
			v.End = p.i
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
	v := p.alloc(Object, start)
	p.i++ // {
	base := len(p.mstack)
	// On errors, drop what this object put on the stack.
	defer func() { p.mstack = p.mstack[:base] }()
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
		members := p.mstack[base:]
		if c == '}' {
			if comma >= 0 {
				p.fail(comma, "trailing comma before '}'")
				return nil
			}
			p.i++
			v.End = p.i
			v.Members = p.keepMembers(base)
			return v
		}
		if len(members) > 0 && comma < 0 {
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
		if len(members) < 16 {
			for _, m := range members {
				if m.Key == key {
					line, col := Position(p.data, m.KeyOff)
					p.fail(keyOff, "duplicate key %q (first at line %d, col %d)", key, line, col)
					return nil
				}
			}
		} else {
			if seen == nil {
				seen = make(map[string]int, 2*len(members))
				for _, m := range members {
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
		p.mstack = append(p.mstack, Member{Key: key, KeyOff: keyOff, Value: val})
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
	stream := p.each != nil && p.depth == 1
	var v *Value
	if stream {
		v = &Value{Kind: Array, Off: start} // outlives the reused memory
	} else {
		v = p.alloc(Array, start)
	}
	p.i++ // [
	base := len(p.estack)
	// On errors, drop what this array put on the stack.
	defer func() { p.estack = p.estack[:base] }()
	comma := -1
	n := 0 // elements so far
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
			v.Elems = p.keepElems(base)
			return v
		}
		if n > 0 && comma < 0 {
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
		if stream {
			p.each(n, e)
			p.reuse()
		} else {
			p.estack = append(p.estack, e)
		}
		n++
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

// digits skips decimal digits at p.i and returns how many there were.
func (p *parser) digits() int {
	start := p.i
	for p.i < len(p.data) && p.data[p.i] >= '0' && p.data[p.i] <= '9' {
		p.i++
	}
	return p.i - start
}

func (p *parser) number() *Value {
	start := p.i
	d := p.data
	if d[p.i] == '-' {
		p.i++
	}
	intStart := p.i
	if n := p.digits(); n == 0 {
		p.fail(p.i, "invalid number: expected a digit, found %s", p.describe(p.i))
		return nil
	} else if n > 1 && d[intStart] == '0' {
		p.fail(intStart, "invalid number: leading zeros are not allowed")
		return nil
	}
	if p.i < len(d) && d[p.i] == '.' {
		p.i++
		if p.digits() == 0 {
			p.fail(p.i, "invalid number: expected a digit after '.', found %s", p.describe(p.i))
			return nil
		}
	}
	if p.i < len(d) && (d[p.i] == 'e' || d[p.i] == 'E') {
		p.i++
		if p.i < len(d) && (d[p.i] == '+' || d[p.i] == '-') {
			p.i++
		}
		if p.digits() == 0 {
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
	v := p.alloc(Number, start)
	v.End, v.Str = p.i, p.src[start:p.i]
	return v
}

// string parses a double-quoted string at p.i and returns its text.
func (p *parser) string() string {
	start := p.i
	d := p.data
	p.i++        // "
	var b []byte // nil until an escape is seen
	from := p.i
	for {
		// The common case first: a run of printable ASCII, 8 bytes at a
		// time while no byte is special.
		for p.i+8 <= len(d) && plain8(binary.LittleEndian.Uint64(d[p.i:])) {
			p.i += 8
		}
		for p.i < len(d) && d[p.i] >= 0x20 && d[p.i] < 0x80 && d[p.i] != '"' && d[p.i] != '\\' {
			p.i++
		}
		if p.i >= len(d) {
			p.fail(start, "unterminated string: no closing '\"' before the end of the file")
			return ""
		}
		c := d[p.i]
		switch {
		case c == '"':
			var s string
			if b == nil {
				s = p.src[from:p.i]
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
		default: // c >= 0x80
			r, n := utf8.DecodeRune(d[p.i:])
			if r == utf8.RuneError && n <= 1 {
				p.fail(p.i, "invalid UTF-8 byte 0x%02x in a string (save the file as UTF-8)", c)
				return ""
			}
			p.i += n
		}
	}
}

// plain8 reports whether the 8 bytes in x are all printable ASCII other
// than '"' and '\\': none is below 0x20 or at least 0x80, none is a quote
// or a backslash. (The tests for a byte below n and for a zero byte are
// exact about whether any byte matches.)
func plain8(x uint64) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	below := (x - 0x20*ones) &^ x
	quote := x ^ '"'*ones
	quote = (quote - ones) &^ quote
	slash := x ^ '\\'*ones
	slash = (slash - ones) &^ slash
	return (x|below|quote|slash)&highs == 0
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

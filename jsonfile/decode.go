package jsonfile

import (
	"bytes"
	stdjson "encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
	jsonv1 "github.com/go-json-experiment/json/v1"
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
	return [...]string{"null", "boolean", "number", "string", "array", "object"}[k]
}

// Value is one parsed JSON value with its place in the input.
type Value struct {
	Kind Kind
	// Off and End delimit the value's bytes in the data given to [Parse].
	Off, End int
	// Str is the decoded text of a string, the literal of a number, or
	// "true"/"false" for a boolean.
	Str string
	// Key is the name of an object's member, and KeyOff where it starts.
	Key    string
	KeyOff int
	// Elems are an array's elements, or an object's members in file order
	// (their keys are unique).
	Elems []Value
}

// Get returns the member named key of an object, or nil.
func (v *Value) Get(key string) *Value {
	for i := range v.Elems {
		if v.Elems[i].Key == key {
			return &v.Elems[i]
		}
	}
	return nil
}

// Parse parses data strictly: one JSON value (RFC 8259) optionally preceded
// by a UTF-8 byte order mark, valid UTF-8 throughout, no duplicate keys in
// an object, nothing but white space after the value. Problems are returned
// as *[SyntaxError] with the exact line and column.
func Parse(data []byte) (*Value, error) { return ParseEach(data, nil) }

// ParseEach parses data strictly, exactly as [Parse] does, and when it
// holds an array calls each with every element in order, as soon as the
// element is parsed. The element must not be kept after the call (the
// strings in it may be). The array returned has no Elems. When the array
// is followed by a syntax error, each has seen the elements before it and
// ParseEach returns the error; when data holds something other than an
// array, each is not called.
//
// ParseEach reads a large array in memory proportional to its largest
// element rather than to the whole file.
func ParseEach(data []byte, each func(i int, elem *Value)) (*Value, error) {
	p := &parser{data: data, src: string(data), each: each, lastScalar: -1}
	body := bytes.TrimPrefix(data, bom)
	p.shift = len(data) - len(body)
	p.last = p.shift
	// Strings are checked for UTF-8 in read, so that escaped lone
	// surrogates decode to U+FFFD as encoding/json decodes them.
	p.dec = jsontext.NewDecoder(bytes.NewBuffer(body), jsontext.AllowInvalidUTF8(true))
	if !p.value(ctx{open: -1}) {
		return nil, p.err
	}
	p.i = p.last
	if p.explainGlued() || p.skipWS() {
		return nil, p.err
	}
	if p.i < len(data) {
		return nil, p.fail(p.i, "unexpected %s after the end of the JSON value (only one top-level value is allowed)", p.describe(p.i))
	}
	v := p.stack[0]
	return &v, nil
}

// decodeOptions make json.Unmarshal strict about the syntax (duplicate
// names) and otherwise decode as encoding/json does, down to handing
// time.Time its raw bytes (escapes and all). They are built on first use,
// not at every hook start.
var decodeOptions = sync.OnceValue(func() json.Options {
	return json.JoinOptions(
		jsonv1.DefaultOptionsV1(),
		jsontext.AllowDuplicateNames(false),
		json.WithUnmarshalers(json.UnmarshalFunc(func(b []byte, t *time.Time) error { return t.UnmarshalJSON(b) })),
	)
})

// Decode parses data strictly (see [Parse]) and stores it in v like
// encoding/json's Unmarshal (case-insensitive field names, unknown fields
// ignored). Syntax problems, and values of the wrong type for v, are
// returned as *[SyntaxError].
//
// json v2 unmarshals in one strict pass. Measured against the hand-written
// tree walk it replaced (me's BenchmarkLoadActive, 1,000 preferences,
// medians of 6 interleaved): 2.6 ms against 2.8 ms; checking with jsontext
// and then running encoding/json took 4.8 ms.
func Decode(data []byte, v any) error {
	body := bytes.TrimPrefix(data, bom)
	if utf8.Valid(body) && json.Unmarshal(body, v, decodeOptions()) == nil {
		return nil
	}
	// Rare: say what is wrong, and decide the cases where the strict
	// unmarshal refuses more than Parse (two names for one field in
	// different case, which encoding/json merges).
	root, err := Parse(data)
	if err != nil {
		return err
	}
	if rv := reflect.ValueOf(v); rv.Kind() == reflect.Pointer && !rv.IsNil() {
		rv.Elem().SetZero() // undo what the first try filled in
	}
	err = stdjson.Unmarshal(body, v)
	var te *stdjson.UnmarshalTypeError
	if errors.As(err, &te) {
		off := int(te.Offset) + len(data) - len(body)
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
	for i := range v.Elems {
		if in := innermost(&v.Elems[i], off); in != nil {
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

// parser builds the tree from jsontext's tokens. jsontext decides what is
// valid; when it refuses, explain looks at the bytes after the last good
// token and says what is wrong in the words of the messages below.
type parser struct {
	data  []byte
	src   string // data as one string: unescaped strings are slices of it
	dec   *jsontext.Decoder
	shift int // length of the byte order mark
	each  func(int, *Value)
	err   error
	// last is where the last good token ended; lastScalar is where the
	// last number or literal started (-1 for other tokens).
	last, lastScalar int
	// stack holds each open array or object followed by the children
	// read so far; a closed one takes a copy of its children.
	stack []Value
	// While ParseEach streams an array, the children of one element are
	// copied to arena, which is reused for the next element: a fresh
	// process (every hook run) then touches memory for one rule, not for
	// the whole ruleset (the package doc has the numbers).
	arena []Value
	i     int // explain's position
}

// ctx is where a read happens, for explain: at the top (open is -1), or in
// the array or object at p.stack[open] after n children, or after the key
// of a member.
type ctx struct {
	open     int
	n        int
	key      string // after a key
	afterKey bool
}

// read reads the next token; a scalar comes with its raw bytes.
func (p *parser) read() (k jsontext.Kind, off, end int, raw []byte, ok bool) {
	var err error
	switch k = p.dec.PeekKind(); k {
	case 0, '{', '}', '[', ']':
		_, err = p.dec.ReadToken()
		end = int(p.dec.InputOffset()) + p.shift
		off = end - 1
	default:
		raw, err = p.dec.ReadValue()
		end = int(p.dec.InputOffset()) + p.shift
		off = end - len(raw)
	}
	// A string with invalid UTF-8 counts as refused (see ParseEach).
	if err != nil || k == '"' && !utf8.Valid(raw) {
		return 0, 0, 0, nil, false
	}
	p.last, p.lastScalar = end, -1
	if k != '"' && len(raw) > 0 {
		p.lastScalar = off
	}
	return k, off, end, raw, true
}

// value reads one value and pushes it on the stack.
func (p *parser) value(c ctx) bool {
	k, off, end, raw, ok := p.read()
	if !ok {
		p.explain(c)
		return false
	}
	v := Value{Off: off, End: end}
	switch k {
	case '{', '[':
		if p.dec.StackDepth() > maxDepth {
			p.fail(off, "nesting deeper than %d levels", maxDepth)
			return false
		}
		v.Kind = Array
		if k == '{' {
			v.Kind = Object
		}
		p.stack = append(p.stack, v)
		return p.children()
	case '"':
		v.Kind, v.Str = String, p.unquote(off, end, raw)
	case '0':
		v.Kind, v.Str = Number, p.src[off:end]
	case 't', 'f':
		v.Kind, v.Str = Bool, p.src[off:end]
	}
	p.stack = append(p.stack, v)
	return true
}

// children reads the elements or members of the array or object on top of
// the stack, up to its end.
func (p *parser) children() bool {
	open := len(p.stack) - 1
	kind, closer := p.stack[open].Kind, jsontext.Kind(']')
	if kind == Object {
		closer = '}'
	}
	stream := p.each != nil && open == 0 && kind == Array
	for n := 0; ; n++ {
		if p.dec.PeekKind() == closer {
			p.read()
			v := &p.stack[open]
			v.End = p.last
			v.Elems = p.copyOut(p.stack[open+1:])
			p.stack = p.stack[:open+1]
			return true
		}
		c := ctx{open: open, n: n}
		var keyOff int
		if kind == Object {
			_, off, end, raw, ok := p.read()
			if !ok {
				p.explain(c)
				return false
			}
			c.key, c.afterKey, keyOff = p.unquote(off, end, raw), true, off
		}
		if !p.value(c) {
			return false
		}
		if kind == Object {
			m := &p.stack[len(p.stack)-1]
			m.Key, m.KeyOff = c.key, keyOff
		}
		if stream {
			p.each(n, &p.stack[open+1])
			p.stack, p.arena = p.stack[:open+1], p.arena[:0]
		}
	}
}

// copyOut copies the children of a closed array or object off the stack,
// to the arena while an array is streamed.
func (p *parser) copyOut(vs []Value) []Value {
	if len(vs) == 0 {
		return nil
	}
	if p.each == nil {
		return slices.Clone(vs)
	}
	at := len(p.arena)
	p.arena = append(p.arena, vs...)
	return p.arena[at:len(p.arena):len(p.arena)]
}

func (p *parser) unquote(off, end int, raw []byte) string {
	if bytes.IndexByte(raw, '\\') < 0 {
		return p.src[off+1 : end-1]
	}
	b, _ := jsontext.AppendUnquote(nil, raw) // invalid surrogates become U+FFFD
	return string(b)
}

func (p *parser) fail(off int, format string, a ...any) error {
	if p.err == nil {
		line, col := Position(p.data, off)
		p.err = &SyntaxError{Line: line, Col: col, Msg: fmt.Sprintf(format, a...)}
	}
	return p.err
}

// explain sets p.err to what is wrong after the last good token, read in
// context c.
func (p *parser) explain(c ctx) {
	p.i = p.last
	if p.explainGlued() {
		return
	}
	switch {
	case c.afterKey:
		p.explainAfterKey(c.key)
	case c.open >= 0 && p.stack[c.open].Kind == Array:
		p.explainNext(c, ']', "array", "an array element")
	case c.open >= 0:
		p.explainNext(c, '}', "object", "an object member")
	default: // the top
		if p.skipWS() {
			return
		}
		if p.i == len(p.data) {
			p.fail(p.i, "empty file: expected a JSON value")
			return
		}
		p.explainValue()
	}
	if p.err == nil {
		p.fail(p.i, "invalid JSON") // jsontext refused what the rules above accept
	}
}

// explainGlued explains a number or literal that runs into what follows
// ("01", "0x10", "truex"): jsontext reads its valid start as a token.
func (p *parser) explainGlued() bool {
	if p.lastScalar < 0 {
		return false
	}
	i := p.i
	p.i = p.lastScalar
	p.explainValue()
	p.i = i
	return p.err != nil
}

// skipWS skips white space at p.i and reports a comment.
func (p *parser) skipWS() bool {
	for p.i < len(p.data) && strings.IndexByte(" \t\n\r", p.data[p.i]) >= 0 {
		p.i++
	}
	if p.i+1 < len(p.data) && p.data[p.i] == '/' && (p.data[p.i+1] == '/' || p.data[p.i+1] == '*') {
		p.fail(p.i, "comments are not allowed in JSON")
		return true
	}
	return false
}

func (p *parser) explainNext(c ctx, closer byte, what, elem string) {
	comma := -1
	if p.skipWS() {
		return
	}
	if c.n > 0 && p.i < len(p.data) && p.data[p.i] == ',' {
		comma = p.i
		p.i++
		if p.skipWS() {
			return
		}
	}
	if p.i >= len(p.data) {
		line, col := Position(p.data, p.stack[c.open].Off)
		p.fail(p.i, "unexpected end of file: missing '%c' to close the %s opened at line %d, col %d", closer, what, line, col)
		return
	}
	ch := p.data[p.i]
	switch {
	case ch == closer && comma >= 0:
		p.fail(comma, "trailing comma before '%c'", closer)
	case c.n > 0 && comma < 0:
		p.fail(p.i, "expected ',' or '%c' after %s, found %s (missing comma?)", closer, elem, p.describe(p.i))
	case closer == ']' && ch == ',':
		p.fail(p.i, "unexpected ',': expected a value")
	case closer == ']':
		p.explainValue()
	case ch == '"':
		p.explainKey(c)
	case ch == '\'':
		p.fail(p.i, "object keys must be in double quotes, not single quotes")
	case ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch == '_' || ch == '$':
		p.fail(p.i, "object key %s must be a double-quoted string", p.word(p.i))
	default:
		p.fail(p.i, "expected an object key in double quotes, found %s", p.describe(p.i))
	}
}

// explainKey explains a key that jsontext refused: a bad string, or one
// that an earlier member of the object has.
func (p *parser) explainKey(c ctx) {
	off := p.i
	if end := p.explainString(); p.err == nil {
		b, _ := jsontext.AppendUnquote(nil, p.data[off:end])
		for _, m := range p.stack[c.open+1:] {
			if m.Key == string(b) {
				line, col := Position(p.data, m.KeyOff)
				p.fail(off, "duplicate key %q (first at line %d, col %d)", m.Key, line, col)
			}
		}
	}
}

func (p *parser) explainAfterKey(key string) {
	if p.skipWS() {
		return
	}
	if p.i >= len(p.data) || p.data[p.i] != ':' {
		p.fail(p.i, "expected ':' after object key %q, found %s", key, p.describe(p.i))
		return
	}
	p.i++
	if p.skipWS() {
		return
	}
	if p.i < len(p.data) && (p.data[p.i] == ',' || p.data[p.i] == '}') {
		p.fail(p.i, "missing value for key %q", key)
		return
	}
	p.explainValue()
}

// explainValue explains the value at p.i; it sets no error for a valid
// number or literal.
func (p *parser) explainValue() {
	if p.i >= len(p.data) {
		p.fail(p.i, "unexpected end of file: expected a value")
		return
	}
	switch c := p.data[p.i]; {
	case c == '"':
		p.explainString()
	case c == '-' || c >= '0' && c <= '9':
		p.explainNumber()
	case c == '\'':
		p.fail(p.i, "strings must be in double quotes, not single quotes")
	case c == '+' || c == '.':
		p.fail(p.i, "invalid number: a JSON number starts with a digit or '-'")
	case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_':
		if w := p.word(p.i); w != "true" && w != "false" && w != "null" {
			p.fail(p.i, "invalid literal %q: JSON values are true, false, null, numbers, \"strings\", arrays and objects", w)
		}
	default:
		p.fail(p.i, "unexpected %s: expected a value", p.describe(p.i))
	}
}

func (p *parser) digits() int {
	start := p.i
	for p.i < len(p.data) && p.data[p.i] >= '0' && p.data[p.i] <= '9' {
		p.i++
	}
	return p.i - start
}

func (p *parser) explainNumber() {
	start, d := p.i, p.data
	if d[p.i] == '-' {
		p.i++
	}
	intStart := p.i
	if n := p.digits(); n == 0 {
		p.fail(p.i, "invalid number: expected a digit, found %s", p.describe(p.i))
		return
	} else if n > 1 && d[intStart] == '0' {
		p.fail(intStart, "invalid number: leading zeros are not allowed")
		return
	}
	if p.i < len(d) && d[p.i] == '.' {
		p.i++
		if p.digits() == 0 {
			p.fail(p.i, "invalid number: expected a digit after '.', found %s", p.describe(p.i))
			return
		}
	}
	if p.i < len(d) && (d[p.i] == 'e' || d[p.i] == 'E') {
		p.i++
		if p.i < len(d) && (d[p.i] == '+' || d[p.i] == '-') {
			p.i++
		}
		if p.digits() == 0 {
			p.fail(p.i, "invalid number: expected a digit in the exponent, found %s", p.describe(p.i))
			return
		}
	}
	if p.i < len(d) {
		if c := d[p.i]; c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '.' {
			p.fail(start, "invalid number %q", string(d[start:p.i])+p.word(p.i))
		}
	}
}

// explainString explains the string at p.i and returns where it ends.
func (p *parser) explainString() int {
	start, d := p.i, p.data
	for p.i++; p.i < len(d); {
		switch c := d[p.i]; {
		case c == '"':
			return p.i + 1
		case c == '\\' && p.i+1 == len(d):
			p.fail(start, "unterminated string: no closing '\"' before the end of the file")
			return p.i
		case c == '\\' && d[p.i+1] == 'u':
			if _, err := strconv.ParseUint(string(d[p.i+2:min(p.i+6, len(d))]), 16, 16); p.i+6 > len(d) || err != nil {
				p.fail(p.i, "invalid escape: \\u must be followed by 4 hex digits")
				return p.i
			}
			p.i += 6
		case c == '\\' && strings.IndexByte(`"\/bfnrt`, d[p.i+1]) >= 0:
			p.i += 2
		case c == '\\' && d[p.i+1] >= 0x20 && d[p.i+1] < 0x7f:
			p.fail(p.i, "invalid escape '\\%c' in string (write \\\\ for a backslash)", d[p.i+1])
			return p.i
		case c == '\\':
			p.fail(p.i, "invalid escape in string (write \\\\ for a backslash)")
			return p.i
		case c == '\n' || c == '\r':
			p.fail(start, "unterminated string: line break before the closing '\"' (write \\n for a line break inside a string)")
			return p.i
		case c < 0x20:
			p.fail(p.i, "control character %U in a string must be escaped", rune(c))
			return p.i
		case c >= 0x80:
			r, n := utf8.DecodeRune(d[p.i:])
			if r == utf8.RuneError && n <= 1 {
				p.fail(p.i, "invalid UTF-8 byte 0x%02x in a string (save the file as UTF-8)", c)
				return p.i
			}
			p.i += n
		default:
			p.i++
		}
	}
	p.fail(start, "unterminated string: no closing '\"' before the end of the file")
	return p.i
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

package jsonfile

import (
	"bytes"
	stdjson "encoding/json"
	"errors"
	"fmt"
	"io"
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
	p := &parser{data: data, src: string(data), each: each}
	body := bytes.TrimPrefix(data, bom)
	p.shift = len(data) - len(body)
	p.last = p.shift
	// Strings are checked for UTF-8 in read, so that escaped lone
	// surrogates decode to U+FFFD as encoding/json decodes them.
	p.dec = jsontext.NewDecoder(bytes.NewBuffer(body), jsontext.AllowInvalidUTF8(true))
	if !p.value() {
		return nil, p.err
	}
	if i := p.skipWS(p.last); i < len(data) {
		p.refuse(&jsontext.SyntacticError{ByteOffset: int64(i - p.shift), Err: errAfterEnd}, false)
		return nil, p.err
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
// valid; when it refuses, refuse says what is wrong.
type parser struct {
	data  []byte
	src   string // data as one string: unescaped strings are slices of it
	dec   *jsontext.Decoder
	shift int // length of the byte order mark
	each  func(int, *Value)
	err   error
	last  int // where the last good token ended
	// stack holds each open array or object (End 0 until it closes)
	// followed by the children read so far; a closed one takes a copy of
	// its children.
	stack []Value
	// While ParseEach streams an array, the children of one element are
	// copied to arena, which is reused for the next element: a fresh
	// process (every hook run) then touches memory for one rule, not for
	// the whole ruleset (the package doc has the numbers).
	arena []Value
}

// read reads the next token, an object's key when key is set; a scalar
// comes with its raw bytes.
func (p *parser) read(key bool) (k jsontext.Kind, off, end int, raw []byte, ok bool) {
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
	if err != nil {
		p.refuse(err, key)
		return 0, 0, 0, nil, false
	}
	if k == '"' && !utf8.Valid(raw) { // see ParseEach
		bad := off
		for {
			r, n := utf8.DecodeRune(p.data[bad:end])
			if r == utf8.RuneError && n <= 1 {
				break
			}
			bad += n
		}
		p.fail(bad, "invalid UTF-8 byte 0x%02x in a string (save the file as UTF-8)", p.data[bad])
		return 0, 0, 0, nil, false
	}
	p.last = end
	return k, off, end, raw, true
}

// value reads one value and pushes it on the stack.
func (p *parser) value() bool {
	k, off, end, raw, ok := p.read(false)
	if !ok {
		return false
	}
	v := Value{Off: off, End: end}
	switch k {
	case '{', '[':
		if p.dec.StackDepth() > maxDepth {
			p.fail(off, "nesting deeper than %d levels", maxDepth)
			return false
		}
		v.Kind, v.End = Array, 0 // End is set when it closes
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
			p.read(false)
			v := &p.stack[open]
			v.End = p.last
			v.Elems = p.copyOut(p.stack[open+1:])
			p.stack = p.stack[:open+1]
			return true
		}
		var key string
		var keyOff int
		if kind == Object {
			_, off, end, raw, ok := p.read(true)
			if !ok {
				return false
			}
			key, keyOff = p.unquote(off, end, raw), off
		}
		if !p.value() {
			return false
		}
		if kind == Object {
			m := &p.stack[len(p.stack)-1]
			m.Key, m.KeyOff = key, keyOff
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

// errAfterEnd is ParseEach's refusal of anything after the top-level value.
var errAfterEnd = errors.New("text after the end of the JSON value")

// refuse sets p.err to what is wrong where jsontext refused the next token
// with err (io.EOF, or a *jsontext.SyntacticError with the offset). The
// mistakes people make editing a file by hand have messages of their own;
// any other is said in jsontext's words. key is set when the token is an
// object's key.
func (p *parser) refuse(err error, key bool) {
	se := &jsontext.SyntacticError{ByteOffset: int64(len(p.data) - p.shift), Err: err} // for io.EOF
	errors.As(err, &se)
	off, open := int(se.ByteOffset)+p.shift, p.open()
	if errors.Is(err, io.ErrUnexpectedEOF) {
		off = len(p.data) // not where the cut token resumes
	}
	// The refused token starts at start, after a comma or colon.
	start := p.skipWS(p.last)
	if strings.IndexByte(",:", p.at(start)) >= 0 {
		start = p.skipWS(start + 1)
	}
	c, prev, next := p.at(off), p.before(off), p.at(p.skipWS(off+1))
	switch {
	case off == len(p.data) && p.at(start) == '"':
		p.fail(start, "unterminated string: no closing '\"' before the end of the file")
	case off == len(p.data) && open >= 0:
		o := p.stack[open]
		line, col := Position(p.data, o.Off)
		p.fail(off, "unexpected end of file: missing '%c' to close the %s opened at line %d, col %d", "]}"[o.Kind-Array], o.Kind, line, col)
	case off == len(p.data) && start == off:
		p.fail(off, "empty file: expected a JSON value")
	case off == len(p.data):
		p.fail(off, "unexpected end of file")
	case c == '/' && (p.at(off+1) == '/' || p.at(off+1) == '*'):
		p.fail(off, "comments are not allowed in JSON")
	case se.Err == errAfterEnd:
		p.fail(off, "unexpected %s after the end of the JSON value (only one top-level value is allowed)", p.describe(off))
	case c == '\'':
		p.fail(off, "strings must be in double quotes, not single quotes")
	case c == '\n' || c == '\r': // jsontext refuses a line break only in a string
		p.fail(start, "unterminated string: line break before the closing '\"' (write \\n for a line break inside a string)")
	case c == '\\' && start < off:
		p.fail(off, "invalid escape in string (write \\\\ for a backslash)")
	case se.Err == jsontext.ErrDuplicateName:
		name := se.JSONPointer.LastToken()
		for _, m := range p.stack[open+1:] {
			if m.Key == name {
				line, col := Position(p.data, m.KeyOff)
				p.fail(off, "duplicate key %q (first at line %d, col %d)", name, line, col)
			}
		}
	case prev == ':' && strings.IndexByte(",}]", c) >= 0:
		p.fail(off, "missing value for key %q", se.JSONPointer.LastToken())
	case c == ',' && (next == ']' || next == '}') && strings.IndexByte("[{,", prev) < 0:
		p.fail(off, "trailing comma before '%c'", next)
	case key && off == start && (prev == '{' || prev == ',') && isWord(c):
		p.fail(off, "object key %s must be a double-quoted string", p.word(off))
	// A token refused at its start after a whole element or member (not
	// glued to a number or literal, as in 01 or truex) lacks a comma.
	case open >= 0 && (key || p.stack[open].Kind == Array) && off == start && strings.IndexByte("[{,", prev) < 0 && !isWord(p.at(off-1)):
		kind := p.stack[open].Kind - Array
		p.fail(off, "expected ',' or '%c' after %s, found %s (missing comma?)", "]}"[kind], [...]string{"an array element", "an object member"}[kind], p.describe(off))
	}
	p.fail(off, "%s", se.Err) // unless set above
}

// open returns the index in the stack of the innermost array or object not
// yet closed, or -1.
func (p *parser) open() int {
	i := len(p.stack) - 1
	for i >= 0 && (p.stack[i].Kind < Array || p.stack[i].End != 0) {
		i--
	}
	return i
}

// at returns the byte at i, or 0 outside data.
func (p *parser) at(i int) byte {
	if i < 0 || i >= len(p.data) {
		return 0
	}
	return p.data[i]
}

// skipWS returns where the white space at i ends.
func (p *parser) skipWS(i int) int {
	for strings.IndexByte(" \t\r\n", p.at(i)) >= 0 {
		i++
	}
	return i
}

// before returns the last byte before off that is not white space.
func (p *parser) before(off int) byte {
	for off > 0 && strings.IndexByte(" \t\r\n", p.data[off-1]) >= 0 {
		off--
	}
	return p.at(off - 1)
}

// describe names the character at off, for messages.
func (p *parser) describe(off int) string {
	if r, n := utf8.DecodeRune(p.data[off:]); r != utf8.RuneError || n > 1 {
		return strconv.QuoteRune(r)
	}
	return fmt.Sprintf("invalid UTF-8 byte 0x%02x", p.data[off])
}

// word returns the run of letters, digits, '_' and '$' at off (at most 40).
func (p *parser) word(off int) string {
	end := off
	for end < len(p.data) && end-off < 40 && isWord(p.data[end]) {
		end++
	}
	return p.src[off:end]
}

func isWord(c byte) bool {
	return c == '_' || c == '$' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

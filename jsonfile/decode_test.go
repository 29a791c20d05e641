package jsonfile

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestParseErrors(t *testing.T) {
	// The mistakes people make by hand have messages of their own; any
	// other is said in jsontext's words. Every one is at the exact byte.
	for _, tc := range []struct {
		data string
		want string
	}{
		{"", "1:1: empty file: expected a JSON value"},
		{"  \n ", "2:2: empty file: expected a JSON value"},
		{"\ufeff", "1:1: empty file: expected a JSON value"},
		{`{"a": 1, "a": 2}`, `1:10: duplicate key "a" (first at line 1, col 2)`},
		{`{"a":1,"b":{"a":2,"a":3}}`, `1:19: duplicate key "a" (first at line 1, col 13)`},
		{"[1,\n 2,\n]", "2:3: trailing comma before ']'"},
		{"[1 ,\r\n]", "1:4: trailing comma before ']'"},
		{`{"a": 1,}`, "1:8: trailing comma before '}'"},
		{"[1 2]", "1:4: expected ',' or ']' after an array element, found '2' (missing comma?)"},
		{`["x""y"]`, `1:5: expected ',' or ']' after an array element, found '"' (missing comma?)`},
		{`{"a":1 "b":2}`, `1:8: expected ',' or '}' after an object member, found '"' (missing comma?)`},
		{`{"a":1 b:2}`, "1:8: expected ',' or '}' after an object member, found 'b' (missing comma?)"},
		{`{a: 1}`, "1:2: object key a must be a double-quoted string"},
		{`{"a":1, $b_2: 1}`, "1:9: object key $b_2 must be a double-quoted string"},
		{`{1: 2}`, "1:2: object key 1 must be a double-quoted string"},
		{"{'a': 1}", "1:2: strings must be in double quotes, not single quotes"},
		{`["a", 'b']`, "1:7: strings must be in double quotes, not single quotes"},
		{"/* x */ []", "1:1: comments are not allowed in JSON"},
		{"[1, // x\n 2]", "1:5: comments are not allowed in JSON"},
		{"{\"a\" // c\n:1}", "1:6: comments are not allowed in JSON"},
		{"[1] // x", "1:5: comments are not allowed in JSON"},
		{`{"a": }`, `1:7: missing value for key "a"`},
		{`{"a": , "b": 1}`, `1:7: missing value for key "a"`},
		{"[\"ab\ncd\"]", "1:2: unterminated string: line break before the closing '\"' (write \\n for a line break inside a string)"},
		{"{\"a\": 1, \"b\r\": 2}", "1:10: unterminated string: line break before the closing '\"' (write \\n for a line break inside a string)"},
		{`["abc`, `1:2: unterminated string: no closing '"' before the end of the file`},
		{`{"a":"b\`, `1:6: unterminated string: no closing '"' before the end of the file`},
		{`{"a": 1`, "1:8: unexpected end of file: missing '}' to close the object opened at line 1, col 1"},
		{"[\n  [1,", "2:6: unexpected end of file: missing ']' to close the array opened at line 2, col 3"},
		{"tru", "1:4: unexpected end of file"},
		{"[\"\xff\"]", "1:3: invalid UTF-8 byte 0xff in a string (save the file as UTF-8)"},
		{"{\"k\xe9\": 1}", "1:4: invalid UTF-8 byte 0xe9 in a string (save the file as UTF-8)"},
		{"[\"caf\u00e9\ufffd\xe9\"]", "1:11: invalid UTF-8 byte 0xe9 in a string (save the file as UTF-8)"},
		{"[1]\xff", "1:4: unexpected invalid UTF-8 byte 0xff after the end of the JSON value (only one top-level value is allowed)"},
		{"[1] 2", "1:5: unexpected '2' after the end of the JSON value (only one top-level value is allowed)"},
		{"01", "1:2: unexpected '1' after the end of the JSON value (only one top-level value is allowed)"},
		{`{"x": "C:\Users"}`, `1:10: invalid escape in string (write \\ for a backslash)`},
		{`["\u12"]`, `1:3: invalid escape in string (write \\ for a backslash)`},
		{strings.Repeat("[", maxDepth+1), "1:513: nesting deeper than 512 levels"},
		// jsontext's words, at the byte it refused.
		{`{"a" 1}`, "1:6: invalid character '1' after object name (expecting ':')"},
		{"\ufeff\n  [1,,2]", "2:6: invalid character ',' at start of value"},
		{"[,]", "1:2: invalid character ',' at start of value"},
		{"[tru]", "1:5: invalid character ']' in literal true (expecting 'e')"},
		{"[NaN]", "1:2: invalid character 'N' at start of value"},
		{"[-]", "1:3: invalid character ']' in number (expecting digit)"},
		{"[1.]", "1:4: invalid character ']' in number (expecting digit)"},
		{"[1e]", "1:4: invalid character ']' in number (expecting digit)"},
		{"[01]", "1:3: invalid character '1' after array element (expecting ',' or ']')"},
		{"[0x10]", "1:3: invalid character 'x' after array element (expecting ',' or ']')"},
		{`[1"a"]`, `1:3: invalid character '"' after array element (expecting ',' or ']')`},
		{`{"a":1]`, "1:7: invalid character ']' after object value (expecting ',' or '}')"},
		{"[+1]", "1:2: invalid character '+' at start of value"},
		{"[\"a\tb\"]", "1:4: invalid character '\\t' in string (expecting non-control character)"},
		{"[\u00a0]", "1:2: invalid character '\\u00a0' at start of value"},
		{"[\ufeff]", "1:2: invalid character '\\ufeff' at start of value"},
	} {
		_, err := Parse([]byte(tc.data))
		var se *SyntaxError
		if !errors.As(err, &se) || err.Error() != tc.want {
			t.Errorf("Parse(%q) = %v\nwant %s", tc.data, err, tc.want)
		}
	}
}

// TestParseAgreesWithEncodingJSON: what Parse accepts, encoding/json reads
// to the same value, and the tree carries the same data.
func TestParseAgreesWithEncodingJSON(t *testing.T) {
	for _, data := range []string{
		`null`, `true`, ` false `, `0`, `-0.5e+10`, `"a\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00"`, `"\ud800"`,
		`[]`, `{}`, `[1, [2, {"a": [], "b": {"c": null}}]]`, "\ufeff{\"k\": \"日本語\"}",
	} {
		v, err := Parse([]byte(data))
		if err != nil {
			t.Errorf("Parse(%q): %v", data, err)
			continue
		}
		var want, got any
		if err := json.Unmarshal([]byte(strings.TrimPrefix(data, "\ufeff")), &want); err != nil {
			t.Fatal(err)
		}
		if err := Decode([]byte(data), &got); err != nil {
			t.Errorf("Decode(%q): %v", data, err)
		}
		if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(toAny(v), want) {
			t.Errorf("%q: Decode %#v, tree %#v, want %#v", data, got, toAny(v), want)
		}
	}
}

func toAny(v *Value) any {
	switch v.Kind {
	case Bool:
		return v.Str == "true"
	case Number:
		var f float64
		json.Unmarshal([]byte(v.Str), &f)
		return f
	case String:
		return v.Str
	case Array:
		out := []any{}
		for i := range v.Elems {
			out = append(out, toAny(&v.Elems[i]))
		}
		return out
	case Object:
		out := map[string]any{}
		for i := range v.Elems {
			out[v.Elems[i].Key] = toAny(&v.Elems[i])
		}
		return out
	}
	return nil
}

func TestDecodeTypeError(t *testing.T) {
	var v struct {
		Items []struct {
			N int `json:"n"`
		} `json:"items"`
	}
	err := Decode([]byte("{\n  \"items\": [\n    {\"n\": \"x\"}\n  ]\n}"), &v)
	var se *SyntaxError
	if !errors.As(err, &se) || se.Line != 3 || se.Col != 11 || !strings.Contains(se.Msg, "string") {
		t.Errorf("Decode = %#v", err)
	}
}

func TestPositionIgnoresBOM(t *testing.T) {
	data := []byte("\ufeffab\ncd")
	for off, want := range map[int][2]int{0: {1, 1}, 3: {1, 1}, 4: {1, 2}, 6: {2, 1}, 8: {2, 3}} {
		if l, c := Position(data, off); l != want[0] || c != want[1] {
			t.Errorf("Position(%d) = %d:%d, want %d:%d", off, l, c, want[0], want[1])
		}
	}
}

// FuzzStrict compares Parse with encoding/json: Parse accepts exactly the
// valid JSON without duplicate keys, and reports every error at a position
// inside the input.
func FuzzStrict(f *testing.F) {
	for _, s := range []string{`{"a":[1,2,{"b":null}]}`, `{"a":1,"a":2}`, "[1,]", `"\ud83d\ude00"`, "\ufeff[]", `[1e5, -0.0, "x\u0000"]`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		_, err := Parse(data)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) || !inside(data, se.Line, se.Col) {
				t.Fatalf("bad error %v", err)
			}
			// jsontext's words come without its prefix, pointer and offset.
			if se.Msg == "" || strings.ContainsAny(se.Msg[:1], "ABCDEFGHIJKLMNOPQRSTUVWXYZ") || strings.Contains(se.Msg, "jsontext") || strings.Contains(se.Msg, "offset") || strings.Contains(se.Msg, "within") {
				t.Fatalf("message %q", se.Msg)
			}
			// encoding/json accepts invalid UTF-8; Parse does not, on purpose.
			if json.Valid(trimBOM(data)) && utf8.Valid(data) && !strings.Contains(se.Msg, "duplicate key") && !strings.Contains(se.Msg, "nesting") {
				t.Fatalf("rejected valid JSON %q: %v", data, err)
			}
			return
		}
		if !json.Valid(trimBOM(data)) {
			t.Fatalf("accepted invalid JSON %q", data)
		}
	})
}

// inside reports whether line:col is a byte of data (after a byte order
// mark) or just after its end.
func inside(data []byte, line, col int) bool {
	lines := strings.SplitAfter(string(trimBOM(data)), "\n")
	return line >= 1 && line <= len(lines) && col >= 1 && col <= len(lines[line-1])+1
}

func trimBOM(b []byte) []byte {
	if len(b) >= 3 && string(b[:3]) == "\ufeff" {
		return b[3:]
	}
	return b
}

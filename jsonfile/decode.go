package jsonfile

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// SyntaxError is a JSON file that does not parse, with the 1-based line and
// column of the problem (columns count bytes).
type SyntaxError struct {
	Line, Col int
	Msg       string
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Msg) }

// Decode parses data into v. Syntax problems are returned as *SyntaxError.
// (Minimal version: the ruleset engine issue hardens it: duplicate keys,
// invalid UTF-8, BOM tolerance, exact positions.)
func Decode(data []byte, v any) error {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	err := json.Unmarshal(data, v)
	var se *json.SyntaxError
	if errors.As(err, &se) {
		line, col := Position(data, int(se.Offset))
		return &SyntaxError{Line: line, Col: col, Msg: se.Error()}
	}
	return err
}

// Position converts a byte offset in data to a 1-based line and column.
func Position(data []byte, off int) (line, col int) {
	off = min(max(off, 0), len(data))
	line = 1 + bytes.Count(data[:off], []byte("\n"))
	col = off - bytes.LastIndexByte(data[:off], '\n')
	return line, col
}

// Package mcpio is an MCP transport over newline-delimited JSON-RPC on a
// reader and a writer, such as a server's stdin and stdout, for a server
// that must neither drop answers nor die on bad input.
//
// The go-sdk's own stdio transport reports the end of its input at once:
// requests still being handled are cancelled and their answers are lost,
// so `printf 'initialize\ntools/list\ntools/call\n' | server` answers a
// varying subset of them. And a line that is not JSON ends the session.
// A [Transport] instead:
//
//   - answers every request it read before it reports the end of its input
//     (io.EOF, or the read error): the server finishes in-flight calls,
//     writes their responses, then shuts down;
//   - answers a line that is not JSON with a JSON-RPC parse error (-32700,
//     id null), and JSON that is not a JSON-RPC message, a batch, or a call
//     reusing the id of one in flight with an invalid request error
//     (-32600), and goes on reading;
//   - answers a line over MaxLineLength bytes the same way, without
//     buffering more of it than the limit.
//
// Handlers that call back to the client (sampling, roots) after the input
// ended would wait for an answer that cannot come; the end of input waits
// only for the client's requests.
//
// # Tools
//
// The package also holds the surface of autofix's MCP tools: their
// descriptions and inputs (ContextIn, LearnIn, …), and [TextTool] and
// [JSONTool], which add a tool answering with text or a JSON object. The
// tools themselves call the same functions as the commands.
package mcpio

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Transport connects an MCP server to a reader of requests and a writer of
// responses. Neither is closed by the connection.
type Transport struct {
	Reader io.Reader
	Writer io.Writer
	// MaxLineLength bounds one message in bytes; 0 means
	// mcp.DefaultMaxLineLength.
	MaxLineLength int
}

// Connect implements [mcp.Transport]. It starts reading at once.
func (t *Transport) Connect(context.Context) (mcp.Connection, error) {
	limit := t.MaxLineLength
	if limit <= 0 {
		limit = mcp.DefaultMaxLineLength
	}
	c := &conn{
		w:       t.Writer,
		lines:   make(chan line),
		closed:  make(chan struct{}),
		pending: map[jsonrpc.ID]bool{},
	}
	go c.readLines(t.Reader, limit)
	return c, nil
}

// line is one input line, or the error that ended the input.
type line struct {
	data    []byte
	tooLong bool
	err     error
}

type conn struct {
	wmu sync.Mutex // serializes writes of whole lines
	w   io.Writer

	lines     chan line
	closed    chan struct{}
	closeOnce sync.Once

	mu sync.Mutex
	// pending are the ids of calls read and not answered yet.
	pending map[jsonrpc.ID]bool
	// drained, when not nil, is closed once pending empties.
	drained chan struct{}
}

func (c *conn) SessionID() string { return "" }

func (c *conn) Close() error {
	c.closeOnce.Do(func() { close(c.closed) })
	return nil
}

// readLines sends each line of r to c.lines, then the error that ended r.
// It runs in its own goroutine so that Close unblocks Read; a read of
// stdin cannot be interrupted, so it may outlive the connection.
func (c *conn) readLines(r io.Reader, limit int) {
	br := bufio.NewReader(r)
	for {
		l := readLine(br, limit)
		if len(l.data) > 0 || l.tooLong {
			if !c.send(line{data: l.data, tooLong: l.tooLong}) {
				return
			}
		}
		if l.err != nil {
			c.send(line{err: l.err})
			return
		}
	}
}

func (c *conn) send(l line) bool {
	select {
	case c.lines <- l:
		return true
	case <-c.closed:
		return false
	}
}

// readLine reads up to the next newline. A line over limit bytes is
// discarded as it is read and reported as tooLong.
func readLine(br *bufio.Reader, limit int) line {
	var buf []byte
	tooLong := false
	for {
		chunk, err := br.ReadSlice('\n')
		if !tooLong {
			if len(buf)+len(chunk) > limit+1 { // +1: the newline
				tooLong, buf = true, nil
			} else {
				buf = append(buf, chunk...)
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if tooLong {
			return line{tooLong: true, err: err}
		}
		return line{data: bytes.TrimSpace(buf), err: err}
	}
}

// Read returns the next message. At the end of the input it waits until
// every call it returned is answered, then returns the error that ended
// the input.
func (c *conn) Read(ctx context.Context) (jsonrpc.Message, error) {
	for {
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-c.closed:
			return nil, io.EOF
		case l := <-c.lines:
			if l.err != nil {
				return nil, c.drain(ctx, l.err)
			}
			if msg := c.decode(ctx, l); msg != nil {
				return msg, nil
			}
		}
	}
}

// drain waits until no call is pending, then returns err.
func (c *conn) drain(ctx context.Context, err error) error {
	c.mu.Lock()
	if len(c.pending) == 0 {
		c.mu.Unlock()
		return err
	}
	done := make(chan struct{})
	c.drained = done
	c.mu.Unlock()
	select {
	case <-done:
		return err
	case <-ctx.Done():
		return ctx.Err()
	case <-c.closed:
		return err
	}
}

// decode returns the message on l, or answers l with an error and returns
// nil.
func (c *conn) decode(ctx context.Context, l line) jsonrpc.Message {
	if l.tooLong {
		c.fail(ctx, nil, jsonrpc.CodeInvalidRequest, "message longer than the limit of the line length; nothing of it was read")
		return nil
	}
	if !json.Valid(l.data) {
		c.fail(ctx, nil, jsonrpc.CodeParseError, "parse error: the line is not JSON; send one JSON-RPC message per line")
		return nil
	}
	if l.data[0] == '[' {
		c.fail(ctx, nil, jsonrpc.CodeInvalidRequest, "invalid request: batches are not supported; send one JSON-RPC message per line")
		return nil
	}
	msg, err := jsonrpc.DecodeMessage(l.data)
	if err != nil {
		c.fail(ctx, idOf(l.data), jsonrpc.CodeInvalidRequest, fmt.Sprintf("invalid request: %v", err))
		return nil
	}
	if _, ok := msg.(*jsonrpc.Response); ok && !hasResult(l.data) {
		// Without "method" it would be taken for a response to a call the
		// server never made, and dropped without a word.
		c.fail(ctx, idOf(l.data), jsonrpc.CodeInvalidRequest, `invalid request: a request needs a "method"; a response a "result" or an "error"`)
		return nil
	}
	if req, ok := msg.(*jsonrpc.Request); ok && req.IsCall() {
		c.mu.Lock()
		busy := c.pending[req.ID]
		if !busy {
			c.pending[req.ID] = true
		}
		c.mu.Unlock()
		if busy {
			// Answering it would answer the call in flight, or be lost.
			c.fail(ctx, nil, jsonrpc.CodeInvalidRequest, fmt.Sprintf("invalid request: id %v is already in use by a request in flight", req.ID.Raw()))
			return nil
		}
	}
	return msg
}

// hasResult reports whether the JSON object data has a "result" or an
// "error", as a response must.
func hasResult(data []byte) bool {
	var m map[string]json.RawMessage
	if json.Unmarshal(data, &m) != nil {
		return false
	}
	_, r := m["result"]
	_, e := m["error"]
	return r || e
}

// idOf is the id of a JSON object, as raw JSON, when it is a valid id
// (a string or a number); else nil, which is written as null.
func idOf(data []byte) json.RawMessage {
	var m struct {
		ID json.RawMessage `json:"id"`
	}
	if json.Unmarshal(data, &m) != nil || len(m.ID) == 0 {
		return nil
	}
	var v any
	if json.Unmarshal(m.ID, &v) != nil {
		return nil
	}
	switch v.(type) {
	case string, float64:
		return m.ID
	}
	return nil
}

// fail writes an error response for a message that cannot be handled.
func (c *conn) fail(ctx context.Context, id json.RawMessage, code int64, msg string) {
	if id == nil {
		id = json.RawMessage("null")
	}
	type wireError struct {
		Code    int64  `json:"code"`
		Message string `json:"message"`
	}
	data, err := json.Marshal(struct {
		Version string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   wireError       `json:"error"`
	}{"2.0", id, wireError{code, msg}})
	if err == nil {
		c.writeLine(ctx, data) // a failed write ends the session elsewhere
	}
}

// Write writes msg as one line. Once a response is written, its call is no
// longer pending.
func (c *conn) Write(ctx context.Context, msg jsonrpc.Message) error {
	data, err := jsonrpc.EncodeMessage(msg)
	if err != nil {
		return fmt.Errorf("encode message: %w", err)
	}
	err = c.writeLine(ctx, data)
	if resp, ok := msg.(*jsonrpc.Response); ok {
		// Even when the write failed: the answer cannot be given, and the
		// end of input must not wait for it.
		c.answered(resp.ID)
	}
	return err
}

func (c *conn) writeLine(ctx context.Context, data []byte) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	c.wmu.Lock()
	defer c.wmu.Unlock()
	_, err := c.w.Write(append(data, '\n'))
	return err
}

func (c *conn) answered(id jsonrpc.ID) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.pending, id)
	if len(c.pending) == 0 && c.drained != nil {
		close(c.drained)
		c.drained = nil
	}
}

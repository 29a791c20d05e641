package mcpio

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

const (
	initialize  = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"test","version":"0"}}}`
	initialized = `{"jsonrpc":"2.0","method":"notifications/initialized"}`
	listTools   = `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`
	callSlow    = `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"slow","arguments":{"text":"hi"}}}`
)

type slowIn struct {
	Text string `json:"text"`
}

// serve runs a server with one tool, "slow", that answers after a pause,
// on input until it returns, and returns what it wrote, one decoded
// message per line.
func serve(t *testing.T, input string, limit int) []map[string]any {
	t.Helper()
	server := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	mcp.AddTool(server, &mcp.Tool{Name: "slow", Description: "answers after a pause"},
		func(ctx context.Context, _ *mcp.CallToolRequest, in slowIn) (*mcp.CallToolResult, any, error) {
			select {
			case <-time.After(20 * time.Millisecond):
			case <-ctx.Done():
				return nil, nil, ctx.Err()
			}
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "slow " + in.Text}}}, nil, nil
		})
	var out bytes.Buffer
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err := server.Run(ctx, &Transport{Reader: strings.NewReader(input), Writer: &out, MaxLineLength: limit})
	if ctx.Err() != nil {
		t.Fatalf("the server did not end at the end of its input: %v", err)
	}
	if err != nil && err != io.EOF {
		t.Fatalf("Run = %v, want the end of input", err)
	}
	var msgs []map[string]any
	sc := bufio.NewScanner(&out)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("the server wrote a line that is not JSON: %q", sc.Text())
		}
		msgs = append(msgs, m)
	}
	return msgs
}

// ids lists the ids of the responses, in order of the requests' ids
// (numbers as %v, null as "null").
func ids(msgs []map[string]any) []string {
	var out []string
	for _, m := range msgs {
		id, ok := m["id"]
		if !ok {
			continue // a notification
		}
		out = append(out, fmt.Sprint(cmpNil(id)))
	}
	slices.Sort(out)
	return out
}

func cmpNil(v any) any {
	if v == nil {
		return "null"
	}
	return v
}

// errorCode is the error code of the response with id (nil for null), or
// 0 when it is not an error.
func errorCode(t *testing.T, msgs []map[string]any, id any) float64 {
	t.Helper()
	for _, m := range msgs {
		if got, ok := m["id"]; ok && got == id {
			e, _ := m["error"].(map[string]any)
			if e == nil {
				return 0
			}
			return e["code"].(float64)
		}
	}
	t.Fatalf("no response with id %v in %v", id, msgs)
	return 0
}

// TestAnswersEverythingBeforeEOF is the user's report: initialize,
// initialized, tools/list, tools/call on an input that ends at once. Every
// request is answered, on every run (the SDK's own stdio transport drops
// the answers still in flight at the end of input).
func TestAnswersEverythingBeforeEOF(t *testing.T) {
	input := strings.Join([]string{initialize, initialized, listTools, callSlow}, "\n") + "\n"
	for i := range 50 {
		msgs := serve(t, input, 0)
		if got := strings.Join(ids(msgs), " "); got != "1 2 3" {
			t.Fatalf("run %d: answered ids [%s], want [1 2 3]:\n%v", i, got, msgs)
		}
		if code := errorCode(t, msgs, 3.0); code != 0 {
			t.Fatalf("run %d: tools/call failed with %v", i, code)
		}
	}
}

// TestBadLines: lines that cannot be handled get a JSON-RPC error, and the
// requests around them are still answered.
func TestBadLines(t *testing.T) {
	long := `{"jsonrpc":"2.0","id":9,"method":"tools/list","params":{"pad":"` + strings.Repeat("x", 300) + `"}}`
	for _, tt := range []struct {
		name    string
		bad     string
		id      any // of the error response; nil for null
		code    float64
		wantIDs string
	}{
		{"not JSON", "this is not json", nil, -32700, "1 2 3 null"},
		{"truncated JSON", `{"jsonrpc":"2.0","id":7,"method":`, nil, -32700, "1 2 3 null"},
		{"JSON, not JSON-RPC", `{"hello":"world","id":7}`, 7.0, -32600, "1 2 3 7"},
		{"no method", `{"jsonrpc":"2.0","id":"odd","methd":"tools/list"}`, "odd", -32600, "1 2 3 odd"},
		{"wrong version", `{"jsonrpc":"1.0","id":"x","method":"tools/list"}`, "x", -32600, "1 2 3 x"},
		{"a number", `42`, nil, -32600, "1 2 3 null"},
		{"a batch", `[` + listTools + `]`, nil, -32600, "1 2 3 null"},
		{"id in use", `{"jsonrpc":"2.0","id":3,"method":"tools/list"}`, nil, -32600, "1 2 3 null"},
		{"over the line limit", long, nil, -32600, "1 2 3 null"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			// The bad line comes right after the slow call, while it is in
			// flight; a valid request follows it.
			input := strings.Join([]string{initialize, initialized, callSlow, tt.bad, listTools}, "\n") + "\n"
			msgs := serve(t, input, 256)
			if got := strings.Join(ids(msgs), " "); got != tt.wantIDs {
				t.Fatalf("answered ids [%s], want [%s]:\n%v", got, tt.wantIDs, msgs)
			}
			if code := errorCode(t, msgs, tt.id); code != tt.code {
				t.Errorf("error code for the bad line = %v, want %v", code, tt.code)
			}
			for _, id := range []any{1.0, 2.0, 3.0} {
				if code := errorCode(t, msgs, id); code != 0 {
					t.Errorf("request %v failed with %v", id, code)
				}
			}
		})
	}
}

// TestLineForms: blank lines, CRLF and a last line without a newline are
// read as usual.
func TestLineForms(t *testing.T) {
	input := initialize + "\r\n\n   \n" + initialized + "\n" + listTools + "\r\n" + callSlow
	msgs := serve(t, input, 0)
	if got := strings.Join(ids(msgs), " "); got != "1 2 3" {
		t.Fatalf("answered ids [%s], want [1 2 3]:\n%v", got, msgs)
	}
}

// TestCloseUnblocksRead: Close ends a Read waiting for input that never
// comes.
func TestCloseUnblocksRead(t *testing.T) {
	r, w := io.Pipe()
	defer w.Close()
	c, err := (&Transport{Reader: r, Writer: io.Discard}).Connect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error)
	go func() {
		_, err := c.Read(context.Background())
		done <- err
	}()
	c.Close()
	select {
	case err := <-done:
		if err != io.EOF {
			t.Errorf("Read after Close = %v, want io.EOF", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Read still blocked after Close")
	}
}

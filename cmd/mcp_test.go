package cmd

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/autofix/autofix/hookrun"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestMCPServer drives `autofix mcp` as a subprocess with the SDK's own
// client: initialize, tools/list, tools/call learn and context, then checks
// the ruleset file the learn call wrote.
func TestMCPServer(t *testing.T) {
	exe, err := exec.LookPath("autofix") // installed in $PATH by testscript.Main
	if err != nil {
		t.Fatalf("autofix is not in PATH: %v", err)
	}
	work := t.TempDir()
	home := filepath.Join(work, ".home")
	ws := filepath.Join(work, "repo")
	if err := os.MkdirAll(filepath.Join(ws, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	c := exec.Command(exe, "mcp")
	c.Dir = ws
	c.Env = []string{
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + home,
		"XDG_CONFIG_HOME=" + filepath.Join(home, ".config"),
		"XDG_CACHE_HOME=" + filepath.Join(home, ".cache"),
		"OLLAMA_HOST=http://127.0.0.1:9",
		"AUTOFIX_MODEL=off",
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	client := mcp.NewClient(&mcp.Implementation{Name: "autofix-test", Version: "v0"}, nil)
	session, err := client.Connect(ctx, &mcp.CommandTransport{Command: c}, nil)
	if err != nil {
		t.Fatalf("initialize: %v", err)
	}
	defer session.Close()
	if init := session.InitializeResult(); init == nil || init.ServerInfo.Name != "autofix" || !strings.Contains(init.Instructions, "corrects") {
		t.Errorf("initialize result = %+v, want server autofix with instructions", init)
	}

	tools, err := session.ListTools(ctx, nil)
	if err != nil {
		t.Fatalf("tools/list: %v", err)
	}
	var names []string
	for _, tool := range tools.Tools {
		names = append(names, tool.Name)
		if len(tool.Description) < 80 {
			t.Errorf("tool %s has too short a description to tell an agent when to call it: %q", tool.Name, tool.Description)
		}
	}
	slices.Sort(names)
	if got := strings.Join(names, " "); got != "context detect learn list teach" {
		t.Fatalf("tools = %s, want context detect learn list teach", got)
	}
	for _, want := range []struct{ tool, phrase string }{
		{"learn", "corrects your output"}, {"learn", "rejects an approach"}, {"learn", "wrong assumption"},
		{"teach", "states how they like to work"}, {"teach", "remember"},
	} {
		i := slices.IndexFunc(tools.Tools, func(tl *mcp.Tool) bool { return tl.Name == want.tool })
		if !strings.Contains(tools.Tools[i].Description, want.phrase) {
			t.Errorf("%s's description lacks the trigger %q", want.tool, want.phrase)
		}
	}

	call := func(name string, args map[string]any) string {
		t.Helper()
		res, err := session.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
		if err != nil {
			t.Fatalf("tools/call %s: %v", name, err)
		}
		var text strings.Builder
		for _, c := range res.Content {
			if tc, ok := c.(*mcp.TextContent); ok {
				text.WriteString(tc.Text)
			}
		}
		if res.IsError {
			t.Fatalf("tools/call %s failed: %s", name, text.String())
		}
		return text.String()
	}

	learned := call("learn", map[string]any{"text": "no, we use pnpm here, never npm"})
	if !strings.HasPrefix(learned, "Learned rule #1 ([TOOL]): ") {
		t.Errorf("learn answered %q, want the Learned rule #1 line", learned)
	}
	data, err := os.ReadFile(filepath.Join(ws, ".agents", "autofix.json"))
	if err != nil {
		t.Fatalf("learn wrote no ruleset: %v", err)
	}
	var rs []map[string]any
	if err := json.Unmarshal(data, &rs); err != nil || len(rs) != 1 {
		t.Fatalf("ruleset = %s (%v), want one rule", data, err)
	}
	if rs[0]["Rule_number"] != float64(1) || !strings.Contains(rs[0]["Instruction"].(string), "pnpm") {
		t.Errorf("rule = %v, want rule 1 about pnpm", rs[0])
	}

	// The ruleset autofix itself created is trusted, so its rule reaches
	// the agent.
	brief := call("context", map[string]any{"task": "add a dependency", "files": []string{"package.json"}})
	if !strings.Contains(brief, "pnpm") || !strings.Contains(brief, "(project #1)") {
		t.Errorf("context = %q, want project rule #1", brief)
	}
}

// mcpEnv is an in-process environment for `autofix mcp` in a fresh
// repository, reading input.
func mcpEnv(t *testing.T, input string) (*Env, *bytes.Buffer, *bytes.Buffer) {
	t.Helper()
	dir := t.TempDir()
	ws := filepath.Join(dir, "repo")
	home := filepath.Join(dir, "home")
	if err := os.MkdirAll(filepath.Join(ws, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	vars := map[string]string{"HOME": home, "AUTOFIX_MODEL": "off", "OLLAMA_HOST": "http://127.0.0.1:9"}
	var stdout, stderr bytes.Buffer
	return &Env{
		Env: hookrun.Env{
			Stdin:     strings.NewReader(input),
			Stdout:    &stdout,
			Stderr:    &stderr,
			Getenv:    func(k string) string { return vars[k] },
			Environ:   func() []string { return []string{"AUTOFIX_MODEL=off"} },
			Now:       time.Now,
			Dir:       ws,
			ConfigDir: filepath.Join(home, ".config", "autofix"),
			CacheDir:  filepath.Join(home, ".cache", "autofix"),
		},
		Version: "test",
	}, &stdout, &stderr
}

// mcpAnswers decodes the server's output: the response to each id (ids as
// JSON text, null for a null id).
func mcpAnswers(t *testing.T, out []byte) map[string]map[string]any {
	t.Helper()
	got := map[string]map[string]any{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var m map[string]json.RawMessage
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("the server wrote a line that is not JSON: %q", sc.Text())
		}
		id, ok := m["id"]
		if !ok {
			continue // a notification
		}
		var v map[string]any
		json.Unmarshal(sc.Bytes(), &v)
		got[string(id)] = v
	}
	return got
}

// mcpSession is the user's report, as printf would pipe it: initialize,
// initialized, tools/list and a tools/call, then the end of input.
const mcpSession = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"printf","version":"0"}}}
{"jsonrpc":"2.0","method":"notifications/initialized"}
{"jsonrpc":"2.0","id":2,"method":"tools/list"}
{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"learn","arguments":{"text":"no, we use pnpm here, never npm"}}}
`

// TestMCPAnswersEveryRequestAtEOF runs that session 50 times in-process:
// every request is answered each time and the server exits 0. (With the
// SDK's stdio transport the answers in flight at the end of input were
// lost, a different subset on each run.)
func TestMCPAnswersEveryRequestAtEOF(t *testing.T) {
	for i := range 50 {
		env, stdout, stderr := mcpEnv(t, mcpSession)
		if code := Run(context.Background(), env, []string{"mcp"}); code != exitOK {
			t.Fatalf("run %d: exit %d: %s", i, code, stderr)
		}
		got := mcpAnswers(t, stdout.Bytes())
		for _, id := range []string{"1", "2", "3"} {
			r, ok := got[id]
			if !ok {
				t.Fatalf("run %d: request %s was not answered; output:\n%s", i, id, stdout)
			}
			if r["error"] != nil {
				t.Fatalf("run %d: request %s failed: %v", i, id, r["error"])
			}
		}
		if len(got) != 3 {
			t.Fatalf("run %d: %d answers, want 3:\n%s", i, len(got), stdout)
		}
		res, _ := got["3"]["result"].(map[string]any)
		if text := fmt.Sprint(res["content"]); !strings.Contains(text, "Learned rule #1 ([TOOL]): ") || res["isError"] == true {
			t.Fatalf("run %d: learn answered %v, want the Learned rule #1 line", i, res)
		}
	}
}

// TestMCPMalformedLine: a line that is not JSON, in the middle of the
// session, gets a parse error with a null id, and the requests after it
// are answered.
func TestMCPMalformedLine(t *testing.T) {
	lines := strings.SplitAfter(mcpSession, "\n")
	input := strings.Join(lines[:2], "") + "init\n" + strings.Join(lines[2:], "") + "{\"jsonrpc\": \"2.0\", \"id\": 4,\n"
	env, stdout, stderr := mcpEnv(t, input)
	if code := Run(context.Background(), env, []string{"mcp"}); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	got := mcpAnswers(t, stdout.Bytes())
	e, _ := got["null"]["error"].(map[string]any)
	if e == nil || e["code"] != float64(-32700) {
		t.Errorf("the malformed line got %v, want a -32700 parse error with id null", got["null"])
	}
	for _, id := range []string{"1", "2", "3"} {
		if r, ok := got[id]; !ok || r["error"] != nil {
			t.Errorf("request %s answered %v, want a result", id, r)
		}
	}
	if len(got) != 4 {
		t.Errorf("%d answers, want 4 (3 results, 1 parse error, and none for the cut-off last line):\n%s", len(got), stdout)
	}
}

type echoIn struct {
	Text string `json:"text"`
}

type echoOut struct {
	Text  string `json:"text"`
	Runes int    `json:"runes"`
}

// TestMCPJSONTool: a tool added with jsonTool answers with a JSON object
// as structured content (and the same JSON as text), and its error as an
// error result with the hint.
func TestMCPJSONTool(t *testing.T) {
	server := mcp.NewServer(&mcp.Implementation{Name: "autofix", Version: "test"}, nil)
	jsonTool(server, &mcp.Tool{Name: "echo", Description: "echo"}, func(ctx context.Context, in echoIn) (echoOut, error) {
		if in.Text == "" {
			return echoOut{}, withHint(errors.New("no text"), "pass some text")
		}
		return echoOut{Text: in.Text, Runes: len([]rune(in.Text))}, nil
	})
	ct, st := mcp.NewInMemoryTransports()
	ctx := context.Background()
	ss, err := server.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ss.Close()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()

	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "echo", Arguments: map[string]any{"text": "常に"}})
	if err != nil || res.IsError {
		t.Fatalf("echo: %v %+v", err, res)
	}
	var out echoOut
	data, _ := json.Marshal(res.StructuredContent)
	if err := json.Unmarshal(data, &out); err != nil || out != (echoOut{"常に", 2}) {
		t.Errorf("structured content = %s, want {text: 常に, runes: 2}", data)
	}
	if tc, ok := res.Content[0].(*mcp.TextContent); !ok || !json.Valid([]byte(tc.Text)) {
		t.Errorf("content = %v, want the JSON as text", res.Content)
	}

	res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "echo", Arguments: map[string]any{"text": ""}})
	if err != nil || !res.IsError {
		t.Fatalf("echo without text: %v %+v, want an error result", err, res)
	}
	if tc, _ := res.Content[0].(*mcp.TextContent); tc == nil || tc.Text != "autofix: error: no text\nautofix: hint: pass some text" {
		t.Errorf("error result = %q", tc.Text)
	}
}

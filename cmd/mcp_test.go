package cmd

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

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
	if got := strings.Join(names, " "); got != "context learn list teach" {
		t.Fatalf("tools = %s, want context learn list teach", got)
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

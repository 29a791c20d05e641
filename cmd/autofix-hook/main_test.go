package main

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestLean: the lean hook binary links none of what makes autofix slow to
// start: cobra, the MCP SDK (and encoding/gob with it), the Ollama client,
// net and os/user (either makes a default build dynamically linked, with
// cgo), and the YAML parser (whose init alone costs about 0.1 ms).
func TestLean(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go is not on PATH")
	}
	out, err := exec.Command(goTool, "list", "-deps", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps: %v\n%s", err, out)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 50 || !slices.Contains(deps, "github.com/autofix/autofix/hookrun") {
		t.Fatalf("go list -deps gave %d packages, without hookrun: %q", len(deps), out)
	}
	for _, banned := range []string{
		"net", "os/user", "github.com/spf13/cobra", "github.com/spf13/pflag",
		"github.com/ollama/ollama/api", "github.com/modelcontextprotocol/go-sdk/mcp",
		"encoding/gob", "github.com/knadh/koanf/v2", "go.yaml.in/yaml/v3", "github.com/autofix/autofix/cmd",
	} {
		if slices.Contains(deps, banned) {
			t.Errorf("autofix-hook links %s", banned)
		}
	}
}

package cmd

import (
	"encoding/json"
	"strings"

	"github.com/rogpeppe/go-internal/testscript"
)

func init() {
	scriptCmds["agentrun"] = cmdAgentRun
}

// cmdAgentRun does what an agent does with a candidate rule: it reads the
// last hook answer (the script's stdout), takes the command the context
// hands it (the indented "    autofix …" line) and runs it through sh,
// exactly as written. "! agentrun" asserts the context holds no command.
func cmdAgentRun(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 0 {
		ts.Fatalf("usage: agentrun")
	}
	var ans struct {
		HookSpecificOutput struct {
			AdditionalContext string `json:"additionalContext"`
		} `json:"hookSpecificOutput"`
	}
	out := ts.ReadFile("stdout")
	var command string
	if strings.TrimSpace(out) != "" {
		if err := json.Unmarshal([]byte(out), &ans); err != nil {
			ts.Fatalf("the hook's answer is not JSON: %v\n%s", err, out)
		}
		for _, line := range strings.Split(ans.HookSpecificOutput.AdditionalContext, "\n") {
			if c, ok := strings.CutPrefix(line, "    autofix "); ok {
				command = "autofix " + c
			}
		}
	}
	if neg {
		if command != "" {
			ts.Fatalf("the context hands the agent a command: %s", command)
		}
		return
	}
	if command == "" {
		ts.Fatalf("the context hands the agent no command:\n%s", out)
	}
	ts.Logf("agent runs: %s", command)
	ts.Check(ts.Exec("sh", "-c", command))
}

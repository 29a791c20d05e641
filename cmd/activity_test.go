package cmd

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/autofix/autofix/activity"
	"github.com/autofix/autofix/hookrun"
	"github.com/autofix/autofix/scope"
	"github.com/rogpeppe/go-internal/testscript"
)

func init() {
	// activitydir VAR: set VAR to the activity folder of $WORK's workspace
	// (its name is a hash of the workspace identity).
	scriptCmds["activitydir"] = func(ts *testscript.TestScript, neg bool, args []string) {
		if neg || len(args) != 1 {
			ts.Fatalf("usage: activitydir VAR")
		}
		ws, err := scope.Detect(ts.Getenv("WORK"))
		ts.Check(err)
		root := filepath.Join(ts.Getenv("XDG_STATE_HOME"), "autofix", "activity")
		ts.Setenv(args[0], activity.Open(root, ws.ID).Dir)
	}
	// mode PERM GLOB...: every path matching each GLOB (at least one) has
	// permission bits PERM (octal).
	scriptCmds["mode"] = func(ts *testscript.TestScript, neg bool, args []string) {
		if neg || len(args) < 2 {
			ts.Fatalf("usage: mode PERM GLOB...")
		}
		want, err := strconv.ParseUint(args[0], 8, 32)
		ts.Check(err)
		for _, g := range args[1:] {
			paths, err := filepath.Glob(ts.MkAbs(g))
			ts.Check(err)
			if len(paths) == 0 {
				ts.Fatalf("no file matches %s", g)
			}
			for _, p := range paths {
				fi, err := os.Stat(p)
				ts.Check(err)
				if got := fi.Mode().Perm(); got != os.FileMode(want) {
					ts.Fatalf("%s has mode %#o, want %#o", p, got, want)
				}
			}
		}
	}
}

// runHookPayload runs 'autofix hook agent' in-process with payload and
// returns its stdout; it fails the test on a non-zero exit or stderr.
func runHookPayload(t *testing.T, env *Env, agent string, payload map[string]any) string {
	t.Helper()
	data, err := json.Marshal(payload)
	if err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	env.Stdin, env.Stdout, env.Stderr = bytes.NewReader(data), &out, &errOut
	if code := Run(context.Background(), env, []string{"hook", agent}); code != 0 || errOut.Len() > 0 {
		t.Fatalf("hook %s %v: exit %d, stderr %q", agent, payload["hook_event_name"], code, errOut.String())
	}
	return out.String()
}

// activityFiles returns the concatenated bytes of every file under the
// activity root.
func activityFiles(t *testing.T, env *Env) []byte {
	t.Helper()
	var all []byte
	err := filepath.WalkDir(env.activityRoot(), func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		all = append(all, data...)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return all
}

// TestActivityKeepsNoSecrets: file contents, edit strings, commands, tool
// output and error messages reach the hook; none reaches the store. What is
// stored is the tool, the outcome code and the workspace-relative path.
func TestActivityKeepsNoSecrets(t *testing.T) {
	env := hookTestEnv(t)
	env.StateDir = filepath.Join(t.TempDir(), "state")
	const secret = "sk-live-7f3a9c"
	writeRules(t, env, 3)
	base := map[string]any{"session_id": "s1", "cwd": env.Dir, "transcript_path": "/tmp/t.jsonl"}
	events := []map[string]any{
		{"hook_event_name": "SessionStart", "source": "startup"},
		{"hook_event_name": "PreToolUse", "tool_name": "Write", "tool_input": map[string]any{"file_path": filepath.Join(env.Dir, "src", "config.ts"), "content": "export const key = '" + secret + "'"}},
		{"hook_event_name": "PostToolUse", "tool_name": "Write",
			"tool_input":    map[string]any{"file_path": filepath.Join(env.Dir, "src", "config.ts"), "content": "export const key = '" + secret + "'"},
			"tool_response": map[string]any{"filePath": filepath.Join(env.Dir, "src", "config.ts"), "success": true, "content": secret}},
		{"hook_event_name": "PostToolUse", "tool_name": "Edit",
			"tool_input":    map[string]any{"file_path": "src/app.ts", "old_string": secret, "new_string": secret + "2"},
			"tool_response": map[string]any{"structuredPatch": []any{map[string]any{"lines": []string{"-" + secret, "+" + secret + "2"}}}}},
		{"hook_event_name": "PostToolUse", "tool_name": "Read", "tool_input": map[string]any{"file_path": "/etc/" + secret}, "tool_response": secret},
		{"hook_event_name": "PostToolUseFailure", "tool_name": "Bash", "tool_input": map[string]any{"command": "curl -H 'Authorization: " + secret + "'"}, "error": "Command exited with non-zero status code 1: " + secret, "is_interrupt": false},
		{"hook_event_name": "Stop", "stop_hook_active": false, "last_assistant_message": secret},
		{"hook_event_name": "SessionEnd", "reason": "other"},
	}
	for _, ev := range events {
		for k, v := range base {
			ev[k] = v
		}
		out := runHookPayload(t, env, "claude-code", ev)
		if name := ev["hook_event_name"]; (name == "PostToolUse" || name == "PostToolUseFailure" || name == "Stop" || name == "SessionEnd") && out != "" {
			t.Errorf("%s answered %q, want nothing", name, out)
		}
	}
	stored := activityFiles(t, env)
	if bytes.Contains(stored, []byte(secret)) || bytes.Contains(stored, []byte("Authorization")) || bytes.Contains(stored, []byte("/etc/")) {
		t.Fatalf("a secret reached the store:\n%s", stored)
	}
	ws, _ := env.workspace()
	store, _ := env.activityStore(ws)
	log, err := store.Read()
	if err != nil {
		t.Fatal(err)
	}
	var tools []string
	for _, r := range log.Records {
		if r.Event == activity.Tool {
			tools = append(tools, r.Tool+":"+r.Outcome+":"+strings.Join(r.Paths, ","))
		}
	}
	want := []string{"Write:ok:src/config.ts", "Edit:ok:src/app.ts", "Read:ok:", "Bash:exit_nonzero:"}
	if strings.Join(tools, " ") != strings.Join(want, " ") || len(log.Records) != len(events) {
		t.Errorf("stored %d records, tools %q; want %d, %q\n%s", len(log.Records), tools, len(events), want, stored)
	}
}

// TestActivityPromptsOff: activity.prompts false keeps no prompt text, and
// the work type still is recorded.
func TestActivityPromptsOff(t *testing.T) {
	for _, tt := range []struct {
		config, environ string
		want            string
	}{
		{"", "", "add the lodash package"},
		{`{"activity": {"prompts": false}}`, "", ""},
		{"", "AUTOFIX_ACTIVITY_PROMPTS=false", ""},
		{`{"activity": {"prompts": false}}`, "AUTOFIX_ACTIVITY_PROMPTS=true", "add the lodash package"},
	} {
		env := hookTestEnv(t)
		if tt.environ != "" {
			env.Environ = func() []string { return []string{"AUTOFIX_MODEL=off", tt.environ} }
		}
		env.StateDir = filepath.Join(t.TempDir(), "state")
		if tt.config != "" {
			if err := os.MkdirAll(env.ConfigDir, 0o700); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(env.ConfigDir, "config.json"), []byte(tt.config), 0o600); err != nil {
				t.Fatal(err)
			}
		}
		runHookPayload(t, env, "claude-code", map[string]any{"hook_event_name": "UserPromptSubmit", "session_id": "s", "cwd": env.Dir, "prompt": "add the lodash package"})
		ws, _ := env.workspace()
		store, _ := env.activityStore(ws)
		log, err := store.Read()
		if err != nil || len(log.Records) != 1 {
			t.Fatalf("Read = %+v, %v", log, err)
		}
		if r := log.Records[0]; r.Prompt != tt.want || r.Work != activity.Dependency {
			t.Errorf("config %q, %q: prompt %q work %q; want %q, dependency", tt.config, tt.environ, r.Prompt, r.Work, tt.want)
		}
	}
}

// BenchmarkHookRecording compares hook runs with the activity log off (no
// state directory) and on, for a record-only event (PostToolUse) and for a
// prompt on 1,000 rules: the difference is what recording costs a hook.
func BenchmarkHookRecording(b *testing.B) {
	for _, ev := range []struct {
		name    string
		payload map[string]any
	}{
		{"PostToolUse", map[string]any{"hook_event_name": "PostToolUse", "session_id": "bench", "tool_name": "Edit",
			"tool_input": map[string]any{"file_path": "src/app.ts", "old_string": "a", "new_string": "b"}, "tool_response": map[string]any{"success": true}}},
		{"UserPromptSubmit", map[string]any{"hook_event_name": "UserPromptSubmit", "session_id": "bench",
			"prompt": "add a vitest test for the redis cache handler in services/area3"}},
	} {
		for _, recording := range []bool{false, true} {
			name := ev.name + "/recording=off"
			if recording {
				name = ev.name + "/recording=on"
			}
			b.Run(name, func(b *testing.B) {
				env := hookTestEnv(b)
				writeRules(b, env, 1000)
				if recording {
					env.StateDir = filepath.Join(b.TempDir(), "state")
				}
				ev.payload["cwd"] = env.Dir
				payload, _ := json.Marshal(ev.payload)
				ctx := context.Background()
				var out, errOut bytes.Buffer
				for b.Loop() {
					out.Reset()
					errOut.Reset()
					env.Stdin, env.Stdout, env.Stderr = bytes.NewReader(payload), &out, &errOut
					if code := Run(ctx, env, []string{"hook", "claude-code"}); code != 0 || errOut.Len() != 0 {
						b.Fatalf("exit %d: %s", code, errOut.String())
					}
				}
			})
		}
	}
}

// BenchmarkHookLearned is the prompt hook on 1,000 rules with activity
// recorded, without learned weights and with a cache that learned about
// every rule in every work type (the largest a cache gets): the
// difference is what reading the learned weights costs a hook.
func BenchmarkHookLearned(b *testing.B) {
	for _, learned := range []bool{false, true} {
		b.Run("learned="+strconv.FormatBool(learned), func(b *testing.B) {
			env := hookTestEnv(b)
			writeRules(b, env, 1000)
			env.StateDir = filepath.Join(b.TempDir(), "state")
			if learned {
				ws, err := scope.Detect(env.Dir)
				if err != nil {
					b.Fatal(err)
				}
				store, _ := env.activityStore(ws)
				at := env.Now().Add(-time.Hour)
				for i := range 1000 {
					key := "project:" + strconv.Itoa(i+1)
					for _, work := range []activity.WorkType{activity.Test, activity.UI, activity.Bugfix} {
						for _, r := range []activity.Record{
							{Time: at, Session: key, Event: activity.Prompt, Rules: []string{key}, Via: activity.ViaPrompt, Work: work},
							{Time: at, Session: key, Event: activity.Stop, Referenced: []string{key}},
						} {
							if err := store.Append(r); err != nil {
								b.Fatal(err)
							}
						}
					}
				}
				if w, err := store.Weights(env.Now()); err != nil || len(w.Rules) < activity.MaxTallies/4 {
					b.Fatalf("%d rules learned (%v)", len(w.Rules), err)
				}
			}
			payload, _ := json.Marshal(map[string]any{"hook_event_name": "UserPromptSubmit", "session_id": "bench", "cwd": env.Dir,
				"prompt": "add a vitest test for the redis cache handler in services/area3"})
			ctx := context.Background()
			var out, errOut bytes.Buffer
			for b.Loop() {
				out.Reset()
				errOut.Reset()
				env.Stdin, env.Stdout, env.Stderr = bytes.NewReader(payload), &out, &errOut
				if code := Run(ctx, env, []string{"hook", "claude-code"}); code != 0 || errOut.Len() != 0 {
					b.Fatalf("exit %d: %s", code, errOut.String())
				}
			}
			if learned && !strings.Contains(out.String(), "project #") {
				b.Fatalf("answer %s holds no project rule", out.String())
			}
		})
	}
}

// BenchmarkHookStop is the turn's end on 1,000 rules after a prompt that
// delivered some: read the transcript's last turn for markers and
// distinctive terms (which loads the rules), append the record, and fold
// the new records into the learned weights.
func BenchmarkHookStop(b *testing.B) {
	env := hookTestEnv(b)
	writeRules(b, env, 1000)
	env.StateDir = filepath.Join(b.TempDir(), "state")
	transcript := filepath.Join(b.TempDir(), "t.jsonl")
	line := func(role, text string) string {
		data, _ := json.Marshal(map[string]any{"type": role, "message": map[string]any{"role": role, "content": text}})
		return string(data) + "\n"
	}
	prompt := "add a vitest test for the redis cache handler in services/area3"
	if err := os.WriteFile(transcript, []byte(line("user", prompt)+line("assistant", "Wrote the test as project #3 asks, with a redis cache mock.")), 0o600); err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	run := func(payload map[string]any) {
		payload["session_id"], payload["cwd"], payload["transcript_path"] = "bench", env.Dir, transcript
		data, _ := json.Marshal(payload)
		var out, errOut bytes.Buffer
		env.Stdin, env.Stdout, env.Stderr = bytes.NewReader(data), &out, &errOut
		if code := Run(ctx, env, []string{"hook", "claude-code"}); code != 0 || errOut.Len() != 0 {
			b.Fatalf("exit %d: %s", code, errOut.String())
		}
	}
	run(map[string]any{"hook_event_name": "UserPromptSubmit", "prompt": prompt})
	for b.Loop() {
		run(map[string]any{"hook_event_name": "Stop", "stop_hook_active": false})
	}
}

// TestActivityUnwritable: a state directory that cannot be written costs
// one line on stderr; the hook still answers and exits 0.
func TestActivityUnwritable(t *testing.T) {
	env := hookTestEnv(t)
	writeRules(t, env, 2)
	blocked := filepath.Join(t.TempDir(), "state")
	if err := os.WriteFile(blocked, []byte("a file, not a folder"), 0o600); err != nil {
		t.Fatal(err)
	}
	env.StateDir = blocked
	for _, ev := range []map[string]any{
		{"hook_event_name": "PostToolUse", "tool_name": "Read", "tool_input": map[string]any{"file_path": "a.go"}, "tool_response": "x"},
		{"hook_event_name": "UserPromptSubmit", "prompt": "add a handler"},
	} {
		ev["session_id"], ev["cwd"] = "s", env.Dir
		data, _ := json.Marshal(ev)
		var out, errOut bytes.Buffer
		env.Stdin, env.Stdout, env.Stderr = bytes.NewReader(data), &out, &errOut
		code := Run(context.Background(), env, []string{"hook", "claude-code"})
		if code != 0 || !strings.HasPrefix(errOut.String(), "autofix: hook: record activity: ") || strings.Count(errOut.String(), "\n") != 1 {
			t.Errorf("%s: exit %d, stderr %q; want 0 and one line", ev["hook_event_name"], code, errOut.String())
		}
		if want := ev["hook_event_name"] == "UserPromptSubmit"; (out.Len() > 0) != want {
			t.Errorf("%s: stdout %q", ev["hook_event_name"], out.String())
		}
	}
}

// TestDistinctiveTermsCache: a turn's end reads the delivered rules'
// distinctive terms from the cache while the ruleset is unchanged, and
// computes them again when it changes.
func TestDistinctiveTermsCache(t *testing.T) {
	env := hookTestEnv(t)
	writeRules(t, env, 3)
	delivered := map[string]bool{"project:1": true, "project:2": true}
	first := hookrun.DistinctiveTerms(env.hookEnv(), delivered)
	if len(first) != 2 || len(first["project:1"]) < 2 {
		t.Fatalf("terms %v, want those of the two delivered rules", first)
	}
	if _, ok := first["project:3"]; ok {
		t.Errorf("an undelivered rule's terms: %v", first)
	}
	again := hookrun.DistinctiveTerms(env.hookEnv(), delivered)
	if fmt.Sprint(again) != fmt.Sprint(first) {
		t.Errorf("from the cache %v, computed %v", again, first)
	}
	path := filepath.Join(env.Dir, ".agents", "autofix.json")
	data := `[{"Rule_number": 1, "Category": "TOOL", "Instruction": "Always bundle with esbuild through the vendored toolchain.", "Why": ""}]`
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	real, _ := filepath.EvalSymlinks(path)
	if _, err := env.trustStore().Trust(context.Background(), real, []byte(data), env.Now()); err != nil {
		t.Fatal(err)
	}
	changed := hookrun.DistinctiveTerms(env.hookEnv(), delivered)
	if got := fmt.Sprint(changed["project:1"]); !strings.Contains(got, "esbuild") || len(changed) != 1 {
		t.Errorf("after the ruleset changed: %v, want project:1's new terms only", changed)
	}
}

package cmd

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/autofix/autofix/hookrun"
	"github.com/autofix/autofix/normalize"
	"github.com/autofix/autofix/normalize/ollamatest"
	"github.com/ollama/ollama/api"
	"github.com/rogpeppe/go-internal/testscript"
)

// fakeOllamas holds the fake server of each running script.
var fakeOllamas sync.Map // *testscript.TestScript → *ollamatest.Server

// cmdFakeOllama is the script command that drives a fake Ollama server:
//
//	fakeollama start [MODEL...]       start it with these models; set OLLAMA_HOST
//	fakeollama reply FILE [REASON]    queue a chat answer (done_reason REASON, default stop)
//	fakeollama cutoff FILE            queue an answer cut off before done
//	fakeollama chats N                assert the number of chat requests so far
//	fakeollama dump FILE              write the chat request bodies, one a line
func cmdFakeOllama(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("unsupported: ! fakeollama")
	}
	if len(args) == 0 {
		ts.Fatalf("usage: fakeollama start|reply|cutoff|chats|dump ...")
	}
	if args[0] == "start" {
		s := ollamatest.Start(args[1:]...)
		fakeOllamas.Store(ts, s)
		ts.Defer(func() {
			fakeOllamas.Delete(ts)
			s.Close()
		})
		ts.Setenv("OLLAMA_HOST", s.URL)
		return
	}
	v, ok := fakeOllamas.Load(ts)
	if !ok {
		ts.Fatalf("fakeollama %s: no server; run 'fakeollama start' first", args[0])
	}
	s := v.(*ollamatest.Server)
	switch {
	case (args[0] == "reply" || args[0] == "cutoff") && len(args) >= 2:
		r := ollamatest.Reply{Content: strings.TrimSpace(ts.ReadFile(args[1])), CutOff: args[0] == "cutoff"}
		if len(args) > 2 {
			r.DoneReason = args[2]
		}
		s.Reply(r)
	case args[0] == "chats" && len(args) == 2:
		want, err := strconv.Atoi(args[1])
		ts.Check(err)
		if got := len(s.ChatRequests()); got != want {
			ts.Fatalf("%d chat requests, want %d", got, want)
		}
	case args[0] == "dump" && len(args) == 2:
		var b bytes.Buffer
		for _, r := range s.ChatRequests() {
			b.Write(r.Body)
			b.WriteByte('\n')
		}
		ts.Check(os.WriteFile(ts.MkAbs(args[1]), b.Bytes(), 0o644))
	default:
		ts.Fatalf("usage: fakeollama start|reply|cutoff|chats|dump ...")
	}
}

func testEnv(t *testing.T, s *ollamatest.Server, host string) (*Env, *bytes.Buffer) {
	t.Helper()
	var stderr bytes.Buffer
	dir := t.TempDir()
	env := &Env{
		Env: hookrun.Env{
			Stdout:    &bytes.Buffer{},
			Stderr:    &stderr,
			Getenv:    func(k string) string { return map[string]string{"OLLAMA_HOST": host}[k] },
			Environ:   func() []string { return nil },
			Now:       func() time.Time { return time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC) },
			Dir:       dir,
			ConfigDir: filepath.Join(dir, "config"),
			CacheDir:  filepath.Join(dir, "cache"),
		},
		Ollama: func() (*api.Client, error) {
			if s == nil {
				return nil, errors.New("no client")
			}
			return s.Client(), nil
		},
	}
	return env, &stderr
}

const fakeAnswer = `{"category":"TOOL","instruction":"Always use pnpm instead of npm","why":"user corrected the package manager","supersedes":[],"language":"en","vague":false}`

func TestNormalizeTextModes(t *testing.T) {
	tests := []struct {
		name       string
		models     []string // nil: server down
		mode       string
		wantErr    error
		normalizer string
		stderr     string
	}{
		{"auto with the model", []string{defaultModel}, "auto", nil, "ollama:" + defaultModel, ""},
		{"auto without the model", []string{"llama3.2:1b"}, "auto", nil, "builtin", "autofix: notice: Ollama has no model qwen2.5:3b (ollama pull qwen2.5:3b); using the built-in normalizer\n"},
		{"auto with the server down", nil, "auto", nil, "builtin", "autofix: notice: Ollama is not available at "},
		{"off", []string{defaultModel}, "off", nil, "builtin", ""},
		{"named model present", []string{"llama3.2:1b"}, "llama3.2:1b", nil, "ollama:llama3.2:1b", ""},
		{"named model missing", []string{defaultModel}, "llama3.2:1b", normalize.ErrModelNotFound, "", ""},
		{"named model, server down", nil, "llama3.2:1b", normalize.ErrModelUnavailable, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := ollamatest.New(t, tt.models...)
			s.Reply(ollamatest.Reply{Content: fakeAnswer})
			if tt.models == nil {
				s.Close()
			}
			env, stderr := testEnv(t, s, s.URL)
			cfg := Config{Model: tt.mode, DefaultModel: defaultModel, ModelTimeout: 5 * time.Second}
			res, err := normalizeText(context.Background(), env, cfg, "no, we use pnpm here", nil)
			if tt.wantErr != nil {
				if !errors.Is(err, tt.wantErr) {
					t.Fatalf("err = %v, want %v", err, tt.wantErr)
				}
				if errors.Is(err, normalize.ErrModelNotFound) && hintOf(err) != "run: ollama pull llama3.2:1b (or use --model off for the built-in normalizer)" {
					t.Errorf("hint %q", hintOf(err))
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if res.Normalizer != tt.normalizer {
				t.Errorf("normalizer %q, want %q", res.Normalizer, tt.normalizer)
			}
			if !strings.HasPrefix(stderr.String(), tt.stderr) || (tt.stderr == "") != (stderr.Len() == 0) || strings.Count(stderr.String(), "\n") > 1 {
				t.Errorf("stderr %q, want one line starting %q", stderr.String(), tt.stderr)
			}
		})
	}
}

func TestRemoteHostWarning(t *testing.T) {
	for host, loop := range map[string]bool{
		"": true, "127.0.0.1": true, "127.0.0.1:11434": true, "http://localhost:11434": true, "[::1]:11434": true,
		"0.0.0.0": true, "https://127.0.0.2/ollama": true, "gpu-box.lan:11434": false, "http://10.0.0.5:11434": false,
		"https://ollama.example.com": false,
	} {
		env, stderr := testEnv(t, nil, host)
		warnRemoteHost(env)
		if got := stderr.Len() == 0; got != loop {
			t.Errorf("OLLAMA_HOST=%q: warning %q, want loopback=%v", host, stderr.String(), loop)
		}
	}
}

func TestNormalizeTextCanceled(t *testing.T) {
	s := ollamatest.New(t, "llama3.2:1b")
	s.Reply(ollamatest.Reply{Content: fakeAnswer, Delay: time.Minute})
	env, _ := testEnv(t, s, s.URL)
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		waitFor(t, "the chat request", func() bool { return len(s.ChatRequests()) > 0 })
		cancel() // what Ctrl-C does through signal.NotifyContext
	}()
	cfg := Config{Model: "llama3.2:1b", ModelTimeout: time.Minute}
	_, err := normalizeText(ctx, env, cfg, "use pnpm", nil)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if code := exitCode(ctx, err); code != exitCanceled {
		t.Errorf("exit code %d, want %d", code, exitCanceled)
	}
}

func TestSpinnerOnlyOnTerminal(t *testing.T) {
	for _, tty := range []bool{false, true} {
		s := ollamatest.New(t, "llama3.2:1b")
		s.Reply(ollamatest.Reply{Content: fakeAnswer})
		env, stderr := testEnv(t, s, s.URL)
		env.StderrTTY = tty
		if _, err := normalizeText(context.Background(), env, Config{Model: "llama3.2:1b", ModelTimeout: time.Minute}, "use pnpm", nil); err != nil {
			t.Fatal(err)
		}
		got := stderr.String()
		if tty && (!strings.Contains(got, "normalizing with llama3.2:1b") || !strings.HasSuffix(got, "\r\033[K")) {
			t.Errorf("terminal: stderr %q, want a spinner that clears its line", got)
		}
		if !tty && got != "" {
			t.Errorf("not a terminal: stderr %q, want nothing", got)
		}
	}
}

// waitFor polls cond until it holds, and fails the test when it does not
// within 10 seconds.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Errorf("timed out waiting for %s", what)
			return
		}
		time.Sleep(time.Millisecond)
	}
}

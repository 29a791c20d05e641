package cmd

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/url"
	"sync"
	"testing"

	"github.com/autofix/autofix/hook"
	"github.com/autofix/autofix/hookrun"
	"github.com/autofix/autofix/normalize/ollama"
	"github.com/autofix/autofix/normalize/ollamatest"
	"github.com/autofix/autofix/scope"
	"github.com/ollama/ollama/api"
)

// silentOllama accepts connections and never answers: the worst case for
// doctor's Ollama check.
func silentOllama(tb testing.TB) *api.Client {
	tb.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	var mu sync.Mutex
	var conns []net.Conn
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
		}
	}()
	tb.Cleanup(func() {
		ln.Close()
		mu.Lock()
		defer mu.Unlock()
		for _, c := range conns {
			c.Close()
		}
	})
	u, _ := url.Parse("http://" + ln.Addr().String())
	return api.NewClient(u, http.DefaultClient)
}

// BenchmarkDoctorSilentOllama measures doctor's Ollama check against a
// server that never answers: bounded by the probe timeout (300 ms), so
// doctor is never slow.
func BenchmarkDoctorSilentOllama(b *testing.B) {
	saved := probeTimeout
	probeTimeout = ollama.ProbeTimeout
	defer func() { probeTimeout = saved }()
	client := silentOllama(b)
	env := &Env{
		Env: hookrun.Env{
			Getenv: func(k string) string { return map[string]string{"OLLAMA_HOST": "127.0.0.1:1"}[k] },
		},
		Ollama: func() (*api.Client, error) { return client, nil },
	}
	for b.Loop() {
		if c := ollamaCheck(context.Background(), env, Config{}); c.Status != checkWarn {
			b.Fatalf("status %s, want warn: %s", c.Status, c.Detail)
		}
	}
}

func TestOllamaCheck(t *testing.T) {
	env := &Env{Env: hookrun.Env{Getenv: func(string) string { return "" }}, Ollama: func() (*api.Client, error) { return nil, errors.New("no client") }}
	tests := []struct {
		model, status, fix string
	}{
		{"off", checkOK, ""},
		{"", checkWarn, "ollama serve"},
		{"auto", checkWarn, "ollama serve"},
		{"llama3.2:1b", checkFail, "ollama serve"},
	}
	for _, tt := range tests {
		c := ollamaCheck(context.Background(), env, Config{Model: tt.model})
		if c.Status != tt.status || c.Fix != tt.fix {
			t.Errorf("model %q: %s (%s), fix %q; want %s, fix %q", tt.model, c.Status, c.Detail, c.Fix, tt.status, tt.fix)
		}
	}
}

func TestHookBinary(t *testing.T) {
	for _, exe := range []string{"/usr/local/bin/autofix", "/home/a b/it's/autofix", hook.SharedBinary} {
		if got := hookBinary(hook.Codex, hook.Command(hook.Codex, exe)); got != exe {
			t.Errorf("hookBinary(Command(%q)) = %q", exe, got)
		}
	}
}

func TestDisplayPath(t *testing.T) {
	env := &Env{Env: hookrun.Env{Getenv: func(k string) string { return map[string]string{"HOME": "/home/me"}[k] }}}
	tests := []struct{ root, path, want string }{
		{"/home/me/code/repo", "/home/me/code/repo/.claude/settings.json", ".claude/settings.json"},
		{"/home/me/code/repo", "/home/me/.codex/hooks.json", "~/.codex/hooks.json"},
		{"/work", "/work/.home/x", ".home/x"},
		{"/work", "/etc/x", "/etc/x"},
		{"/work", "/workshop/x", "/workshop/x"},
	}
	for _, tt := range tests {
		if got := displayPath(env, scope.Workspace{Root: tt.root}, tt.path); got != tt.want {
			t.Errorf("displayPath(%q, %q) = %q, want %q", tt.root, tt.path, got, tt.want)
		}
	}
}

// TestOllamaCheckServer: a server with the model is ok on this machine, a
// warning elsewhere (the text leaves the machine); one without the model
// says which to pull.
func TestOllamaCheckServer(t *testing.T) {
	s := ollamatest.Start(defaultModel)
	defer s.Close()
	tests := []struct {
		host, model, status, fix string
	}{
		{s.URL, "", checkOK, ""},
		{"gpu.example.com:11434", "", checkWarn, "run Ollama on this machine and unset OLLAMA_HOST, or set it to 127.0.0.1:11434"},
		{s.URL, "llama3.2:1b", checkFail, "ollama pull llama3.2:1b"},
	}
	for _, tt := range tests {
		env := &Env{
			Env: hookrun.Env{
				Getenv: func(k string) string { return map[string]string{"OLLAMA_HOST": tt.host}[k] },
			},
			Ollama: func() (*api.Client, error) { return s.Client(), nil },
		}
		c := ollamaCheck(context.Background(), env, Config{Model: tt.model})
		if c.Status != tt.status || c.Fix != tt.fix {
			t.Errorf("host %s, model %q: %s (%s), fix %q; want %s, fix %q", tt.host, tt.model, c.Status, c.Detail, c.Fix, tt.status, tt.fix)
		}
	}
}

package ollama_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/autofix/autofix/normalize"
	"github.com/autofix/autofix/normalize/ollama"
	"github.com/autofix/autofix/normalize/ollamatest"
	"github.com/ollama/ollama/api"
)

func TestIsLoopback(t *testing.T) {
	for host, want := range map[string]bool{
		"": true, "127.0.0.1:11434": true, "http://localhost:11434": true, "[::1]:11434": true,
		"0.0.0.0": true, "https://127.0.0.2/ollama": true, "box.localhost": true,
		"gpu-box.lan:11434": false, "http://10.0.0.5:11434": false, "https://ollama.example.com": false,
	} {
		if got := ollama.IsLoopback(host); got != want {
			t.Errorf("IsLoopback(%q) = %v, want %v", host, got, want)
		}
	}
}

func TestSelect(t *testing.T) {
	const answer = `{"category":"TOOL","instruction":"Always use pnpm instead of npm","why":"user corrected the package manager","supersedes":[],"language":"en","vague":false}`
	tests := []struct {
		name    string
		models  []string // nil: server down
		mode    string
		model   string // the model selected, "" for built-in
		notice  string
		wantErr error
	}{
		{"auto with the model", []string{"m:1"}, "auto", "m:1", "", nil},
		{"auto without the model", []string{"other"}, "", "", "autofix: notice: Ollama has no model m:1 (ollama pull m:1); using the built-in normalizer", nil},
		{"auto, server down", nil, "Auto", "", "autofix: notice: Ollama is not available at ", nil},
		{"off", []string{"m:1"}, "built-in", "", "", nil},
		{"named", []string{"other"}, " other ", "other", "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := ollamatest.New(t, tt.models...)
			s.Reply(ollamatest.Reply{Content: answer})
			if tt.models == nil {
				s.Close()
			}
			m := ollama.Mode{Model: tt.mode, DefaultModel: "m:1", Timeout: 5 * time.Second, ProbeTimeout: 5 * time.Second, Host: s.URL,
				Client: func() (*api.Client, error) { return s.Client(), nil }}
			sel, err := ollama.Select(context.Background(), m)
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("err = %v, want %v", err, tt.wantErr)
			}
			if sel.Model() != tt.model {
				t.Errorf("model %q, want %q", sel.Model(), tt.model)
			}
			if !strings.HasPrefix(sel.Notice, tt.notice) || (tt.notice == "") != (sel.Notice == "") {
				t.Errorf("notice %q, want %q", sel.Notice, tt.notice)
			}
			if sel.Warning != "" {
				t.Errorf("warning %q for a loopback server", sel.Warning)
			}
			res, notice, err := sel.Normalize(context.Background(), "no, we use pnpm here", nil)
			if err != nil || notice != "" {
				t.Fatalf("Normalize: %v, notice %q", err, notice)
			}
			want := "builtin"
			if tt.model != "" {
				want = "ollama:" + tt.model
			}
			if res.Normalizer != want {
				t.Errorf("normalizer %q, want %q", res.Normalizer, want)
			}
		})
	}
}

func TestSelectRemoteWarns(t *testing.T) {
	m := ollama.Mode{Model: "m:1", Host: "gpu-box.lan:11434", Client: func() (*api.Client, error) { return &api.Client{}, nil }}
	sel, err := ollama.Select(context.Background(), m)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(sel.Warning, "gpu-box.lan:11434, not this machine") {
		t.Errorf("warning %q", sel.Warning)
	}
}

func TestSelectNamedWithoutClient(t *testing.T) {
	_, err := ollama.Select(context.Background(), ollama.Mode{Model: "m:1"})
	if !errors.Is(err, normalize.ErrModelUnavailable) {
		t.Errorf("err = %v, want ErrModelUnavailable", err)
	}
}

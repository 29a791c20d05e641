package cmd

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/autofix/autofix/brief"
	"github.com/autofix/autofix/hookrun"
	"github.com/ollama/ollama/api"
)

// briefEnv is an Env for buildBrief tests: a workspace with a ruleset, and
// the model client pointed at url.
func briefEnv(t *testing.T, ruleset, ollamaURL string) *Env {
	t.Helper()
	dir := t.TempDir()
	ws := filepath.Join(dir, "ws")
	if err := os.MkdirAll(ws, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(ws, "autofix.json"), []byte(ruleset), 0o644); err != nil {
		t.Fatal(err)
	}
	env := &Env{
		Env: hookrun.Env{
			Dir:       ws,
			ConfigDir: filepath.Join(dir, "config"),
			CacheDir:  filepath.Join(dir, "cache"),
		},
		Ollama: func() (*api.Client, error) {
			u, err := url.Parse(ollamaURL)
			if err != nil {
				return nil, err
			}
			return api.NewClient(u, http.DefaultClient), nil
		},
	}
	// The ruleset is the person's own here: trust it (repository trust gate).
	real, err := filepath.EvalSymlinks(filepath.Join(ws, "autofix.json"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := env.trustStore().Trust(context.Background(), real, []byte(ruleset), time.Now()); err != nil {
		t.Fatal(err)
	}
	return env
}

const briefRuleset = `[
  {"Rule_number": 1, "Category": "PROCESS", "Instruction": "Always sign commits with GPG.", "Why": "supply chain"},
  {"Rule_number": 2, "Category": "UX", "Instruction": "Always respect prefers-reduced-motion.", "Why": "accessibility"}
]`

// embedServer speaks Ollama's /api/embed: each text becomes [1, 0] when it
// mentions motion or animation, else [0, 1].
func embedServer(t *testing.T, requests *[]api.EmbedRequest) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/embed" || r.Method != http.MethodPost {
			http.NotFound(w, r)
			return
		}
		body, _ := io.ReadAll(r.Body)
		var req struct {
			Model string   `json:"model"`
			Input []string `json:"input"`
		}
		if err := json.Unmarshal(body, &req); err != nil {
			http.Error(w, `{"error":"bad request"}`, http.StatusBadRequest)
			return
		}
		*requests = append(*requests, api.EmbedRequest{Model: req.Model, Input: req.Input})
		resp := api.EmbedResponse{Model: req.Model}
		for _, in := range req.Input {
			v := []float32{0, 1}
			if strings.Contains(in, "motion") || strings.Contains(in, "animation") {
				v = []float32{1, 0}
			}
			resp.Embeddings = append(resp.Embeddings, v)
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(resp)
	}))
	t.Cleanup(srv.Close)
	return srv
}

func TestBuildBriefSemantic(t *testing.T) {
	var reqs []api.EmbedRequest
	srv := embedServer(t, &reqs)
	env := briefEnv(t, briefRuleset, srv.URL)
	cfg := Config{Budget: 1500, EmbedModel: "embeddinggemma"}
	// The task shares no word with rule 2; only the model relates them.
	b, err := buildBrief(context.Background(), env, cfg, briefRequest{Task: "add a fade-in animation"})
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Notes) != 0 {
		t.Errorf("notes = %q", b.Notes)
	}
	first := b.Selection.Rules[0]
	if first.ID != "2" || !strings.Contains(first.Reason, "semantic similarity 1.00") {
		t.Errorf("first = %s %q, want 2 by semantic similarity", first.ID, first.Reason)
	}
	if len(reqs) != 1 || reqs[0].Model != "embeddinggemma" || len(reqs[0].Input.([]string)) != 3 {
		t.Fatalf("requests = %+v, want one with the task and both rules", reqs)
	}
	vecs, _ := filepath.Glob(filepath.Join(env.CacheDir, "embeddings", "*.vec"))
	if len(vecs) != 2 {
		t.Errorf("%d cached vectors, want 2", len(vecs))
	}
	// Next time only the task is embedded.
	if _, err := buildBrief(context.Background(), env, cfg, briefRequest{Task: "commit it"}); err != nil {
		t.Fatal(err)
	}
	if n := len(reqs[1].Input.([]string)); len(reqs) != 2 || n != 1 {
		t.Errorf("second request embeds %d texts, want 1", n)
	}
	if b.Text != renderOf(b) {
		t.Error("Text is not the rendering of the selection")
	}
}

func TestBuildBriefModelDown(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, `{"error":"model \"embeddinggemma\" not found, try pulling it first"}`, http.StatusNotFound)
	}))
	defer srv.Close()
	env := briefEnv(t, briefRuleset, srv.URL)
	b, err := buildBrief(context.Background(), env, Config{Budget: 1500, EmbedModel: "embeddinggemma"}, briefRequest{Task: "commit these changes"})
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Notes) != 1 || !strings.Contains(b.Notes[0], "semantic matching skipped, lexical only") {
		t.Errorf("notes = %q, want the fallback noted", b.Notes)
	}
	if b.Selection.Rules[0].ID != "1" {
		t.Errorf("first = %s, want 1 by lexical match", b.Selection.Rules[0].ID)
	}
}

func renderOf(b builtBrief) string { return brief.Render(b.Selection) }

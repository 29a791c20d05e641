// Package ollamatest is a fake Ollama server for tests. It speaks the real
// wire protocol — compact JSON bodies, /api/chat as one object when stream
// is false and NDJSON lines otherwise, HEAD /, /api/version, /api/tags,
// /api/show, and Ollama's error shape {"error":"model 'X' not found"} with
// status 404 — so code under test can drive it through the real
// [api.Client]. Chat answers are scripted per test with [Server.Reply]; every
// request is recorded for assertions.
package ollamatest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/ollama/ollama/api"
)

// Reply scripts one /api/chat answer.
type Reply struct {
	// Content is the assistant's message.
	Content string
	// DoneReason is sent in the final object; empty means "stop".
	DoneReason string
	// CutOff ends the answer before the object with done true.
	CutOff bool
	// Delay waits before answering, or until the client gives up.
	Delay time.Duration
	// Status, when set, answers with this HTTP status and {"error": Error}.
	Status int
	Error  string
	// Raw, when set, is written as the whole body, verbatim.
	Raw string
}

// Request is one recorded request.
type Request struct {
	Method, Path string
	Body         []byte
}

// Chat decodes the body of a chat request.
func (r Request) Chat() (api.ChatRequest, error) {
	var cr api.ChatRequest
	err := json.Unmarshal(r.Body, &cr)
	return cr, err
}

// Fields decodes the body into generic JSON values, to assert on the wire
// form (for example that temperature is the number 0).
func (r Request) Fields() map[string]any {
	var m map[string]any
	_ = json.Unmarshal(r.Body, &m)
	return m
}

// Server is a running fake Ollama server.
type Server struct {
	// URL is the base URL, e.g. http://127.0.0.1:41234.
	URL string
	srv *httptest.Server

	mu           sync.Mutex
	version      string
	versionDelay time.Duration
	models       []string
	replies      []Reply
	requests     []Request
}

// New starts a server that has the given models and stops it when the test
// ends.
func New(tb testing.TB, models ...string) *Server {
	tb.Helper()
	s := Start(models...)
	tb.Cleanup(s.Close)
	return s
}

// Start starts a server that has the given models; call Close when done.
func Start(models ...string) *Server {
	s := &Server{version: "0.17.4", models: append([]string(nil), models...)}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	s.URL = s.srv.URL
	return s
}

// Close stops the server, cutting open connections.
func (s *Server) Close() {
	s.srv.CloseClientConnections()
	s.srv.Close()
}

// Host is the server's host:port, a value for OLLAMA_HOST.
func (s *Server) Host() string { return strings.TrimPrefix(s.URL, "http://") }

// Client is a real Ollama API client for the server.
func (s *Server) Client() *api.Client {
	u, _ := url.Parse(s.URL)
	return api.NewClient(u, http.DefaultClient)
}

// SetVersion sets what /api/version reports.
func (s *Server) SetVersion(v string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.version = v
}

// SetVersionDelay delays /api/version answers.
func (s *Server) SetVersionDelay(d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.versionDelay = d
}

// AddModel installs a model.
func (s *Server) AddModel(name string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.models = append(s.models, name)
}

// Reply queues chat answers, used in order, one per /api/chat request.
func (s *Server) Reply(rs ...Reply) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.replies = append(s.replies, rs...)
}

// Requests returns every request received so far.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// ChatRequests returns the /api/chat requests received so far.
func (s *Server) ChatRequests() []Request {
	var out []Request
	for _, r := range s.Requests() {
		if r.Path == "/api/chat" {
			out = append(out, r)
		}
	}
	return out
}

func (s *Server) hasModel(name string) bool {
	norm := func(n string) string {
		if !strings.Contains(n, ":") {
			return n + ":latest"
		}
		return n
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, m := range s.models {
		if norm(m) == norm(name) {
			return true
		}
	}
	return false
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	s.mu.Lock()
	s.requests = append(s.requests, Request{Method: r.Method, Path: r.URL.Path, Body: body})
	s.mu.Unlock()
	switch {
	case r.URL.Path == "/" && (r.Method == http.MethodHead || r.Method == http.MethodGet):
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.WriteHeader(http.StatusOK)
		if r.Method == http.MethodGet {
			io.WriteString(w, "Ollama is running")
		}
	case r.URL.Path == "/api/version" && r.Method == http.MethodGet:
		s.mu.Lock()
		v, d := s.version, s.versionDelay
		s.mu.Unlock()
		if !wait(r, d) {
			return
		}
		writeJSON(w, http.StatusOK, map[string]string{"version": v})
	case r.URL.Path == "/api/tags" && r.Method == http.MethodGet:
		s.mu.Lock()
		models := make([]api.ListModelResponse, 0, len(s.models))
		for _, m := range s.models {
			models = append(models, api.ListModelResponse{Name: m, Model: m, ModifiedAt: fixedTime, Size: 1929912432,
				Digest: "357c53fb659c5076de1d65ccb0b397446227b71a42be9d1603d46168015c9e4b", Details: details()})
		}
		s.mu.Unlock()
		writeJSON(w, http.StatusOK, api.ListResponse{Models: models})
	case r.URL.Path == "/api/show" && r.Method == http.MethodPost:
		var req api.ShowRequest
		if err := json.Unmarshal(body, &req); err != nil {
			writeError(w, http.StatusBadRequest, "invalid request body")
			return
		}
		name := req.Model
		if name == "" {
			name = req.Name
		}
		if !s.hasModel(name) {
			writeError(w, http.StatusNotFound, fmt.Sprintf("model '%s' not found", name))
			return
		}
		writeJSON(w, http.StatusOK, api.ShowResponse{Modelfile: "FROM " + name, Template: "{{ .Prompt }}",
			Details: details(), Capabilities: nil, ModifiedAt: fixedTime})
	case r.URL.Path == "/api/chat" && r.Method == http.MethodPost:
		s.chat(w, r, body)
	default:
		writeError(w, http.StatusNotFound, "404 page not found")
	}
}

var fixedTime = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)

func details() api.ModelDetails {
	return api.ModelDetails{Format: "gguf", Family: "qwen2", Families: []string{"qwen2"}, ParameterSize: "3.1B", QuantizationLevel: "Q4_K_M"}
}

func (s *Server) chat(w http.ResponseWriter, r *http.Request, body []byte) {
	var req api.ChatRequest
	if err := json.Unmarshal(body, &req); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	if !s.hasModel(req.Model) {
		writeError(w, http.StatusNotFound, fmt.Sprintf("model '%s' not found", req.Model))
		return
	}
	s.mu.Lock()
	if len(s.replies) == 0 {
		s.mu.Unlock()
		writeError(w, http.StatusInternalServerError, "ollamatest: no scripted chat reply left")
		return
	}
	rep := s.replies[0]
	s.replies = s.replies[1:]
	s.mu.Unlock()
	if !wait(r, rep.Delay) {
		return
	}
	switch {
	case rep.Raw != "":
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		io.WriteString(w, rep.Raw)
		return
	case rep.Status != 0:
		writeError(w, rep.Status, rep.Error)
		return
	}
	reason := rep.DoneReason
	if reason == "" {
		reason = "stop"
	}
	stream := req.Stream == nil || *req.Stream
	final := api.ChatResponse{Model: req.Model, CreatedAt: fixedTime, Message: api.Message{Role: "assistant"}, Done: true, DoneReason: reason,
		Metrics: api.Metrics{TotalDuration: 1200 * time.Millisecond, LoadDuration: 100 * time.Millisecond, PromptEvalCount: 300, EvalCount: 60}}
	if !stream {
		if rep.CutOff {
			// The connection drops mid-answer: half an object, no done.
			w.Header().Set("Content-Type", "application/json; charset=utf-8")
			b, _ := json.Marshal(final)
			io.WriteString(w, string(b[:len(b)/2]))
			return
		}
		final.Message.Content = rep.Content
		writeJSON(w, http.StatusOK, final)
		return
	}
	w.Header().Set("Content-Type", "application/x-ndjson")
	w.WriteHeader(http.StatusOK)
	flusher, _ := w.(http.Flusher)
	enc := json.NewEncoder(w) // compact, one object per line
	for _, piece := range chunks(rep.Content, 3) {
		enc.Encode(api.ChatResponse{Model: req.Model, CreatedAt: fixedTime, Message: api.Message{Role: "assistant", Content: piece}})
		if flusher != nil {
			flusher.Flush()
		}
	}
	if rep.CutOff {
		return
	}
	enc.Encode(final)
}

// chunks splits s into about n pieces on rune boundaries.
func chunks(s string, n int) []string {
	if s == "" {
		return nil
	}
	size := (len(s) + n - 1) / n
	var out []string
	for len(s) > 0 {
		k := min(size, len(s))
		for k < len(s) && !utf8.RuneStart(s[k]) {
			k++
		}
		out = append(out, s[:k])
		s = s[k:]
	}
	return out
}

// wait sleeps for d unless the client goes away first.
func wait(r *http.Request, d time.Duration) bool {
	if d <= 0 {
		return true
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-r.Context().Done():
		return false
	}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v) // compact, like the real server
	if err != nil {
		status, b = http.StatusInternalServerError, []byte(`{"error":"ollamatest: encode failed"}`)
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	w.Write(b)
}

func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]string{"error": msg})
}

package ollamatest

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/ollama/ollama/api"
)

func TestChatStreamAndNot(t *testing.T) {
	s := New(t, "m:1b")
	c := s.Client()
	for _, stream := range []bool{false, true} {
		s.Reply(Reply{Content: `{"a":"ü日本"}`})
		var got strings.Builder
		var calls int
		var last api.ChatResponse
		err := c.Chat(context.Background(), &api.ChatRequest{Model: "m:1b", Stream: &stream}, func(r api.ChatResponse) error {
			calls++
			got.WriteString(r.Message.Content)
			last = r
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if got.String() != `{"a":"ü日本"}` || !last.Done || last.DoneReason != "stop" {
			t.Errorf("stream=%v: content %q done=%v reason=%q", stream, got.String(), last.Done, last.DoneReason)
		}
		if (calls == 1) == stream {
			t.Errorf("stream=%v: %d response objects", stream, calls)
		}
	}
}

func TestChatCutOffAndLength(t *testing.T) {
	s := New(t, "m")
	c := s.Client()
	stream := true
	s.Reply(Reply{Content: "abcdef", CutOff: true}, Reply{Content: "abc", DoneReason: "length"})
	done := false
	if err := c.Chat(context.Background(), &api.ChatRequest{Model: "m", Stream: &stream}, func(r api.ChatResponse) error {
		done = done || r.Done
		return nil
	}); err != nil || done {
		t.Errorf("cut-off stream: err=%v done=%v, want no error and never done", err, done)
	}
	reason := ""
	c.Chat(context.Background(), &api.ChatRequest{Model: "m", Stream: &stream}, func(r api.ChatResponse) error {
		reason = r.DoneReason
		return nil
	})
	if reason != "length" {
		t.Errorf("done_reason %q, want length", reason)
	}
}

func TestErrorsAndEndpoints(t *testing.T) {
	s := New(t, "qwen2.5:3b", "llama3")
	c := s.Client()
	ctx := context.Background()
	_, err := c.Show(ctx, &api.ShowRequest{Model: "nope:1b"})
	var se api.StatusError
	if !errors.As(err, &se) || se.StatusCode != http.StatusNotFound || se.ErrorMessage != "model 'nope:1b' not found" {
		t.Errorf("show missing: %v", err)
	}
	stream := false
	err = c.Chat(ctx, &api.ChatRequest{Model: "nope", Stream: &stream}, func(api.ChatResponse) error { return nil })
	if !errors.As(err, &se) || se.StatusCode != http.StatusNotFound {
		t.Errorf("chat missing: %v", err)
	}
	if _, err := c.Show(ctx, &api.ShowRequest{Model: "llama3:latest"}); err != nil {
		t.Errorf("show llama3:latest: %v", err)
	}
	if err := c.Heartbeat(ctx); err != nil {
		t.Errorf("heartbeat: %v", err)
	}
	if v, err := c.Version(ctx); err != nil || v == "" {
		t.Errorf("version %q, %v", v, err)
	}
	l, err := c.List(ctx)
	if err != nil || len(l.Models) != 2 || l.Models[0].Name != "qwen2.5:3b" {
		t.Errorf("list %+v, %v", l, err)
	}
	resp, err := http.Get(s.URL + "/api/version")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if string(b) != `{"version":"0.17.4"}` {
		t.Errorf("version body %q is not compact JSON", b)
	}
	if n := len(s.Requests()); n != 7 {
		t.Errorf("%d recorded requests, want 7", n)
	}
}

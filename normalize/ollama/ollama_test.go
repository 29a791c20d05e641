package ollama

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/autofix/autofix/normalize"
	"github.com/autofix/autofix/normalize/ollamatest"
	"github.com/ollama/ollama/api"
)

const model = "qwen2.5:3b"

const goodAnswer = `{"category":"TOOL","instruction":"Always use pnpm instead of npm","why":"user corrected the package manager (supersedes rule 1)","supersedes":["1"],"language":"en","vague":false}`

var existingRules = []normalize.Existing{{ID: "1", Category: "TOOL", Instruction: "Always use npm"}, {ID: "2", Category: "STYLE", Instruction: "Always use tabs"}}

func opts(s *ollamatest.Server) Options {
	return Options{Client: s.Client(), Model: model, Timeout: 5 * time.Second, Host: s.Host()}
}

func TestOllamaGoodAnswer(t *testing.T) {
	s := ollamatest.New(t, model)
	s.Reply(ollamatest.Reply{Content: goodAnswer})
	res, err := normalize.Normalize(context.Background(), "no, we use pnpm here", existingRules, normalize.Options{Model: opts(s)})
	if err != nil {
		t.Fatal(err)
	}
	want := normalize.Result{Category: "TOOL", Instruction: "Always use pnpm instead of npm", Why: "user corrected the package manager (supersedes rule 1)",
		Supersedes: []string{"1"}, Normalizer: "ollama:" + model, Language: "en"}
	if got, _ := json.Marshal(res); string(got) != string(mustJSON(want)) {
		t.Errorf("result\n got %s\nwant %s", got, mustJSON(want))
	}
	reqs := s.ChatRequests()
	if len(reqs) != 1 {
		t.Fatalf("%d chat requests, want 1", len(reqs))
	}
	f := reqs[0].Fields()
	if f["stream"] != false || f["think"] != false || f["model"] != model {
		t.Errorf("stream=%v think=%v model=%v, want false, false, %s", f["stream"], f["think"], f["model"], model)
	}
	o, _ := f["options"].(map[string]any)
	if temp, ok := o["temperature"].(float64); !ok || temp != 0 {
		t.Errorf("options.temperature = %#v, want the number 0", o["temperature"])
	}
	for _, k := range []string{"seed", "num_ctx", "num_predict"} {
		if _, ok := o[k].(float64); !ok {
			t.Errorf("options.%s = %#v, want a number", k, o[k])
		}
	}
	format, _ := f["format"].(map[string]any)
	props, _ := format["properties"].(map[string]any)
	cat, _ := props["category"].(map[string]any)
	if enum, _ := cat["enum"].([]any); len(enum) != len(normalize.Categories) {
		t.Errorf("format.properties.category.enum = %v, want the %d categories", cat["enum"], len(normalize.Categories))
	}
	if req, _ := format["required"].([]any); len(req) != 6 {
		t.Errorf("format.required = %v, want all six fields", format["required"])
	}
	cr, err := reqs[0].Chat()
	if err != nil {
		t.Fatal(err)
	}
	if n := len(cr.Messages); n != 2+2*len(examples) {
		t.Fatalf("%d messages, want system + %d example turns + the text", n, 2*len(examples))
	}
	if cr.Messages[0].Role != "system" || !strings.Contains(cr.Messages[0].Content, `"Always "`) {
		t.Errorf("first message is not the system prompt: %+v", cr.Messages[0])
	}
	if cr.Messages[1].Role != "user" || cr.Messages[2].Role != "assistant" || cr.Messages[2].Content != examples[0].assistant {
		t.Errorf("examples missing: %+v", cr.Messages[1:3])
	}
	last := cr.Messages[len(cr.Messages)-1].Content
	if !strings.Contains(last, "#1 [TOOL] Always use npm") || !strings.HasSuffix(last, "Text: no, we use pnpm here") {
		t.Errorf("last message does not show the numbered rules and the text: %q", last)
	}
}

func mustJSON(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}

func TestOllamaRetry(t *testing.T) {
	tests := []struct {
		name    string
		replies []ollamatest.Reply
		calls   int
		wantErr error
		inRetry string // text the retry message must carry
	}{
		{"schema broken then good", []ollamatest.Reply{{Content: `{"category":"TOOLS","instruction":"use pnpm"}`}, {Content: goodAnswer}}, 2, nil, "category"},
		{"not imperative then good", []ollamatest.Reply{{Content: strings.Replace(goodAnswer, "Always use", "You could use", 1)}, {Content: goodAnswer}}, 2, nil, "Always"},
		{"unknown supersedes then good", []ollamatest.Reply{{Content: strings.Replace(goodAnswer, `["1"]`, `["9"]`, 1)}, {Content: goodAnswer}}, 2, nil, "not an existing rule"},
		{"two bad answers", []ollamatest.Reply{{Content: "not json"}, {Content: `{"category":"TOOL"}`}}, 2, normalize.ErrInvalidOutput, ""},
		{"length twice", []ollamatest.Reply{{Content: goodAnswer[:40], DoneReason: "length"}, {Content: goodAnswer[:40], DoneReason: "length"}}, 2, normalize.ErrInvalidOutput, ""},
		{"length then good", []ollamatest.Reply{{Content: goodAnswer[:40], DoneReason: "length"}, {Content: goodAnswer}}, 2, nil, "length"},
		{"cut off twice", []ollamatest.Reply{{Content: goodAnswer, CutOff: true}, {Content: goodAnswer, CutOff: true}}, 2, normalize.ErrInvalidOutput, ""},
		{"model says vague", []ollamatest.Reply{{Content: `{"category":"OTHER","instruction":"","why":"","supersedes":[],"language":"en","vague":true}`}}, 1, normalize.ErrVague, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := ollamatest.New(t, model)
			s.Reply(tt.replies...)
			res, err := normalize.Normalize(context.Background(), "no, we use pnpm here", existingRules, normalize.Options{Model: opts(s)})
			if n := len(s.ChatRequests()); n != tt.calls {
				t.Errorf("%d chat calls, want %d", n, tt.calls)
			}
			if tt.wantErr != nil {
				if !errors.Is(err, tt.wantErr) {
					t.Fatalf("err = %v, want %v", err, tt.wantErr)
				}
				if res.Instruction != "" || res.Category != "" {
					t.Errorf("partial result %+v with error", res)
				}
				var h interface{ Hint() string }
				if !errors.As(err, &h) || h.Hint() == "" {
					t.Errorf("error %v has no hint", err)
				}
				return
			}
			if err != nil || res.Instruction != "Always use pnpm instead of npm" {
				t.Fatalf("got %+v, %v", res, err)
			}
			cr, _ := s.ChatRequests()[1].Chat()
			msgs := cr.Messages
			if len(msgs) < 2 || msgs[len(msgs)-2].Role != "assistant" || !strings.Contains(msgs[len(msgs)-1].Content, tt.inRetry) {
				t.Errorf("retry does not carry the validation error (%q): %+v", tt.inRetry, msgs[len(msgs)-2:])
			}
		})
	}
}

func TestOllamaFailures(t *testing.T) {
	t.Run("model not found", func(t *testing.T) {
		s := ollamatest.New(t) // no models
		_, err := normalize.Normalize(context.Background(), "use pnpm", nil, normalize.Options{Model: opts(s)})
		var nf *normalize.ModelNotFoundError
		if !errors.Is(err, normalize.ErrModelNotFound) || !errors.As(err, &nf) || !strings.Contains(nf.Hint(), "ollama pull "+model) {
			t.Fatalf("err = %v, want normalize.ModelNotFoundError with the pull hint", err)
		}
	})
	t.Run("server error", func(t *testing.T) {
		s := ollamatest.New(t, model)
		s.Reply(ollamatest.Reply{Status: http.StatusInternalServerError, Error: "llama runner process has terminated"})
		if _, err := normalize.Normalize(context.Background(), "use pnpm", nil, normalize.Options{Model: opts(s)}); !errors.Is(err, normalize.ErrModelUnavailable) {
			t.Fatalf("err = %v, want normalize.ErrModelUnavailable", err)
		}
	})
	t.Run("server down", func(t *testing.T) {
		s := ollamatest.Start(model)
		o := opts(s)
		s.Close()
		_, err := normalize.Normalize(context.Background(), "use pnpm", nil, normalize.Options{Model: o})
		var h interface{ Hint() string }
		if !errors.Is(err, normalize.ErrModelUnavailable) || !errors.As(err, &h) || !strings.Contains(h.Hint(), "--model off") {
			t.Fatalf("err = %v, want normalize.ErrModelUnavailable with a hint", err)
		}
	})
	t.Run("slow server past the deadline", func(t *testing.T) {
		s := ollamatest.New(t, model)
		s.Reply(ollamatest.Reply{Content: goodAnswer, Delay: time.Minute})
		o := opts(s)
		o.Timeout = 50 * time.Millisecond
		_, err := normalize.Normalize(context.Background(), "use pnpm", nil, normalize.Options{Model: o})
		var ue *normalize.UnavailableError
		if !errors.As(err, &ue) || ue.Timeout != o.Timeout || !strings.Contains(err.Error(), "did not answer within") {
			t.Fatalf("err = %v, want a timeout normalize.UnavailableError", err)
		}
	})
	t.Run("canceled", func(t *testing.T) {
		s := ollamatest.New(t, model)
		s.Reply(ollamatest.Reply{Content: goodAnswer, Delay: time.Minute})
		ctx, cancel := context.WithCancel(context.Background())
		go func() {
			for len(s.ChatRequests()) == 0 {
				time.Sleep(time.Millisecond)
			}
			cancel()
		}()
		_, err := normalize.Normalize(ctx, "use pnpm", nil, normalize.Options{Model: opts(s)})
		if !errors.Is(err, context.Canceled) || errors.Is(err, normalize.ErrModelUnavailable) {
			t.Fatalf("err = %v, want context.Canceled only", err)
		}
	})
	t.Run("vague text never reaches the model", func(t *testing.T) {
		s := ollamatest.New(t, model)
		if _, err := normalize.Normalize(context.Background(), "write clean code", nil, normalize.Options{Model: opts(s)}); !errors.Is(err, normalize.ErrVague) {
			t.Fatalf("err = %v, want normalize.ErrVague", err)
		}
		if n := len(s.ChatRequests()); n != 0 {
			t.Errorf("%d chat calls for vague text", n)
		}
	})
}

func TestProbe(t *testing.T) {
	t.Run("ready, any version string", func(t *testing.T) {
		s := ollamatest.New(t, model)
		s.SetVersion("0.0.0")
		if err := Probe(context.Background(), opts(s)); err != nil {
			t.Fatal(err)
		}
		paths := []string{}
		for _, r := range s.Requests() {
			paths = append(paths, r.Method+" "+r.Path)
		}
		if strings.Join(paths, ",") != "GET /api/version,POST /api/show" {
			t.Errorf("probe made %v", paths)
		}
	})
	t.Run("model missing", func(t *testing.T) {
		s := ollamatest.New(t, "llama3.2:1b")
		if err := Probe(context.Background(), opts(s)); !errors.Is(err, normalize.ErrModelNotFound) {
			t.Fatalf("err = %v, want normalize.ErrModelNotFound", err)
		}
	})
	t.Run("slow version", func(t *testing.T) {
		s := ollamatest.New(t, model)
		s.SetVersionDelay(time.Minute)
		if err := Probe(context.Background(), opts(s)); !errors.Is(err, normalize.ErrModelUnavailable) {
			t.Fatalf("err = %v, want normalize.ErrModelUnavailable", err)
		}
	})
	t.Run("down", func(t *testing.T) {
		u, _ := url.Parse("http://127.0.0.1:9")
		if err := Probe(context.Background(), Options{Client: api.NewClient(u, http.DefaultClient), Model: model}); !errors.Is(err, normalize.ErrModelUnavailable) {
			t.Fatalf("err = %v, want normalize.ErrModelUnavailable", err)
		}
	})
}

// TestOllamaValidation checks that a model answer passes the same checks
// as a built-in rule: concrete, and the person's backticked code and paths
// kept byte for byte; an answer that fails is retried once with the reason.
func TestOllamaValidation(t *testing.T) {
	answer := func(instr string) ollamatest.Reply {
		return ollamatest.Reply{Content: string(mustJSON(map[string]any{"category": "ARCH", "instruction": instr, "why": "user said where handlers go",
			"supersedes": []string{}, "language": "en", "vague": false}))}
	}
	const text = "put route handlers in src/server/routes and run `make check` after"
	const good = "Always put route handlers in src/server/routes and run `make check` after"
	tests := []struct {
		name    string
		replies []ollamatest.Reply
		wantErr error
		inRetry string
	}{
		{"path dropped then kept", []ollamatest.Reply{answer("Always put route handlers in the routes folder and run `make check` after"), answer(good)}, nil, `"src/server/routes"`},
		{"backticks dropped then kept", []ollamatest.Reply{answer("Always put route handlers in src/server/routes and run the checks"), answer(good)}, nil, "`make check`"},
		{"nothing concrete then concrete", []ollamatest.Reply{answer("Always follow the team conventions"), answer(good)}, nil, "names nothing concrete"},
		{"path dropped twice", []ollamatest.Reply{answer("Always put route handlers in the routes folder"), answer("Always put handlers where they belong")}, normalize.ErrInvalidOutput, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := ollamatest.New(t, model)
			s.Reply(tt.replies...)
			res, err := normalize.Normalize(context.Background(), text, nil, normalize.Options{Model: opts(s)})
			if n := len(s.ChatRequests()); n != 2 {
				t.Errorf("%d chat calls, want 2 (one retry)", n)
			}
			if tt.wantErr != nil {
				if !errors.Is(err, tt.wantErr) || res.Instruction != "" {
					t.Fatalf("got %+v, %v; want no result and %v", res, err, tt.wantErr)
				}
				return
			}
			if err != nil || res.Instruction != good {
				t.Fatalf("got %+v, %v; want %q", res, err, good)
			}
			cr, _ := s.ChatRequests()[1].Chat()
			if last := cr.Messages[len(cr.Messages)-1].Content; !strings.Contains(last, tt.inRetry) {
				t.Errorf("retry %q does not carry the reason %q", last, tt.inRetry)
			}
		})
	}
}

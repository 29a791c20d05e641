// Package ollama is the language model path of package normalize: one
// Ollama chat call (system prompt, examples, temperature 0, the JSON schema
// of the answer as the structured-output format) whose answer
// [normalize.ParseAnswer] validates, retried once with the reason; the
// configured mode (auto, off or a model name) and the check that a server
// answers and has the model. It is apart from normalize so that what
// needs only the built-in normalizer (the hooks) does not link net.
package ollama

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/autofix/autofix/normalize"
	"github.com/ollama/ollama/api"
)

// Options ask one model of an Ollama server.
type Options struct {
	// Client is the Ollama client.
	Client *api.Client
	// Model is the Ollama model to ask.
	Model string
	// Timeout bounds each model call; zero means DefaultTimeout.
	Timeout time.Duration
	// Host names the Ollama server in error messages (OLLAMA_HOST).
	Host string
	// ProbeTimeout bounds the version check of [Probe]; zero means
	// [ProbeTimeout].
	ProbeTimeout time.Duration
}

// DefaultTimeout bounds a model call when Options.Timeout is zero.
const DefaultTimeout = 60 * time.Second

// ProbeTimeout bounds the version check of [Probe]: a local server answers
// in a few milliseconds.
const ProbeTimeout = 300 * time.Millisecond

// showTimeout bounds the model check of [Probe].
const showTimeout = 2 * time.Second

// Probe reports whether opts.Client answers /api/version within
// opts.ProbeTimeout (default [ProbeTimeout]) and has opts.Model. Any version string is accepted (a
// source build reports 0.0.0). The error matches [normalize.ErrModelUnavailable] or
// [normalize.ErrModelNotFound], or wraps the context's error.
func Probe(ctx context.Context, opts Options) error {
	if opts.Client == nil {
		return &normalize.UnavailableError{Host: opts.Host, Err: errors.New("no client")}
	}
	timeout := opts.ProbeTimeout
	if timeout <= 0 {
		timeout = ProbeTimeout
	}
	vctx, cancel := context.WithTimeout(ctx, timeout)
	_, err := opts.Client.Version(vctx)
	cancel()
	if err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("probe ollama: %w", ctx.Err())
		}
		if errors.Is(err, context.DeadlineExceeded) {
			return &normalize.UnavailableError{Host: opts.Host, Timeout: timeout, Err: err}
		}
		return &normalize.UnavailableError{Host: opts.Host, Err: err}
	}
	sctx, cancel := context.WithTimeout(ctx, showTimeout)
	defer cancel()
	_, err = opts.Client.Show(sctx, &api.ShowRequest{Model: opts.Model})
	if err == nil {
		return nil
	}
	var se api.StatusError
	switch {
	case ctx.Err() != nil:
		return fmt.Errorf("probe ollama: %w", ctx.Err())
	case errors.As(err, &se) && se.StatusCode == http.StatusNotFound:
		return &normalize.ModelNotFoundError{Model: opts.Model}
	case errors.As(err, &se):
		// An old or unusual server without /api/show: look in /api/tags.
		list, lerr := opts.Client.List(sctx)
		if lerr != nil {
			return &normalize.UnavailableError{Host: opts.Host, Err: lerr}
		}
		for _, m := range list.Models {
			if sameModel(m.Name, opts.Model) || sameModel(m.Model, opts.Model) {
				return nil
			}
		}
		return &normalize.ModelNotFoundError{Model: opts.Model}
	default:
		return &normalize.UnavailableError{Host: opts.Host, Err: err}
	}
}

func sameModel(a, b string) bool {
	norm := func(s string) string {
		if !strings.Contains(s, ":") {
			return s + ":latest"
		}
		return s
	}
	return a != "" && norm(a) == norm(b)
}

const systemPrompt = `You turn what a developer says to an AI coding agent (a correction, a rejection, a preference, or a lesson from a bug) into one durable project rule that a different AI can follow without ambiguity.

Answer with one JSON object and nothing else:
{"category": one of STYLE, CODE, ARCH, TOOL, PROCESS, DATA, UX, OTHER,
 "instruction": the rule,
 "why": one short sentence: why the rule exists, from the developer's words,
 "supersedes": the ids of existing rules this rule replaces (same subject, opposite direction), else [],
 "language": the ISO 639-1 code of the developer's text,
 "vague": true only when the text names no concrete behaviour}

Categories: STYLE formatting, naming, import order, comments. CODE language patterns, library choice, types, error handling. ARCH directories, module boundaries, layers. TOOL CLI commands, build tools, package managers, test frameworks. PROCESS git workflow, commit messages, PR requirements, test gates. DATA schemas, migrations, caching, state shapes. UX UI behaviour, copy, accessibility. OTHER anything else, including documentation.

The instruction is a strict imperative in the language of the text. In English it starts with "Always " or "Never "; in German "Immer " or "Niemals "; in French "Toujours " or "Ne jamais "; in Spanish "Siempre " or "Nunca "; in Japanese "常に" or "決して". It may end with " - because <reason>". Keep technical terms (tools, libraries, paths, identifiers) exactly as written. One line, at most 500 characters.

Vague advice such as "write clean code", "be better" or "make it nicer" names no behaviour: answer {"vague": true} with an empty instruction and category OTHER.`

// examples are few-shot turns: a user text and the expected answer.
var examples = []struct{ user, assistant string }{
	{
		"Existing rules:\n(none)\n\nText: stop leaving console.log calls in committed code",
		`{"category":"PROCESS","instruction":"Never commit code that contains console.log calls","why":"user asked not to leave console.log calls in committed code","supersedes":[],"language":"en","vague":false}`,
	},
	{
		"Existing rules:\n#3 [CODE] Always use moment for date handling\n\nText: Bitte nimm date-fns statt moment",
		`{"category":"CODE","instruction":"Immer date-fns statt moment verwenden","why":"user asked to switch from moment to date-fns (supersedes rule 3)","supersedes":["3"],"language":"de","vague":false}`,
	},
	{
		"Existing rules:\n(none)\n\nText: make the code nicer",
		`{"category":"OTHER","instruction":"","why":"","supersedes":[],"language":"en","vague":true}`,
	},
	{
		"Existing rules:\n(none)\n\nText: マイグレーションファイルは手で編集しないで",
		`{"category":"DATA","instruction":"決してマイグレーションファイルを手で編集しないこと","why":"マイグレーションは手で編集しないよう指示された","supersedes":[],"language":"ja","vague":false}`,
	},
}

// maxExistingShown bounds how many existing rules the model sees.
const maxExistingShown = 60

// Request builds the chat request for text: exported so tests and tools can
// inspect what is sent.
func Request(text string, existing []normalize.Existing, model string) *api.ChatRequest {
	msgs := []api.Message{{Role: "system", Content: systemPrompt}}
	for _, e := range examples {
		msgs = append(msgs, api.Message{Role: "user", Content: e.user}, api.Message{Role: "assistant", Content: e.assistant})
	}
	msgs = append(msgs, api.Message{Role: "user", Content: userTurn(text, existing)})
	stream := false
	return &api.ChatRequest{
		Model:    model,
		Messages: msgs,
		Stream:   &stream,
		Format:   normalize.Schema,
		// A map, not api.Options: its omitempty would drop temperature 0
		// and the server would sample at its default 0.8.
		Options: map[string]any{"temperature": 0, "seed": 42, "num_ctx": 8192, "num_predict": 512},
		Think:   &api.ThinkValue{Value: false},
	}
}

func userTurn(text string, existing []normalize.Existing) string {
	var b strings.Builder
	b.WriteString("Existing rules:\n")
	if len(existing) == 0 {
		b.WriteString("(none)\n")
	}
	if len(existing) > maxExistingShown {
		existing = existing[len(existing)-maxExistingShown:]
	}
	for _, e := range existing {
		fmt.Fprintf(&b, "#%s [%s] %s\n", e.ID, e.Category, e.Instruction)
	}
	b.WriteString("\nText: ")
	b.WriteString(text)
	return b.String()
}

// Normalize asks the model to turn text into a rule ([normalize.Model]):
// a reply that [normalize.ParseAnswer] refuses is asked again once, with
// the reason.
func (opts Options) Normalize(ctx context.Context, text string, existing []normalize.Existing) (normalize.Result, error) {
	if normalize.Vague(text) {
		return normalize.Result{}, &normalize.VagueError{Text: text}
	}
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	req := Request(text, existing, opts.Model)
	var lastErr error
	for attempt := 0; attempt < 2; attempt++ {
		content, err := chat(ctx, req, opts)
		if err != nil {
			var inv *invalidAnswer
			if !errors.As(err, &inv) {
				return normalize.Result{}, err
			}
			lastErr = err
		} else {
			res, err := normalize.ParseAnswer(content, text, existing)
			if errors.Is(err, normalize.ErrVague) {
				return normalize.Result{}, &normalize.VagueError{Text: text}
			}
			if err == nil {
				res.Normalizer = "ollama:" + opts.Model
				return res, nil
			}
			lastErr = err
		}
		req.Messages = append(req.Messages,
			api.Message{Role: "assistant", Content: content},
			api.Message{Role: "user", Content: fmt.Sprintf("That answer is invalid: %v. Reply again with only the corrected JSON object.", lastErr)})
	}
	return normalize.Result{}, &normalize.InvalidOutputError{Model: opts.Model, Err: lastErr}
}

// invalidAnswer is a reply that arrived but cannot be used.
type invalidAnswer struct{ reason string }

func (e *invalidAnswer) Error() string { return e.reason }

// chat makes one bounded call and returns the complete answer.
func chat(ctx context.Context, req *api.ChatRequest, opts Options) (string, error) {
	cctx, cancel := context.WithTimeout(ctx, opts.Timeout)
	defer cancel()
	var content strings.Builder
	done, reason := false, ""
	err := opts.Client.Chat(cctx, req, func(r api.ChatResponse) error {
		content.WriteString(r.Message.Content)
		if r.Done {
			done, reason = true, r.DoneReason
		}
		return nil
	})
	var se api.StatusError
	switch {
	case ctx.Err() != nil:
		return "", fmt.Errorf("normalize: %w", ctx.Err())
	case err == nil:
	case errors.Is(err, context.DeadlineExceeded) || cctx.Err() != nil:
		return "", &normalize.UnavailableError{Host: opts.Host, Timeout: opts.Timeout, Err: err}
	case errors.As(err, &se) && se.StatusCode == http.StatusNotFound:
		return "", &normalize.ModelNotFoundError{Model: req.Model}
	case errors.As(err, &se):
		return "", &normalize.UnavailableError{Host: opts.Host, Err: err}
	default:
		var ae api.AuthorizationError
		if errors.As(err, &ae) {
			return "", &normalize.UnavailableError{Host: opts.Host, Err: err}
		}
		if strings.Contains(err.Error(), "connect") || strings.Contains(err.Error(), "dial") || strings.Contains(err.Error(), "EOF") {
			return "", &normalize.UnavailableError{Host: opts.Host, Err: err}
		}
		// The server sent something that is not a chat response.
		return content.String(), &invalidAnswer{"the server's reply is not a chat response: " + err.Error()}
	}
	switch {
	case !done:
		return content.String(), &invalidAnswer{"the answer was cut off before it was complete"}
	case reason == "length":
		return content.String(), &invalidAnswer{"the answer hit the length limit and is incomplete"}
	case reason != "stop" && reason != "":
		return content.String(), &invalidAnswer{fmt.Sprintf("the answer stopped early (%s)", reason)}
	}
	return content.String(), nil
}

package normalize

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/autofix/autofix/category"
	"github.com/ollama/ollama/api"
)

// ProbeTimeout bounds the version check of [Probe]: a local server answers
// in a few milliseconds.
const ProbeTimeout = 300 * time.Millisecond

// showTimeout bounds the model check of [Probe].
const showTimeout = 2 * time.Second

// Probe reports whether opts.Client answers /api/version within
// opts.ProbeTimeout (default [ProbeTimeout]) and has opts.Model. Any version string is accepted (a
// source build reports 0.0.0). The error matches [ErrModelUnavailable] or
// [ErrModelNotFound], or wraps the context's error.
func Probe(ctx context.Context, opts Options) error {
	if opts.Client == nil {
		return &UnavailableError{Host: opts.Host, Err: errors.New("no client")}
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
			return &UnavailableError{Host: opts.Host, Timeout: timeout, Err: err}
		}
		return &UnavailableError{Host: opts.Host, Err: err}
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
		return &ModelNotFoundError{Model: opts.Model}
	case errors.As(err, &se):
		// An old or unusual server without /api/show: look in /api/tags.
		list, lerr := opts.Client.List(sctx)
		if lerr != nil {
			return &UnavailableError{Host: opts.Host, Err: lerr}
		}
		for _, m := range list.Models {
			if sameModel(m.Name, opts.Model) || sameModel(m.Model, opts.Model) {
				return nil
			}
		}
		return &ModelNotFoundError{Model: opts.Model}
	default:
		return &UnavailableError{Host: opts.Host, Err: err}
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

// answer is the JSON object the model must produce.
type answer struct {
	Category    string          `json:"category"`
	Instruction string          `json:"instruction"`
	Why         string          `json:"why"`
	Supersedes  json.RawMessage `json:"supersedes"`
	Language    string          `json:"language"`
	Vague       bool            `json:"vague"`
}

// Schema is the JSON schema of the model's answer, sent as the
// structured-output format.
var Schema = json.RawMessage(`{"type":"object","properties":{` +
	`"category":{"type":"string","enum":["STYLE","CODE","ARCH","TOOL","PROCESS","DATA","UX","OTHER"]},` +
	`"instruction":{"type":"string","minLength":8,"maxLength":500},` +
	`"why":{"type":"string","maxLength":500},` +
	`"supersedes":{"type":"array","items":{"type":"string"}},` +
	`"language":{"type":"string","minLength":2,"maxLength":3},` +
	`"vague":{"type":"boolean"}},` +
	`"required":["category","instruction","why","supersedes","language","vague"]}`)

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
func Request(text string, existing []Existing, model string) *api.ChatRequest {
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
		Format:   Schema,
		// A map, not api.Options: its omitempty would drop temperature 0
		// and the server would sample at its default 0.8.
		Options: map[string]any{"temperature": 0, "seed": 42, "num_ctx": 8192, "num_predict": 512},
		Think:   &api.ThinkValue{Value: false},
	}
}

func userTurn(text string, existing []Existing) string {
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

func normalizeOllama(ctx context.Context, text string, existing []Existing, opts Options) (Result, error) {
	lang := detectLanguage(text)
	if isVague(text, lang) {
		return Result{}, &VagueError{Text: text}
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
				return Result{}, err
			}
			lastErr = err
		} else {
			res, err := validate(content, text, existing, lang)
			if errors.Is(err, ErrVague) {
				return Result{}, &VagueError{Text: text}
			}
			if err == nil {
				res.Normalizer = "ollama:" + opts.Model
				for _, e := range existing {
					if !slices.Contains(res.Supersedes, e.ID) && Conflicts(res.Instruction, e.Instruction) {
						res.Supersedes = append(res.Supersedes, e.ID)
					}
				}
				if len(res.Supersedes) > 0 && !strings.Contains(res.Why, "supersedes") {
					res.Why = strings.TrimSpace(res.Why + " " + supersedesNote(res.Supersedes))
				}
				return res, nil
			}
			lastErr = err
		}
		req.Messages = append(req.Messages,
			api.Message{Role: "assistant", Content: content},
			api.Message{Role: "user", Content: fmt.Sprintf("That answer is invalid: %v. Reply again with only the corrected JSON object.", lastErr)})
	}
	return Result{}, &InvalidOutputError{Model: opts.Model, Err: lastErr}
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
		return "", &UnavailableError{Host: opts.Host, Timeout: opts.Timeout, Err: err}
	case errors.As(err, &se) && se.StatusCode == http.StatusNotFound:
		return "", &ModelNotFoundError{Model: req.Model}
	case errors.As(err, &se):
		return "", &UnavailableError{Host: opts.Host, Err: err}
	default:
		var ae api.AuthorizationError
		if errors.As(err, &ae) {
			return "", &UnavailableError{Host: opts.Host, Err: err}
		}
		if strings.Contains(err.Error(), "connect") || strings.Contains(err.Error(), "dial") || strings.Contains(err.Error(), "EOF") {
			return "", &UnavailableError{Host: opts.Host, Err: err}
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

// validate parses and checks the model's answer to text: the same checks
// as the built-in normalizer's rules (strict imperative, concrete), and
// every technical term the person wrote in backticks or as a path kept
// byte for byte.
func validate(content, text string, existing []Existing, detected string) (Result, error) {
	var a answer
	dec := json.NewDecoder(strings.NewReader(content))
	if err := dec.Decode(&a); err != nil {
		return Result{}, fmt.Errorf("the answer is not the JSON object of the schema: %v", err)
	}
	if a.Vague {
		return Result{}, ErrVague
	}
	c, ok := category.Parse(a.Category)
	if !ok {
		return Result{}, fmt.Errorf("category %q is not one of %s", a.Category, strings.Join(Categories, ", "))
	}
	cat := string(c)
	instr := strings.TrimSpace(a.Instruction)
	if err := CheckInstruction(instr); err != nil {
		return Result{}, err
	}
	if !concreteInstruction(instr) {
		return Result{}, fmt.Errorf("the instruction %q names nothing concrete (a tool, package, command, file, path, identifier or domain noun): name it, or answer vague", instr)
	}
	for _, tok := range keptTokens(text) {
		if !strings.Contains(instr, tok) && !strings.Contains(instr, strings.Trim(tok, "`")) {
			return Result{}, fmt.Errorf("the instruction drops %q from the text: copy it byte for byte", tok)
		}
	}
	why := strings.TrimSpace(a.Why)
	if why == "" || len(why) > 500 || strings.ContainsAny(why, "\n\r") {
		return Result{}, errors.New(`"why" must be one line of 1 to 500 characters`)
	}
	sup, err := supersedesOf(a.Supersedes, existing)
	if err != nil {
		return Result{}, err
	}
	lang := strings.ToLower(strings.TrimSpace(a.Language))
	if len(lang) < 2 || len(lang) > 3 || !isASCIILetters(lang) {
		lang = detected
	}
	return Result{Category: cat, Instruction: instr, Why: why, Supersedes: sup, Language: lang}, nil
}

// supersedesOf accepts ids as strings or numbers ("4", 4, "#4", "rule 4")
// and requires each to name an existing rule.
func supersedesOf(raw json.RawMessage, existing []Existing) ([]string, error) {
	out := []string{}
	if len(raw) == 0 || string(raw) == "null" {
		return out, nil
	}
	var items []any
	if err := json.Unmarshal(raw, &items); err != nil {
		return nil, errors.New(`"supersedes" must be an array of rule ids`)
	}
	for _, it := range items {
		var id string
		switch v := it.(type) {
		case string:
			id = strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(strings.TrimSpace(v), "rule "), "#"))
		case float64:
			id = fmt.Sprint(int64(v))
		default:
			return nil, fmt.Errorf(`"supersedes" item %v is not a rule id`, it)
		}
		found := false
		for _, e := range existing {
			if e.ID == id {
				found = true
				break
			}
		}
		if !found {
			return nil, fmt.Errorf(`"supersedes" names %q, which is not an existing rule`, id)
		}
		if !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out, nil
}

func isASCIILetters(s string) bool {
	for _, r := range s {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	return true
}

// concreteInstruction runs the concreteness test of the built-in
// normalizer on an instruction.
func concreteInstruction(instr string) bool {
	prefix, lang, _ := markerOf(instr)
	body := instr[len(prefix):]
	lower := strings.ToLower(body)
	return measure(body, lower, splitWords(lower), lang, protect(body, lang)).ok()
}

// keptTokens are the technical terms of text an instruction must keep:
// backticked code and paths.
func keptTokens(text string) []string {
	var out []string
	for _, tok := range protect(text, detectLanguage(text)).tokens {
		if strings.HasPrefix(tok, "`") || strings.Contains(tok, "/") {
			out = append(out, tok)
		}
	}
	return out
}

package normalize

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/autofix/autofix/category"
)

// A Model normalizes text with a language model (package
// normalize/ollama asks an Ollama server). text is non-empty, one line,
// without control characters.
type Model interface {
	Normalize(ctx context.Context, text string, existing []Existing) (Result, error)
}

// Vague reports whether text names no concrete behaviour (the built-in
// normalizer's test, which a model is not asked to repeat).
func Vague(text string) bool { return isVague(text, detectLanguage(text)) }

// ParseAnswer parses and checks a model's answer to text (the JSON object
// of [Schema]): the same checks as the built-in normalizer's (strict
// imperative, concrete), and every technical term the person wrote in
// backticks or as a path kept byte for byte. A rule in existing that the
// instruction conflicts with is added to Supersedes. An answer that says
// the text is vague is [ErrVague]; any other error says what is wrong with
// the answer, for the model to correct.
func ParseAnswer(content, text string, existing []Existing) (Result, error) {
	res, err := validate(content, text, existing, detectLanguage(text))
	if err != nil {
		return Result{}, err
	}
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

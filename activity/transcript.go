package activity

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"regexp"
	"strings"
	"sync"
)

// maxTranscriptTail bounds how much of a transcript's end [Referenced]
// reads: the last turn, not the whole session.
const maxTranscriptTail = 1 << 20

// markerRE finds the markers by which a brief names rules — "project #4",
// "personal p2" — and the words an assistant uses for them: "rule #4",
// "preference p2".
var markerRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(?:project|rule) #(\d+)\b|\b(?:personal|preference) (p\d+)\b`)
})

// Referenced returns, of the delivered keys (brief.Key: "project:4",
// "personal:p2"), those whose marker appears in what the assistant wrote in
// the last turn: its text and its tool calls' input, read from the
// transcript at path (Claude Code's or Codex's JSONL; empty: none), and in
// lastMessage; and, when byTerms is not nil, those it returns for that
// text (the rules whose distinctive terms it holds). The last turn is what follows the last prompt of the person
// in the transcript; text the person or autofix put in the context does not
// count. A transcript that does not exist references nothing; the text read
// is not kept.
func Referenced(path, lastMessage string, keys []string, byTerms func(text string) []string) ([]string, error) {
	if len(keys) == 0 {
		return nil, nil
	}
	var text strings.Builder
	text.WriteString(lastMessage)
	if path != "" {
		turn, err := lastTurn(path, byTerms != nil)
		if err != nil {
			return nil, err
		}
		text.WriteString("\n")
		text.WriteString(turn)
	}
	found := map[string]bool{}
	for _, m := range markerRE().FindAllStringSubmatch(text.String(), -1) {
		if m[1] != "" {
			found["project:"+m[1]] = true
		} else {
			found["personal:"+strings.ToLower(m[2])] = true
		}
	}
	if byTerms != nil {
		for _, k := range byTerms(text.String()) {
			found[k] = true
		}
	}
	var out []string
	for _, k := range keys {
		if found[strings.ToLower(k)] || found[k] {
			out = append(out, k)
		}
	}
	return out, nil
}

// lastTurn is the assistant's text and tool input after the person's last
// prompt in the transcript at path; without all, only the lines that could
// hold a marker.
func lastTurn(path string, all bool) (string, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("read the transcript: %w", err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return "", fmt.Errorf("read the transcript: %w", err)
	}
	off := max(fi.Size()-maxTranscriptTail, 0)
	data := make([]byte, fi.Size()-off)
	if _, err := io.ReadFull(io.NewSectionReader(f, off, int64(len(data))), data); err != nil {
		return "", fmt.Errorf("read the transcript: %w", err)
	}
	if off > 0 {
		// The first line read is cut; a turn that starts before it is
		// read from where it was cut.
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			data = data[i+1:]
		}
	}
	// From the end back to the person's last prompt; a line is decoded
	// only when it could be that prompt or could name a rule, so that a
	// turn that read large files costs a scan, not a parse.
	var turn []string
	for len(data) > 0 {
		line := data
		if i := bytes.LastIndexByte(data[:len(data)-1], '\n'); i >= 0 {
			line, data = data[i+1:], data[:i+1]
		} else {
			data = nil
		}
		if bytes.Contains(line, []byte(`"tool_result"`)) {
			continue // a tool's output: neither the person nor the assistant
		}
		user := bytes.Contains(line, []byte(`"user"`))
		if !user && !all && !mayName(line) {
			continue
		}
		prompt, said := transcriptLine(line)
		if prompt {
			break
		}
		turn = append(turn, said...)
	}
	return strings.Join(turn, "\n"), nil
}

// mayName says whether line could hold a rule marker: a cheap test before
// the regular expression and the JSON decoding.
func mayName(line []byte) bool {
	return bytes.Contains(line, []byte(" #")) || bytes.Contains(line, []byte("ersonal p")) || bytes.Contains(line, []byte("reference p")) ||
		bytes.Contains(line, []byte("ERSONAL P")) || bytes.Contains(line, []byte("REFERENCE P"))
}

// transcriptLine reads one transcript line: whether it is a prompt of the
// person (a new turn), and what the assistant said or sent to a tool in
// it.
func transcriptLine(line []byte) (prompt bool, said []string) {
	var l struct {
		Type string `json:"type"`
		// IsMeta marks text Claude Code put in the context (hook output,
		// command expansions), not the person's prompt.
		IsMeta  bool `json:"isMeta"`
		Message struct {
			Role    string          `json:"role"`
			Content json.RawMessage `json:"content"`
		} `json:"message"`
		// Codex rollout files: {"type":"response_item","payload":{…}}.
		Payload struct {
			Type      string          `json:"type"`
			Role      string          `json:"role"`
			Content   json.RawMessage `json:"content"`
			Arguments string          `json:"arguments"`
			Input     string          `json:"input"`
		} `json:"payload"`
	}
	if json.Unmarshal(line, &l) != nil {
		return false, nil
	}
	switch {
	case l.Type == "user" || l.Message.Role == "user":
		return !l.IsMeta && isPrompt(l.Message.Content), nil
	case l.Type == "assistant" || l.Message.Role == "assistant":
		return false, blocks(l.Message.Content)
	case l.Type == "response_item" && l.Payload.Type == "message" && l.Payload.Role == "user":
		return true, nil
	case l.Type == "response_item" && l.Payload.Type == "message" && l.Payload.Role == "assistant":
		return false, blocks(l.Payload.Content)
	case l.Type == "response_item" && (l.Payload.Type == "function_call" || l.Payload.Type == "custom_tool_call"):
		return false, []string{l.Payload.Arguments, l.Payload.Input}
	}
	return false, nil
}

// isPrompt says whether a user message's content is the person's text
// (a string, or a text block), not only tool results.
func isPrompt(content json.RawMessage) bool {
	var s string
	if json.Unmarshal(content, &s) == nil {
		return true
	}
	var bs []struct {
		Type string `json:"type"`
	}
	if json.Unmarshal(content, &bs) != nil {
		return false
	}
	for _, b := range bs {
		if b.Type == "text" {
			return true
		}
	}
	return false
}

// blocks is the text and the tool input of an assistant message's content.
func blocks(content json.RawMessage) []string {
	var s string
	if json.Unmarshal(content, &s) == nil {
		return []string{s}
	}
	var bs []struct {
		Type  string          `json:"type"`
		Text  string          `json:"text"`
		Input json.RawMessage `json:"input"`
	}
	if json.Unmarshal(content, &bs) != nil {
		return nil
	}
	var out []string
	for _, b := range bs {
		switch b.Type {
		case "text", "output_text":
			out = append(out, b.Text)
		case "tool_use":
			var in map[string]any
			if json.Unmarshal(b.Input, &in) == nil {
				for _, v := range in {
					if s, ok := v.(string); ok {
						out = append(out, s)
					}
				}
			}
		}
	}
	return out
}

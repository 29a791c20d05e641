package capture

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// token is one word or punctuation mark of a sentence, lower-cased, with
// its byte span in the sentence's text.
type token struct {
	s          string
	start, end int
	punct      bool
}

// sentence is one sentence of a prompt.
type sentence struct {
	text     string // as typed, spaces collapsed
	lower    string // lower-cased text (for Japanese substring matching)
	tokens   []token
	question bool
	ja       bool // written in Japanese
}

// isJapanese reports whether r is kana or a CJK ideograph.
func isJapanese(r rune) bool {
	return r >= 0x3040 && (unicode.In(r, unicode.Hiragana, unicode.Katakana, unicode.Han) || r == 'ー')
}

// wordRune reports whether r is part of a word. Technical terms hold
// together: "moment.js", "src/services", "@acme/ui", "%w", "async/await",
// "don't", "n'utilise".
func wordRune(r rune) bool {
	if r < 0x80 {
		return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' ||
			strings.ContainsRune("'-_./@%#+", r)
	}
	if isJapanese(r) {
		return false
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r)
}

// punctRune reports whether r is punctuation that phrases may name.
func punctRune(r rune) bool {
	return strings.ContainsRune(",:;—–!?¿¡、", r)
}

// tokenize splits a sentence into lower-case words and punctuation.
func tokenize(s string) []token {
	toks := make([]token, 0, 16)
	start := -1
	flush := func(end int) {
		orig := s[start:end]
		w := orig
		// Trailing dots, quotes and dashes belong to the sentence, not the word.
		for w != "" && strings.ContainsRune(".'-", rune(w[len(w)-1])) {
			w = w[:len(w)-1]
			end--
		}
		for w != "" && strings.ContainsRune(".'-", rune(w[0])) {
			w = w[1:]
			start++
		}
		switch {
		case w != "":
			toks = append(toks, token{s: lower(w), start: start, end: end})
		case strings.Trim(orig, "-") == "":
			// A dash between spaces separates clauses, like "—".
			toks = append(toks, token{s: "—", start: end, end: end + len(orig), punct: true})
		}
		start = -1
	}
	for i, r := range s {
		if r == '’' {
			r = '\''
		}
		switch {
		case wordRune(r):
			if start < 0 {
				start = i
			}
		default:
			if start >= 0 {
				flush(i)
			}
			if punctRune(r) {
				toks = append(toks, token{s: string(r), start: i, end: i + utf8.RuneLen(r), punct: true})
			}
		}
	}
	if start >= 0 {
		flush(len(s))
	}
	// "’" was read as an apostrophe but the token text keeps the original;
	// normalize it so phrases match either.
	for i := range toks {
		if strings.Contains(toks[i].s, "’") {
			toks[i].s = strings.ReplaceAll(toks[i].s, "’", "'")
		}
	}
	return toks
}

// lower lower-cases s, without allocating when it is already lower-case
// ASCII.
func lower(s string) string {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x80 || 'A' <= c && c <= 'Z' {
			return strings.ToLower(s)
		}
	}
	return s
}

// splitSentences splits a prompt at sentence ends: . ! ? ; and their
// Japanese forms, and line breaks. A dot ends a sentence only before a space
// or the end, so "moment.js" and "src/app.ts" stay whole.
func splitSentences(text string) []sentence {
	var out []sentence
	start := 0
	add := func(end int) {
		t := strings.Join(strings.Fields(text[start:end]), " ")
		if t != "" {
			out = append(out, newSentence(t))
		}
	}
	for i, r := range text {
		end := -1
		switch r {
		case '!', '?', ';', '。', '！', '？', '\n', '\r':
			end = i + utf8.RuneLen(r)
		case '.', '…':
			next := i + utf8.RuneLen(r)
			if next >= len(text) || text[next] == ' ' || text[next] == '\n' || text[next] == '\t' {
				end = next
			}
		}
		if end >= 0 {
			add(end)
			start = end
		}
	}
	add(len(text))
	return out
}

func newSentence(t string) sentence {
	s := sentence{text: t, lower: lower(t), tokens: tokenize(t)}
	for _, r := range t {
		if isJapanese(r) {
			s.ja = true
			break
		}
	}
	s.question = strings.HasSuffix(t, "?") || strings.HasSuffix(t, "？") || strings.HasPrefix(t, "¿")
	return s
}

// trimClause trims spaces and sentence punctuation from the ends of a
// clause.
func trimClause(s string) string {
	return strings.TrimFunc(s, func(r rune) bool {
		return unicode.IsSpace(r) || strings.ContainsRune(",;:—–-!?.。！？、", r)
	})
}

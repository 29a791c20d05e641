package hook

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/autofix/autofix/brief"
)

// Codex keeps one hook's text in the model's context only while Codex's
// estimate of it is at most 2,500 tokens; longer text goes whole into a
// file under $CODEX_HOME/hook_outputs/ (newer builds: the OS temp
// directory), and the model sees a head-and-tail preview with the file's
// path (openai/codex codex-rs/hooks/src/output_spill.rs,
// HOOK_OUTPUT_TOKEN_LIMIT; in later copies DEFAULT_HOOK_OUTPUT_TOKEN_LIMIT,
// which a hook's configuration may override). The cut would fall in the
// middle of the rules, so autofix sends Codex less than the default:
// [CodexTokenCap].
//
// Codex estimates a text at one token per four bytes, rounded up
// (approx_token_count in codex-rs/utils/string/src/truncate.rs);
// [brief.EstimateTokens] never counts fewer. A revision of that function
// found in copies of the repository takes the larger of that and a count
// of words (a token per four bytes of each) and punctuation (a token
// each); [codexTokens] counts both, so text under the cap stays inline
// under either.
const codexSpillTokens = 2500

// CodexTokenCap is the most tokens of text autofix sends Codex from one
// hook, a fifth under [codexSpillTokens].
const CodexTokenCap = 2000

// Cap bounds the text of one hook answer. Its zero Tokens means no token
// bound.
type Cap struct {
	// Chars: the text stays under this many bytes, and so characters.
	Chars int
	// Tokens: the text's estimate is at most this many tokens.
	Tokens int
}

// CapOf is agent a's cap: [Limit] characters for every agent, and for
// Codex also [CodexTokenCap] tokens.
func CapOf(a Agent) Cap {
	if a == Codex {
		return Cap{Chars: Limit, Tokens: CodexTokenCap}
	}
	return Cap{Chars: Limit}
}

// Budget is the token budget of a brief ([brief.EstimateTokens]) that is
// to be sent with note under c: the room the note and [Cap.Fit]'s cut line
// leave. It is 0 when c has no token bound. c's own estimate of the
// rendered brief can be higher (rule text counts about a third more by
// words and punctuation); [Cap.Trim] then takes the least relevant rules
// out.
func (c Cap) Budget(note string) int {
	if c.Tokens <= 0 {
		return 0
	}
	return max(c.Tokens-c.size(c.fitNote(999999)).plus(c.size(note)).tokens-1, 0)
}

// Trim returns sel with the fewest of its last (least relevant) rules
// moved to the omitted ones, so that its rendering with note fits c; the
// rendering names them as left out. sel comes back as it is when it fits,
// or when c has no token bound.
func (c Cap) Trim(sel brief.Selection, note string) brief.Selection {
	if c.Tokens <= 0 || len(sel.Rules) == 0 {
		return sel
	}
	keep := func(k int) (brief.Selection, bool) {
		t := sel
		t.Rules = sel.Rules[:k:k]
		if k < len(sel.Rules) {
			t.Omitted = make([]brief.Rule, 0, len(sel.Rules)-k+len(sel.Omitted))
			for _, r := range sel.Rules[k:] {
				t.Omitted = append(t.Omitted, r.Rule)
			}
			t.Omitted = append(t.Omitted, sel.Omitted...)
		}
		text := brief.Render(t)
		t.Tokens = brief.EstimateTokens(text)
		return t, c.holds(c.size(text + "\n" + note))
	}
	if _, ok := keep(len(sel.Rules)); ok {
		return sel
	}
	// The most rules that fit: a cost that grows with k.
	lo, hi := 0, len(sel.Rules) // keep(lo) is the fallback; keep(hi) does not fit
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if _, ok := keep(mid); ok {
			lo = mid
		} else {
			hi = mid
		}
	}
	t, _ := keep(lo)
	return t
}

// Fit returns text followed by note: the whole text when both fit c, else
// the whole lines of text from the start that fit with room for note and
// one line that counts the rule lines ("- " items) left out and says how
// to see them. The note is never cut, and no line is cut in half. The note
// follows the text after a newline (a blank line when text ends with one);
// with no note the text is returned as it is.
func (c Cap) Fit(text, note string) string {
	tail := note
	if note != "" && text != "" {
		tail = "\n" + note
	}
	if c.holds(c.size(text + tail)) {
		return text + tail
	}
	reserve := c.size(c.fitNote(999999)).plus(c.size(tail))
	var b strings.Builder
	var used size
	omitted := 0
	full := false
	for _, l := range strings.SplitAfter(text, "\n") {
		if !full {
			if next := used.plus(c.size(l)); c.holds(next.plus(reserve)) {
				b.WriteString(l)
				used = next
				continue
			}
			full = true
		}
		if strings.HasPrefix(strings.TrimSpace(l), "- ") {
			omitted++
		}
	}
	out := b.String()
	if out != "" && !strings.HasSuffix(out, "\n") {
		out += "\n"
	}
	out += c.fitNote(omitted)
	if note != "" {
		out += "\n" + note
	}
	return out
}

// size is what a piece of text costs against a [Cap]. Line by line the
// token estimates add up to at least the estimate of the whole.
type size struct{ bytes, tokens int }

func (z size) plus(o size) size { return size{z.bytes + o.bytes, z.tokens + o.tokens} }

func (c Cap) size(s string) size {
	z := size{bytes: len(s)}
	if c.Tokens > 0 {
		z.tokens = codexTokens(s)
	}
	return z
}

func (c Cap) holds(z size) bool {
	return z.bytes < c.Chars && (c.Tokens <= 0 || z.tokens <= c.Tokens)
}

func (c Cap) fitNote(n int) string {
	limit := fmt.Sprintf("%d-character", c.Chars)
	if c.Tokens > 0 {
		limit = fmt.Sprintf("%d-token", c.Tokens)
	}
	return fmt.Sprintf("(%d more rules left out to stay under the agent's %s limit; `autofix me context --json` lists them all.)\n", n, limit)
}

// codexTokens is the larger of [brief.EstimateTokens] and the word and
// punctuation count of Codex's later estimate (see [codexSpillTokens]).
func codexTokens(s string) int {
	return max(brief.EstimateTokens(s), lexicalTokens(s))
}

// lexicalTokens counts a token per four bytes of each word (letters,
// digits and '_'), rounded up, and one per other character that is not
// white space.
func lexicalTokens(s string) int {
	n, word := 0, 0
	for i := 0; i < len(s); {
		r, w := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, w = utf8.DecodeRuneInString(s[i:])
		}
		i += w
		if r == '_' || unicode.IsLetter(r) || unicode.IsNumber(r) {
			word += w
			continue
		}
		n += (word + 3) / 4
		word = 0
		if !unicode.IsSpace(r) {
			n++
		}
	}
	return n + (word+3)/4
}

package normalize

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// collapse joins the lines of raw into one text, with runs of spaces
// made one. A line break ends a sentence when the next line opens a new
// one — with a capital or a rule marker ("never use lodash\nalways use
// ramda") — and is only a space inside a wrapped sentence.
func collapse(raw string) string {
	lines := strings.FieldsFunc(raw, func(r rune) bool { return r == '\n' || r == '\r' })
	var b strings.Builder
	for _, l := range lines {
		l = strings.Join(strings.Fields(l), " ")
		if l == "" {
			continue
		}
		if b.Len() > 0 {
			prev := b.String()
			last, _ := utf8.DecodeLastRuneInString(prev)
			first, _ := utf8.DecodeRuneInString(l)
			switch {
			case strings.ContainsRune(".!?;:。！？", last):
			case hasJapanese(prev):
				b.WriteString("。")
			case unicode.IsUpper(first) || opensSentence(l):
				b.WriteString(".")
			}
			if !hasJapanese(prev) {
				b.WriteString(" ")
			}
		}
		b.WriteString(l)
	}
	return b.String()
}

// opensSentence reports a line that opens with a rule marker of any of
// the languages: "always …", "never …", "use …", "immer …".
func opensSentence(l string) bool {
	w, _, _ := strings.Cut(strings.ToLower(l), " ")
	for _, ph := range phraseTables() {
		if slices.Contains(ph.markers, w) {
			return true
		}
	}
	return false
}

// sentenceEnds splits s after each sentence end (". ", "! ", "? ", "。")
// and, with semicolons, after each "; ".
func sentenceEnds(s string, semicolons bool) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		n := 0
		switch {
		case strings.HasPrefix(s[i:], "。"), strings.HasPrefix(s[i:], "！"), strings.HasPrefix(s[i:], "？"):
			n = len("。")
		case (s[i] == '.' || s[i] == '!' || s[i] == '?' || semicolons && s[i] == ';') && i+1 < len(s) && s[i+1] == ' ':
			n = 2
		}
		if n == 0 {
			continue
		}
		if p := strings.TrimSpace(s[start : i+n]); p != "" {
			out = append(out, p)
		}
		start = i + n
		i += n - 1
	}
	if p := strings.TrimSpace(s[start:]); p != "" {
		out = append(out, p)
	}
	return out
}

// japaneseLesson are Japanese cues of a report of what went wrong.
var japaneseLesson = []string{"ので", "せいで", "ため", "壊れ", "失敗", "落ちた", "落ちました", "になった", "なりました", "起きた", "止まった"}

// splitLesson splits a lesson ("the deploy broke because …; always take
// a backup first") into the rule clauses and the cause, for Why. A text
// that is not a lesson of that shape comes back whole.
func splitLesson(m, lang string, ph *phrases) (rule, cause string) {
	segs := sentenceEnds(m, true)
	if lang == "ja" && len(segs) == 1 {
		// "デプロイが失敗したので、必ずバックアップを取って": the cause ends
		// with ので or ため.
		for _, sep := range []string{"ので、", "ので", "ため、", "せいで、", "せいで"} {
			if i := strings.Index(m, sep); i > 0 && opensWithMarker(m[i+len(sep):], lang, ph) {
				return strings.TrimSpace(m[i+len(sep):]), m[:i+len(sep)]
			}
		}
	}
	if len(segs) < 2 {
		return m, ""
	}
	for k := 1; k < len(segs); k++ {
		if !opensWithMarker(segs[k], lang, ph) {
			continue
		}
		before := strings.Join(segs[:k], " ")
		lb := strings.ToLower(before)
		lesson := isLesson(lb)
		for _, bw := range becauseWords[lang] {
			lesson = lesson || strings.Contains(" "+lb, bw)
		}
		if lang == "ja" {
			lesson = containsPhrase(before, japaneseLesson)
		}
		if !lesson {
			return m, ""
		}
		return strings.Join(segs[k:], " "), strings.TrimRight(before, ".;。 ")
	}
	return m, ""
}

// opensWithMarker reports a sentence that opens with a rule marker
// ("always …", "never …", "immer …", "必ず…").
func opensWithMarker(s, lang string, ph *phrases) bool {
	if lang == "ja" {
		for _, mk := range ph.markers {
			if strings.Contains(s, mk) {
				return true
			}
		}
		return strings.Contains(s, "ないで") || strings.HasSuffix(strings.TrimRight(s, "。"), "こと")
	}
	ws := strings.Fields(strings.ToLower(s))
	for k := 0; k < len(ws) && k < 3; k++ {
		w := strings.Trim(ws[k], ",.;:")
		for _, mk := range ph.markers {
			if w == mk || strings.HasPrefix(w, mk) && strings.HasSuffix(mk, "'") {
				return true // "always take …", "fais toujours …", "so never …"
			}
		}
	}
	return false
}

// ruleSentences counts the sentences of m that state a rule. Two state
// one preference only when their directions differ ("Never use moment.
// Always use date-fns."); more, or two of one direction, are several
// rules, to teach one at a time.
func ruleSentences(m, lang string, p protected) (int, error) {
	segs := sentenceEnds(m, false)
	if len(segs) < 2 {
		return len(segs), nil
	}
	var rules []clause
	for _, s := range segs {
		if lang == "ja" {
			if c := analyzeJapanese(strings.TrimRight(s, "。！？")); c.body != "" && c.pol != polNone {
				rules = append(rules, c)
			}
			continue
		}
		for _, p := range splitClauses(s) {
			c, ok := bannedClause(strings.TrimRight(p, ".!?;"), lang)
			if !ok {
				c = analyze(strings.TrimRight(p, ".!?;"), lang)
			}
			if c.drop || c.vague || c.tail || c.pol == polNone || c.stmt && !c.explicit {
				continue
			}
			rules = append(rules, c)
			break
		}
	}
	switch {
	case len(rules) <= 1:
		return len(rules), nil
	case len(rules) == 2 && rules[0].pol != rules[1].pol && alternatives(rules[0], rules[1], lang):
		return 2, nil
	case len(rules) <= 4 && oneChoice(rules, lang, p):
		// "Don't use Moment. Don't use Day.js. Use date-fns."
		return len(rules), nil
	}
	return len(rules), fmt.Errorf("it states %d rules", len(rules))
}

// alternatives reports two rules of opposite direction about one choice:
// the same verb ("never use moment" / "use date-fns"), or an explicit
// "instead".
func alternatives(a, b clause, lang string) bool {
	if lang == "ja" {
		return true
	}
	for _, c := range []clause{a, b} {
		low := strings.ToLower(c.body)
		for _, w := range []string{"instead", "statt", "stattdessen", "anstatt", "à la place", "au lieu", "plutôt", "en su lugar", "en lugar", "en vez"} {
			if strings.Contains(low, w) {
				return true
			}
		}
	}
	verb := func(c clause) string {
		ws := strings.Fields(strings.ToLower(c.body))
		if len(ws) == 0 {
			return ""
		}
		if lang == "de" {
			return ws[len(ws)-1]
		}
		return ws[0]
	}
	va, vb := verb(a), verb(b)
	if choosing(va, lang) && choosing(vb, lang) {
		// "Prefer pnpm. Don't use npm.": prefer and use name one choice.
		return true
	}
	if a.pol == polNever && b.pol == polAlways && forms[lang].use != "" && vb == forms[lang].use {
		// "Never put secrets in code. Use environment variables.": the
		// alternative to what the first sentence rules out.
		return true
	}
	if lang == "de" {
		return va == vb || deVerbs()[va] != "" && deVerbs()[va] == deVerbs()[vb] || isUseVerb(va) && isUseVerb(vb)
	}
	return va == vb
}

// isUseVerb reports a German verb of using: benutzen, verwenden, nutzen.
func isUseVerb(v string) bool {
	switch v {
	case "benutzen", "verwenden", "nutzen", "nehmen":
		return true
	}
	return false
}

// bannedClause reads "X is deprecated (here)", "X ist veraltet", "X est
// interdit": never use X.
func bannedClause(p, lang string) (clause, bool) {
	ph := phraseTables()[lang]
	if ph == nil || len(ph.banned) == 0 {
		return clause{}, false
	}
	w := newWords(p)
	for k := 1; k+1 < len(w.low) && k <= 4; k++ {
		negated := false
		switch x := w.at(k); {
		case slices.Contains(ph.bannedVerbs, x):
		case lang == "en" && (x == "isn't" || x == "aren't" || x == "isn’t" || x == "aren’t"):
			negated = true
		default:
			continue
		}
		j := k + 1
		switch {
		case lang == "en" && (w.at(j) == "no" || w.at(j) == "not") && w.at(j+1) == "longer":
			negated, j = true, j+2
		case lang == "en" && w.at(j) == "not":
			negated, j = true, j+1
		case lang == "en" && w.at(j) == "now" || w.at(j) == "officially":
			j++
		}
		adj := w.at(j)
		if !slices.Contains(ph.banned, adj) && !(negated && slices.Contains(ph.allowed, adj)) {
			continue
		}
		subj := w.join(0, k)
		rest := w.join(j+1, len(w.orig))
		f := forms[lang]
		body := strings.TrimSpace(f.use + " " + lowerFirstWord(subj) + " " + rest)
		if lang == "de" {
			body = strings.TrimSpace(subj + " " + rest + " verwenden")
		}
		return clause{pol: polNever, explicit: true, body: body}, true
	}
	return clause{}, false
}

// bareMarkers are clause openers that a comma can cut off from their
// clause: "never, ever force-push …".
var bareMarkers = wordSet(`never always ever don't dont please nie niemals immer jamais toujours nunca siempre jamás`)

// mergeBareMarkers joins a clause made only of markers ("never", "never
// ever") to the clause after it, so its direction is not lost.
func mergeBareMarkers(parts []string, lang string) []string {
	out := parts[:0:0]
	carry := ""
	for _, p := range parts {
		ws := strings.Fields(strings.ToLower(strings.TrimRight(p, ".!?;")))
		bare := len(ws) > 0
		for _, w := range ws {
			bare = bare && bareMarkers()[w]
		}
		if bare {
			carry += p + " "
			continue
		}
		out = append(out, carry+p)
		carry = ""
	}
	if carry != "" {
		out = append(out, strings.TrimSpace(carry))
	}
	return out
}

// choosing reports a verb of choosing a tool: use, prefer, and their
// forms in the rule's language.
func choosing(v, lang string) bool {
	switch v {
	case "use", "prefer", "utiliser", "préférer", "usar", "utilizar", "preferir", "benutzen", "verwenden", "nutzen", "bevorzugen", "nehmen":
		return true
	}
	return false
}

// oneChoice reports rules that all choose among tools with one verb (use,
// prefer) and go both ways: what to use, and what not to.
func oneChoice(rules []clause, lang string, p protected) bool {
	var always, never bool
	for _, c := range rules {
		ws := strings.Fields(strings.ToLower(c.body))
		if len(ws) == 0 {
			return false
		}
		v := ws[0]
		if lang == "de" {
			v = ws[len(ws)-1]
		}
		if !choosing(v, lang) {
			return false
		}
		always = always || c.pol == polAlways
		never = never || c.pol == polNever
	}
	if !always || !never {
		return false
	}
	if len(rules) == 2 {
		return true
	}
	// More than two: every object is an alternative of one kind ("lodash",
	// "ramda", "underscore"), not "classes", "functions" and "this".
	family := 0
	for _, c := range rules {
		ws := strings.Fields(strings.ToLower(p.restore(c.body)))
		obj := ""
		switch {
		case lang == "de" && len(ws) > 1:
			obj = ws[len(ws)-2]
		case lang != "de" && len(ws) > 1:
			obj = ws[1]
		}
		obj = strings.Trim(obj, ",.;:`")
		f := families()[strings.TrimSuffix(obj, ".js")] // moment.js
		if f == 0 {
			f = families()[strings.ReplaceAll(obj, ".", "")] // day.js
		}
		if f == 0 || family != 0 && f != family {
			return false
		}
		family = f
	}
	return true
}

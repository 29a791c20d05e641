package normalize

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// polarity is the direction of a clause.
type polarity int8

const (
	polNone polarity = iota
	polAlways
	polNever
)

// clause is one analysed part of the text.
type clause struct {
	pol      polarity
	explicit bool   // a marker said so: always, never, don't, immer, jamais…
	marked   bool   // the literal word "always" (immer, toujours, siempre) was there
	body     string // the rule without its marker, in the rule's form
	stmt     bool   // a statement ("X should be Y"), rendered with "make sure"
	tail     bool   // a fragment that qualifies the previous clause
	drop     bool   // noise ("it isn't")
	vague    bool   // a report of what happened, with no behaviour to follow
}

// maxTextRunes bounds the input: a rule is one sentence or two, not an essay.
const maxTextRunes = 1000

// maxInstructionRunes and minInstructionRunes bound an instruction.
const (
	minInstructionRunes = 8
	maxInstructionRunes = 500
)

// builtin is the deterministic normalizer. It writes a faithful strict
// imperative or refuses: a text that names nothing concrete, talks about
// the rules, negates twice, or states several rules is an error, never a
// template wrapped around leftover words.
func builtin(raw string, existing []Existing) (Result, error) {
	t := collapse(raw)
	if t == "" {
		return Result{}, ErrEmpty
	}
	if utf8.RuneCountInString(t) > maxTextRunes {
		return Result{}, fmt.Errorf("text has %d characters, more than %d: state one rule at a time", utf8.RuneCountInString(t), maxTextRunes)
	}
	lower := strings.ToLower(t)
	words := splitWords(lower)
	lang := detectLanguageWords(lower, words)
	ph := phraseTables()[lang]
	p := protect(t, lang)
	if lang == "ja" && isVagueJapanese(t) || lang != "ja" && isVagueWords(words) || !measure(t, lower, words, lang, p).ok() {
		return Result{}, &VagueError{Text: t}
	}
	m := stripFillers(p.text, ph.fillers)
	if p.opensWithAbbreviation(m) {
		// "i.e. use the --frozen-lockfile flag": nothing to explain yet.
		m = strings.TrimLeft(m[strings.IndexRune(m, phClose)+utf8.RuneLen(phClose):], " ,")
	}
	m = applyEnsure(m, ph)
	if hasDoubleNegation(m, ph) {
		return Result{}, &AmbiguousError{Text: t, Reason: "it negates twice, so its direction is unclear"}
	}
	m, cause := splitLesson(m, lang, ph)
	sentences, err := ruleSentences(m, lang)
	if err != nil {
		return Result{}, &AmbiguousError{Text: t, Reason: err.Error(), Several: true}
	}
	var instr string
	if lang == "ja" {
		instr = ruleJapanese(m)
	} else {
		instr = ruleLatin(m, lang, sentences > 1, p)
	}
	instr = p.restore(instr)
	if reason := garbled(instr, lang); reason != "" {
		return Result{}, &AmbiguousError{Text: t, Reason: reason}
	}
	if err := CheckInstruction(instr); err != nil {
		return Result{}, &VagueError{Text: t, Lesson: instr == "" && isLesson(lower)}
	}
	res := Result{
		Category:    classifyWords(t, lang, words),
		Instruction: instr,
		Normalizer:  "builtin",
		Language:    lang,
		Supersedes:  []string{},
	}
	claim := ParseClaim(instr)
	for _, e := range existing {
		if claim.Conflicts(ParseClaim(e.Instruction)) {
			res.Supersedes = append(res.Supersedes, e.ID)
		}
	}
	res.Why = whyOf(t, p.restore(cause), res.Supersedes)
	return res, nil
}

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

// whyOf is the rule's Why: the person's words, and what it supersedes.
func whyOf(text, cause string, supersedes []string) string {
	why := fmt.Sprintf("user said: %q", text)
	if cause = strings.TrimRight(strings.TrimSpace(cause), ".;,"); cause != "" {
		why = cause + " (" + why + ")"
	}
	if len(supersedes) > 0 {
		why += " " + supersedesNote(supersedes)
	}
	return why
}

// supersedesNote is "(supersedes rule 1, rule 3)" or "(supersedes p2)".
func supersedesNote(ids []string) string {
	parts := make([]string, len(ids))
	for i, id := range ids {
		if id != "" && id[0] >= '0' && id[0] <= '9' {
			parts[i] = "rule " + id
		} else {
			parts[i] = id
		}
	}
	return "(supersedes " + strings.Join(parts, ", ") + ")"
}

// language-specific words for rendering.
type langForms struct {
	always, never       string // leading markers
	alwaysLow, neverLow string // in a second clause
	ensure              string // statement form, after the always marker
	because             string // "- because …"
	instead             string // before a positive alternative after a never rule
	use, insteadAfter   string // "use Y instead" after a never rule
}

var forms = map[string]langForms{
	"en": {"Always", "Never", "always", "never", "make sure", "because", "", "use", "instead"},
	"de": {"Immer", "Niemals", "immer", "niemals", "beachten:", "weil", "stattdessen", "", ""},
	"fr": {"Toujours", "Ne jamais", "toujours", "ne jamais", "s'assurer que", "parce que", "", "utiliser", "à la place"},
	"es": {"Siempre", "Nunca", "siempre", "nunca", "asegurarse de que", "porque", "", "usar", "en su lugar"},
	"ja": {"常に", "決して", "常に", "決して", "", "", "", "", ""},
}

// becauseWords introduce a reason; lessonWords before one mark a lesson
// ("that broke because …"), whose cause and fix are the rule.
var (
	becauseWords = map[string][]string{
		"en": {" because ", " since "}, "de": {" weil ", ", da "}, "fr": {" parce que ", " parce qu'", " car "},
		"es": {" porque ", " ya que "},
	}
	lessonWords = []string{"happened", "occurred", "outage", "incident", "flaky", "timed out", "hung", "leaked", "regressed", "broke", "break", "failed", "fails", "crashed", "crash", "didn't work", "did not work", "went wrong",
		"kaputt", "fehlgeschlagen", "abgestürzt", "funktioniert nicht", "cassé", "planté", "échoué", "marche pas",
		"falló", "rompió", "se cayó", "no funcionó", "roto"}
)

// ruleLatin writes the rule for English, German, French and Spanish text.
// When sentences is set the text was several sentences that state one
// preference ("Never use moment. Always use date-fns."): the first rule
// leads, in the order the person gave.
func ruleLatin(t, lang string, sentences bool, p protected) string {
	f := forms[lang]
	content, reason := t, ""
	fromLesson := false // content is the cause of a lesson: it must hold a behaviour
	lower := strings.ToLower(t)
	for _, bw := range becauseWords[lang] {
		i := strings.Index(lower, bw)
		if i < 0 {
			continue
		}
		before := lower[:i]
		lesson := false
		for _, lw := range lessonWords {
			if strings.Contains(before, lw) {
				lesson = true
				break
			}
		}
		if lesson {
			content = t[i+len(bw):]
			fromLesson = true
		} else {
			content, reason = t[:i], strings.TrimSpace(t[i+len(bw):])
		}
		break
	}
	if lang == "de" {
		for _, h := range []string{"Hör auf, ", "hör auf, ", "Höre auf, ", "höre auf, ", "Hört auf, ", "hört auf, "} {
			content = strings.Replace(content, h, h[:len(h)-2]+" ", 1)
		}
	}
	parts := mergeBareMarkers(splitClauses(content), lang)
	meaningful := 0
	for _, part := range parts {
		if c := analyze(strings.TrimRight(part, ".!?;"), lang); !c.drop {
			meaningful++
		}
	}
	var cs []clause
	for _, part := range parts {
		part = strings.TrimRight(part, ".!?;")
		c, ok := bannedClause(part, lang)
		if !ok {
			c = analyze(part, lang)
		}
		switch {
		case len(cs) > 0 && p.opensWithAbbreviation(part):
			// "…, i.e. structured logs": an apposition of the clause before.
			cs[len(cs)-1].body += ", " + part
			continue
		case c.drop, c.vague:
			continue
		case c.tail && len(cs) > 0:
			cs[len(cs)-1].body += ", " + strings.TrimRight(part, ".!;")
			continue
		case c.tail && c.pol == polNever && c.body != "":
			c.tail, c.explicit = false, true
		case c.tail && c.body != "" && meaningful == 1:
			// A bare noun phrase: "pnpm", "hooks only".
			c.tail, c.stmt = false, false
		case c.tail && len(cs) == 0 && meaningful > 1:
			// "starting today, we deploy …": a leading fragment with no
			// verb qualifies what follows; wrapping "make sure" around it
			// would garble the rule.
			continue
		case c.tail:
			c = clause{pol: polAlways, stmt: true, body: strings.TrimRight(part, ".!;")}
		}
		cs = append(cs, c)
	}
	if len(cs) == 0 {
		return ""
	}
	if fromLesson {
		// "the bug happened because timestamps were compared in local
		// time" reports a cause; only a clause that asks for something
		// makes it a rule.
		asks := false
		for _, c := range cs {
			asks = asks || c.explicit && !c.stmt
		}
		if !asks {
			return ""
		}
		// The cause's own statements stay out of the rule.
		kept := cs[:0]
		for _, c := range cs {
			if !c.stmt {
				kept = append(kept, c)
			}
		}
		cs = kept
	}
	lead := 0
	for i, c := range cs {
		if sentences {
			break
		}
		if c.pol == polAlways && c.marked && !c.stmt {
			if cs[lead].pol == polNever || !cs[lead].explicit {
				lead = i
			}
			break
		}
	}
	if cs[lead].pol != polNever && !cs[lead].explicit {
		for i, c := range cs {
			if c.pol == polNever && c.explicit {
				lead = i
				break
			}
		}
	}
	var b strings.Builder
	render(&b, cs[lead], f, true, false, lang)
	for i, c := range cs {
		if i == lead {
			continue
		}
		b.WriteString(" — ")
		render(&b, c, f, false, cs[lead].pol == polNever, lang)
	}
	if reason != "" {
		b.WriteString(" - ")
		b.WriteString(f.because)
		b.WriteString(" ")
		b.WriteString(strings.TrimRight(reason, ".!"))
	}
	return strings.TrimRight(b.String(), ".!;,: ")
}

func render(b *strings.Builder, c clause, f langForms, lead, afterNever bool, lang string) {
	body := strings.TrimRight(strings.TrimSpace(c.body), ".!;,")
	if lang != "de" {
		body = lowerFirstWord(body)
	} else {
		body = lowerGermanFunctionWord(body)
	}
	switch {
	case lead && c.pol == polNever:
		b.WriteString(f.never)
	case lead:
		b.WriteString(f.always)
		if c.stmt {
			b.WriteString(" ")
			b.WriteString(f.ensure)
		}
	case c.pol == polNever:
		b.WriteString(f.neverLow)
	case afterNever && !c.stmt && f.use != "" && strings.HasPrefix(body, f.use+" "):
		// "Never use X — use Y instead".
		b.WriteString(body)
		if !strings.Contains(body, f.insteadAfter) {
			b.WriteString(" " + f.insteadAfter)
		}
		return
	case c.stmt || c.marked:
		b.WriteString(f.alwaysLow)
		if c.stmt {
			b.WriteString(" ")
			b.WriteString(f.ensure)
		}
	case afterNever && f.instead != "":
		b.WriteString(f.instead)
	default:
		b.WriteString(body)
		return
	}
	b.WriteString(" ")
	b.WriteString(body)
}

// splitClauses splits text at clause boundaries: commas, semicolons,
// dashes between spaces, and sentence ends.
func splitClauses(t string) []string {
	var parts []string
	start := 0
	for i := 0; i < len(t); i++ {
		n := 0
		switch {
		case t[i] == ',' || t[i] == ';':
			if i+1 == len(t) || t[i+1] == ' ' {
				n = 1
			}
		case (t[i] == '.' || t[i] == '!' || t[i] == '?') && i+1 < len(t) && t[i+1] == ' ':
			n = 1
		case t[i] == ' ' && i+2 < len(t) && t[i+1] == '-' && t[i+2] == ' ':
			n = 2
		case t[i] == ' ' && strings.HasPrefix(t[i+1:], "— "), t[i] == ' ' && strings.HasPrefix(t[i+1:], "– "):
			n = 1 + len("—")
		}
		if n == 0 {
			continue
		}
		if p := strings.TrimSpace(t[start:i]); p != "" {
			parts = append(parts, p)
		}
		start = i + n
		i += n - 1
	}
	if p := strings.TrimSpace(t[start:]); p != "" {
		parts = append(parts, p)
	}
	return parts
}

// words is a clause split into its original words and their lower-case,
// punctuation-free forms.
type words struct {
	orig, low []string
}

func newWords(s string) words {
	var w words
	for _, o := range strings.Fields(s) {
		w.orig = append(w.orig, o)
		w.low = append(w.low, strings.Trim(strings.ToLower(o), `.,;:!?()"“”«»¿¡'’`))
	}
	return w
}

func (w words) at(i int) string {
	if i < len(w.low) {
		return w.low[i]
	}
	return ""
}

func (w words) join(from, to int) string {
	if from >= to {
		return ""
	}
	return strings.Join(w.orig[from:to], " ")
}

// analyze reads one clause.
func analyze(p, lang string) clause {
	switch lang {
	case "de":
		return analyzeGerman(p)
	case "fr":
		return analyzeFrench(p)
	case "es":
		return analyzeSpanish(p)
	}
	return analyzeEnglish(p)
}

// isInterjection reports a leading "no," "nein," … that only says the agent
// was wrong.
func isInterjection(w string) bool {
	switch w {
	case "no", "nope", "nah", "nein", "non", "hey", "ok", "okay", "actually", "well", "so", "wrong", "falsch", "faux", "oops", "ugh":
		return true
	}
	return false
}

// isLesson reports text that tells what went wrong ("the login bug happened
// because …"), for a hint that asks what to do differently.
func isLesson(lower string) bool {
	for _, lw := range lessonWords {
		if strings.Contains(lower, lw) {
			return true
		}
	}
	for _, lw := range []string{" bug ", " bug", "assumed", "failed"} {
		if strings.Contains(lower, lw) {
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
func ruleSentences(m, lang string) (int, error) {
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

// clearVerbs are English verbs that cannot be the object of "use": "Always
// use take a backup" is a garbled rewrite.
var clearVerbs = wordSet(`take do run write add put keep get give forget remember ensure try avoid stop skip ignore create
	delete remove move rename call wrap validate generate install deploy follow choose pick include explain ask open close start
	send save handle treat apply adopt bump be use always never don't please`)

// ensureLeftovers after "make sure" mean a phrase was wrapped twice.
var ensureLeftovers = wordSet(`make do to please always never from going remember don't`)

// garbled reports an instruction that wraps a template around leftover
// words: "Always use take a backup", "Always make sure make sure …".
func garbled(instr, lang string) string {
	if leftPlaceholder(instr) {
		return "the rewrite lost a technical term"
	}
	prefix, _, _ := markerOf(instr)
	body := strings.Fields(strings.ToLower(strings.TrimPrefix(instr, prefix)))
	if len(body) == 0 {
		return ""
	}
	next := func(k int) string {
		if k < len(body) {
			return strings.Trim(body[k], ",.;:")
		}
		return ""
	}
	if polarityOfPrefix(prefix) == polNever {
		switch next(0) {
		case "oublier", "olvidar", "vergessen", "forget":
			return "\"never forget\" asks for an always rule"
		}
	}
	switch lang {
	case "de":
		switch next(0) {
		case "sind", "ist", "haben", "hat", "wird", "werden", "war", "waren":
			return "the phrase rules would open the rule with an auxiliary verb"
		}
		lead := strings.TrimPrefix(instr, prefix)
		if i := strings.Index(lead, " — "); i >= 0 {
			lead = lead[:i]
		}
		if i := strings.Index(lead, " - "); i >= 0 {
			lead = lead[:i]
		}
		if !strings.HasPrefix(lead, "beachten:") && !endsWithGermanVerb(lead) {
			return "the German rule would not end with its verb"
		}
	case "en":
		if next(0) == "use" && clearVerbs()[next(1)] {
			return fmt.Sprintf("the phrase rules would write %q before a verb", "use "+next(1))
		}
		if next(0) == "make" && next(1) == "sure" && (ensureLeftovers()[next(2)] || len(body) <= 3) {
			return "the phrase rules would write \"make sure\" before a verb"
		}
	}
	switch next(0) {
	case "nada", "ningún", "ninguna", "aucun", "aucune", "kein", "keine", "nothing", "not", "no",
		"didn't", "don't", "doesn't", "wouldn't", "won't", "isn't", "aren't", "never", "always":
		return "a negation or a second marker follows the rule's marker, so its direction is unclear"
	}
	if last := next(len(body) - 1); len(body) > 2 && bareMarkers()[last] && last != "please" && last != "ever" {
		return "the rule ends with a marker (\"" + last + "\"), so its direction is unclear"
	}
	if m, _, _ := markerOf(strings.ToUpper(body[0][:1]) + strings.Join(body, " ")[1:] + " "); lang != "ja" && m != "" && len(body) > 1 {
		return "it repeats the rule marker"
	}
	return ""
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
		if !slices.Contains(ph.bannedVerbs, w.at(k)) || !slices.Contains(ph.banned, w.at(k+1)) {
			continue
		}
		subj := w.join(0, k)
		rest := w.join(k+2, len(w.orig))
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

func polarityOfPrefix(prefix string) polarity {
	_, _, pol := markerOf(prefix)
	return pol
}

// leftPlaceholder reports a placeholder of [protect] that restore did not
// replace.
func leftPlaceholder(s string) bool {
	for {
		i := strings.IndexRune(s, phOpen)
		if i < 0 {
			return false
		}
		s = s[i+utf8.RuneLen(phOpen):]
		j := strings.IndexRune(s, phClose)
		if j > 0 && isNumber(s[:j]) {
			return true
		}
	}
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

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
	src      string // the text of the clause, as given to the analyzer
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
	m := stripScope(stripFillers(p.text, ph.fillers), ph.scope)
	if lang == "de" && firstWord(m) != firstWord(p.text) {
		// "Bei uns nutzen wir pnpm": without the adverbial before it, the
		// verb second order reads as a question; the subject leads again.
		m = subjectFirst(m)
	}
	if lang == "de" {
		m = germanActive(m)
	}
	m = versionChoice(m, lang)
	if p.opensWithAbbreviation(m) {
		// "i.e. use the --frozen-lockfile flag": nothing to explain yet.
		m = strings.TrimLeft(m[strings.IndexRune(m, phClose)+utf8.RuneLen(phClose):], " ,")
	}
	stmt, isStmt := ensureStatement(m, lang, ph)
	if !isStmt {
		m = applyEnsure(m, ph)
	}
	if hasDoubleNegation(m, ph) {
		return Result{}, &AmbiguousError{Text: t, Reason: "it negates twice, so its direction is unclear"}
	}
	m, cause := splitLesson(m, lang, ph)
	sentences, err := ruleSentences(m, lang, p)
	if err != nil {
		return Result{}, &AmbiguousError{Text: t, Reason: err.Error(), Several: true}
	}
	instr := stmt
	switch {
	case isStmt:
	case lang == "ja":
		instr = ruleJapanese(m)
	default:
		var left []string
		var lessonCause string
		instr, left, lessonCause = ruleLatin(m, lang, sentences > 1, p)
		kept := m
		for _, l := range left {
			kept = strings.Replace(kept, l, "", 1)
		}
		if cause == "" {
			cause = lessonCause
		}
		m = kept
	}
	instr = p.restore(instr)
	if tok := p.dropped(m, instr); tok != "" && instr != "" {
		return Result{}, &AmbiguousError{Text: t, Reason: fmt.Sprintf("the rewrite would drop %q", tok)}
	}
	if reason := garbled(instr, lang); reason != "" {
		return Result{}, &AmbiguousError{Text: t, Reason: reason}
	}
	if err := CheckInstruction(instr); err != nil {
		return Result{}, &VagueError{Text: t, Lesson: instr == "" && isLesson(lower)}
	}
	instr = endSentence(instr, lang)
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
// It also returns the parts of t it left out of the rule (a lesson's
// cause, reports, interjections) and, for a lesson, its cause.
func ruleLatin(t, lang string, sentences bool, p protected) (instr string, left []string, cause string) {
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
			left = append(left, t[:i+len(bw)])
			if cl := splitClauses(content); len(cl) > 0 {
				cause = strings.TrimSpace(t[:i+len(bw)] + cl[0])
			}
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
			left = append(left, part)
			continue
		case c.tail && len(cs) > 0 && lang == "de" && c.pol == polAlways && endsWithGermanVerb(c.body) && cs[len(cs)-1].pol == polNever:
			// "Keine Klassenkomponenten, nur Hooks": the German clause
			// ends with its verb, so the alternative is a clause of its
			// own ("— immer nur Hooks verwenden"), not a tail after it.
			c.tail, c.marked = false, true
		case c.tail && len(cs) > 0:
			if alt, ok := insteadOf(cs[len(cs)-1], part, lang); ok {
				// "use vitest, not jest" → "use vitest instead of jest".
				cs[len(cs)-1].body += alt
				continue
			}
			if prepositionAfterInstead(cs[len(cs)-1], part, lang) {
				// "use tabs, not spaces, in Go files": "use tabs instead of
				// spaces in Go files", with no comma left between.
				cs[len(cs)-1].body += " " + strings.TrimRight(part, ".!;")
				continue
			}
			cs[len(cs)-1].body += ", " + strings.TrimRight(part, ".!;")
			continue
		case c.tail && c.pol == polNever && c.body != "":
			c.tail, c.explicit = false, true
		case c.tail && c.body != "" && meaningful == 1:
			// A bare noun phrase: "pnpm", "hooks only".
			c.tail, c.stmt = false, false
		case c.tail && len(cs) == 0 && meaningful > 1 && strings.HasPrefix(c.body, forms[lang].use+" ") && strings.ContainsRune(part, phOpen):
			// "PostgreSQL only — no MySQL": a leading choice of a named tool.
			c.tail, c.stmt = false, false
		case c.tail && len(cs) == 0 && meaningful > 1:
			// "starting today, we deploy …": a leading fragment with no
			// verb qualifies what follows; wrapping "make sure" around it
			// would garble the rule.
			left = append(left, part)
			continue
		case c.tail:
			c = clause{pol: polAlways, stmt: true, body: strings.TrimRight(part, ".!;")}
		}
		c.src = part
		cs = append(cs, c)
	}
	if len(cs) == 0 {
		return "", left, cause
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
			return "", left, cause
		}
		// The cause's own statements stay out of the rule.
		kept := cs[:0]
		for _, c := range cs {
			if !c.stmt {
				kept = append(kept, c)
			} else {
				left = append(left, c.src)
			}
		}
		cs = kept
	}
	if !sentences {
		cs = mergeNeverTail(cs, lang)
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
	return strings.TrimRight(b.String(), ".!;,: "), left, cause
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
			if lang == "es" {
				body = subjunctiveStatement(body)
			}
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

// endSentence ends a built-in instruction like the rules of the SPEC, with
// a period (。 in Japanese), except after a code token: a rule that ends
// with "go vet ./...", "src/lib", "vX.Y.Z", "%w", a flag such as "-q" or
// `backticked code` ends
// with the token exactly as typed, so that no period reads as part of it.
func endSentence(instr, lang string) string {
	if lang == "ja" {
		if strings.HasSuffix(instr, "。") {
			return instr
		}
		return instr + "。"
	}
	last := instr[strings.LastIndexByte(instr, ' ')+1:]
	if endsWithCode(last) {
		return instr
	}
	return instr + "."
}

// endsWithCode reports a final word that is code rather than prose: it
// ends with something other than a letter or digit, or holds a character
// that prose words do not (a path, a dotted name, an identifier).
func endsWithCode(w string) bool {
	r, _ := utf8.DecodeLastRuneInString(w)
	if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
		return true
	}
	return strings.HasPrefix(w, "-") || strings.ContainsAny(w, "./_@%`=:()[]{}<>\\$#")
}

// insteadWords are, per language, the negation that opens a tail naming
// the rejected alternative ("not jest", "pas flake8", "no npm") and the
// words that put it after a use verb ("instead of").
var insteadWords = map[string]struct{ not, use, instead string }{
	"en": {"not ", "use ", " instead of "},
	"fr": {"pas ", "utiliser ", " au lieu de "},
	"es": {"no ", "usar ", " en lugar de "},
}

// insteadOf writes the tail "not Y" after a use clause as " instead of Y",
// so that one rule says "Always use X instead of Y" however it was put.
func insteadOf(prev clause, part, lang string) (string, bool) {
	iw, ok := insteadWords[lang]
	if !ok || prev.pol == polNever || prev.stmt || !strings.HasPrefix(strings.ToLower(strings.TrimSpace(prev.body)), iw.use) {
		return "", false
	}
	part = strings.TrimRight(strings.TrimSpace(part), ".!;")
	if len(part) <= len(iw.not) || !strings.EqualFold(part[:len(iw.not)], iw.not) {
		return "", false
	}
	alt := part[len(iw.not):]
	low := strings.ToLower(alt)
	for _, skip := range []string{"de ", "d'", "d’", "des ", "du ", "the ", "a ", "an ", "el ", "la ", "los ", "las "} {
		if strings.HasPrefix(low, skip) {
			// "pas d'export par défaut": the article would need rewriting.
			return "", false
		}
	}
	for _, w := range strings.Fields(low) {
		if enVerbs()[w] && lang == "en" {
			// "not next to the code", "not run …": no alternative to use.
			return "", false
		}
	}
	if strings.Contains(strings.ToLower(prev.body), strings.TrimSpace(iw.instead)) {
		return "", false
	}
	return iw.instead + alt, true
}

// mergeNeverTail keeps the positive clause in the lead when a bare
// imperative is followed by "never" and a noun phrase: "store money as
// integer cents, never floats" → "Always store money as integer cents,
// never floats"; "migrations are generated with goose, never written by
// hand" keeps its statement. A "never" clause with its own verb ("never
// use npm") stays a rule of its own.
func mergeNeverTail(cs []clause, lang string) []clause {
	if lang != "en" || len(cs) != 2 {
		return cs
	}
	first, second := cs[0], cs[1]
	if first.pol == polNever || first.explicit && !first.stmt || second.pol != polNever || !second.explicit {
		return cs
	}
	if !first.stmt && strings.HasPrefix(strings.ToLower(first.body), "use ") {
		// "we use pnpm, never npm": "Never use npm — use pnpm instead".
		return cs
	}
	w := newWords(second.src)
	if len(w.low) < 2 || w.low[0] != "never" || enVerbs()[w.low[1]] {
		return cs
	}
	first.body = strings.TrimRight(strings.TrimSpace(first.body), ".!;,") + ", " + lowerFirstWord(second.src)
	return []clause{first}
}

// firstWord is the first word of s, lower-cased.
func firstWord(s string) string {
	f, _, _ := strings.Cut(strings.TrimSpace(s), " ")
	return strings.ToLower(f)
}

// subjectFirst turns German "nutzen wir pnpm" into "wir nutzen pnpm".
func subjectFirst(s string) string {
	verb, rest, ok := strings.Cut(s, " ")
	if !ok {
		return s
	}
	subj, rest, ok := strings.Cut(rest, " ")
	low, lowVerb := strings.ToLower(subj), strings.ToLower(verb)
	if !ok || deVerbs()[lowVerb] == "" && !germanAuxiliary(lowVerb) {
		return s
	}
	switch r, _ := utf8.DecodeRuneInString(subj); {
	case low == "wir" || low == "ich":
		subj = low
	case !unicode.IsUpper(r):
		// Not a noun: "werden nie gemergt".
		return s
	}
	return subj + " " + lowVerb + " " + rest
}

// germanAuxiliary reports a finite auxiliary: "Commits werden …".
func germanAuxiliary(w string) bool {
	switch w {
	case "werden", "wird", "sind", "ist", "haben", "hat", "müssen", "muss", "sollen", "soll":
		return true
	}
	return false
}

// onVersion are, per language, the openings that say which version the
// project runs on ("wir sind auf Node 20") and the "we use" that states
// it as a choice the analyzer reads.
var onVersion = map[string]struct {
	openings []string
	use      string
}{
	"de": {[]string{"wir sind auf ", "wir sind jetzt auf ", "wir arbeiten mit "}, "wir verwenden "},
	"fr": {[]string{"on est sur ", "nous sommes sur ", "on tourne sous ", "on est en "}, "on utilise "},
	"es": {[]string{"estamos en ", "estamos con ", "trabajamos con "}, "usamos "},
}

// versionChoice rewrites "wir sind auf Node 20" as "wir verwenden Node 20":
// a runtime with its version is what the project targets. Only a version
// (a digit) makes it a choice: "wir sind auf main" is not one.
func versionChoice(m, lang string) string {
	ov, ok := onVersion[lang]
	if !ok {
		return m
	}
	low := strings.ToLower(m)
	for _, o := range ov.openings {
		if rest, ok := strings.CutPrefix(low, o); ok && hasDigit(rest) && !strings.ContainsAny(rest, ",;") {
			return ov.use + m[len(o):]
		}
	}
	return m
}

// esSubjunctive maps the indicative forms a Spanish statement of practice
// uses to the subjunctive that "asegurarse de que" takes: "cada tabla
// necesita una columna" → "asegurarse de que cada tabla tenga una columna".
var esSubjunctive = map[string]string{
	"es": "sea", "son": "sean", "está": "esté", "están": "estén", "tiene": "tenga", "tienen": "tengan",
	"necesita": "tenga", "necesitan": "tengan", "lleva": "lleve", "llevan": "lleven", "usa": "use", "usan": "usen",
	"incluye": "incluya", "incluyen": "incluyan", "contiene": "contenga", "contienen": "contengan",
	"va": "vaya", "van": "vayan", "sigue": "siga", "siguen": "sigan",
}

// subjunctiveStatement puts the first finite verb of body in the
// subjunctive, when it is one of [esSubjunctive].
func subjunctiveStatement(body string) string {
	ws := strings.Fields(body)
	for i, w := range ws {
		if sub, ok := esSubjunctive[strings.ToLower(w)]; ok && i > 0 {
			ws[i] = sub
			return strings.Join(ws, " ")
		}
	}
	return body
}

// insteadPrepositions open a tail that qualifies a whole "use X instead of
// Y" rule: "in Go files", "for new services".
var insteadPrepositions = map[string][]string{
	"en": {"in", "for", "on", "with", "when", "at", "inside", "across"},
	"fr": {"dans", "pour", "sur", "avec", "en"},
	"es": {"en", "para", "con", "sobre"},
}

// prepositionAfterInstead reports a tail that opens with a preposition
// after a clause that already ends with "instead of Y".
func prepositionAfterInstead(prev clause, part, lang string) bool {
	iw, ok := insteadWords[lang]
	if !ok || !strings.Contains(prev.body, iw.instead) || strings.Contains(prev.body, ", ") {
		return false
	}
	first, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(part)), " ")
	return slices.Contains(insteadPrepositions[lang], first)
}

package normalize

import (
	"fmt"
	"slices"
	"strings"
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

// builtin is the deterministic normalizer.
func builtin(text string, existing []Existing) (Result, error) {
	t := strings.Join(strings.Fields(text), " ")
	if t == "" {
		return Result{}, ErrEmpty
	}
	if utf8.RuneCountInString(t) > maxTextRunes {
		return Result{}, fmt.Errorf("text has %d characters, more than %d: state one rule at a time", utf8.RuneCountInString(t), maxTextRunes)
	}
	lower := strings.ToLower(t)
	words := splitWords(lower)
	lang := detectLanguageWords(lower, words)
	if lang == "ja" && isVagueJapanese(t) || lang != "ja" && isVagueWords(words) {
		return Result{}, &VagueError{Text: t}
	}
	var instr string
	if lang == "ja" {
		instr = ruleJapanese(t)
	} else {
		instr = ruleLatin(t, lang)
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
	res.Why = whyOf(t, res.Supersedes)
	return res, nil
}

// whyOf is the rule's Why: the person's words, and what it supersedes.
func whyOf(text string, supersedes []string) string {
	why := fmt.Sprintf("user said: %q", text)
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
}

var forms = map[string]langForms{
	"en": {"Always", "Never", "always", "never", "make sure", "because", ""},
	"de": {"Immer", "Niemals", "immer", "niemals", "beachten:", "weil", "stattdessen"},
	"fr": {"Toujours", "Ne jamais", "toujours", "ne jamais", "s'assurer que", "parce que", ""},
	"es": {"Siempre", "Nunca", "siempre", "nunca", "asegurarse de que", "porque", ""},
	"ja": {"常に", "決して", "常に", "決して", "", "", ""},
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
func ruleLatin(t, lang string) string {
	f := forms[lang]
	content, reason := t, ""
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
	parts := splitClauses(content)
	var cs []clause
	for _, p := range parts {
		c := analyze(p, lang)
		switch {
		case c.drop, c.vague:
			continue
		case c.tail && len(cs) > 0:
			cs[len(cs)-1].body += ", " + strings.TrimRight(p, ".!;")
			continue
		case c.tail && c.pol == polNever && c.body != "":
			c.tail, c.explicit = false, true
		case c.tail && c.body != "" && len(parts) == 1:
			// A bare noun phrase: "pnpm", "hooks only".
			c.tail, c.stmt = false, false
		case c.tail:
			c = clause{pol: polAlways, stmt: true, body: strings.TrimRight(p, ".!;")}
		}
		cs = append(cs, c)
	}
	if len(cs) == 0 {
		return ""
	}
	lead := 0
	for i, c := range cs {
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

func lowerGermanFunctionWord(s string) string {
	end := strings.IndexByte(s, ' ')
	if end < 0 {
		return s
	}
	switch strings.ToLower(s[:end]) {
	case "für", "bei", "in", "im", "mit", "auf", "an", "am", "vor", "nach", "unter", "über", "zu", "zum", "zur",
		"der", "die", "das", "den", "dem", "ein", "eine", "einen", "alle", "jede", "jeden", "jedes", "jeder", "nur":
		return strings.ToLower(s[:end]) + s[end:]
	}
	return s
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

func analyzeEnglish(p string) clause {
	w := newWords(p)
	if n := len(w.low); n > 2 && w.low[n-1] == "anymore" {
		// "we don't use jQuery anymore": the negation says it all.
		w.orig, w.low = w.orig[:n-1], w.low[:n-1]
	} else if n > 3 && w.low[n-2] == "any" && (w.low[n-1] == "more" || w.low[n-1] == "longer") {
		w.orig, w.low = w.orig[:n-2], w.low[:n-2]
	}
	if len(w.low) == 0 {
		return clause{drop: true}
	}
	c := clause{}
	i := 0
	if len(w.low) == 1 && isInterjection(w.low[0]) {
		return clause{drop: true}
	}
	if len(w.low) <= 3 && (w.low[0] == "it" || w.low[0] == "that" || w.low[0] == "this" || w.low[0] == "it's" || w.low[0] == "that's") {
		return clause{drop: true}
	}
	subject := ""
	gerund := false
	useIfNoun := false
	verbNext := false // a verb is expected next ("… when you use X", "… to use X")
	nounObj := false  // a noun is expected next ("I hate default exports")
	for i < len(w.low) {
		switch x := w.at(i); {
		case x == "please" || x == "also" || x == "and" || x == "but" || x == "just" || x == "so" || x == "then" && i == 0 || x == "actually":
			i++
		case x == "we" || x == "i" || x == "you" || x == "let's" || x == "lets":
			subject = x
			i++
		case x == "we're" || x == "we've" || x == "we'll" || x == "i'm" || x == "i've" || x == "i'll" || x == "you're" || x == "you've":
			subject = x[:strings.IndexAny(x, "'’")]
			i++
		case (x == "think" || x == "believe" || x == "feel" || x == "guess") && subject == "i" && c.pol == polNone:
			// "I think we should use vitest": the opinion is the rule.
			i++
			if w.at(i) == "that" {
				i++
			}
			subject = ""
		case (x == "think" || x == "believe") && subject == "i" && c.pol == polNever:
			// "I don't think we need Redux", "I don't think we should use classes".
			i++
			if w.at(i) == "that" {
				i++
			}
			if x := w.at(i); x == "we" || x == "you" || x == "i" {
				i++
			}
			if x := w.at(i); x == "need" || x == "should" || x == "must" {
				i++
			}
			if w.at(i) == "to" {
				i++
			}
			gerund, useIfNoun = true, true
			goto body
		case (x == "switched" || x == "moved" || x == "migrated" || x == "switching" || x == "moving" || x == "migrating") &&
			subject != "" && c.pol == polNone:
			// "we switched from jest to vitest", "we're moving away from moment".
			if mc, ok := migration(w, i+1); ok {
				return mc
			}
			goto body
		case (x == "i'd" || x == "we'd" || x == "would") && w.at(i+1) == "rather" && (enVerbs[w.at(i+2)] || w.at(i+2) == "you"):
			// "I'd rather use vitest", "I'd rather you use pnpm".
			c.pol, c.explicit = polAlways, true
			i += 2
			if w.at(i) == "you" {
				i++
			}
		case (x == "i'd" || x == "we'd" || x == "would") && w.at(i+1) == "rather" && w.at(i+2) == "not":
			// "I'd rather not use classes": a rejection.
			c.pol, c.explicit = polNever, true
			gerund, useIfNoun = true, true
			i += 3
		case x == "would" && w.at(i+1) == "rather" && subject != "":
			c.pol, c.explicit = polAlways, true
			w.orig[i+1] = "prefer"
			w.low[i+1] = "prefer"
			i++
		case x == "really" || x == "generally" || x == "honestly" || x == "strongly" || x == "definitely" || x == "personally" ||
			x == "usually" || x == "seriously" || x == "totally" || x == "absolutely" || x == "genuinely" || x == "truly":
			i++
		case (x == "like" || x == "love" || x == "want") && (subject == "i" || subject == "we") && w.at(i+1) == "to" && c.pol != polNever:
			// "I want to use pnpm".
			c.pol, c.explicit = polAlways, true
			i += 2
		case x == "i'd" && w.at(i+1) == "rather", x == "we'd" && w.at(i+1) == "rather":
			c.pol, c.explicit = polAlways, true
			w.orig[i+1] = "prefer"
			w.low[i+1] = "prefer"
			i++
		case x == "no" && w.at(i+1) == "longer", x == "not" && w.at(i+1) == "anymore":
			// "we no longer use axios".
			c.pol, c.explicit = polNever, true
			gerund, useIfNoun = true, true
			i += 2
		case (x == "stopped" || x == "quit" || x == "dropped" || x == "ditched" || x == "abandoned") && subject != "":
			// "we stopped using Redux", "we dropped moment".
			c.pol, c.explicit = polNever, true
			gerund, useIfNoun = true, true
			i++
		case x == "don't" || x == "dont" || x == "don’t" || x == "never" || x == "shouldn't" || x == "mustn't" || x == "can't" || x == "cannot":
			c.pol, c.explicit = polNever, true
			i++
		case (x == "do" || x == "should" || x == "must" || x == "can") && w.at(i+1) == "not":
			c.pol, c.explicit = polNever, true
			i += 2
		case x == "ever":
			i++
		case x == "stop" || x == "quit" || x == "avoid":
			c.pol, c.explicit = polNever, true
			gerund, useIfNoun = true, x == "avoid"
			i++
		case x == "no" && w.at(i+1) == "more":
			c.pol, c.explicit = polNever, true
			gerund, useIfNoun = true, true
			i += 2
		case x == "always":
			if c.pol != polNever {
				c.pol = polAlways
			}
			c.explicit, c.marked = true, true
			i++
		case x == "make" && w.at(i+1) == "sure" && (w.at(i+2) == "to" || w.at(i+2) == "you"),
			x == "be" && w.at(i+1) == "sure" && w.at(i+2) == "to", x == "need" && w.at(i+1) == "to", x == "have" && w.at(i+1) == "to",
			x == "ought" && w.at(i+1) == "to", x == "remember" && w.at(i+1) == "to":
			c.pol, c.explicit = polAlways, true
			i += 2
			if x == "make" {
				i++
			}
		case (x == "should" || x == "must" || x == "shall") && (subject != "" || i == 0):
			c.pol, c.explicit = polAlways, true
			i++
		case (x == "like" || x == "love" || x == "want" || x == "prefer" || x == "liked" || x == "loved" || x == "wanted") &&
			(subject == "i" || subject == "we") && c.pol == polNever,
			(x == "hate" || x == "dislike") && subject != "":
			// "I don't like long functions", "I don't want emojis in
			// commits", "I hate it when you …": a rejection. The negation
			// came first and must survive the verb of liking.
			c.pol, c.explicit = polNever, true
			gerund, useIfNoun, nounObj = true, true, true
			i++
			for w.at(i) == "it" || w.at(i) == "when" || w.at(i) == "if" || w.at(i) == "you" || w.at(i) == "to" || w.at(i) == "seeing" {
				if w.at(i) == "you" || w.at(i) == "to" {
					verbNext = true
				}
				i++
			}
		case (x == "like" || x == "love" || x == "want") && subject == "i" && w.at(i+1) != "you" && w.at(i+1) != "to":
			c.pol, c.explicit = polAlways, true
			w.orig[i], w.low[i] = "prefer", "prefer"
		case x == "want" && w.at(i+1) == "you" && w.at(i+2) == "to":
			if c.pol != polNever {
				c.pol = polAlways
			}
			c.explicit = true
			i += 3
		default:
			goto body
		}
	}
body:
	if i >= len(w.low) {
		return clause{drop: true}
	}
	first := w.at(i)
	if (subject == "we" || subject == "i") && c.pol == polNone && !enVerbs[first] {
		switch {
		case first == "used" && w.at(i+1) == "to":
			// "we used to use moment": a past habit, not a rule.
			return clause{vague: true}
		case (first == "agreed" || first == "settled" || first == "standardized" || first == "standardised") && w.at(i+1) == "on",
			first == "went" && w.at(i+1) == "with", first == "rely" && w.at(i+1) == "on":
			// "we agreed on conventional commits", "we went with zod".
			return clause{pol: polAlways, explicit: true, body: "use " + w.join(i+2, len(w.orig))}
		case w.at(i+1) == "to" && i+2 < len(w.low) && enVerbs[w.at(i+2)] && first != "have" && first != "got" && first != "used":
			// "we tend to use named exports", "we try to keep functions small".
			c.pol, c.explicit = polAlways, true
			c.body = w.join(i+2, len(w.orig))
			return c
		}
	}
	if (subject == "we" || subject == "i") && c.pol == polNone && isPastTense(first) {
		// "we assumed UTC timestamps": what happened, not what to do.
		return clause{vague: true}
	}
	if subject == "you" && c.pol == polNone {
		// A lesson: "you assumed lodash is installed", "you forgot to …".
		switch {
		case first == "forgot" && w.at(i+1) == "to":
			c.pol, c.explicit = polAlways, true
			c.body = w.join(i+2, len(w.orig))
			return c
		case first == "forgot":
			c.pol, c.explicit = polAlways, true
			c.body = "include " + w.join(i+1, len(w.orig))
			return c
		case first == "didn't" || first == "did" && w.at(i+1) == "not":
			c.pol, c.explicit = polAlways, true
			if first == "did" {
				i++
			}
			c.body = w.join(i+1, len(w.orig))
			return c
		case englishBase(first) != first || englishIrregular[first] != "":
			c.pol, c.explicit = polNever, true
			c.body = englishBase(first) + " " + w.join(i+1, len(w.orig))
			return c
		}
	}
	if gerund {
		base := englishBase(first)
		// After "hate"/"don't like" a bare base verb is a noun
		// ("default exports") unless a verb was expected ("when you use").
		if strings.HasSuffix(first, "ing") || enVerbs[first] && (!nounObj || verbNext) || verbNext {
			c.body = strings.TrimSpace(base + " " + w.join(i+1, len(w.orig)))
			return c
		}
		if useIfNoun {
			c.body = "use " + w.join(i, len(w.orig))
			return c
		}
	}
	if enVerbs[first] && !(c.pol == polNone && subject == "" && looksLikeSubject(w, i)) {
		if c.pol == polNone {
			c.pol = polAlways
		}
		if first == "go" && subject == "" {
			return englishStatement(w, i, c)
		}
		c.body = w.join(i, len(w.orig))
		return c
	}
	if subject != "" || c.pol != polNone {
		// "we pnpm" is unlikely; treat the rest as the object of "use".
		if c.pol == polNone {
			c.pol = polAlways
		}
		c.body = w.join(i, len(w.orig))
		if (subject == "we" || subject == "i") && !c.explicit && i+2 < len(w.low) && strings.ToLower(w.orig[i]) == first && lookupNone(first) {
			// "I find classes confusing": an unknown verb and more words.
			// Prepending "use" would invent a rule; refuse instead.
			return clause{vague: true}
		}
		if subject == "we" || subject == "i" || !strings.Contains(first, "-") && !strings.HasSuffix(first, "ing") && !vagueWords[first] {
			// "we pnpm" or "never yarn": a bare noun is something to use.
			c.body = "use " + c.body
		}
		return c
	}
	return englishStatement(w, i, c)
}

// englishStatement handles clauses with no imperative verb: "helper
// functions should be camelCase", "they go under tests/", "hooks only",
// "imports: stdlib first, then …".
func englishStatement(w words, i int, c clause) clause {
	n := len(w.low)
	if w.at(i) == "no" || w.at(i) == "not" {
		return clause{tail: true, pol: polNever, explicit: true, body: "use " + w.join(i+1, n)}
	}
	if w.at(n-1) == "only" || w.at(i) == "only" {
		return clause{tail: true, pol: polAlways, body: "use " + lowerFirstWord(w.join(i, n))}
	}
	if strings.HasSuffix(w.orig[i], ":") && i+1 < n {
		topic := strings.TrimSuffix(w.orig[i], ":")
		rest := w.join(i+1, n)
		if strings.Contains(rest, " then ") || strings.Contains(rest, " first") || strings.Contains(rest, " before ") {
			return clause{pol: polAlways, body: "order " + lowerFirstWord(topic) + " like this: " + rest}
		}
		return clause{pol: polAlways, body: "follow this for " + lowerFirstWord(topic) + ": " + rest}
	}
	for k := i; k < n; k++ {
		x := w.at(k)
		switch x {
		case "go", "goes", "belong", "belongs", "live", "lives":
			if k > i && isPlacePreposition(w.at(k+1)) {
				subj := w.join(i, k)
				switch strings.ToLower(subj) {
				case "they":
					subj = "them"
				case "it":
					subj = "it"
				}
				if w.at(k+1) == "to" {
					k++
				}
				return clause{pol: polAlways, body: "put " + subj + " " + w.join(k+1, n)}
			}
		case "should", "must", "shall", "need", "needs", "has", "have", "ought":
			if k == i {
				continue
			}
			subj := w.join(i, k)
			rest := k + 1
			if w.at(rest) == "to" {
				rest++
			}
			verb := ""
			plural := strings.HasSuffix(w.low[k-1], "s")
			switch {
			case w.at(rest) == "be":
				verb = map[bool]string{true: "are", false: "is"}[plural]
				rest++
			case x == "needs" || x == "has":
				if w.at(k+1) != "to" {
					verb = "has"
				}
			case x == "need" || x == "have":
				if w.at(k+1) != "to" {
					verb = "have"
				}
			}
			body := subj
			if verb != "" {
				body += " " + verb
			}
			body += " " + w.join(rest, n)
			return clause{pol: polAlways, explicit: true, stmt: true, body: body}
		}
	}
	for k := i + 1; k < n; k++ {
		if isPastTense(w.at(k)) && !isAuxiliary(w.at(k-1)) && !stopWords[w.at(k-1)] {
			// "the login bug happened", "the deploy failed on Friday": a
			// report with no behaviour. Refuse rather than invent one.
			return clause{vague: true}
		}
	}
	if n-i <= 4 && !hasStatementVerb(w, i) {
		return clause{tail: true, pol: polAlways, body: "use " + lowerFirstWord(w.join(i, n))}
	}
	return clause{pol: polAlways, stmt: true, body: w.join(i, n)}
}

// looksLikeSubject tells "commit messages follow …" (a noun phrase and a
// finite verb) from "commit the lock file" (an imperative).
func looksLikeSubject(w words, i int) bool {
	for k := i + 2; k <= i+3 && k < len(w.low); k++ {
		switch w.low[k] {
		case "should", "must", "shall", "follow", "follows", "are", "is", "need", "needs", "go", "goes", "belong", "belongs", "have", "has":
			return true
		}
	}
	return false
}

func isPlacePreposition(w string) bool {
	switch w {
	case "in", "into", "under", "inside", "next", "to", "within", "beside", "alongside", "dans", "sous", "en", "unter", "nach":
		return true
	}
	return false
}

// hasStatementVerb guesses whether a short English clause has a finite verb.
func hasStatementVerb(w words, i int) bool {
	for k, x := range w.low[i:] {
		switch x {
		case "is", "are", "was", "were", "isn't", "aren't", "follow", "follows", "use", "uses", "need", "needs", "has", "have":
			return true
		}
		// "the API returns snake_case": a third-person verb after the subject.
		if k > 0 && len(x) > 3 && strings.HasSuffix(x, "s") && !strings.HasSuffix(x, "ss") && enVerbs[x[:len(x)-1]] && stopWords[w.low[i]] {
			return true
		}
	}
	return false
}

// migration reads what follows "we switched/moved/migrated": "from A to
// B", "to B (from A)", "away from A".
func migration(w words, i int) (clause, bool) {
	n := len(w.low)
	if w.at(i) == "away" && w.at(i+1) == "from" && i+2 < n {
		return clause{pol: polNever, explicit: true, body: "use " + w.join(i+2, n)}, true
	}
	from, to := -1, -1
	for k := i; k < n; k++ {
		switch w.at(k) {
		case "from":
			if from < 0 {
				from = k
			}
		case "to", "over":
			if to < 0 && k+1 < n {
				to = k
			}
		}
	}
	if to < 0 {
		return clause{}, false
	}
	end := n
	if from > to {
		end = from
	}
	body := "use " + w.join(to+1, end)
	if from >= 0 {
		fe := n
		if to > from {
			fe = to
		}
		if fe > from+1 {
			body += " instead of " + w.join(from+1, fe)
		}
	}
	return clause{pol: polAlways, explicit: true, body: body}, true
}

func analyzeGerman(p string) clause {
	w := newWords(p)
	c := clause{}
	n := len(w.low)
	if n == 1 && isInterjection(w.low[0]) {
		return clause{drop: true}
	}
	i := 0
	for i < n {
		switch w.at(i) {
		case "bitte", "auch", "und", "aber", "also", "ja", "doch", "einfach":
			i++
			continue
		}
		break
	}
	if i >= n {
		return clause{drop: true}
	}
	verb, particle := "", ""
	skip := map[int]bool{}
	first := w.at(i)
	switch {
	case first == "hör" || first == "höre" || first == "hört":
		// "Hör auf, X zu V" / "hör auf mit X".
		c.pol, c.explicit = polNever, true
		i++
		if w.at(i) == "auf" {
			i++
		}
		if w.at(i) == "mit" {
			return clause{pol: polNever, explicit: true, body: w.join(i+1, n) + " verwenden"}
		}
	case first == "wir" || first == "ich" || first == "du" || first == "man" || first == "ihr":
		if inf, ok := deVerbs[w.at(i+1)]; ok {
			verb = inf
			if inf == "bevorzugen" {
				c.pol, c.explicit = polAlways, true
			}
			skip[i+1] = true
			i++
		} else if x := w.at(i + 1); x == "hasse" || x == "hassen" || x == "verabscheue" {
			// "Ich hasse Default-Exporte": a rejection.
			skip[i+1] = true
			c.pol, c.explicit = polNever, true
		} else if isGermanModal(w.at(i + 1)) {
			skip[i+1] = true
			c.pol, c.explicit = polAlways, true
		}
		i++
	case deVerbs[first] != "" && !strings.HasSuffix(first, "en") || first == "nimm":
		verb = deVerbs[first]
		i++
		last := w.at(n - 1)
		if isGermanParticle(last) && n-1 > i {
			particle = last
			skip[n-1] = true
		}
	}
	if first == "keine" || first == "kein" || first == "keinen" {
		c.pol, c.explicit = polNever, true
	}
	var rest []string
	for k := i; k < n; k++ {
		if skip[k] {
			continue
		}
		switch w.at(k) {
		case "immer", "stets", "grundsätzlich", "ausschließlich":
			if c.pol != polNever {
				c.pol = polAlways
			}
			c.explicit, c.marked = true, true
			continue
		case "nie", "niemals", "nicht", "nirgends", "keinesfalls", "kein", "keine", "keinen", "keinem", "keiner":
			c.pol, c.explicit = polNever, true
			continue
		case "mehr":
			// "nicht mehr", "keine … mehr": no longer.
			if c.pol == polNever && (k == n-1 || w.at(k-1) == "nicht" || strings.HasPrefix(w.at(k-1), "kein")) {
				continue
			}
		case "zu":
			if c.pol == polNever && k == n-2 {
				continue
			}
		}
		rest = append(rest, w.orig[k])
	}
	if verb == "" && len(rest) > 0 {
		last := strings.ToLower(strings.TrimRight(rest[len(rest)-1], ".,;!"))
		if isGermanInfinitive(last, rest[len(rest)-1]) {
			verb = "-" // already verb-final
		}
	}
	body := strings.Join(rest, " ")
	if verb == "" {
		for k, x := range rest {
			lx := strings.ToLower(x)
			if (lx == "gehören" || lx == "gehört" || lx == "kommen" || lx == "kommt" || lx == "liegen" || lx == "liegt") && k > 0 && k+1 < len(rest) {
				body = strings.Join(rest[:k], " ") + " " + strings.Join(rest[k+1:], " ") + " ablegen"
				return clause{pol: polAlways, body: body}
			}
		}
		if c.pol == polNever && len(rest) > 0 {
			return clause{pol: polNever, explicit: true, body: body + " verwenden", tail: !c.explicit}
		}
		if c.pol == polNone {
			if len(rest) <= 4 {
				return clause{tail: true, pol: polAlways, body: lowerGermanFunctionWord(body) + " verwenden"}
			}
			return clause{pol: polAlways, stmt: true, body: body}
		}
	}
	if verb != "" && verb != "-" {
		body = strings.TrimSpace(body + " " + particle + verb)
	}
	if c.pol == polNone {
		c.pol = polAlways
	}
	c.body = body
	return c
}

func isGermanModal(w string) bool {
	switch w {
	case "sollen", "sollten", "sollte", "soll", "müssen", "muss", "musst", "dürfen", "darf", "wollen", "will", "möchte", "möchten", "mag":
		return true
	}
	return false
}

func isGermanParticle(w string) bool {
	switch w {
	case "hinzu", "an", "auf", "ab", "aus", "ein", "mit", "weg", "vor", "nach", "um", "fest", "zusammen", "bei":
		return true
	}
	return false
}

// isGermanInfinitive: a lower-case word ending like an infinitive
// (German nouns are capitalized).
func isGermanInfinitive(low, orig string) bool {
	r, _ := utf8.DecodeRuneInString(orig)
	if r >= 'A' && r <= 'Z' || r == 'Ä' || r == 'Ö' || r == 'Ü' {
		return false
	}
	if deVerbs[low] == low {
		return true
	}
	switch low {
	case "oben", "unten", "einen", "keinen", "denen", "wenn", "dann", "schon", "neben", "eben":
		return false
	}
	return len(low) > 4 && (strings.HasSuffix(low, "en") || strings.HasSuffix(low, "ern") || strings.HasSuffix(low, "eln"))
}

func analyzeFrench(p string) clause {
	// Undo elision: "n'utilise" → "ne utilise", "j'aime" → "je aime".
	var sb strings.Builder
	for _, o := range strings.Fields(p) {
		lo := strings.ToLower(o)
		for _, el := range []string{"n'", "n’", "j'", "j’"} {
			if strings.HasPrefix(lo, el) && len(lo) > len(el) {
				sb.WriteString(o[:1] + "e ")
				o = o[len(el):]
				break
			}
		}
		sb.WriteString(o)
		sb.WriteByte(' ')
	}
	w := newWords(sb.String())
	n := len(w.low)
	c := clause{}
	if n == 1 && isInterjection(w.low[0]) {
		return clause{drop: true}
	}
	if n > 0 && (w.low[0] == "pas" || w.low[0] == "sans") {
		return clause{tail: true, pol: polNever, body: "utiliser " + w.join(1, n)}
	}
	if n > 0 && (w.low[0] == "puis" || w.low[0] == "sauf") {
		return clause{tail: true, pol: polAlways, body: w.join(0, n)}
	}
	i := 0
	verb := ""
	for i < n && verb == "" {
		x := w.at(i)
		switch {
		case x == "s'il" || x == "stp" || x == "svp" || x == "et" || x == "mais" || x == "donc" || x == "alors" || x == "aussi":
			i++
		case x == "te" || x == "vous" && w.at(i+1) == "plaît" || x == "plaît":
			i++
		case x == "je" || x == "nous" || x == "on" || x == "tu" || x == "vous":
			i++
		case x == "il" && w.at(i+1) == "faut":
			c.pol, c.explicit = polAlways, true
			i += 2
		case x == "il" && w.at(i+1) == "ne" && w.at(i+2) == "faut":
			c.pol, c.explicit = polNever, true
			i += 3
		case x == "ne":
			c.pol, c.explicit = polNever, true
			i++
		case x == "pas" || x == "jamais" || x == "plus" && c.pol == polNever:
			c.pol, c.explicit = polNever, true
			i++
		case x == "toujours":
			if c.pol != polNever {
				c.pol = polAlways
			}
			c.explicit, c.marked = true, true
			i++
		case (x == "arrête" || x == "arrêtez" || x == "évite" || x == "évitez") && (w.at(i+1) == "de" || strings.HasPrefix(w.at(i+1), "d'")):
			c.pol, c.explicit = polNever, true
			i += 2
		case x == "évite" || x == "évitez":
			if inf := w.at(i + 1); frVerbs[inf] == inf && inf != "" {
				return clause{pol: polNever, explicit: true, body: w.join(i+1, n)}
			}
			return clause{pol: polNever, explicit: true, body: "utiliser " + w.join(i+1, n)}
		case x == "déteste" || x == "détestons" || x == "détestez" || x == "hais" || x == "haïssons":
			// "Je déteste les emojis": a rejection.
			c.pol, c.explicit = polNever, true
			i++
		case x == "veux" || x == "voulons" || x == "voulez" || x == "voudrais" || x == "souhaite" || x == "souhaitons":
			if c.pol != polNever {
				c.pol = polAlways
			}
			c.explicit = true
			i++
		case (x == "préfère" || x == "préférons" || x == "préférez") && w.at(i+1) == "ne" && (w.at(i+2) == "pas" || w.at(i+2) == "jamais"):
			// "Je préfère ne pas utiliser de classes".
			c.pol, c.explicit = polNever, true
			i += 3
		case x == "préfère" || x == "préférez" || x == "aime" || x == "aimons" || x == "préférons":
			if c.pol == polNever {
				// "Je n'aime pas les classes": a rejection.
				verb = "utiliser"
				if inf := w.at(i + 1); inf != "pas" && inf != "plus" && inf != "jamais" && frVerbs[inf] == inf && inf != "" {
					verb = ""
				}
			} else {
				c.pol, c.explicit = polAlways, true
				verb = "préférer"
			}
			i++
		case frVerbs[x] != "":
			verb = frVerbs[x]
			i++
		case c.explicit && len(x) > 4 && (strings.HasSuffix(x, "er") || strings.HasSuffix(x, "ir")):
			verb = w.orig[i] // an infinitive after a marker: "jamais committer"
			i++
		default:
			goto rest
		}
	}
rest:
	var rest []string
	for k := i; k < n; k++ {
		switch x := w.at(k); {
		case x == "pas" || x == "jamais" || x == "plus" && k == i:
			c.pol, c.explicit = polNever, true
			continue
		case x == "toujours":
			if c.pol != polNever {
				c.pol = polAlways
			}
			c.explicit, c.marked = true, true
			continue
		}
		rest = append(rest, w.orig[k])
	}
	body := strings.Join(rest, " ")
	if verb == "" {
		if i < n && (w.at(i) == "pas" || w.at(i) == "sans") {
			return clause{tail: true, pol: polNever, body: body}
		}
		// "Les routes API vont dans src/…" → "placer les routes API dans …".
		return verbless(w, i, c, body, "utiliser", "placer", "vont", "va", "appartiennent")
	}
	if c.pol == polNone {
		c.pol = polAlways
	}
	c.body = strings.TrimSpace(verb + " " + body)
	return c
}

// verbless finishes a French or Spanish clause whose words from i on have
// no verb of their own: "X go in Y" (one of goes) becomes "place X in Y", a
// short noun phrase becomes "use X", anything longer stays a statement.
func verbless(w words, i int, c clause, body, use, place string, goes ...string) clause {
	n := len(w.low)
	for k := i + 1; k+1 < n; k++ {
		if slices.Contains(goes, w.at(k)) {
			return clause{pol: polAlways, body: place + " " + lowerFirstWord(w.join(i, k)) + " " + w.join(k+1, n)}
		}
	}
	if c.pol == polNever {
		return clause{pol: polNever, explicit: true, body: use + " " + body}
	}
	if n-i <= 4 {
		return clause{tail: true, pol: polAlways, body: use + " " + lowerFirstWord(body)}
	}
	return clause{pol: polAlways, stmt: true, body: body}
}

func analyzeSpanish(p string) clause {
	w := newWords(p)
	n := len(w.low)
	c := clause{}
	if n == 1 && isInterjection(w.low[0]) {
		return clause{drop: true}
	}
	i := 0
	verb := ""
	for i < n && verb == "" {
		x := w.at(i)
		switch {
		case x == "por" && w.at(i+1) == "favor":
			i += 2
		case x == "y" || x == "pero" || x == "también" || x == "yo" || x == "nosotros" || x == "tú" || x == "ya" || x == "más":
			i++
		case x == "odio" || x == "odiamos" || x == "detesto" || x == "detestamos":
			// "Odio los emojis": a rejection.
			c.pol, c.explicit = polNever, true
			i++
		case x == "no" && isSpanishWant(w.at(i+1)):
			// "No quiero emojis en los commits".
			c.pol, c.explicit = polNever, true
			i += 2
		case isSpanishWant(x):
			if c.pol != polNever {
				c.pol = polAlways
			}
			c.explicit = true
			i++
		case (x == "prefiero" || x == "preferimos") && w.at(i+1) == "no":
			// "Prefiero no usar clases".
			c.pol, c.explicit = polNever, true
			i += 2
		case x == "no" && (w.at(i+1) == "me" || w.at(i+1) == "nos") && (strings.HasPrefix(w.at(i+2), "gust") || strings.HasPrefix(w.at(i+2), "encant")):
			// "No me gustan los emojis": a rejection.
			c.pol, c.explicit = polNever, true
			i += 3
		case (x == "me" || x == "nos") && (strings.HasPrefix(w.at(i+1), "gust") || strings.HasPrefix(w.at(i+1), "encant")):
			c.pol, c.explicit = polAlways, true
			verb = "preferir"
			i += 2
		case x == "no" && (esVerbs[w.at(i+1)] != "" || w.at(i+1) == "nunca" || w.at(i+1) == "hay"):
			c.pol, c.explicit = polNever, true
			i++
		case x == "nunca" || x == "jamás":
			c.pol, c.explicit = polNever, true
			i++
		case x == "siempre":
			if c.pol != polNever {
				c.pol = polAlways
			}
			c.explicit, c.marked = true, true
			i++
		case x == "hay" && w.at(i+1) == "que":
			if c.pol != polNever {
				c.pol = polAlways
			}
			c.explicit = true
			i += 2
		case (x == "deja" || x == "dejes" || x == "evita" || x == "evites") && w.at(i+1) == "de":
			c.pol, c.explicit = polNever, true
			i += 2
		case x == "evita" || x == "evites":
			if inf := w.at(i + 1); esVerbs[inf] == inf && inf != "" {
				return clause{pol: polNever, explicit: true, body: w.join(i+1, n)}
			}
			return clause{pol: polNever, explicit: true, body: "usar " + w.join(i+1, n)}
		case esVerbs[x] != "":
			verb = esVerbs[x]
			if verb == "preferir" {
				c.pol, c.explicit = polAlways, true
			}
			i++
		case c.explicit && len(x) > 4 && (strings.HasSuffix(x, "ar") || strings.HasSuffix(x, "er") || strings.HasSuffix(x, "ir")):
			verb = w.orig[i] // an infinitive after a marker: "nunca commitear"
			i++
		default:
			goto rest
		}
	}
rest:
	var rest []string
	for k := i; k < n; k++ {
		switch w.at(k) {
		case "nunca", "jamás":
			c.pol, c.explicit = polNever, true
			continue
		case "más":
			if c.pol == polNever && k == n-1 {
				continue // "ya no usamos Redux más"
			}
		case "siempre":
			if c.pol != polNever {
				c.pol = polAlways
			}
			c.explicit, c.marked = true, true
			continue
		}
		rest = append(rest, w.orig[k])
	}
	body := strings.Join(rest, " ")
	if verb == "" {
		if i < n && (w.at(i) == "no" || w.at(i) == "sin" || w.at(i) == "ni") {
			if i > 0 || c.pol == polNever {
				return clause{pol: polNever, explicit: true, body: "usar " + w.join(i+1, n)}
			}
			return clause{tail: true, pol: polNever, body: "usar " + w.join(i+1, n)}
		}
		return verbless(w, i, c, body, "usar", "colocar", "van", "va", "pertenecen")
	}
	if c.pol == polNone {
		c.pol = polAlways
	}
	c.body = strings.TrimSpace(verb + " " + body)
	return c
}

// isPastTense reports an English past form: "assumed", "happened", "broke".
func isPastTense(x string) bool {
	if b, ok := englishIrregular[x]; ok {
		return b != x && !strings.HasSuffix(x, "ing")
	}
	return len(x) > 3 && strings.HasSuffix(x, "ed") && !strings.HasSuffix(x, "eed")
}

// isAuxiliary reports a word before a participle that makes it passive or
// adjectival ("are stored", "be named"), not a past-tense report.
func isAuxiliary(x string) bool {
	switch x {
	case "is", "are", "was", "were", "be", "been", "being", "get", "gets", "got", "stay", "stays", "keep", "remain", "remains",
		"it's", "that's", "isn't", "aren't", "not", "always", "never", "only", "fully", "properly", "strongly", "explicitly":
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

// isSpanishWant reports a form of "want" ("quiero", "queremos").
func isSpanishWant(x string) bool {
	switch x {
	case "quiero", "queremos", "quisiera", "quisiéramos":
		return true
	}
	return false
}

// lookupNone reports a word that neither the lexicon nor the tool families
// know: after "we"/"I" it is most likely a verb the tables lack.
func lookupNone(w string) bool {
	if families[w] != 0 {
		return false
	}
	_, ok := lookupStem(w)
	return !ok
}

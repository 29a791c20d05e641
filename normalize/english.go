package normalize

import (
	"strings"
)

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
	if len(w.low) == 1 && isInterjection(w.low[0]) {
		return clause{drop: true}
	}
	if len(w.low) <= 3 && (w.low[0] == "it" || w.low[0] == "that" || w.low[0] == "this" || w.low[0] == "it's" || w.low[0] == "that's") {
		return clause{drop: true}
	}
	s := englishOpening(w)
	if s.done != nil {
		return *s.done
	}
	return englishRest(w, s)
}

// englishState is what the words before a clause's verb said.
type englishState struct {
	c         clause
	i         int     // the next word
	subject   string  // "we", "i", "you", or ""
	gerund    bool    // a gerund or a base verb follows: "stop adding", "avoid using"
	useIfNoun bool    // a bare noun after the opening is something to use
	verbNext  bool    // a verb is expected next ("… when you use X", "… to use X")
	nounObj   bool    // a noun is expected next ("I hate default exports")
	done      *clause // set when the opening alone decided the clause
}

// englishOpening reads the words before the verb of a clause: subject,
// markers (always, never, don't, make sure …), verbs of liking and
// wanting, and fillers.
func englishOpening(w words) englishState {
	c := clause{}
	i := 0
	subject := ""
	gerund := false
	useIfNoun := false
	verbNext := false // a verb is expected next ("… when you use X", "… to use X")
	nounObj := false  // a noun is expected next ("I hate default exports")
opening:
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
			break opening
		case (x == "switched" || x == "moved" || x == "migrated" || x == "switching" || x == "moving" || x == "migrating") &&
			subject != "" && c.pol == polNone:
			// "we switched from jest to vitest", "we're moving away from moment".
			if mc, ok := migration(w, i+1); ok {
				return englishState{done: &mc}
			}
			break opening
		case (x == "i'd" || x == "we'd" || x == "would") && w.at(i+1) == "rather" && (enVerbs()[w.at(i+2)] || w.at(i+2) == "you"):
			// "I'd rather use vitest", "I'd rather you use pnpm".
			c.pol, c.explicit = polAlways, true
			i += 2
			if w.at(i) == "you" {
				i++
			}
			switch w.at(i) {
			case "didn't", "didn’t", "wouldn't", "don't", "not":
				// "I'd rather you didn't use lodash": a rejection.
				c.pol = polNever
				i++
			case "did":
				if w.at(i+1) == "not" {
					c.pol = polNever
					i += 2
				}
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
		case x == "only" && subject != "" && enVerbs()[w.at(i+1)]:
			// "we only use lodash-es": the rule is to use it.
			i++
		case (x == "on" || x == "are" && w.at(i+1) == "on") && subject == "we" && c.pol == polNone && hasDigit(w.join(i, len(w.orig))):
			// "we're on Node 20": the version the project targets.
			k := i + 1
			if x == "are" {
				k++
			}
			if k < len(w.orig) {
				done := clause{pol: polAlways, explicit: true, body: "target " + w.join(k, len(w.orig))}
				return englishState{done: &done}
			}
			break opening
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
		case x == "make" && w.at(i+1) == "sure" && w.at(i+2) != "to" && w.at(i+2) != "you" && i+2 < len(w.low),
			x == "ensure" && w.at(i+1) == "that":
			// "make sure all images have alt text": a statement to keep true.
			k := i + 2 // after "make sure" or "ensure that"
			if x == "make" && w.at(k) == "that" {
				k++
			}
			done := clause{pol: polAlways, explicit: true, stmt: true, body: w.join(k, len(w.orig))}
			return englishState{done: &done}
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
			break opening
		}
	}
	return englishState{c: c, i: i, subject: subject, gerund: gerund, useIfNoun: useIfNoun, verbNext: verbNext, nounObj: nounObj}
}

// englishRest reads the rest of a clause after its opening.
func englishRest(w words, s englishState) clause {
	c, i, subject, gerund, useIfNoun, verbNext, nounObj := s.c, s.i, s.subject, s.gerund, s.useIfNoun, s.verbNext, s.nounObj
	if i >= len(w.low) {
		return clause{drop: true}
	}
	first := w.at(i)
	if c.pol == polNever && first == "do" && i+1 < len(w.low) && !determiner(w.at(i+1)) && w.at(i+1) != "that" && w.at(i+1) != "so" && w.at(i+1) != "anything" {
		// "we don't do default exports here": a thing not to use.
		c.body = "use " + w.join(i+1, len(w.orig))
		return c
	}
	if (subject == "we" || subject == "i") && c.pol == polNone && !enVerbs()[first] {
		switch {
		case first == "used" && w.at(i+1) == "to":
			// "we used to use moment": a past habit, not a rule.
			return clause{vague: true}
		case (first == "agreed" || first == "settled" || first == "standardized" || first == "standardised") && w.at(i+1) == "on",
			first == "went" && w.at(i+1) == "with", first == "rely" && w.at(i+1) == "on":
			// "we agreed on conventional commits", "we went with zod".
			return clause{pol: polAlways, explicit: true, body: "use " + w.join(i+2, len(w.orig))}
		case w.at(i+1) == "to" && i+2 < len(w.low) && enVerbs()[w.at(i+2)] && first != "have" && first != "got" && first != "used":
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
		if strings.HasSuffix(first, "ing") || enVerbs()[first] && (!nounObj || verbNext) || verbNext {
			c.body = strings.TrimSpace(base + " " + w.join(i+1, len(w.orig)))
			return c
		}
		if useIfNoun {
			c.body = "use " + w.join(i, len(w.orig))
			return c
		}
	}
	if enVerbs()[first] && !(c.pol == polNone && subject == "" && looksLikeSubject(w, i)) {
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
		if subject == "" && c.explicit && looksLikeVerb(w, i) {
			// "never swallow exceptions", "never block the UI thread": an
			// unknown word with an object after a marker is a verb.
			return c
		}
		if subject == "we" || subject == "i" || !strings.Contains(first, "-") && !strings.HasSuffix(first, "ing") && !vagueWords()[first] {
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
		if bareMarkers()[w.at(i+1)] || enVerbs()[w.at(i+1)] {
			// "note: never commit to main": the topic is only a label.
			return analyzeEnglish(rest)
		}
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
			neg := w.at(rest) == "not" || w.at(rest) == "never"
			modal := x == "should" || x == "must" || x == "shall"
			if base := englishBase(w.at(rest + 2)); neg && modal && w.at(rest+1) == "be" && base != w.at(rest+2) && (enVerbs()[base] || strings.HasSuffix(w.at(rest+2), "ed")) && rest+2 < n {
				// "error strings in Go should not be capitalized": the
				// rule forbids the act: "Never capitalize error strings in Go".
				return clause{pol: polNever, explicit: true, body: base + " " + lowerFirstWord(subj) + joinRest(w, rest+3, n)}
			}
			if neg && modal && enVerbs()[w.at(rest+1)] {
				// "Rust code must not use unwrap()": "Never let Rust code use unwrap()".
				return clause{pol: polNever, explicit: true, body: "let " + lowerFirstWord(subj) + " " + w.join(rest+1, n)}
			}
			switch {
			case (w.at(rest) == "not" || w.at(rest) == "never") && w.at(rest+1) == "be":
				// "error messages must not be shown": "are not".
				verb = map[bool]string{true: "are", false: "is"}[plural] + " " + w.at(rest)
				rest += 2
			case w.at(rest) == "not" && x != "has" && x != "have" && x != "needs" && x != "need":
				// "error messages must not expose …": "do not expose".
				verb = map[bool]string{true: "do not", false: "does not"}[plural]
				rest++
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
		if isPastTense(w.at(k)) && !isAuxiliary(w.at(k-1)) && !stopWords()[w.at(k-1)] {
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
		if k > 0 && len(x) > 3 && strings.HasSuffix(x, "s") && !strings.HasSuffix(x, "ss") && enVerbs()[x[:len(x)-1]] && stopWords()[w.low[i]] {
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

// lookupNone reports a word that neither the lexicon nor the tool families
// know: after "we"/"I" it is most likely a verb the tables lack.
func lookupNone(w string) bool {
	if families()[w] != 0 {
		return false
	}
	_, ok := lookupStem(w)
	return !ok
}

// looksLikeVerb reports an unknown lower-case word at i, with more words
// after it, that is no noun the tables know and has no plural ending: the
// verb of an imperative the verb table lacks.
func looksLikeVerb(w words, i int) bool {
	x := w.at(i)
	if i+1 >= len(w.low) || x == "" || w.orig[i] != x || !lookupNone(x) || isPlaceholder(x) || stopWords()[x] || vagueWords()[x] {
		return false
	}
	if determiner(w.at(i + 1)) {
		return true
	}
	return !strings.HasSuffix(x, "s") && !strings.ContainsAny(x, "-.")
}

func determiner(x string) bool {
	switch x {
	case "the", "a", "an", "all", "any", "every", "each", "your", "our", "my", "this", "these", "those", "its", "their", "them", "it":
		return true
	}
	return false
}

// hasDigit reports a digit in s: a version such as "Node 20".
func hasDigit(s string) bool {
	return strings.ContainsAny(s, "0123456789")
}

// joinRest is " " and the words from..to, or "" when there are none.
func joinRest(w words, from, to int) string {
	if from >= to {
		return ""
	}
	return " " + w.join(from, to)
}

package normalize

import (
	"strings"
	"sync"
	"unicode/utf8"
)

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
	case (first == "wir" || first == "ich") && w.at(i+1) == "haben" && n > i+3 && germanDropped(w.at(n-1)):
		// "Wir haben Redux abgeschafft": no longer used.
		return clause{pol: polNever, explicit: true, body: w.join(i+2, n-1) + " verwenden"}
	case (first == "wir" || first == "ich") && germanMigration(w, i+1) != "":
		// "Wir sind von webpack auf vite umgestiegen".
		return clause{pol: polAlways, explicit: true, body: germanMigration(w, i+1)}
	case first == "wir" || first == "ich" || first == "du" || first == "man" || first == "ihr":
		if inf, ok := deVerbs()[w.at(i+1)]; ok {
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
	case deVerbs()[first] != "" && !strings.HasSuffix(first, "en") || first == "nimm":
		verb = deVerbs()[first]
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
	if verb == "" && c.pol != polNever && len(rest) > 2 {
		for _, x := range rest[1 : len(rest)-1] {
			if isGermanModal(strings.ToLower(x)) || isGermanFinite(x) {
				// "Go-Fehler müssen mit %w gewrappt werden": a statement.
				return clause{pol: polAlways, explicit: c.explicit, stmt: true, body: strings.Join(rest, " ")}
			}
		}
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
	if deVerbs()[low] == low {
		return true
	}
	switch low {
	case "oben", "unten", "einen", "keinen", "denen", "wenn", "dann", "schon", "neben", "eben":
		return false
	}
	return len(low) > 4 && (strings.HasSuffix(low, "en") || strings.HasSuffix(low, "ern") || strings.HasSuffix(low, "eln"))
}

// deVerbs maps the German verb forms people type to the infinitive.
var deVerbs = sync.OnceValue(func() map[string]string {
	m := map[string]string{}
	// German: infinitive → forms built from the stem (imperative with and
	// without -e, ich, du, er forms), plus irregular forms.
	for _, inf := range strings.Fields(`benutzen verwenden nutzen schreiben setzen legen fügen machen vermeiden bevorzugen führen
		testen prüfen committen pushen formatieren importieren exportieren benennen nennen packen stellen erstellen schicken
		löschen entfernen ändern speichern dokumentieren generieren verschieben behalten starten installieren definieren
		deklarieren validieren sortieren gruppieren trennen kommentieren übersetzen migrieren cachen zeigen achten denken
		hören rufen holen laden schließen öffnen prüfen beachten einhalten folgen meiden mocken loggen werfen fangen
		halten lassen laufen nehmen geben lesen sehen helfen ausführen ablegen hinzufügen aufrufen anzeigen antworten`) {
		m[inf] = inf
		stem := strings.TrimSuffix(inf, "en")
		if stem == inf {
			stem = strings.TrimSuffix(inf, "n")
		}
		for _, f := range []string{stem, stem + "e", stem + "t", stem + "st", stem + "est", stem + "et"} {
			if _, ok := m[f]; !ok {
				m[f] = inf
			}
		}
	}
	for f, inf := range map[string]string{"nimm": "nehmen", "nimmst": "nehmen", "nimmt": "nehmen", "gib": "geben", "gibt": "geben",
		"lies": "lesen", "liest": "lesen", "sieh": "sehen", "hilf": "helfen", "lässt": "lassen", "hältst": "halten", "hält": "halten",
		"läuft": "laufen", "wirf": "werfen", "tu": "tun", "tue": "tun", "hör": "hören", "sei": "sein"} {
		m[f] = inf
	}
	return m
})

// germanMigration reads "sind/haben von X auf/zu Y umgestiegen/gewechselt/
// migriert" into "Y statt X verwenden"; "" when the clause is not one.
func germanMigration(w words, i int) string {
	n := len(w.low)
	if x := w.at(i); x != "sind" && x != "haben" {
		return ""
	}
	switch w.at(n - 1) {
	case "umgestiegen", "gewechselt", "migriert", "umgezogen":
	default:
		return ""
	}
	from, to := -1, -1
	for k := i + 1; k < n-1; k++ {
		switch w.at(k) {
		case "von":
			from = k
		case "auf", "zu", "nach":
			if to < 0 {
				to = k
			}
		}
	}
	if from < 0 || to < from+2 || to+1 >= n-1 {
		return ""
	}
	return w.join(to+1, n-1) + " statt " + w.join(from+1, to) + " verwenden"
}

// isGermanFinite reports a common finite verb in the middle of a clause
// ("Buttons brauchen einen Hover-Zustand"): the clause is a statement.
func isGermanFinite(w string) bool {
	switch w {
	case "brauchen", "braucht", "benötigen", "benötigt", "haben", "hat", "sind", "ist", "enthalten", "enthält", "bekommen",
		"bekommt", "folgen", "folgt", "tragen", "trägt", "werden", "wird":
		return true
	}
	return false
}

// germanDropped reports a participle of giving something up.
func germanDropped(w string) bool {
	switch w {
	case "abgeschafft", "entfernt", "aufgegeben", "ausgemustert", "rausgeworfen", "gestrichen":
		return true
	}
	return false
}

// deParticiples maps the past participles of the verb table to their
// infinitives: "geschrieben" → "schreiben", "formatiert" → "formatieren",
// "ausgeführt" → "ausführen".
var deParticiples = sync.OnceValue(func() map[string]string {
	m := map[string]string{}
	seen := map[string]bool{}
	for _, inf := range deVerbs() {
		if seen[inf] {
			continue
		}
		seen[inf] = true
		stem := strings.TrimSuffix(inf, "en")
		if stem == inf {
			stem = strings.TrimSuffix(inf, "n")
		}
		weak := stem + "t"
		if strings.HasSuffix(stem, "t") || strings.HasSuffix(stem, "d") {
			weak = stem + "et"
		}
		switch {
		case strings.HasSuffix(inf, "ieren"):
			m[weak] = inf
		case hasAnyPrefix(inf, "be", "ver", "ent", "er", "zer", "über", "ge"):
			m[weak] = inf
		default:
			sep := ""
			for _, p := range []string{"hinzu", "aus", "ab", "auf", "an", "ein", "vor", "nach", "zu"} {
				if strings.HasPrefix(inf, p) && len(inf) > len(p)+3 {
					sep = p
					break
				}
			}
			m[sep+"ge"+strings.TrimPrefix(weak, sep)] = inf
		}
	}
	for p, inf := range map[string]string{"geschrieben": "schreiben", "genommen": "nehmen", "gegeben": "geben", "gelesen": "lesen",
		"gesehen": "sehen", "gehalten": "halten", "gelassen": "lassen", "geworfen": "werfen", "gefangen": "fangen",
		"genannt": "nennen", "benannt": "benennen", "gerufen": "rufen", "aufgerufen": "aufrufen", "geschlossen": "schließen",
		"gemieden": "meiden", "vermieden": "vermeiden", "eingehalten": "einhalten", "bevorzugt": "bevorzugen", "gepusht": "pushen",
		"gemergt": "mergen", "gemerged": "mergen", "committet": "committen", "gecommittet": "committen", "geloggt": "loggen"} {
		m[p] = inf
	}
	return m
})

func hasAnyPrefix(s string, ps ...string) bool {
	for _, p := range ps {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// germanActive turns a passive statement of practice into the infinitive
// clause a rule is written with: "Commits werden auf Englisch geschrieben"
// → "Commits auf Englisch schreiben"; "Secrets werden nie committet" →
// "Secrets nie committen". Any other text is returned as it is.
func germanActive(s string) string {
	body := strings.TrimRight(s, ".!")
	if strings.ContainsAny(body, ",;:?") {
		return s
	}
	ws := strings.Fields(body)
	if len(ws) < 3 {
		return s
	}
	aux := -1
	for i, w := range ws[1:] {
		if lw := strings.ToLower(w); lw == "werden" || lw == "wird" {
			aux = i + 1
			break
		}
	}
	inf, ok := deParticiples()[strings.ToLower(ws[len(ws)-1])]
	if !ok {
		inf, ok = weakParticiple(strings.ToLower(ws[len(ws)-1]))
	}
	if aux < 1 || aux == len(ws)-1 || !ok {
		return s
	}
	out := append(append(append([]string{}, ws[:aux]...), ws[aux+1:len(ws)-1]...), inf)
	return strings.Join(out, " ")
}

// weakParticiple reads an unknown weak participle, as German makes of
// English verbs: "gesquasht" → "squashen", "gecacht" → "cachen".
func weakParticiple(w string) (string, bool) {
	stem, ok := strings.CutPrefix(w, "ge")
	if !ok {
		return "", false
	}
	stem, ok = strings.CutSuffix(stem, "t")
	if !ok || len(stem) < 3 {
		return "", false
	}
	for _, r := range stem {
		if r < 'a' || r > 'z' {
			return "", false
		}
	}
	return stem + "en", true
}

package normalize

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// clearVerbs are English verbs that cannot be the object of "use": "Always
// use take a backup" is a garbled rewrite.
var clearVerbs = wordSet(`take do run write add put keep get give forget remember ensure try avoid stop skip ignore create
	delete remove move rename call wrap validate generate install deploy follow choose pick include explain ask open close start
	send save handle treat apply adopt bump be use always never don't please not no`)

// ensureLeftovers after "make sure" mean a phrase was wrapped twice.
var ensureLeftovers = wordSet(`make do to please always never from going remember don't be not`)

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
	if rest, ok := strings.CutPrefix(strings.TrimPrefix(instr, prefix), forms[lang].ensure+" "); ok && forms[lang].ensure != "" && lang != "en" && lang != "de" && !hasFiniteVerb(rest, lang) {
		return "the statement has no verb"
	}
	if use := forms[lang].use; (lang == "fr" || lang == "es") && next(0) == use && len(body) > 1 && lookupNone(next(1)) && looksInfinitive(next(1), lang) {
		return fmt.Sprintf("the phrase rules would write %q before a verb", use+" "+next(1))
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
		if next(0) == "use" && (clearVerbs()[next(1)] || acknowledgements()[next(1)] || isInterjection(next(1))) {
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

// hasFiniteVerb guesses whether a French or Spanish statement has a finite
// verb: "les noms de variables en anglais" has none.
func hasFiniteVerb(s, lang string) bool {
	finite := map[string][]string{
		"fr": {"est", "sont", "a", "ont", "ait", "aient", "soit", "soient", "doit", "doivent", "va", "vont", "peut", "peuvent", "reste", "restent", "contient", "suit", "utilise", "passe",
			"nécessite", "inclut", "comporte", "commence", "vit", "retourne", "renvoie", "affiche", "respecte"},
		"es": {"es", "son", "está", "están", "tiene", "tienen", "tengan", "tenga", "debe", "deben", "va", "van", "usa", "usan", "use", "usen", "sigue", "siguen", "sean", "sea",
			"necesita", "necesite", "lleva", "lleve", "incluye", "incluya", "incluyen", "incluyan", "contiene", "contenga", "contienen", "contengan",
			"requiere", "requiera", "requieren", "requieran", "empieza", "empiece", "devuelve", "devuelva", "devuelven", "devuelvan", "esté", "estén"},
	}[lang]
	for _, w := range strings.Fields(strings.ToLower(s)) {
		w = strings.Trim(w, ",.;:")
		if slices.Contains(finite, w) || len(w) > 4 && (strings.HasSuffix(w, "ent") && lang == "fr" || strings.HasSuffix(w, "an") && lang == "es") {
			return true
		}
	}
	return false
}

// looksInfinitive reports a French or Spanish infinitive, possibly with an
// attached pronoun: "sauter", "saltarte".
func looksInfinitive(w, lang string) bool {
	if len(w) < 5 {
		return false
	}
	if lang == "fr" {
		return strings.HasSuffix(w, "er") || strings.HasSuffix(w, "ir")
	}
	return strings.HasSuffix(w, "ar") || strings.HasSuffix(w, "er") || strings.HasSuffix(w, "ir") || spanishEnclitic(w) != ""
}

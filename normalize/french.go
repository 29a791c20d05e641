package normalize

import (
	"slices"
	"strings"
	"sync"
)

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
	if n > 1 && frVerbs()[w.low[0]] == "" && lookupNone(w.low[0]) && frenchInfinitive(w.low[0]) != "" && frenchDeterminer(w.low[1]) &&
		!frenchOpener(w.low[0]) && w.orig[0] != "" {
		// "Explique ton plan …": an imperative of an -er verb the tables lack.
		return clause{pol: polAlways, body: frenchInfinitive(w.low[0]) + " " + w.join(1, n)}
	}
	if n > 1 && (w.low[0] == "aucun" || w.low[0] == "aucune") {
		// "Aucun console.log en production".
		return clause{pol: polNever, explicit: true, body: "utiliser " + w.join(0, n)}
	}
	if n > 0 && (w.low[0] == "puis" || w.low[0] == "sauf") {
		return clause{tail: true, pol: polAlways, body: w.join(0, n)}
	}
	i := 0
	verb := ""
opening:
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
			if y := w.at(i); frVerbs()[y] == "" && !frenchPronoun(y) && !frenchOpener(y) {
				// After "ne" comes a verb: "Ne logue jamais …". An unknown
				// one gets its infinitive from its ending, or the clause is
				// refused rather than read as a noun to "use".
				inf := frenchInfinitive(y)
				if inf == "" {
					return clause{vague: true}
				}
				verb = inf
				i++
			}
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
			if inf := w.at(i + 1); frVerbs()[inf] == inf && inf != "" {
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
				if inf := w.at(i + 1); inf != "pas" && inf != "plus" && inf != "jamais" && frVerbs()[inf] == inf && inf != "" {
					verb = ""
				}
			} else {
				c.pol, c.explicit = polAlways, true
				verb = "préférer"
			}
			i++
		case frVerbs()[x] != "":
			verb = frVerbs()[x]
			i++
		case c.explicit && len(x) > 4 && (strings.HasSuffix(x, "er") || strings.HasSuffix(x, "ir")):
			verb = w.orig[i] // an infinitive after a marker: "jamais committer"
			i++
		default:
			break opening
		}
	}
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
	lang := map[string]string{"usar": "es", "utiliser": "fr"}[use]
	if n-i <= 4 && !hasFiniteVerb(body, lang) {
		// "Solo pnpm", "pnpm, pas npm": a bare noun phrase is something
		// to use; "Las fechas son UTC" is a statement.
		return clause{tail: true, pol: polAlways, body: use + " " + lowerFirstWord(body)}
	}
	// "s'assurer que les erreurs doivent être …" → "… sont …".
	for _, r := range [][2]string{
		{" doivent être ", " sont "}, {" doit être ", " est "}, {" doivent avoir ", " ont "}, {" doit avoir ", " a "},
		{" deben ser ", " sean "}, {" debe ser ", " sea "}, {" deben tener ", " tengan "}, {" debe tener ", " tenga "},
		{" deben usar ", " usen "}, {" debe usar ", " use "},
	} {
		body = strings.Replace(body, r[0], r[1], 1)
	}
	return clause{pol: polAlways, stmt: true, body: body}
}

// frVerbs maps the French verb forms people type to the infinitive.
var frVerbs = sync.OnceValue(func() map[string]string {
	m := map[string]string{}
	// French: -er verbs from their stems; é→è in the stressed forms
	// (préfère → préférer); then irregular verbs.
	for _, inf := range strings.Fields(`utiliser ajouter lancer préférer éviter garder nommer placer ranger créer supprimer tester
		vérifier exécuter importer exporter documenter commiter pousser séparer respecter retourner valider formater indenter
		installer déclarer passer laisser fermer commenter générer migrer stocker enregistrer afficher oublier préfixer grouper
		trier limiter écrire employer appeler renvoyer mettre faire prendre lire choisir suivre dire définir ouvrir utiliser
		arrêter penser veiller regrouper déplacer renommer organiser structurer traduire expliquer modifier loguer journaliser`) {
		m[inf] = inf
		if !strings.HasSuffix(inf, "er") {
			continue
		}
		stem := strings.TrimSuffix(inf, "er")
		forms := []string{stem + "e", stem + "es", stem + "ez", stem + "ons"}
		if i := strings.LastIndex(stem, "é"); i >= 0 && i > len(stem)-4 {
			grave := stem[:i] + "è" + stem[i+len("é"):]
			forms = append(forms, grave+"e", grave+"es")
		}
		for _, f := range forms {
			m[f] = inf
		}
	}
	for f, inf := range map[string]string{"mets": "mettre", "mettez": "mettre", "mettons": "mettre", "fais": "faire",
		"faites": "faire", "faisons": "faire", "prends": "prendre", "prenez": "prendre", "prenons": "prendre",
		"écris": "écrire", "écrivez": "écrire", "écrivons": "écrire", "lis": "lire", "lisez": "lire", "choisis": "choisir",
		"choisissez": "choisir", "suis": "suivre", "suivez": "suivre", "suivons": "suivre", "dis": "dire", "dites": "dire",
		"définis": "définir", "définissez": "définir", "ouvre": "ouvrir", "ouvrez": "ouvrir", "emploie": "employer",
		"emploies": "employer", "appelle": "appeler", "appelles": "appeler", "renvoie": "renvoyer", "traduis": "traduire",
		"réponds": "répondre", "répondez": "répondre", "répondons": "répondre",
		// The "on" forms: "on écrit les noms en anglais".
		"écrit": "écrire", "met": "mettre", "prend": "prendre", "choisit": "choisir", "suit": "suivre", "définit": "définir",
		"traduit": "traduire", "répond": "répondre"} {
		m[f] = inf
	}
	return m
})

// frenchPronoun reports an object pronoun between "ne" and the verb.
func frenchPronoun(w string) bool {
	switch w {
	case "le", "la", "les", "l", "me", "te", "se", "nous", "vous", "lui", "leur", "y", "en":
		return true
	}
	return false
}

// frenchInfinitive guesses the infinitive of an -er verb form: logue,
// logues, loguez → loguer; "" when the form does not look like one.
func frenchInfinitive(w string) string {
	switch {
	case len(w) < 4:
		return ""
	case strings.HasSuffix(w, "ez"):
		return strings.TrimSuffix(w, "z") + "r"
	case strings.HasSuffix(w, "es"):
		return strings.TrimSuffix(w, "s") + "r"
	case strings.HasSuffix(w, "e"):
		return w + "r"
	}
	return ""
}

// frenchOpener reports a word the clause reader handles itself after
// "ne": a negation, a verb of wanting, liking or stopping.
func frenchOpener(w string) bool {
	switch w {
	case "pas", "jamais", "plus", "faut", "veux", "voulons", "voulez", "voudrais", "souhaite", "souhaitons", "préfère",
		"préférons", "préférez", "aime", "aimons", "aimez", "déteste", "détestons", "détestez", "hais", "haïssons",
		"arrête", "arrêtez", "évite", "évitez", "dois", "doit", "devez", "devons", "peux", "pouvez":
		return true
	}
	return false
}

func frenchDeterminer(w string) bool {
	switch w {
	case "le", "la", "les", "l", "un", "une", "des", "du", "ton", "ta", "tes", "votre", "vos", "ce", "cet", "cette", "ces", "chaque", "tous", "toutes", "son", "sa", "ses":
		return true
	}
	return false
}

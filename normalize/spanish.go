package normalize

import (
	"strings"
	"sync"
)

func analyzeSpanish(p string) clause {
	w := newWords(p)
	n := len(w.low)
	c := clause{}
	if n == 1 && isInterjection(w.low[0]) {
		return clause{drop: true}
	}
	if n > 2 && w.low[0] == "nada" && w.low[1] == "de" {
		// "Nada de números mágicos": none of them.
		return clause{pol: polNever, explicit: true, body: "usar " + w.join(2, n)}
	}
	if n > 1 && esVerbs()[w.low[0]] == "" && strings.HasSuffix(w.low[0], "a") && len(w.low[0]) > 4 && lookupNone(w.low[0]) && spanishDeterminer(w.low[1]) {
		// "Explica tu plan …": an imperative of an -ar verb the tables lack.
		return clause{pol: polAlways, body: strings.TrimSuffix(w.low[0], "a") + "ar " + w.join(1, n)}
	}
	i := 0
	verb := ""
opening:
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
		case x == "no" && (esVerbs()[w.at(i+1)] != "" || w.at(i+1) == "nunca" || w.at(i+1) == "hay"):
			c.pol, c.explicit = polNever, true
			i++
		case x == "nunca" || x == "jamás":
			c.pol, c.explicit = polNever, true
			i++
			if y := w.at(i); esVerbs()[y] == "" && strings.HasSuffix(y, "es") && len(y) > 5 && !stopWords()[y] && lookupNone(y) {
				// "Nunca registres …": a negative command of an -ar verb
				// the tables lack.
				verb = strings.TrimSuffix(y, "es") + "ar"
				i++
			}
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
			if inf := spanishEnclitic(w.at(i)); inf != "" {
				// "Deja de saltarte los tests": an infinitive with a pronoun.
				verb = inf
				i++
			}
		case x == "evita" || x == "evites":
			if inf := w.at(i + 1); esVerbs()[inf] == inf && inf != "" {
				return clause{pol: polNever, explicit: true, body: w.join(i+1, n)}
			}
			return clause{pol: polNever, explicit: true, body: "usar " + w.join(i+1, n)}
		case esVerbs()[x] != "" && !(c.pol != polNever && spanishSubjunctive(x, esVerbs()[x])):
			verb = esVerbs()[x]
			if verb == "preferir" {
				c.pol, c.explicit = polAlways, true
			}
			i++
		case c.explicit && len(x) > 4 && (strings.HasSuffix(x, "ar") || strings.HasSuffix(x, "er") || strings.HasSuffix(x, "ir")):
			verb = w.orig[i] // an infinitive after a marker: "nunca commitear"
			i++
		default:
			break opening
		}
	}
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

// isSpanishWant reports a form of "want" ("quiero", "queremos").
func isSpanishWant(x string) bool {
	switch x {
	case "quiero", "queremos", "quisiera", "quisiéramos":
		return true
	}
	return false
}

// esVerbs maps the Spanish verb forms people type to the infinitive.
var esVerbs = sync.OnceValue(func() map[string]string {
	m := map[string]string{}
	// Spanish: -ar, -er, -ir verbs: affirmative imperative, negative
	// (subjunctive) imperative, "nosotros" and "yo" forms.
	for _, inf := range strings.Fields(`usar utilizar agregar ejecutar crear evitar nombrar llamar guardar borrar eliminar documentar
		importar exportar validar formatear separar colocar dejar lanzar instalar declarar cambiar comentar generar migrar
		almacenar ordenar agrupar limitar empujar publicar buscar sacar pagar empezar comprobar revisar probar mostrar
		añadir escribir incluir subir dividir definir permitir meter correr leer preferir seguir poner hacer mantener decir
		emplear agregar traducir mover renombrar organizar estructurar respetar pasar explicar modificar registrar ignorar responder contestar`) {
		m[inf] = inf
		stem, end := inf[:len(inf)-2], inf[len(inf)-2:]
		switch end {
		case "ar":
			neg := stem
			switch {
			case strings.HasSuffix(stem, "c"):
				neg = stem[:len(stem)-1] + "qu"
			case strings.HasSuffix(stem, "g"):
				neg = stem + "u"
			case strings.HasSuffix(stem, "z"):
				neg = stem[:len(stem)-1] + "c"
			}
			for _, f := range []string{stem + "a", neg + "es", stem + "amos", stem + "o", stem + "ad", neg + "e", neg + "en"} {
				m[f] = inf
			}
		case "er", "ir":
			for _, f := range []string{stem + "e", stem + "as", stem + end[:1] + "mos", stem + "o", stem + end[:1] + "d", stem + "a", stem + "an"} {
				m[f] = inf
			}
		}
	}
	for f, inf := range map[string]string{"pon": "poner", "pongas": "poner", "ponga": "poner", "haz": "hacer", "hagas": "hacer",
		"haga": "hacer", "prefiero": "preferir", "prefieras": "preferir", "prefiere": "preferir", "prefiera": "preferir",
		"sigue": "seguir", "sigas": "seguir", "siga": "seguir", "incluye": "incluir", "incluyas": "incluir", "incluya": "incluir",
		"prueba": "probar", "pruebes": "probar", "pruebe": "probar", "muestra": "mostrar", "muestres": "mostrar",
		"mantén": "mantener", "mantengas": "mantener", "di": "decir", "digas": "decir", "comprueba": "comprobar",
		"compruebes": "comprobar", "empieza": "empezar", "empieces": "empezar", "mueve": "mover", "muevas": "mover"} {
		m[f] = inf
	}
	return m
})

func spanishDeterminer(w string) bool {
	switch w {
	case "el", "la", "los", "las", "un", "una", "unos", "unas", "tu", "tus", "su", "sus", "este", "esta", "estos", "estas", "cada", "todo", "todos", "todas":
		return true
	}
	return false
}

// spanishSubjunctive reports the negative-command form of a verb ("uses",
// "pongas"), a verb only after "no" or "nunca": "Nombres de variables …"
// opens with a noun.
func spanishSubjunctive(form, inf string) bool {
	return strings.HasSuffix(form, "es") && strings.HasSuffix(inf, "ar") ||
		strings.HasSuffix(form, "as") && (strings.HasSuffix(inf, "er") || strings.HasSuffix(inf, "ir"))
}

// spanishEnclitic turns an infinitive with an attached pronoun into its
// reflexive form: "saltarte" → "saltarse"; "" for any other word.
func spanishEnclitic(w string) string {
	for _, pro := range []string{"te", "se", "me", "nos"} {
		stem, ok := strings.CutSuffix(w, pro)
		if ok && len(stem) > 3 && (strings.HasSuffix(stem, "ar") || strings.HasSuffix(stem, "er") || strings.HasSuffix(stem, "ir")) {
			return stem + "se"
		}
	}
	return ""
}

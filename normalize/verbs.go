package normalize

import "strings"

// Verb tables: for each language, the forms a person types (imperative,
// first person, "we" form, negative subjunctive) mapped to the infinitive
// a rule is written with. English needs only the set of base forms.

var enVerbs = map[string]bool{}

var (
	deVerbs = map[string]string{} // form → infinitive
	frVerbs = map[string]string{}
	esVerbs = map[string]string{}
)

func initVerbs1() {
	for _, v := range strings.Fields(`use put add run write keep prefer document generate name place import export call return wrap
		validate test check commit push pull merge rebase squash create delete remove move rename store save log throw catch
		handle include exclude install build deploy lint format sort split group mock stub declare define prefix suffix annotate
		type cache index migrate seed update upgrade pin lock bump tag release review ask open close follow start begin escape
		sanitize encode decode parse render show hide display label mark set configure enable disable print assert expect
		compare extract inline reuse limit leave ensure give read prefix pass send fetch load require measure sign squash
		separate order specify describe explain mention link reference respond reply answer translate wait retry verify
		colocate co-locate avoid stop use prefer choose pick treat consider apply adopt stick default return emit raise
		go stay bundle compile transpile target handle structure organize organise indent quote comment`) {
		enVerbs[v] = true
	}

	// German: infinitive → forms built from the stem (imperative with and
	// without -e, ich, du, er forms), plus irregular forms.
	for _, inf := range strings.Fields(`benutzen verwenden nutzen schreiben setzen legen fügen machen vermeiden bevorzugen führen
		testen prüfen committen pushen formatieren importieren exportieren benennen nennen packen stellen erstellen schicken
		löschen entfernen ändern speichern dokumentieren generieren verschieben behalten starten installieren definieren
		deklarieren validieren sortieren gruppieren trennen kommentieren übersetzen migrieren cachen zeigen achten denken
		hören rufen holen laden schließen öffnen prüfen beachten einhalten folgen meiden mocken loggen werfen fangen
		halten lassen laufen nehmen geben lesen sehen helfen ausführen ablegen hinzufügen aufrufen anzeigen`) {
		deVerbs[inf] = inf
		stem := strings.TrimSuffix(inf, "en")
		if stem == inf {
			stem = strings.TrimSuffix(inf, "n")
		}
		for _, f := range []string{stem, stem + "e", stem + "t", stem + "st", stem + "est", stem + "et"} {
			if _, ok := deVerbs[f]; !ok {
				deVerbs[f] = inf
			}
		}
	}
	for f, inf := range map[string]string{"nimm": "nehmen", "nimmst": "nehmen", "nimmt": "nehmen", "gib": "geben", "gibt": "geben",
		"lies": "lesen", "liest": "lesen", "sieh": "sehen", "hilf": "helfen", "lässt": "lassen", "hältst": "halten", "hält": "halten",
		"läuft": "laufen", "wirf": "werfen", "tu": "tun", "tue": "tun", "hör": "hören", "sei": "sein"} {
		deVerbs[f] = inf
	}

	// French: -er verbs from their stems; é→è in the stressed forms
	// (préfère → préférer); then irregular verbs.
	for _, inf := range strings.Fields(`utiliser ajouter lancer préférer éviter garder nommer placer ranger créer supprimer tester
		vérifier exécuter importer exporter documenter commiter pousser séparer respecter retourner valider formater indenter
		installer déclarer passer laisser fermer commenter générer migrer stocker enregistrer afficher oublier préfixer grouper
		trier limiter écrire employer appeler renvoyer mettre faire prendre lire choisir suivre dire définir ouvrir utiliser
		arrêter penser veiller regrouper déplacer renommer organiser structurer traduire`) {
		frVerbs[inf] = inf
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
			frVerbs[f] = inf
		}
	}
	for f, inf := range map[string]string{"mets": "mettre", "mettez": "mettre", "mettons": "mettre", "fais": "faire",
		"faites": "faire", "faisons": "faire", "prends": "prendre", "prenez": "prendre", "prenons": "prendre",
		"écris": "écrire", "écrivez": "écrire", "écrivons": "écrire", "lis": "lire", "lisez": "lire", "choisis": "choisir",
		"choisissez": "choisir", "suis": "suivre", "suivez": "suivre", "suivons": "suivre", "dis": "dire", "dites": "dire",
		"définis": "définir", "définissez": "définir", "ouvre": "ouvrir", "ouvrez": "ouvrir", "emploie": "employer",
		"emploies": "employer", "appelle": "appeler", "appelles": "appeler", "renvoie": "renvoyer", "traduis": "traduire"} {
		frVerbs[f] = inf
	}

	// Spanish: -ar, -er, -ir verbs: affirmative imperative, negative
	// (subjunctive) imperative, "nosotros" and "yo" forms.
	for _, inf := range strings.Fields(`usar utilizar agregar ejecutar crear evitar nombrar llamar guardar borrar eliminar documentar
		importar exportar validar formatear separar colocar dejar lanzar instalar declarar cambiar comentar generar migrar
		almacenar ordenar agrupar limitar empujar publicar buscar sacar pagar empezar comprobar revisar probar mostrar
		añadir escribir incluir subir dividir definir permitir meter correr leer preferir seguir poner hacer mantener decir
		emplear agregar traducir mover renombrar organizar estructurar respetar pasar`) {
		esVerbs[inf] = inf
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
				esVerbs[f] = inf
			}
		case "er", "ir":
			for _, f := range []string{stem + "e", stem + "as", stem + end[:1] + "mos", stem + "o", stem + end[:1] + "d", stem + "a", stem + "an"} {
				esVerbs[f] = inf
			}
		}
	}
	for f, inf := range map[string]string{"pon": "poner", "pongas": "poner", "ponga": "poner", "haz": "hacer", "hagas": "hacer",
		"haga": "hacer", "prefiero": "preferir", "prefieras": "preferir", "prefiere": "preferir", "prefiera": "preferir",
		"sigue": "seguir", "sigas": "seguir", "siga": "seguir", "incluye": "incluir", "incluyas": "incluir", "incluya": "incluir",
		"prueba": "probar", "pruebes": "probar", "pruebe": "probar", "muestra": "mostrar", "muestres": "mostrar",
		"mantén": "mantener", "mantengas": "mantener", "di": "decir", "digas": "decir", "comprueba": "comprobar",
		"compruebes": "comprobar", "empieza": "empezar", "empieces": "empezar", "mueve": "mover", "muevas": "mover"} {
		esVerbs[f] = inf
	}
}

// englishBase turns a gerund or a past form ("adding", "assumed",
// "putting", "creating") into the base form ("add", "assume", "put",
// "create").
func englishBase(w string) string {
	if irr, ok := englishIrregular[w]; ok {
		return irr
	}
	var stem string
	switch {
	case strings.HasSuffix(w, "ing") && len(w) > 4:
		stem = w[:len(w)-3]
	case strings.HasSuffix(w, "ied") && len(w) > 4:
		return w[:len(w)-3] + "y"
	case strings.HasSuffix(w, "ed") && len(w) > 3:
		stem = w[:len(w)-2]
	default:
		return w
	}
	if enVerbs[stem] || noFinalE[stem] {
		return stem
	}
	n := len(stem)
	if n >= 3 && stem[n-1] == stem[n-2] && strings.IndexByte("bdgmnprt", stem[n-1]) >= 0 {
		return stem[:n-1] // putting → put, committing → commit
	}
	if enVerbs[stem+"e"] {
		return stem + "e"
	}
	switch {
	case strings.HasSuffix(stem, "at"), strings.HasSuffix(stem, "v"), strings.HasSuffix(stem, "z"),
		strings.HasSuffix(stem, "rs"), strings.HasSuffix(stem, "dl"), strings.HasSuffix(stem, "bl"), strings.HasSuffix(stem, "gl"),
		strings.HasSuffix(stem, "pl"), strings.HasSuffix(stem, "tl"), strings.HasSuffix(stem, "c"), strings.HasSuffix(stem, "ng") && strings.HasSuffix(stem, "ang"):
		return stem + "e"
	}
	if n >= 3 && !isVowel(stem[n-3]) && isVowelY(stem[n-2]) && !isVowel(stem[n-1]) && strings.IndexByte("wxy", stem[n-1]) < 0 {
		return stem + "e" // making → make, writing → write
	}
	if n == 2 && isVowel(stem[0]) {
		return stem + "e" // using → use
	}
	return stem
}

func isVowel(c byte) bool  { return strings.IndexByte("aeiou", c) >= 0 }
func isVowelY(c byte) bool { return strings.IndexByte("aeiouy", c) >= 0 }

var englishIrregular = map[string]string{
	"wrote": "write", "written": "write", "ran": "run", "forgot": "forget", "forgotten": "forget", "left": "leave",
	"made": "make", "broke": "break", "broken": "break", "took": "take", "gave": "give", "got": "get", "did": "do",
	"put": "put", "set": "set", "kept": "keep", "sent": "send", "built": "build", "thought": "think", "chose": "choose",
	"editing": "edit", "edited": "edit", "visiting": "visit", "limiting": "limit", "exiting": "exit",
}

// noFinalE are stems that end like "make" but take no final e.
var noFinalE = map[string]bool{}

func initVerbs2() {
	for _, w := range strings.Fields(`open listen happen edit visit limit exit audit order answer enter offer filter render cover
		consider deliver register remember trigger cancel travel label model commit submit log mock lint pin tag ship
		fix mix sync wait fetch push merge`) {
		noFinalE[w] = true
	}
}

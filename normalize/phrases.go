package normalize

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// phrases are the phrase rules of one language, applied before a clause
// is analysed.
type phrases struct {
	// fillers are discourse words that carry no rule ("from now on",
	// "please", "ab jetzt"): removed, never embedded in the rule.
	fillers []string
	// scope words say where the rule holds ("here", "in this repo", "bei
	// uns"): the rule lives in the project's ruleset, so they are removed
	// with the space before them, never with the comma after them (the
	// clause boundary stays).
	scope []string
	// ensure open an "always" rule ("don't forget to X", "make sure to X"):
	// replaced by always, or by what follows " > " in the entry.
	ensure []string
	// ensureThat open a statement to keep true ("stell sicher, dass S"):
	// the rule is always + what follows " > " + S.
	ensureThat []string
	always     string // the always marker that replaces an ensure phrase
	// meta is talk about the rules or the conversation ("ignore rule 2",
	// "forget what I said"): refused unless a technical token is named.
	meta []string
	// judgement words grade the work instead of naming it ("better",
	// "more careful"): refused unless a technical token or a number is
	// named.
	judgement []string
	// negators for the double-negation test ("never don't …"); empty where
	// negative concord is grammar ("no uses nunca", "ne … jamais").
	negators []string
	// banned turn "X is deprecated" into "never use X": the word after the
	// subject, then the adjectives.
	bannedVerbs, banned []string
	// allowed are the words that, negated, ban X: "X is no longer allowed".
	allowed []string
	// markers open a clause that states the rule: a lesson keeps the
	// clauses from the first of them on.
	markers []string
}

var phraseTables = sync.OnceValue(func() map[string]*phrases {
	f := strings.Fields
	lines := func(s string) []string {
		var out []string
		for _, l := range strings.Split(s, "|") {
			if l = strings.TrimSpace(l); l != "" {
				out = append(out, l)
			}
		}
		return out
	}
	return map[string]*phrases{
		"en": {
			scope: lines(`in this repository | in this repo | in this project | in this codebase | in this code base | in this service |
				in this package | in this module | in this app | in our repo | in our repository | in our codebase | in our project |
				for this repo | for this project | around here | over here | here`),
			fillers: lines(`from now on | going forward | moving forward | in the future | in future | henceforth | from here on |
				please | pls | plz | kindly | could you please | could you | can you please | can you | would you please |
				would you | will you | can we | could we | shall we | starting today | starting now | as of today | as of now |
				for now | don't forget: | do not forget: | remember: | i told you already | i already told you | i told you before |
				as i told you | like i told you | i told you | again: | note: | reminder: | important: | fyi | heads up: | this time | next time | for the future | once and for all | as i said | like i said`),
			ensure: lines(`don't forget not to > never | dont forget not to > never | don’t forget not to > never | do not forget not to > never |
				you keep forgetting to | you always forget to | you keep forgetting | make sure not to > never | make sure you don't > never | make sure you do not > never | make sure you never > never |
				be sure not to > never | remember not to > never | remember to not > never | remember to never > never |
				don't ever forget to | do not ever forget to | stop forgetting to | never forget: | never forget, |
				don't forget to | dont forget to | don’t forget to | do not forget to | never forget to | remember to |
				don't forget the > always include the | don't forget a > always include a | don't forget an > always include an |
				make sure to | make sure you | be sure to | ensure you | always remember to | you need to remember to`),
			always: "always",
			meta: lines(`ignore rule | ignore the rule | ignore the previous | ignore the last | ignore that | ignore this | ignore what |
				ignore my | ignore everything | forget what | forget that | forget the rule | forget the previous | forget everything |
				forget it | disregard | never mind | nevermind | the rules | my rules | your rules | rule # | you did it`),
			judgement: f(`better best nicer nice cleaner properly proper careful carefully thorough thoroughly good great faster
				harder smarter wrong wrongly sloppy lazy optimal decent perfect perfectly awesome elegant
				beautiful prettier-looking quality attention smart latest newest appropriate relevant necessary`),
			negators:    f(`never don't dont don’t not doesn't`),
			bannedVerbs: f(`is are`),
			banned:      f(`deprecated banned forbidden prohibited obsolete discouraged disallowed legacy`),
			allowed:     f(`allowed permitted used welcome accepted supported ok okay acceptable`),
			markers:     f(`always never don't dont don’t do avoid stop make use`),
		},
		"de": {
			scope: lines(`in diesem repository | in diesem repo | in diesem projekt | in dieser codebasis | in diesem service | in diesem dienst |
				in unserem repo | in unserem projekt | bei uns | hier`),
			fillers: lines(`kannst du bitte | kannst du | könntest du | könnt ihr | können wir | ab heute | ab jetzt | ab sofort | von jetzt an | von nun an | künftig | zukünftig | in zukunft | bitte | jetzt |
				diesmal | dieses mal | nächstes mal | ein für alle mal`),
			ensureThat: lines(`stell sicher, dass > sicherstellen, dass | stelle sicher, dass > sicherstellen, dass |
				sorge dafür, dass > sicherstellen, dass | achte darauf, dass > sicherstellen, dass`),
			ensure: lines(`nie wieder > niemals | niemals wieder > niemals | vergiss nicht, | vergiss nicht | vergesst nicht, | denk daran, | denke daran, | denkt daran, |
				achte darauf, | nicht vergessen: | nicht vergessen, | nicht vergessen`),
			always: "immer",
			meta: lines(`ignoriere regel | ignorier regel | ignoriere die regel | ignoriere das | ignoriere alles | vergiss das |
				vergiss alles | vergiss, was | vergiss was | vergiss die regel | die regeln | regel #`),
			judgement: f(`besser bessere besseren besserer besseres schöner schön sauberer ordentlich ordentlicher gründlich
				gründlicher sorgfältig sorgfältiger vorsichtig vorsichtiger gut gute guten guter richtig falsch schneller klüger
				hübscher sorgfalt`),
			negators:    f(`nie niemals nicht`),
			bannedVerbs: f(`ist sind`),
			banned:      f(`veraltet verboten tabu deprecated obsolet`),
			markers:     f(`immer nie niemals keine kein keinen nicht benutze verwende nutze`),
		},
		"fr": {
			scope: lines(`dans ce dépôt | dans ce repo | dans ce projet | dans ce code | dans ce service | dans notre dépôt | dans notre projet |
				chez nous | ici`),
			fillers: lines(`peux-tu | pourrais-tu | pouvez-vous | pourriez-vous | est-ce que tu peux | à partir d'aujourd'hui |
				dès maintenant | à partir de maintenant | à partir d'aujourd'hui | dorénavant | désormais | à l'avenir |
				s'il te plaît | s'il vous plaît | stp | svp | cette fois-ci | cette fois | la prochaine fois | maintenant`),
			ensureThat: lines(`assure-toi que > s'assurer que | assurez-vous que > s'assurer que | veille à ce que > s'assurer que |
				veillez à ce que > s'assurer que | fais en sorte que > s'assurer que`),
			ensure: lines(`n'oublie pas : | n'oublie pas, | n'oubliez pas : | n'oubliez pas, | n’oublie pas : |
				n'oublie pas de | n'oublie pas d' | n'oubliez pas de | n'oubliez pas d' | n’oublie pas de | n’oublie pas d' |
				pense à | pensez à | assure-toi de | assure-toi d' | assurez-vous de | assurez-vous d' | veille à | veillez à`),
			always: "toujours",
			meta: lines(`ignore la règle | ignore règle | ignorez la règle | oublie ça | oublie tout | oublie ce que | oubliez ça |
				les règles | la règle n`),
			judgement: f(`mieux meilleur meilleure meilleurs meilleures soigneux soigneuse rigoureux rigoureuse attentif attentive
				prudent prudente bien bon bonne beau joli jolie correctement propre propres`),
			bannedVerbs: f(`est sont`),
			banned:      f(`interdit interdite interdits interdites obsolète obsolètes déprécié dépréciée proscrit banni`),
			markers:     f(`toujours jamais ne n' pas utilise`),
		},
		"es": {
			scope: lines(`en este repositorio | en este repo | en este proyecto | en este código | en este servicio | en nuestro proyecto |
				en nuestro repo | aquí | acá`),
			fillers: lines(`¿puedes | puedes | ¿podrías | podrías | ¿podemos | podemos | desde hoy | a partir de hoy | a partir de ahora | de ahora en adelante | desde ahora | en adelante | en el futuro | por favor |
				esta vez | la próxima vez | ahora`),
			ensureThat: lines(`asegúrate de que > asegurarse de que | asegúrese de que > asegurarse de que |
				asegúrense de que > asegurarse de que | procura que > asegurarse de que`),
			ensure: lines(`no olvides | no te olvides de | no se olvide de | recuerda | recuerde | acuérdate de |
				asegúrate de | asegúrese de | asegúrense de`),
			always: "siempre",
			meta:   lines(`ignora la regla | ignora regla | ignore la regla | olvida eso | olvida todo | olvida lo que | las reglas | regla #`),
			judgement: f(`mejor mejores bien bueno buena buenos buenas cuidadoso cuidadosa riguroso rigurosa atento atenta bonito
				bonita correctamente limpio limpia`),
			bannedVerbs: f(`está están es son`),
			banned:      f(`prohibido prohibida prohibidos obsoleto obsoleta obsoletos deprecado deprecada`),
			markers:     f(`siempre nunca jamás no usa`),
		},
		"ja": {
			scope:     lines(`このリポジトリでは | このリポジトリで | このリポでは | このプロジェクトでは | このプロジェクトで | このコードベースでは | うちのチームでは | うちでは | 弊社では | 私たちは | 我々は | ここでは`),
			fillers:   lines(`もう二度と | 二度と | 今日からは | 今日から | 明日から | 今後は | 今後 | これからは | これから | 以後は | 次からは | 今度から | 今回は | 今回 | 次回から`),
			meta:      lines(`無視 | ルール | 忘れて | さっきの | 前の指示`),
			judgement: lines(`もっと | いい感じ | 良い感じ | ちゃんと | しっかり | 丁寧 | 気をつけ | 気を付け | 上手 | うまく | きれい | 綺麗 | 良く | よく | 頑張`),
			markers:   lines(`必ず | 常に | 絶対 | いつも`),
		},
	}
})

// isWordByte reports a byte that continues a word, for phrase boundaries.
func boundaryBefore(s string, i int) bool {
	if i == 0 {
		return true
	}
	r, _ := utf8.DecodeLastRuneInString(s[:i])
	return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '\'' && r != '’'
}

func boundaryAfter(s string, j int) bool {
	if j >= len(s) {
		return true
	}
	r, _ := utf8.DecodeRuneInString(s[j:])
	return !unicode.IsLetter(r) && !unicode.IsDigit(r)
}

// findPhraseLower finds phrase (lower case) in s at word boundaries (any
// position for Japanese, which has no spaces), from byte from on; lower is
// strings.ToLower(s), computed once by the caller. -1 when absent.
func findPhraseLower(s, lower, phrase string, from int) int {
	n := len(phrase)
	ja := phrase[0] >= 0x80 && hasJapanese(phrase)
	ok := func(i int) bool {
		return ja || boundaryBefore(s, i) && (boundaryAfter(s, i+n) || !isLetterByteEnd(phrase))
	}
	if len(lower) != len(s) {
		// Lower-casing changed the lengths (rare runes): compare in place.
		for i := from; i+n <= len(s); i++ {
			if strings.EqualFold(s[i:i+n], phrase) && ok(i) {
				return i
			}
		}
		return -1
	}
	for i := from; i+n <= len(lower); {
		j := strings.Index(lower[i:], phrase)
		if j < 0 {
			return -1
		}
		if ok(i + j) {
			return i + j
		}
		i += j + 1
	}
	return -1
}

// isLetterByteEnd reports a phrase ending with a letter (so its end needs
// a word boundary), not with "'" or ",".
func isLetterByteEnd(p string) bool {
	r, _ := utf8.DecodeLastRuneInString(p)
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

// containsPhrase reports whether s holds one of the phrases.
func containsPhrase(s string, list []string) bool {
	lower := strings.ToLower(s)
	for _, p := range list {
		if findPhraseLower(s, lower, p, 0) >= 0 {
			return true
		}
	}
	return false
}

// stripFillers removes the discourse fillers of s, with the comma that
// follows one ("from now on, run …").
func stripFillers(s string, fillers []string) string {
	lower := strings.ToLower(s)
	for _, f := range fillers {
		for {
			i := findPhraseLower(s, lower, f, 0)
			if i < 0 {
				break
			}
			j := i + len(f)
			for j < len(s) && (s[j] == ',' || s[j] == ' ' || s[j] == ':') {
				j++
			}
			if strings.HasPrefix(s[j:], "、") {
				j += len("、")
			}
			left := strings.TrimRight(s[:i], " ")
			if j >= len(s) {
				left = strings.TrimRight(left, ",")
			}
			if left != "" && s[j:] != "" && !hasJapanese(f) {
				left += " "
			}
			s = left + s[j:]
			lower = strings.ToLower(s)
		}
	}
	return strings.TrimSpace(s)
}

// stripScope removes the scope words of s ("we use pnpm here, never npm"
// → "we use pnpm, never npm"). A clause that opens with one loses the comma
// after it ("In this repo, we use X" → "we use X").
func stripScope(s string, scope []string) string {
	lower := strings.ToLower(s)
	for _, f := range scope {
		for from := 0; ; {
			i := findPhraseLower(s, lower, f, from)
			if i < 0 {
				break
			}
			j := i + len(f)
			left := strings.TrimRight(s[:i], " ")
			right := s[j:]
			if left == "" || strings.HasSuffix(left, ",") || strings.HasSuffix(left, ";") || strings.HasSuffix(left, "—") || strings.HasSuffix(left, ":") ||
				strings.HasSuffix(left, "、") || strings.HasSuffix(left, "。") {
				// A leading scope: its comma goes with it.
				right = strings.TrimLeft(right, " ,、")
				if left != "" && right != "" && !hasJapanese(f) {
					left += " "
				}
			} else if !hasJapanese(f) && right != "" && right[0] != ' ' && right[0] != ',' && right[0] != '.' && right[0] != ';' && right[0] != '!' && right[0] != '?' {
				left += " "
			}
			if strings.TrimSpace(left+right) == "" {
				break
			}
			s = left + right
			lower = strings.ToLower(s)
			from = len(left)
		}
	}
	return strings.TrimSpace(s)
}

// applyEnsure turns "don't forget to X", "make sure to X" into "always X".
func applyEnsure(s string, ph *phrases) string {
	lower := strings.ToLower(s)
	for _, e := range ph.ensure {
		// "don't forget the > always include the": a replacement of its own.
		phrase, repl, ok := strings.Cut(e, " > ")
		if !ok {
			repl = ph.always
		}
		i := findPhraseLower(s, lower, phrase, 0)
		if i < 0 {
			continue
		}
		rest := strings.TrimLeft(s[i+len(phrase):], " ,")
		if ph.always == "immer" {
			rest = dropZu(rest)
			if !endsWithGermanVerb(rest) {
				// "Vergiss nicht die Migrationen": keep them in mind.
				rest = strings.TrimRight(rest, ".!;") + " beachten"
			}
		}
		return s[:i] + repl + " " + rest
	}
	return s
}

// dropZu removes the "zu" before the final infinitive of a German clause:
// "das CHANGELOG zu aktualisieren" → "das CHANGELOG aktualisieren".
func dropZu(s string) string {
	end := strings.IndexAny(s, ".;!")
	tail := ""
	if end >= 0 {
		s, tail = s[:end], s[end:]
	}
	if i := strings.LastIndex(s, " zu "); i >= 0 && !strings.Contains(s[i+4:], " ") {
		s = s[:i] + " " + s[i+4:]
	} else if strings.HasPrefix(s, "zu ") {
		s = s[3:]
	} else if i := strings.LastIndexByte(s, ' '); i >= 0 {
		// A separable verb takes zu inside: "auszuführen" → "ausführen".
		last := s[i+1:]
		for _, pre := range []string{"hinzu", "zurück", "aus", "an", "auf", "ab", "ein", "mit", "vor", "nach", "weg", "um", "fest", "durch", "bei", "los", "zu"} {
			if rest, ok := strings.CutPrefix(last, pre+"zu"); ok && len(rest) > 3 && strings.HasSuffix(rest, "en") {
				s = s[:i+1] + pre + rest
				break
			}
		}
	}
	return s + tail
}

// hasDoubleNegation reports a clause that opens with two negations
// ("never don't run the linter", "don't never skip …"), whose meaning a
// rewrite could invert.
func hasDoubleNegation(s string, ph *phrases) bool {
	if len(ph.negators) == 0 {
		return false
	}
	for _, clause := range splitClauses(s) {
		ws := strings.Fields(strings.ToLower(clause))
		count := 0
		for k := 0; k < len(ws) && k < 5; k++ {
			w := strings.Trim(ws[k], ".,;:!?")
			if w == "do" && k+1 < len(ws) && ws[k+1] == "not" {
				continue
			}
			for _, n := range ph.negators {
				if w == n {
					count++
				}
			}
		}
		if count >= 2 {
			return true
		}
	}
	return false
}

// endsWithGermanVerb reports a clause that ends with an infinitive.
func endsWithGermanVerb(s string) bool {
	s = strings.TrimRight(s, ".!;, ")
	last := s[strings.LastIndexByte(s, ' ')+1:]
	return last != "" && isGermanInfinitive(strings.ToLower(last), last)
}

// ensureStatement writes "Immer sicherstellen, dass S" for a text that
// opens with one of the ensure-that phrases of its language; ok is false
// for any other text.
func ensureStatement(m, lang string, ph *phrases) (string, bool) {
	lower := strings.ToLower(m)
	for _, e := range ph.ensureThat {
		phrase, repl, _ := strings.Cut(e, " > ")
		if !strings.HasPrefix(lower, phrase) {
			continue
		}
		rest := strings.TrimRight(strings.TrimSpace(m[len(phrase):]), ".!;")
		if rest == "" || strings.ContainsAny(rest, ".;!?") {
			return "", false
		}
		return forms[lang].always + " " + repl + " " + rest, true
	}
	return "", false
}

package normalize

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// splitWords splits lower-case text into words: letters, digits and the
// characters that hold technical terms together (- _ . /). Apostrophes split
// (French elision: "d'émojis" gives "d" and "émojis").
func splitWords(s string) []string {
	words := make([]string, 0, 16)
	start := -1
	for i, r := range s {
		var in bool
		switch {
		case r < 0x80:
			in = 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || r == '-' || r == '_' || r == '.' || r == '/' || r == '@'
		case r > 0x2FFF && isJapanese(r):
			in = false
		default:
			in = unicode.IsLetter(r) || unicode.IsDigit(r)
		}
		switch {
		case in && start < 0:
			start = i
		case !in && start >= 0:
			words = appendWord(words, s[start:i])
			start = -1
		}
	}
	if start >= 0 {
		words = appendWord(words, s[start:])
	}
	return words
}

func appendWord(words []string, w string) []string {
	for w != "" && (w[0] == '.' || w[0] == '-') {
		w = w[1:]
	}
	for w != "" && (w[len(w)-1] == '.' || w[len(w)-1] == '-') {
		w = w[:len(w)-1]
	}
	if w != "" {
		words = append(words, w)
	}
	return words
}

func isJapanese(r rune) bool {
	return unicode.In(r, unicode.Hiragana, unicode.Katakana, unicode.Han) || r == 'ー'
}

// detectLanguage guesses the language of text among en, ja, de, fr and es
// from its script and its function words; English when unsure.
func detectLanguage(text string) string {
	lower := strings.ToLower(text)
	return detectLanguageWords(lower, splitWords(lower))
}

// detectLanguageWords is detectLanguage on lower-cased text and its words.
func detectLanguageWords(lower string, words []string) string {
	for _, r := range lower {
		if r > 0x2FFF && isJapanese(r) {
			return "ja"
		}
	}
	var de, fr, es, en int
	for _, r := range lower {
		switch r {
		case 'ä', 'ö', 'ü', 'ß':
			de += 2
		case 'é', 'è', 'ê', 'à', 'ç', 'ù', 'â', 'î', 'ô', 'œ':
			fr += 2
		case 'ñ', 'á', 'í', 'ó', 'ú', '¿', '¡':
			es += 2
		}
	}
	for _, el := range []string{"n'", "d'", "l'", "j'", "qu'", "c'", "s'"} {
		// An elision opens a word ("n'utilise"); "don't" is English.
		if strings.HasPrefix(lower, el) || strings.Contains(lower, " "+el) {
			fr++
			break
		}
	}
	for i, w := range words {
		if w == "no" && i+1 < len(words) && esVerbs()[words[i+1]] != "" && !enVerbs()[words[i+1]] {
			es += 2 // "no hagas …": a Spanish negative command
		}
		if !enVerbs()[w] {
			if deVerbs()[w] != "" {
				de += 2
			}
			if frVerbs()[w] != "" {
				fr += 2
			}
			if esVerbs()[w] != "" {
				es += 2
			}
		}
		if s, ok := functionWords()[w]; ok {
			en += int(s[0] - '0')
			de += int(s[1] - '0')
			fr += int(s[2] - '0')
			es += int(s[3] - '0')
		}
	}
	best, lang := en, "en"
	if de > best {
		best, lang = de, "de"
	}
	if fr > best {
		best, lang = fr, "fr"
	}
	if es > best {
		lang = "es"
	}
	return lang
}

// functionWords scores words for en, de, fr, es (one digit each).
var functionWords = sync.OnceValue(func() map[string]string {
	m := map[string]string{}
	set := func(score, words string) {
		for _, w := range strings.Fields(words) {
			old, ok := m[w]
			if !ok {
				m[w] = score
				continue
			}
			b := []byte(old)
			for i := range 4 {
				if score[i] > b[i] {
					b[i] = score[i]
				}
			}
			m[w] = string(b)
		}
	}
	set("2000", `the a an to of for with and is are be should must don't dont do not never always use we i you in on
		stop prefer instead only it that this these those our my your please every each need needs shown by than over
		before after when from at as or but them they their make sure avoid keep put run write follow go goes here`)
	set("0200", `der die das den dem des ein eine einen einem kein keine keinen keinem nicht nie niemals immer und ist sind
		wir ich du benutze benutz verwende nutze nimm bitte schreib schreibe nein mit für auf zu im bei statt anstatt
		sondern oder nach vor sollen soll sollte müssen muss mehr neben legen setzen verwenden benutzen hör auf nur werden wird uns`)
	set("0020", `avant après quand pendant chaque tous toutes cette ces aucun aucune ton ta tes votre vos
		le la les des du une un au aux sur et est sont je nous on tu ne pas jamais toujours utilise utilisez
		dans pour avec par préfère mets fais plutôt que qui vont va il faut non ajoute lance arrête ou plus sois seulement uniquement`)
	set("0002", `antes después cuando mientras durante desde hasta cada todos todas este esta estos estas nada tu tus
		el los las del una uno y es son en para con por nunca siempre usa uses utiliza prefiero lugar solo
		van va hay que agrega agregues añade pon haz deja evita necesitan necesita debe deben o sin como`)
	// Shared words score for both.
	set("2200", "in so")
	set("0011", "de")
	set("1001", "no")
	set("0010", "en")
	return m
})

// hasLetterOrDigit reports whether s holds any letter or digit.
func hasLetterOrDigit(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return true
		}
	}
	return false
}

// lowerFirstWord lower-cases the first word of s when it is an ordinary
// capitalized word ("Run" but not "API", "TypeScript" or "Axios" in German).
func lowerFirstWord(s string) string {
	end := strings.IndexAny(s, " ,")
	if end < 0 {
		end = len(s)
	}
	w := s[:end]
	r, n := utf8.DecodeRuneInString(w)
	if !unicode.IsUpper(r) {
		return s
	}
	for _, c := range w[n:] {
		if !unicode.IsLower(c) {
			return s
		}
	}
	return string(unicode.ToLower(r)) + s[n:]
}

// vagueWords are words that carry no concrete behaviour: generic verbs,
// judgement adjectives, and generic nouns, in the five languages.
var vagueWords = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`
		write make be do keep try get have improve fix clean up cleaner clean better good nice nicer great best well
		proper properly quality readable readability elegant beautiful pretty simple simpler correct correctly right
		code stuff things thing it everything something job work always never please more less just really very
		the a an your our my this that all some job careful carefully smart smarter efficient optimal optimized
		professional consistent consistently maintainable high neat tidy solid robust worse worst bad ugly messy sloppy lazy
		again anymore once twice later now cuidadoso cuidadosa sorgfältig sorgfältiger vorsichtig vorsichtiger soigneux rigoureux attentif prudent riguroso atento
		schreib schreibe schreiben mach mache machen sei sein tu tue besser gut gute guten guter gutes schön schöner
		sauber saubere sauberen sauberer sauberes code immer nie bitte mehr ordentlich ordentlichen qualität lesbar lesbaren einfach
		den die das der dein deinen es alles
		écris écrire fais faire sois être mieux bien bon bonne beau propre propres meilleur meilleure code toujours jamais
		plus le la les du un une ton ta tes ce cette tout qualité lisible simple
		escribe escribir haz hacer sé ser mejor bueno buena buen limpio limpia bonito código siempre nunca
		más el los las un una tu tus este esta todo calidad legible sencillo
	`) {
		m[w] = true
	}
	return m
})

// japaneseVague are Japanese fragments with no concrete content.
var japaneseVague = []string{
	"きれいな", "綺麗な", "きれいに", "綺麗に", "キレイな", "キレイに", "良い", "よい", "いい", "もっと", "より", "ちゃんと", "しっかり",
	"上手に", "うまく", "コード", "書いて", "書く", "書け", "して", "する", "ください", "下さい", "常に", "必ず", "いつも",
	"改善", "品質", "読みやすい", "読みやすく", "ように", "こと", "良く", "よく", "なって", "なる", "頑張って",
}

// isVague reports whether text names no concrete behaviour: after dropping
// polarity markers, generic verbs, judgement words and generic nouns,
// nothing is left.
func isVague(text, lang string) bool {
	if lang == "ja" {
		return isVagueJapanese(text)
	}
	return isVagueWords(splitWords(strings.ToLower(text)))
}

func isVagueJapanese(text string) bool {
	rest := text
	for _, v := range japaneseVague {
		rest = strings.ReplaceAll(rest, v, "")
	}
	for _, r := range rest {
		if unicode.In(r, unicode.Katakana, unicode.Han) || unicode.IsDigit(r) || (r < 0x3000 && unicode.IsLetter(r)) {
			return false
		}
	}
	return true
}

// isVagueWords is isVague on lower-cased words of a non-Japanese text.
func isVagueWords(words []string) bool {
	for _, w := range words {
		if !vagueWords()[w] && !stopWords()[w] && !isMarkerWord(w) && hasLetter(w) {
			return false
		}
	}
	return true
}

func hasLetter(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) {
			return true
		}
	}
	return false
}

// stopWords are function words that carry no behaviour of their own.
var stopWords = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`
		a an the to of for in on at by with and or but is are was be been it its this that these those we i you he she they
		me us my our your their here there so too also then than as from into onto about please let's lets let just
		d l n s t j qu c m don doesn isn aren won can shouldn mustn
		der die das den dem des ein eine einen einem und oder ist sind wir ich du es zu im am an auf mit für bei von
		le la les un une des du de au aux et ou est sont je nous on tu il elle ce cet cette
		el la los las un una unos unas y o es son yo nosotros tú lo al del de en que
		no not nein non ne pas nicht`) {
		m[w] = true
	}
	return m
})

func isMarkerWord(w string) bool {
	switch w {
	case "always", "never", "don't", "dont", "do", "must", "should", "immer", "nie", "niemals",
		"toujours", "jamais", "siempre", "nunca", "ever", "stop", "avoid":
		return true
	}
	return false
}

package normalize

import (
	"strings"
	"sync"
	"unicode"
)

// The concreteness test. A rule must name something an agent can act on:
// a tool, package, command, file, path or glob, identifier, code
// construct, format, number, named convention (all of which [protect]
// finds as technical tokens, or the lexicon knows), or a domain noun of the
// lexicon. Thanks, acknowledgements and talk about the rules name none;
// grading words ("better", "more careful") count only with a technical
// token or a number beside them.

// genericNouns are lexicon words too general to make a rule concrete on
// their own ("write better code", "put it in its place").
var genericNouns = wordSet(`code codebase local case place put under show display copy page pass plan style tool work source
	body key state va van vont legen lancer lance ejecuta ejecutar exécuter name nom format`)

// domainNouns are software nouns that make a rule concrete without
// saying which category it is in; the lexicon holds the ones that do.
var domainNouns = wordSet(`endpoint api url uri route query request response header cookie session token jwt oauth auth login
	user password permission role component prop props hook effect reducer context store service controller model view
	template layout page screen modal button form field input label icon image font color theme css html dom event handler
	listener callback promise thread worker queue job cron timer timeout retry backoff cache index key record row column
	table schema migration transaction lock deadlock connection pool client server socket port host container volume
	cluster pod deployment release build artifact bundle asset dependency package module library framework plugin
	extension config configuration setting env variable flag feature test spec fixture mock stub snapshot coverage
	benchmark log logger metric trace span alert error exception warning panic stack message commit branch tag merge
	rebase diff patch review issue ticket changelog readme doc comment docstring annotation type interface class struct
	enum function method constructor argument parameter constant identifier file folder directory path script command
	cli terminal shell binary executable version semver license secret credential certificate encryption hash signature
	regex integer float date timestamp timezone locale translation abbreviation line character width delete insert update
	select join endpoint payload webhook formatter linter compiler bundler transpiler debugger output stdout stderr exit
	komponente endpunkt funktion datei ordner variable tabelle spalte fehler ausnahme schnittstelle dienst abfrage
	transaktion zeile zeichen kommentar klasse methode paket modul bibliothek
	english englisch anglais inglés german deutsch allemand alemán french französisch français francés spanish spanisch
	espagnol español japanese japanisch japonais japonés american british chinese korean portuguese italian
	answer reply explanation summary spelling wording protobuf protobufs proto deps export import
	composant fonction fichier dossier requête erreur ligne caractère classe méthode paquet bibliothèque
	componente función archivo carpeta consulta transacción línea carácter clase método paquete biblioteca servicio`)

// japaneseNouns are Japanese domain nouns, written in kanji, that make a
// rule concrete (katakana loanwords and Latin terms already do).
var japaneseNouns = []string{"英語", "日本語", "絵文字", "画像", "変数", "関数", "日時", "日付", "時刻", "本番", "環境変数", "秘密", "依存", "型", "例外",
	"非同期", "命名", "列", "表", "層", "文言", "画面", "引数", "戻り値", "定数", "設定", "依存関係", "鍵", "認証", "権限", "索引"}

// japaneseGenericKatakana are katakana words that name nothing concrete.
var japaneseGenericKatakana = []string{"ルール", "コード", "ベスト", "プラクティス", "クオリティ", "チェック", "ちゃんと", "ミス", "ダメ", "オーケー", "サンキュー"}

// concreteness is what the test found.
type concreteness struct {
	technical bool // a protected technical token (not a bare number)
	number    bool
	domain    bool // a domain noun of the lexicon
	judgement bool // a grading word: better, more careful …
	meta      bool // talk about the rules or the conversation
}

// ok says whether the text names something concrete enough for a rule.
func (c concreteness) ok() bool {
	switch {
	case c.meta:
		return c.technical
	case c.judgement:
		return c.technical || c.number
	}
	return c.technical || c.number || c.domain
}

// measure runs the concreteness test on text t (lower-cased: lower, its
// words: words) whose technical tokens p found.
func measure(t, lower string, words []string, lang string, p protected) concreteness {
	var c concreteness
	ph := phraseTables()[lang]
	for _, tok := range p.tokens {
		if !isNumber(tok) && !isPlainName(tok) {
			c.technical = true
		}
	}
	for _, other := range phraseTables() {
		// Short texts fool the language guess: "Ignoriere Regel 3".
		c.meta = c.meta || containsPhrase(lower, other.meta)
	}
	if lang == "ja" {
		c.judgement = containsPhrase(t, ph.judgement)
		c.number = strings.ContainsFunc(t, unicode.IsDigit)
		c.domain = japaneseDomain(t)
		for _, tok := range p.tokens {
			if isLatinWord(tok) {
				c.technical = true
			}
		}
		return c
	}
	for i, w := range words {
		if isNumber(w) && !c.number {
			c.number = !(i > 0 && isRuleWord(words[i-1]))
		}
		for _, j := range ph.judgement {
			if w == j {
				c.judgement = true
			}
		}
		if i > 0 {
			if _, ok := lexicon()[words[i-1]+" "+w]; ok {
				c.domain = true
			} else if _, ok := lexicon()[words[i-1]+" "+trimPlural(w)]; ok {
				c.domain = true
			}
		}
		if i > 1 {
			if _, ok := lexicon()[words[i-2]+" "+words[i-1]+" "+w]; ok {
				c.domain = true // "lógica de negocio"
			}
		}
		if i > 0 && subcommands()[w] && commandName(words[i-1]) {
			c.technical = true // "buf generate", "cargo clippy": a command line
		}
		if genericNouns()[w] {
			continue
		}
		if _, ok := lookupStem(w); ok || knownNoun(w) || knownPart(w, lang) {
			c.domain = true
		}
	}
	return c
}

func isRuleWord(w string) bool {
	switch w {
	case "rule", "rules", "regel", "règle", "regla", "#", "step", "point", "item":
		return true
	}
	return false
}

func isNumber(w string) bool {
	if w == "" {
		return false
	}
	for _, r := range w {
		if !unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

// japaneseDomain reports a katakana loanword, a lexicon entry or a domain
// noun in Japanese text.
func japaneseDomain(t string) bool {
	for _, e := range japaneseLexicon {
		if strings.Contains(t, e.s) {
			return true
		}
	}
	for _, n := range japaneseNouns {
		if strings.Contains(t, n) {
			return true
		}
	}
	rest := t
	for _, g := range japaneseGenericKatakana {
		rest = strings.ReplaceAll(rest, g, "")
	}
	run := 0
	for _, r := range rest {
		if unicode.Is(unicode.Katakana, r) || r == 'ー' && run > 0 {
			run++
			if run >= 3 {
				return true
			}
			continue
		}
		run = 0
	}
	return false
}

// wordSet is a set of the words of a list, built on first use.
func wordSet(words string) func() map[string]bool {
	return sync.OnceValue(func() map[string]bool {
		m := map[string]bool{}
		for _, w := range strings.Fields(words) {
			m[w] = true
		}
		return m
	})
}

// isPlainName reports a capitalized word that is no known proper name
// ("Regel", "Claude"): kept as typed, but no evidence of a concrete rule.
func isPlainName(tok string) bool {
	if properNames()[tok] {
		return false
	}
	for i, r := range tok {
		if i == 0 && !unicode.IsUpper(r) || i > 0 && !unicode.IsLower(r) {
			return false
		}
	}
	return true
}

// knownNoun finds w among the domain nouns, as typed or without a plural
// ending: "Komponenten", "excepciones", "transactions".
func knownNoun(w string) bool {
	if domainNouns()[w] {
		return true
	}
	if stem, ok := strings.CutSuffix(w, "iones"); ok && domainNouns()[stem+"ión"] {
		return true
	}
	for _, suf := range []string{"s", "es", "en", "n", "e", "er"} {
		if stem, ok := strings.CutSuffix(w, suf); ok && len(stem) > 2 && domainNouns()[stem] {
			return true
		}
	}
	return false
}

// subcommands are the verbs of command lines: "buf generate", "uv sync".
var subcommands = wordSet(`generate run test build install check lint fmt format tidy vet init apply plan deploy migrate push pull
	exec start dev serve sync add remove upgrade update audit clippy compile bundle watch preview publish release`)

// commandName reports a word that can name a program before its
// subcommand: lower case, no ordinary English word.
func commandName(w string) bool {
	if len(w) < 2 || stopWords()[w] || vagueWords()[w] || enVerbs()[w] || functionWords()[w] != "" || determiner(w) || isInterjection(w) || acknowledgements()[w] {
		return false
	}
	for _, r := range w {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

// acknowledgements are words of a reply, not program names: "thanks, push".
var acknowledgements = wordSet(`thanks thank thx ty ok okay yes yeah yep yup sure great nice cool lol pls plz now then also cheers perfect awesome`)

// knownPart reports a hyphenated name with a part the lexicon knows, such
// as a package named after its library ("lodash-es"), or a German compound
// that starts or ends with a domain noun ("Fehlermeldungen", "Stacktrace");
// only German builds such compounds ("important" is no kind of import).
func knownPart(w, lang string) bool {
	if strings.Contains(w, "-") {
		for _, part := range strings.Split(w, "-") {
			if len(part) < 3 || genericNouns()[part] {
				continue
			}
			if _, ok := lookupStem(part); ok || knownNoun(part) {
				return true
			}
		}
		return false
	}
	if lang != "de" || len(w) < 9 {
		return false
	}
	for n := range domainNouns() {
		if len(n) >= 5 && !genericNouns()[n] && (strings.HasPrefix(w, n) || strings.HasSuffix(trimPlural(w), n)) {
			return true
		}
	}
	return false
}

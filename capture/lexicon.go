package capture

import (
	"maps"
	"slices"
	"strings"
)

// A phrase is a sequence of lower-case tokens. "*" matches any one word; a
// token ending in "*" matches words with that prefix ("kein*": keine,
// keinen…).
type phrase []string

// phrases is a set of phrases indexed by their first word, so that a
// sentence is matched against the few phrases that can start at each word.
type phrases struct {
	// byFirst are the phrases by their first word, in word order.
	byFirst []firstWord
	// prefixed are the phrases whose first word is a prefix ("n'*").
	prefixed []phrase
}

// firstWord is the phrases that begin with one word.
type firstWord struct {
	word    string
	phrases []phrase
}

// at returns the phrases that may match at a word.
func (ps *phrases) at(w string) ([]phrase, []phrase) {
	if i, ok := slices.BinarySearchFunc(ps.byFirst, w, func(f firstWord, w string) int {
		return strings.Compare(f.word, w)
	}); ok {
		return ps.byFirst[i].phrases, ps.prefixed
	}
	return nil, ps.prefixed
}

// newPhrases reads phrases written as words separated by spaces, with
// punctuation as its own word ("no ,").
func newPhrases(list ...string) *phrases {
	ps := &phrases{}
	byFirst := make(map[string][]phrase, len(list))
	for _, l := range list {
		p := phrase(strings.Fields(lower(l)))
		if f := p[0]; len(f) > 1 && strings.HasSuffix(f, "*") {
			ps.prefixed = append(ps.prefixed, p)
		} else {
			byFirst[f] = append(byFirst[f], p)
		}
	}
	for _, w := range slices.Sorted(maps.Keys(byFirst)) {
		ps.byFirst = append(ps.byFirst, firstWord{w, byFirst[w]})
	}
	return ps
}

// A wordSet is a set of words, in order.
type wordSet []string

// has reports whether w is in the set.
func (s wordSet) has(w string) bool {
	_, ok := slices.BinarySearch(s, w)
	return ok
}

// lexicon holds every phrase the detector looks for, in the five
// languages. Latin-script phrases are matched on tokens, Japanese ones as
// substrings.
type lexicon struct {
	// leads open a sentence without adding to the rule: "no,", "please",
	// "from now on". They are dropped from the rule's text.
	leads *phrases
	// learn: an explicit request to remember ("/learn", "remember:").
	learn   *phrases
	learnJA []string
	// temporal: a multi-word "from now on" marker, strong anywhere.
	temporal   *phrases
	temporalJA []string
	// always and never: single-word markers, strong when they govern an
	// instruction.
	always, never []string
	alwaysJA      []string
	// notAlways are words after "always"/"never" that make it a complaint
	// or a report ("always the same error", "never mind").
	notAlways wordSet
	// convention: a team or repository convention ("we use", "in this
	// repo"); notConvention are verbs after it that make it a statement of
	// fact ("we don't have a staging environment").
	convention    *phrases
	conventionJA  []string
	notConvention wordSet
	// personal: first-person taste ("I prefer", "je préfère"); team: the
	// same said for the team ("we prefer").
	personal, team *phrases
	personalJA     []string
	// notTaste are objects after a taste verb that make it a remark ("I
	// like it", "I like how…").
	notTaste wordSet
	// contrast: "X, not Y", "instead of", "statt", "au lieu de".
	contrast   *phrases
	contrastJA []string
	// negative: a negative imperative at the start of a sentence ("don't",
	// "stop", "keine", "n'utilise pas", "no pongas").
	negative   *phrases
	negativeJA []string
	// notNegative are verbs after "don't" that make it reassurance or a
	// one-off ("don't worry", "don't forget").
	notNegative wordSet
	// notNo are words after a bare "no" that make it an interjection ("no
	// problem", "no idea").
	notNo wordSet
	// use are verbs of choice at the start of an instruction ("use",
	// "prefer", "benutze", "utilise", "usa").
	use   wordSet
	useJA []string
	// imperative are German imperatives that a later "kein"/"nicht" turns
	// into a rejection ("Verwende keine default exports").
	imperative wordSet
	// correction: the person says the agent was wrong ("no,", "wrong",
	// "nein", "違う").
	correction   *phrases
	correctionJA []string
	// bareNo are the one-word sentences that say "wrong" ("No.").
	bareNo wordSet
	// cause: the text explains a failure by what the agent did ("failed
	// because", "weil du", "が原因").
	cause   *phrases
	causeJA []string
	// must: a lesson's directive ("should", "muss", "doit", "debe").
	must   *phrases
	mustJA []string
	// copula: a statement of fact ("ids are UUID strings"), which
	// completes a lesson when it follows the failure.
	copula   wordSet
	copulaJA []string
	// oneOff: the request is for this moment only ("this time", "for
	// now", "diesmal", "pour l'instant", "por ahora", "今回").
	oneOff   *phrases
	oneOffJA []string
	// deixis: points at a thing in front of the agent, not a kind of
	// thing ("this file", "the other one").
	deixis      wordSet
	deixisPairs *phrases
	deixisJA    []string
	// container words after "this" that name the workspace, not a thing
	// ("this repo", "diesem Projekt").
	container wordSet
	// politeAsk opens a request phrased as a question ("can you…").
	politeAsk *phrases
	// question: words that open a question.
	question   *phrases
	questionJA []string
	// meta: the text is about autofix's own ruleset (never captured: no
	// loops).
	meta   *phrases
	metaJA []string
}

func set(words ...string) wordSet {
	return slices.Compact(slices.Sorted(slices.Values(words)))
}

//go:generate go test -run ^TestLexiconTable$ -update-generated .

// lex is the lexicon, compiled when the tables below change
// (lexicon_table.go, written by TestLexiconTable): a process that detects
// one prompt would otherwise spend longer building the tables than
// reading the prompt (BenchmarkFirstDetect).
func lex() *lexicon { return &compiledLexicon }

// compileLexicon builds the lexicon from the tables.
func compileLexicon() *lexicon {
	return &lexicon{
		leads: newPhrases(
			// en
			"no ,", "no —", "no :", "nope", "nah", "wrong again", "wrong ,", "wrong —", "wrong :", "that's wrong", "incorrect",
			"this is wrong", "that is wrong", "this isn't right", "this is not right", "that's not right", "that isn't right",
			"actually", "please", "pls", "also", "and", "but", "so", "ok", "okay", "hey", "/learn", "remember that", "remember :", "remember to", "remember",
			"note that", "note :", "keep in mind that", "keep in mind", "from now on", "going forward", "moving forward",
			"in the future", "from here on", "from here on out", "henceforth", "for future reference", "as a rule", "by default", "in general",
			"in this repo", "in this repository", "in this codebase", "in this project", "in this monorepo", "in our codebase", "in our repo",
			"in our project", "here", "around here", "i told you before", "i told you", "as i said", "like i said", "again", "once again",
			"for the last time", "i said",
			// de
			"nein", "falsch", "bitte", "ab jetzt", "ab sofort", "künftig", "zukünftig", "in zukunft", "merk dir", "merke dir", "merk dir bitte",
			"grundsätzlich", "generell", "und", "aber", "also ,", "bei uns", "hier", "in diesem repo", "in diesem projekt", "in diesem repository",
			"wie gesagt", "nochmal :", "noch einmal :",
			// fr
			"non", "faux", "désormais", "dorénavant", "à l'avenir", "à partir de maintenant", "retiens que", "retiens", "rappelle-toi",
			"souviens-toi", "s'il te plaît", "s'il vous plaît", "stp", "svp", "et", "mais", "par défaut", "chez nous", "ici", "dans ce projet",
			"dans ce dépôt", "dans ce repo", "comme je l'ai dit", "je te l'ai dit", "encore une fois",
			// es
			"a partir de ahora", "de ahora en adelante", "en adelante", "en el futuro", "recuerda que", "recuerda", "ten en cuenta que",
			"por favor", "incorrecto", "y", "pero", "por defecto", "aquí", "en este proyecto", "en este repo", "en este repositorio",
			"como te dije", "te lo dije", "otra vez",
		),
		learn: newPhrases("/learn", "remember", "keep in mind", "for future reference", "note for the future",
			"merk dir", "merke dir", "retiens", "rappelle-toi", "souviens-toi", "recuerda", "ten en cuenta"),
		learnJA: []string{"覚えておいて", "覚えといて", "覚えて", "記憶して", "/learn"},
		temporal: newPhrases("from now on", "going forward", "moving forward", "in the future", "from here on", "henceforth", "every time", "each time",
			"whenever", "by default", "as a rule", "at all times", "no longer", "not anymore", "any more",
			"before every", "before each", "after every", "after each", "on every", "every commit", "every pull request", "every pr",
			"each commit", "every release",
			"ab jetzt", "ab sofort", "künftig", "zukünftig", "in zukunft", "jedes mal", "nie wieder", "grundsätzlich", "generell", "stets",
			"désormais", "dorénavant", "à l'avenir", "à partir de maintenant", "à chaque fois", "systématiquement", "plus jamais", "par défaut",
			"a partir de ahora", "de ahora en adelante", "en adelante", "en el futuro", "cada vez", "por defecto", "nunca más"),
		temporalJA: []string{"今後", "これから", "次から", "次回から", "以後", "以降は", "毎回", "二度と", "常に", "必ず", "絶対に"},
		always:     []string{"always", "immer", "toujours", "siempre"},
		never:      []string{"never", "nie", "niemals", "jamais", "nunca", "jamás"},
		alwaysJA:   []string{"いつも"},
		notAlways: set("the", "a", "an", "same", "so", "been", "happens", "mind", "again", "noch", "wieder", "pas", "le", "la", "les", "el", "los", "las",
			"lo", "igual", "mismo", "misma", "gleiche", "gleichen", "der", "die", "das", "ein", "eine", "un", "une", "works", "worked", "fails", "failed",
			"ever", "seen", "heard", "did", "does", "do", "is", "was", "were", "gets", "got", "mehr", "plus", "más", "funktioniert", "klappt",
			"marche", "fonctionne", "funciona"),
		convention: newPhrases(
			"we use", "we don't", "we do not", "we never", "we always", "we write", "we put", "we keep", "we name", "we follow", "we avoid",
			"we only", "we're using", "we are using", "we no longer", "we stopped", "we switched to", "we went with", "we stick to", "we stick with",
			"we standardized on", "we rely on", "our convention", "our style", "the convention is", "the convention here", "the team uses",
			"in this repo", "in this repository", "in this codebase", "in this project", "in this monorepo", "in our codebase", "in our repo",
			"in our project", "in this service", "in this package", "in this module", "in this crate", "in this app", "on this team", "in this team", "around here", "here we", "this repo uses", "this project uses", "this codebase uses",
			"we use * here", "our team",
			// Statements of practice: "we log with slog", "we deploy on Mondays".
			"we log", "we format", "we lint", "we deploy", "we test", "we build", "we handle", "we wrap", "we validate", "we store",
			"we structure", "we organize", "we import", "we run", "we release", "we document", "we review", "we merge", "we squash",
			"we rebase", "we tag", "we pin", "we vendor", "we ship", "we're on", "we are on",
			"wir benutzen", "wir verwenden", "wir nutzen", "wir nehmen", "wir setzen", "wir schreiben", "wir arbeiten mit", "wir committen",
			"wir machen nie", "wir machen immer", "wir haben uns für", "bei uns", "in diesem repo", "in diesem projekt", "in diesem repository",
			"in dieser codebasis", "hier benutzen wir", "hier verwenden wir", "hier nutzen wir", "hier nehmen wir", "unsere konvention",
			"on utilise", "nous utilisons", "on n'utilise", "on ne met", "on met", "on écrit", "on nomme", "nous écrivons", "chez nous",
			"dans ce projet", "dans ce dépôt", "dans ce repo", "dans ce code", "dans notre code", "dans notre projet", "ici on", "notre convention",
			"usamos", "utilizamos", "escribimos", "ponemos", "no usamos", "no utilizamos", "no ponemos", "trabajamos con", "en este proyecto",
			"en este repo", "en este repositorio", "en este código", "en nuestro código", "en nuestro proyecto", "aquí usamos", "nuestra convención",
		),
		notConvention: set("have", "know", "see", "understand", "care", "get", "remember", "think", "mind", "want", "haben", "wissen",
			"avons", "savons", "tenemos", "sabemos"),
		conventionJA: []string{"このリポジトリでは", "このリポでは", "このレポジトリでは", "このプロジェクトでは", "このコードベースでは", "うちでは",
			"うちのチームでは", "チームでは", "弊社では", "うちは", "弊社は", "このチームでは", "本プロジェクトでは",
			"当プロジェクトでは", "ここでは", "私たちは", "我々は", "を使っています", "を使ってます", "の規約", "のルールでは",
			// A habit of the team: "テストはvitestで書いています".
			"で書いています", "で書いてます", "で管理しています", "で管理してます", "で統一しています", "で統一してます", "にしています", "にしてます"},
		personal: newPhrases("i prefer", "i'd prefer", "i would prefer", "i like", "i love", "i hate", "i dislike", "i don't like", "i do not like",
			"i'd rather", "i would rather", "i want you to always", "i want you to never", "i always want", "i never want", "my preference",
			"personally",
			"ich bevorzuge", "ich mag", "ich hasse", "ich hätte lieber", "ich hätte gern", "ich hätte gerne", "mir ist * lieber",
			"mir sind * lieber", "ich finde * besser", "mir gefällt", "ich will immer", "ich möchte immer", "ich will nie", "ich möchte nie",
			"persönlich",
			"je préfère", "j'aime", "je n'aime pas", "je déteste", "j'adore", "personnellement", "je veux toujours", "je ne veux jamais",
			"prefiero", "me gusta", "me gustan", "no me gusta", "no me gustan", "odio", "me encanta", "me encantan", "personalmente"),
		team:       newPhrases("we prefer", "we'd rather", "we like", "the team prefers", "wir bevorzugen", "nous préférons", "on préfère", "preferimos"),
		personalJA: []string{"が好き", "の方が好き", "のほうが好き", "方がいい", "ほうがいい", "が好みです", "好みです", "が嫌い", "は嫌い", "個人的に"},
		notTaste: set("it", "this", "that", "these", "those", "how", "what", "your", "the way", "es", "das", "ça", "cela", "eso", "esto", "esa", "ese",
			"to"),
		contrast: newPhrases(", not", "— not", "not *, but", "instead of", "rather than", "in favor of", "in favour of", "and not", ", never",
			", nicht", "statt", "anstatt", "anstelle", "sondern", "lieber * als",
			", pas", "au lieu de", "au lieu d'*", "plutôt que", "plutôt qu'*", "et non", "à la place de", "à la place d'*",
			", no", "en vez de", "en lugar de", "sino", "y no"),
		contrastJA: []string{"ではなく", "じゃなくて", "じゃなく", "でなく", "の代わりに"},
		negative: newPhrases("don't", "dont", "do not", "never", "stop", "no more", "avoid", "quit", "don't ever",
			"kein*", "nicht", "nie", "niemals", "hör auf", "hört auf",
			"ne * pas", "n'* pas", "ne * jamais", "n'* jamais", "ne * plus", "n'* plus", "ne pas", "ne jamais", "ne * * pas", "pas de", "pas d'*",
			"arrête de", "arrête d'*", "arrêtez de", "évite", "évitez", "jamais",
			"nunca", "jamás", "deja de", "dejen de", "evita", "eviten", "no más", "nada de"),
		negativeJA: []string{"ないで", "ないように", "ないこと", "禁止", "はやめて", "のはやめて", "をやめて", "は使わない", "を使わない"},
		notNegative: set("worry", "bother", "mind", "care", "forget", "know", "think", "understand", "panic", "apologize", "apologise", "sweat",
			"see", "get", "wait", "stop", "hesitate", "rush", "be", "have",
			"funktioniert", "klappt", "geht", "weiß", "marche", "fonctionne", "compile", "sais", "passe", "inquiète", "importe", "t'inquiète",
			"te", "preocupes", "importa", "sé", "hay", "es", "está", "funciona", "sirve", "oublie", "oubliez", "olvides", "vergiss", "vergesst"),
		notNo: set("idea", "problem", "problems", "worries", "thanks", "thank", "need", "way", "luck", "change", "changes", "clue", "one", "rush",
			"hurry", "worry", "sé", "hay", "es", "está", "problema", "pasa", "importa", "funciona", "gracias", "sirve", "puedo", "entiendo", "creo", "olvides", "te"),
		use: set("use", "prefer", "pick", "choose", "switch", "stick", "go", "write", "name", "import", "format", "indent", "wrap", "follow",
			"prefix", "type", "target",
			"benutze", "benutz", "benutzt", "verwende", "verwendet", "nutze", "nutzt", "nimm", "nehmt", "setz", "setze", "schreib", "schreibe",
			"nenn", "nenne", "bevorzuge", "wechsle", "wechsel", "importiere",
			"utilise", "utilisez", "prends", "prenez", "préfère", "préférez", "choisis", "écris", "écrivez", "nomme", "importe",
			"usa", "usad", "usen", "utiliza", "utilice", "prefiere", "elige", "escoge", "escribe", "nombra", "emplea"),
		useJA: []string{"使って", "使用して", "使うこと", "使え", "使いなさい", "にして", "にすること", "でお願い", "を使う", "を使用"},
		imperative: set("benutze", "benutz", "verwende", "nutze", "nimm", "setz", "setze", "schreib", "schreibe", "füge", "füg", "mach", "leg",
			"pack", "committe", "lösche", "ändere", "installiere", "importiere", "nenne", "ruf", "rufe", "lass", "gib"),
		correction: newPhrases("no ,", "no —", "nope", "nah", "wrong", "incorrect", "that's wrong", "that's not right", "not like that",
			"nein", "falsch", "das ist falsch", "so nicht", "non", "faux", "c'est faux", "pas comme ça", "incorrecto", "mal", "está mal"),
		bareNo:       set("no", "nope", "nah", "wrong", "nein", "falsch", "non", "faux", "incorrect", "incorrecto"),
		correctionJA: []string{"違う", "違います", "ちがう", "そうじゃなくて", "いや、"},
		cause: newPhrases("failed because", "fails because", "broke because", "breaks because", "crashed because", "didn't work because",
			"doesn't work because", "because you", "caused by", "the bug was", "the problem was", "the issue was", "the error was",
			"you assumed", "wrong assumption", "that's why", "root cause", "because of your",
			"weil du", "lag daran", "fehlgeschlagen , weil", "fehlgeschlagen weil", "kaputt , weil", "der fehler war", "das problem war",
			"du hast angenommen",
			"parce que tu", "à cause de", "a échoué", "le bug venait", "le problème était", "l'erreur venait", "tu as supposé",
			"porque usaste", "porque pusiste", "porque asumiste", "falló porque", "se rompió porque", "el error era", "el problema era",
			"por culpa de", "asumiste"),
		causeJA: []string{"せいで", "が原因", "原因は", "ため失敗", "から失敗", "前提が間違", "思い込み"},
		must: newPhrases("should", "must", "needs to", "need to", "has to", "have to", "is * , not", "are * , not",
			"muss", "müssen", "sollte", "sollten", "soll", "doit", "doivent", "il faut", "debe", "deben", "hay que", "tiene que", "tienen que"),
		mustJA: []string{"べき", "必要", "なければ", "なきゃ"},
		copula: set("is", "are", "ist", "sind", "est", "sont", "es", "son", "lives", "live", "liegt", "liegen", "vit", "vive", "goes", "go",
			"we're", "it's", "they're", "c'est", "sommes", "somos", "está", "están"),
		copulaJA: []string{"です", "だ", "にある", "である"},
		oneOff: newPhrases("this time", "for now", "right now", "just now", "for the moment", "at the moment", "just this once", "this once",
			"for this one", "for this task", "for this pr", "in this pr", "for this commit", "today", "temporarily", "for the time being",
			"never mind", "nevermind", "forget it", "i meant", "i mean", "the other", "other one", "another one", "this one", "that one",
			"not yet", "yet", "for a sec", "for this test", "for this file", "in this file", "for this function",
			"diesmal", "dieses mal", "vorerst", "erstmal", "erst mal", "fürs erste", "für jetzt", "heute", "noch nicht", "vergiss es", "egal",
			"schon gut", "ich meinte", "die andere", "das andere", "den anderen", "der andere", "ausnahmsweise", "im moment", "gerade",
			"cette fois", "pour l'instant", "pour le moment", "pour cette fois", "pour aujourd'hui", "aujourd'hui", "pas encore",
			"laisse tomber", "tant pis", "je voulais dire", "l'autre", "exceptionnellement", "pour ce coup",
			"esta vez", "por ahora", "de momento", "por el momento", "por hoy", "hoy", "todavía no", "aún no", "olvídalo", "no importa",
			"da igual", "quise decir", "me refería", "el otro", "la otra", "los otros", "las otras", "por esta vez"),
		oneOffJA: []string{"今回", "今だけ", "とりあえず", "一旦", "いったん", "ひとまず", "今は", "まだ", "気にしないで", "もういい", "別の",
			"もう一つの", "もう片方", "のことです", "って意味", "なくていい", "なくてもいい", "ないでいい", "今日は", "さっきの"},
		deixis: set("this", "that", "these", "those", "diese", "dieser", "dieses", "diesen", "jene", "ce", "cet", "cette", "ces", "ça", "cela",
			"ceci", "este", "esta", "estos", "estas", "ese", "esa", "esos", "esas", "eso", "esto", "aquel", "aquella"),
		deixisPairs: newPhrases("the one", "the above", "above", "below", "here's", "here is", "that's it",
			"mach das", "tu das", "lass das", "das nicht", "das nochmal", "das hier", "das da", "fais ça", "haz eso", "no hagas eso"),
		deixisJA: []string{"このファイル", "この関数", "この行", "この部分", "このテスト", "このコード", "この変更", "このコミット", "このPR", "その", "それ", "あれ", "あの", "これを", "これは"},
		container: set("repo", "repository", "codebase", "project", "monorepo", "team", "company", "org", "organization", "workspace", "app",
			"service", "package", "module", "crate", "dienst", "paket", "modul", "paquet", "servicio", "paquete", "módulo",
			"repositorio", "proyecto", "código", "equipo", "projekt", "projekts", "team", "codebasis", "firma", "projet", "dépôt", "code", "équipe",
			"depot", "way", "art", "manera", "façon", "forma"),
		question: newPhrases("should we", "should i", "shall we", "do we", "do you", "does", "did", "is it", "is there", "are we", "are you", "what",
			"why", "how", "which", "where", "who", "would it",
			"sollen wir", "sollten wir", "soll ich", "was", "wie", "warum", "wieso", "weshalb", "welche*", "ist das", "gibt es",
			"est-ce", "faut-il", "devrait-on", "doit-on", "pourquoi", "quel*", "quoi", "qu'est-ce",
			"qué", "por qué", "cómo", "cuál", "deberíamos", "debería"),
		politeAsk: newPhrases("can you", "could you", "would you", "will you", "kannst du", "könntest du", "würdest du",
			"peux-tu", "pourrais-tu", "tu peux", "puedes", "podrías"),
		questionJA: []string{"か", "かな", "かね", "っけ", "の", "ですか", "ますか", "でしょうか"},
		meta: newPhrases("autofix.json", "autofix", "ruleset", "rules file", "this rule", "that rule", "agents.md", "claude.md",
			"diese regel", "cette règle", "esta regla"),
		metaJA: []string{"autofix", "ルール"},
	}
}

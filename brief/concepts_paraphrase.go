package brief

// paraphraseGroups are subjects a team's rules cover that a task names only
// by their goal, their symptom or a person's complaint, and that no group of
// [conceptGroups] or [everydayGroups] holds: "we may no longer keep the old
// history" where the rule says "retention period"; "other teams pull in
// this client, I renamed a method" where it says "semantic versioning";
// "the page takes ages for our biggest customers" where it says "check the
// execution plan"; "searching for Müller misses Mueller" where it says
// "ICU folding". Each group holds both sides, the everyday words and the
// words of the rules about the subject. They follow the rules of
// [conceptGroups] and the phrase rules of [everydayGroups] (a phrase is two
// words, or one word and one stopword), and are compiled with both into the
// lexicon. Everyday words of a subject that already has a group are in that
// group, not here, so that a task that names the subject in the rules' own
// words does not count it twice.
var paraphraseGroups = [][]string{
	// How long data may be kept, and removing it when that time is up.
	{"retention", "retention period", "retention periods", "retention policy", "retention policies", "data retention",
		"retention job", "retention rule", "retention rules", "legal hold", "legal holds", "legal-hold",
		"lifecycle rule", "lifecycle rules", "lifecycle policy", "ttl index",
		"longer permitted", "longer allowed", "old records", "old data", "old history", "old transactions", "old logs",
		"old rows", "older records", "years old", "months old", "retained", "retain",
		"aufbewahrung", "aufbewahrungsfrist", "aufbewahrungsfristen", "löschfrist", "löschfristen",
		"durée de conservation", "délai de conservation", "conservation des données", "retención", "plazo de conservación",
		"conservación de datos", "保持期間", "保存期間", "保管期間", "保存期限"},
	// A library other code builds on: its consumers, its versions and
	// what breaks them.
	{"semver", "semantic versioning", "semantic version", "major bump",
		"migration guide", "migration guides", "upgrade guide", "upgrade path",
		"japicmp", "api-extractor", "apidiff", "gorelease", "revapi",
		"common library", "common client",
		"internal library", "internal libraries", "other teams", "client teams",
		"downstream services", "public methods", "public method", "method signature", "method signatures",
		"renamed methods", "removed methods",
		"semantische versionierung", "versionnage sémantique", "versionado semántico", "セマンティックバージョニング",
		"メジャーバージョン", "共通ライブラリ"},
	// Data that has grown large: big tables, big customers, and the plans
	// and indexes of the queries on them.
	{"execution plan", "execution plans", "query plan", "query plans", "explain analyze", "explain analyse",
		"covering index", "covering indexes", "full scan", "full scans",
		"table scan", "seq scan", "sequential scan", "missing index", "unindexed", "slow query", "slow queries",
		"large tables", "large table", "big tables", "big table", "millions of rows", "thousands of rows",
		"many rows", "few thousand", "big customer", "big customers", "large customers", "largest customers",
		"biggest customers", "large accounts", "lots of data",
		"ausführungsplan", "plan d'exécution", "plan de ejecución", "実行計画", "大量データ"},
	// Finding a word however it is written: accents, spellings, stems.
	{"accents", "accent", "accented", "diacritics", "diacritic", "umlaut", "umlauts", "asciifolding", "icu folding", "ascii folding", "case folding", "unicode folding",
		"unaccent", "collation", "case-insensitive", "case insensitive", "case-sensitive", "case sensitive", "accent-insensitive", "spelled differently",
		"spell it", "spells it", "misspelled", "misspelling", "misspellings", "stemmer", "stemmers", "stemming",
		"synonyms", "transliteration", "finds nothing", "no matches",
		"akzente", "umlaute", "schreibweise", "schreibweisen", "orthographe", "tildes", "acentos",
		"ortografía", "表記揺れ", "表記ゆれ", "全角半角", "ひらがな", "カタカナ"},
	// A secret that got out: rotating it, not only deleting it.
	{"leaked secret", "leaked secrets", "ever committed", "accidentally committed",
		"plaintext", "hardcoded password", "hardcoded passwords",
		"hardcoded secret", "hardcoded secrets", "hardcoded credentials",
		"leaked credentials", "leaked password", "leaked token", "exposed secret", "exposed credentials",
		"rotate secrets", "rotate the secret", "rotate credentials", "rotate the key", "rotate keys",
		"gitleaks", "trufflehog", "secret scanning", "sec-incidents",
		"kompromittiert", "漏洩", "流出"},
	// Tests that try many generated inputs: property-based tests, fuzzing.
	{"property-based", "property based", "property tests", "property test", "property testing", "fuzz", "fuzzing",
		"fuzzer", "fuzz test", "fuzz tests", "random inputs", "random input", "random values", "random amounts",
		"random data", "generated inputs", "arbitrary inputs", "lots of random", "many inputs", "edge cases",
		"corner cases", "jqwik", "quickcheck", "proptest", "fast-check", "gopter",
		"eigenschaftsbasiert", "zufällige werte", "valeurs aléatoires", "valores aleatorios", "プロパティベース",
		"ランダムな値"},
	// Points in time: timestamps and the columns that hold them (in a
	// task, an identifier such as created_at or sentAt names one, see
	// [pointInTime]).
	{"timestamp", "timestamps", "timestamptz", "datetime", "datetimes", "datetimefield",
		"zoneddatetime", "offsetdatetime", "datetimeoffset", "localdatetime",
		"zeitstempel", "horodatage", "marca de tiempo", "タイムスタンプ"},
	// Dialogs over the page: modals and popups.
	{"modal", "modals", "dialog", "dialogs", "popup", "popups", "pop-up", "pop-ups", "lightbox", "bottom sheet",
		"confirm dialog", "confirmation dialog", "dialog box", "modal window", "dialogfeld", "fenêtre modale",
		"boîte de dialogue", "ventana emergente", "cuadro de diálogo", "ダイアログ", "モーダル", "ポップアップ"},
	// Amounts in another currency: exchange rates and conversion.
	{"fx", "fx rate", "fx rates", "forex", "exchange rate", "exchange rates", "conversion rate", "conversion rates",
		"currency conversion", "convert currency", "convert currencies", "between currencies",
		"other currencies", "another currency", "foreign currency", "foreign currencies", "multi-currency",
		"multicurrency",
		"wechselkurs", "wechselkurse", "umrechnung", "為替", "為替レート", "換算"},
	// Changing a big table while the application uses it: locks and
	// downtime.
	{"zero downtime", "zero-downtime", "without downtime", "no downtime", "without locking", "blocking writes",
		"lock_timeout", "table lock", "table locks", "write locks", "locks writes", "lock the table", "locks the table",
		"index concurrently", "indexes concurrently", "addindexconcurrently", "expand/contract", "expand and contract",
		"expand-contract", "dual-write", "dual write", "hadron migrator", "gh-ost",
		"strong_migrations", "online schema change", "ohne ausfallzeit", "sans interruption", "sin tiempo de inactividad",
		"無停止", "ダウンタイムなし"},
	// Markup from people shown to others: cross-site scripting.
	{"xss", "cross-site", "stored xss", "innerhtml", "dangerouslysetinnerhtml", "html_safe",
		"bypasssecuritytrusthtml", "dompurify", "bleach", "sanitize html", "sanitise html", "sanitizehtml",
		"unsanitized", "unsanitised", "untrusted content", "untrusted html", "rich text", "rich-text", "wysiwyg",
		"user html", "raw html", "custom html", "script tag", "script tags",
		"embed code", "embed codes", "html snippets", "クロスサイトスクリプティング"},
	// Languages written from right to left: the layout they need.
	{"rtl", "right-to-left", "arabic", "hebrew", "persian", "farsi", "urdu", "logical properties", "inline-start",
		"bidi", "bidirectional", "arabisch", "hebräisch", "arabe", "hébreu", "árabe", "hebreo",
		"アラビア語", "ヘブライ語", "右から左"},
	// Numbers and dates written the way each locale writes them.
	{"intl", "numberformat", "datetimeformat", "tolocalestring", "tolocaledatestring", "decimal separator",
		"decimal separators", "decimal comma", "decimal point", "thousands separator", "thousands separators",
		"number format", "number formats", "number formatting", "format numbers", "format dates", "locale-aware",
		"american format", "us format", "european format",
		"tausendertrennzeichen", "dezimaltrennzeichen", "dezimalkomma", "séparateur décimal", "séparateur de milliers",
		"separador decimal", "separador de miles", "桁区切り", "小数点"},
	// Errors that say what failed and where: wrapping and context.
	{"wrap errors", "wrap the error", "wrapped errors", "wraps errors", "error wrapping", "fmt.errorf",
		"adding context", "without context", "no context", "more context", "lost context", "swallow",
		"swallowed", "swallows", "swallowing", "rethrow", "rethrows", "error chain", "ohne kontext", "sans contexte",
		"sin contexto", "握りつぶ"},
	// Values that may be missing: null safety.
	{"npe", "nullpointerexception", "nullreferenceexception", "null pointer", "nil pointer", "null reference",
		"nil dereference", "null safety", "null-safety", "force unwrap", "force-unwrap", "force-unwrapped", "unwrap",
		"unwraps", "handle nulls", "nullable reference", "requirenotnull", "requirenonnull", "ヌルポ",
		"ぬるぽ"},
	// Requests that claim to come from a partner: signatures on webhooks.
	{"webhook signature", "webhook signatures", "verify webhooks", "unsigned webhooks", "signed webhooks", "hmac",
		"hmac-sha256", "forged requests", "forged webhooks", "spoofed", "spoofing", "fake events", "fake requests",
		"fake webhooks", "fake callbacks", "stripe-signature", "webhook-signatur", "signature du webhook",
		"firma del webhook", "署名検証", "なりすまし"},
	// Calls from a page on another origin: CORS.
	{"cors origins", "cors headers", "cors error", "cors errors", "cross-origin", "allowed origins", "origin header",
		"preflight", "allow-origin", "same-origin", "クロスオリジン"},
}

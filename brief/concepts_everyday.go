package brief

// everydayGroups are concepts named by their goal or their consequence, in
// the words of a task, next to the words of the rules about them: a task
// says "the page takes seconds to load, make it faster" where the rule says
// "never query the database inside a loop" and "measure before
// optimising"; "forget everything we know about me" where the rule says
// "right to erasure"; "turn it on for some of the shoppers" where it says
// "feature flag". Each group is a subject of the field and holds both
// sides, so that a task naming the subject in everyday words meets the
// rules that name its mechanism. They follow the rules of [conceptGroups]
// (a subject, never the wording of one row; English, German, French,
// Spanish, Japanese; no word that names different subjects in common use)
// and are compiled with them into the lexicon: a group here may share
// members with a group there, and a rule that shares two groups with a task
// counts both.
//
// A phrase is matched as two words in a row (stopwords between them
// skipped), so a phrase entry has two words that are not stopwords, or one
// word and one stopword ("slow down", "in spanish"): "takes ages" would be
// the one word "ages" and is left out. TestEverydayEntries checks it.
var everydayGroups = [][]string{
	// Performance as a task names it: slowness, and the mechanisms rules
	// name for it (measuring, queries in a loop).
	{"slow", "slower", "slowly", "slowness", "sluggish", "laggy", "faster", "speed up", "speeds up", "snappier",
		"load time", "load times", "sekunden zum laden", "secondes à charger", "secondes à s'afficher", "segundos en cargar", "segundos en aparecer", "braucht ewig", "une éternité", "una eternidad", "秒かかる", "秒もかかる", "時間がかかる", "loading time", "page load", "seconds to load", "seconds to appear", "seconds to render",
		"seconds to respond", "seconds to open", "seconds to show", "seconds to display", "minutes to load",
		"performance", "perf", "latency", "p95", "p99", "bottleneck", "bottlenecks", "optimise", "optimize", "optimising",
		"optimizing", "optimisation", "optimization", "pprof", "flame graph", "benchmark", "benchmarks",
		"baseline", "lighthouse", "web vitals", "k6", "load test", "load testing", "under load", "high load", "heavy load", "peak load",
		"high traffic", "heavy traffic", "peak traffic", "traffic spike", "traffic spikes", "n+1", "inside a loop", "query per row",
		"queries per row", "dataloader",
		"langsam", "schneller", "beschleunigen", "dauert lange", "dauert ewig", "ladezeit", "leistung", "lent", "lente", "lenteur", "plus rapide", "plus vite", "trop lent", "trop lente", "accélérer",
		"temps de chargement", "lento", "lenta", "lentitud", "más rápido", "más rápida", "tarda mucho", "tarda demasiado", "acelerar", "tiempo de carga", "rendimiento",
		"遅い", "遅すぎ", "遅く", "速く", "高速化", "重い", "パフォーマンス", "最適化", "表示速度",
		// Load a task names as traffic and people.
		"traffic picks", "traffic grows", "traffic increases", "more traffic", "more users", "loads forever", "loading forever",
		"at scale", "peak hours", "busy hours", "rush hour", "choppy", "jerky", "throughput", "stress test", "gatling", "jmeter", "locust"},
	// Secrets and credentials, including the keys a task names ("signing
	// key", "API key"; "key" alone names many things).
	{"secret", "secrets", "signing key", "signing secret", "api key", "api keys", "private key", "secret key", "access key",
		"access token", "client secret", "webhook secret", "credential", "credentials", "connection string",
		"secrets manager", "secret manager", "vault", "kms", "external-secrets", "sealed secrets", "env file", "rotate keys",
		"leaked key", "leaked keys", "geheimnis", "zugangsdaten", "api-schlüssel", "clé secrète", "clé de signature", "clave secreta", "claves secretas", "clave de firma", "signaturschlüssel", "geheimer schlüssel", "シークレットキー", "署名鍵", "clé api",
		"secreto", "credenciales", "clave api", "シークレット", "秘密鍵", "APIキー", "認証情報", "署名キー"},
	// Feature flags and gradual rollouts.
	{"feature flag", "feature flags", "feature toggle", "feature toggles", "behind a flag", "hinter einen schalter", "einschalten", "derrière un interrupteur", "detrás de un interruptor", "スイッチで切り替え", "bevor alle", "全員に展開", "behind a switch",
		"behind a toggle", "kill switch", "turn on", "switch on", "gradual rollout", "gradually", "staged rollout",
		"progressive rollout", "percentage rollout", "canary", "dark launch", "launchdarkly", "unleash", "flagsmith",
		"growthbook", "a/b test", "split test", "before everyone", "pilot", "beta testers", "beta users", "early access",
		"schrittweise", "stufenweise", "freischalten", "déploiement progressif", "progressivement", "despliegue gradual",
		"gradualmente", "フィーチャーフラグ", "機能フラグ", "段階的", "一部のユーザー",
		// Trying a change on a part of the people first.
		"subset of users", "small group",
		"beta group", "early adopters", "internal users",
		"dogfood", "dogfooding"},
	// Files people send: uploads and attachments.
	{"upload", "uploads", "uploaded", "uploading", "attach", "attachment", "attachments", "file upload",
		"user files", "user-uploaded", "presigned", "presigned url", "multipart", "magic bytes", "file size", "size limit",
		"file picker", "drag and drop", "dropzone", "attach a photo", "attach photos", "attach a file", "attach files",
		"attach an image", "attach a pdf", "upload a photo", "add a photo", "send a photo", "snap a photo", "snap a picture", "foto machen", "prendre une photo", "sacar una foto", "tomar una foto", "写真を撮", "drop files", "drop a file",
		"hochladen", "anhängen", "anhang", "téléverser", "pièce jointe", "joindre", "subir", "adjuntar", "adjunto",
		"アップロード", "添付",
		// Files people hand over, and the checks on them.
		"large files", "big files", "huge files", "larger files", "mb file", "mb files", "gb file", "gb files", "mb photos", "mb videos", "drop here", "hand us", "send us a file",
		"choose a file", "pick a file", "select a file", "mime type", "mime types",
		"malware scan", "virus scan", "clamav", "antivirus"},
	// Dates and times shown to people: relative times, their time zone.
	{"ago", "time ago", "relative time", "relative times", "relative date", "relative dates", "local time", "local hours",
		"time zone", "time zones", "timezone", "timezones", "utc", "timestamptz", "date-fns", "dayjs", "luxon",
		"moment.js", "datetimeformat", "day early", "day late", "hour early", "hour late", "wrong day", "wrong date",
		"hour off", "naive datetime", "naive datetimes", "timezone-aware", "date format", "date formats", "absolute dates", "iso 8601", "daylight saving", "dst",
		"ortszeit", "tag zu früh", "tag zu spät", "stunde zu spät", "stunde zu früh", "stunde verschoben", "jour d'avance", "jour de retard", "heure de retard", "heure de décalage", "décalage horaire", "día antes", "día tarde", "hora tarde", "hora antes", "día de retraso", "hora de retraso", "hora de diferencia", "zeitumstellung", "sommerzeit", "changement d'heure", "heure d'été", "cambio de hora", "horario de verano", "日早く", "日遅れ", "時間遅れ", "時間早く", "時間ずれ", "夏時間", "サマータイム", "zeitzone", "vor tagen", "heure locale", "fuseau horaire", "hora local", "zona horaria", "hace días",
		"タイムゾーン", "現地時間", "日前", "時間前", "相対時間",
		// Times at the wrong hour, and people elsewhere.
		"1am", "2am", "3am", "4am", "5am", "6am", "7am", "8am", "9am", "10am", "11am", "12am",
		"1pm", "2pm", "3pm", "4pm", "5pm", "6pm", "7pm", "8pm", "9pm", "10pm", "11pm", "12pm",
		"midnight", "middle of the night", "wrong hour", "hours off", "other countries", "another country",
		"different countries", "abroad", "overseas", "summer time", "winter time",
		"clocks change", "clocks go", "mitten in der nacht", "mitternacht", "en pleine nuit", "milieu de la nuit",
		"minuit", "madrugada", "medianoche", "深夜", "夜中", "海外"},
	// Money shown and computed: prices, currencies, rounding.
	{"price", "prices", "pricing", "currency", "currencies", "minor units", "rounding error", "rounding errors", "floating point",
		"numberformat", "exchange rate", "vat", "tax", "taxes", "steuer", "steuernummer", "impôt", "impôts", "impuesto", "impuestos", "numéro fiscal", "número fiscal", "税金", "税番号", "discount", "discounts", "coupon", "coupons", "subtotal",
		"iso 4217", "money", "overcharged", "refund", "refunds", "cheaper", "more expensive", "moins chère", "más barata", "安い", "返金", "払い戻し", "rückerstattung", "zurückerstatten", "erstatten", "rembourser", "reembolsar", "reembolsan", "remboursement", "reembolso", "手数料", "gebühr", "gebühren", "税", "günstiger", "moins cher", "más barato",
		"preis", "preise", "betrag", "beträge", "geldbeträge", "währung", "mwst", "rabatt", "gutschein", "prix", "montant",
		"montants", "devise", "arrondi", "remise", "tva", "precio", "precios", "moneda", "redondeo", "descuento",
		"iva", "価格", "金額", "通貨", "値段", "割引", "消費税", "端数"},
	// Messages sent to people: email, SMS, push.
	{"email", "emails", "e-mail", "mail", "mails", "mailer", "sms", "text message", "push notification", "push notifications",
		"notify", "notification", "notifications", "transactional email", "transactional emails", "mjml", "newsletter",
		"reminder", "reminders", "inbox", "inboxes", "digest email", "email digest", "unsubscribe", "deliverability", "spam folder", "spf", "dkim", "dmarc", "bounces", "sendgrid", "postmark", "mailgun", "twilio", "apns", "fcm",
		"benachrichtigung", "erinnerung", "posteingang", "courriel", "rappel", "boîte de réception", "correo", "notificación", "recordatorio", "bandeja de entrada",
		"メール", "通知", "リマインダー", "プッシュ通知", "受信箱", "受信トレイ",
		"aviso", "avisos"},
	// Personal data, privacy and a person's request to be erased.
	{"personal data", "personal information", "personal info", "personal details", "pii", "gdpr", "privacy", "erasure", "right to erasure", "right to be forgotten", "be forgotten",
		"forget me", "forget them", "forget everything", "alles vergessen", "tout oublier", "oublier tout", "olvidemos todo", "olvidar todo", "すべて忘れ", "忘れてほしい", "delete my data", "delete their data", "delete my account",
		"delete their account", "data subject", "data-subject", "dsar", "subject access", "export my data", "anonymise",
		"anonymize", "anonymised", "anonymized", "pseudonymise", "consent", "data retention", "health data", "patient data",
		"medical records", "phi", "hipaa",
		"datenschutz", "dsgvo", "daten löschen", "daten gelöscht", "personenbezogene daten", "einwilligung", "rgpd", "données personnelles", "droit à l'oubli",
		"consentement", "suppression des données", "supprimer mes données", "datos personales", "información personal", "informations personnelles", "persönliche daten", "borrar mis datos", "eliminar mis datos", "eliminar sus datos", "derecho al olvido", "consentimiento", "個人情報", "削除依頼", "データの削除", "忘れられる権利", "プライバシー",
		// A person asking to be erased, in other words.
		"wipe everything", "delete everything", "erase everything", "remove everything", "everything about",
		"deletion request", "deletion requests", "erasure request", "erasure requests", "data request", "data requests",
		"privacy request", "privacy requests", "gdpr request", "close my account", "close their account",
		"account deletion"},
	// Changing or removing data in production, and the safety steps.
	{"production data", "production database", "production db", "prod database", "prod db", "live database", "live data",
		"production rows", "data fix", "backfill", "bulk delete", "bulk update", "mass delete", "clear out", "clean out",
		"older than", "wipe", "drop table", "destructive", "irreversible", "backup",
		"back up", "ad hoc", "data migration", "management command", "rails console", "django shell",
		"manual sql", "psql", "database snapshot", "db snapshot", "manual snapshot", "truncate table", "dry run", "dry-run", "where clause", "in batches",
		"produktionsdaten", "produktivdatenbank", "bereinigen", "données de production", "datos de producción",
		"本番データ", "本番DB", "一括削除", "バックアップ",
		// Rows that should not be there.
		"fake accounts", "junk data", "corrupt data", "corrupted data", "orphaned rows",
		"orphaned records", "leftover data", "leftover rows", "stray rows"},
	// Urgent fixes and releases outside the usual rhythm.
	{"hotfix", "hotfixes", "hot fix", "urgent", "urgently", "asap", "emergency", "tonight", "right now", "hoy por la noche",
		"straight away", "quick fix", "patch release", "cherry-pick", "cherry pick", "release window",
		"after hours", "at night", "code freeze",
		"dringend", "notfall", "heute abend", "heute nacht", "urgence", "ce soir", "correctif",
		"urgente", "urgencia", "esta noche", "緊急", "至急", "今夜", "今日中", "ホットフィックス"},
	// What a service or a machine may access in the cloud: its identity,
	// roles and the credentials it is given.
	{"iam", "iam role", "iam roles", "iam policy", "iam policies", "execution role", "service account", "service accounts",
		"least privilege", "least-privilege", "assume role", "instance profile", "managed identity", "workload identity",
		"oidc", "credentials", "access key", "access keys", "cloud credentials", "zugangsdaten", "credenciales", "認証情報", "IAMロール"},
	// Many records at once: bulk imports and batch operations.
	{"bulk", "in bulk", "bulk import", "bulk upload", "batch import", "mass import", "hundreds of", "thousands of", "hunderte", "hunderten", "tausende", "tausenden", "des centaines", "des milliers", "cientos de", "miles de", "何百", "何千", "数千", "数百", "tableur", "hoja de cálculo", "スプレッドシート",
		"spreadsheet", "spreadsheets", "xlsx", "csv import", "import file", "import files", "massenimport", "en masse",
		"importation en masse", "importación masiva", "carga masiva", "一括", "一括登録", "一括インポート"},
	// Places and distances: geospatial queries.
	{"geospatial", "postgis", "geography", "geometry", "radius", "nearby", "distance", "distances", "km", "kilometers",
		"kilometres", "latitude", "longitude", "coordinates", "gps", "geofence", "geofencing", "st_dwithin", "st_distance",
		"umkreis", "entfernung", "rayon", "distancia", "距離", "半径", "近く"},
	// A phone without a network: offline use.
	{"offline", "offline mode", "no signal", "no reception", "no connection", "dead zone", "dead zones", "weak signal",
		"spotty connection", "countryside", "田舎", "poor connection", "funkloch", "kein netz", "hors ligne", "sans réseau", "sin conexión",
		"sin cobertura", "オフライン", "圏外", "電波"},
	// Who may do what: permissions and admins ("role" is also an ARIA role).
	{"permission", "permissions", "admin", "admins", "admin only", "only admins", "staff only",
		"not allowed", "access control", "access rights", "authorize", "authorise", "authorization", "authorisation", "rbac",
		"acl", "forbidden", "least privilege", "berechtigung", "berechtigungen", "zugriffsrechte",
		"droits d'accès", "autorisation", "permisos", "権限", "管理者", "アクセス権"},
	// Too many requests: rate limits and abuse.
	{"rate limit", "rate limits", "rate limiting", "rate-limit", "too many requests", "throttle", "throttling",
		"abuse", "spam", "scraping", "scrapers", "brute force", "brute-force", "thousands of requests", "many requests", "bombardiert", "bombarde", "bombardea", "bombardeando", "credential stuffing", "captcha", "per ip",
		"quota", "quotas", "ddos", "missbrauch", "drosselung", "abus", "limitation de débit", "abuso", "límite de peticiones",
		"レート制限", "スパム", "不正利用", "大量アクセス"},
	// Requests that fail: error statuses, and the input that causes them.
	{"server error", "server errors", "5xx", "4xx", "bad request", "status code",
		"status codes", "error status", "error response", "error responses", "invalid input", "missing input",
		"missing field", "missing fields", "validation error", "validation errors", "field-level", "blank query", "leeres suchfeld", "champ vide", "recherche vide", "búsqueda vacía", "空のまま検索",
		"empty query", "blank input", "empty input", "serverfehler", "statuscode", "erreur serveur", "code de statut",
		"error del servidor", "código de estado", "サーバーエラー", "ステータスコード"},
	// Finding things: search.
	{"search", "searching", "search box", "search bar", "search results", "full-text", "fuzzy", "autocomplete",
		"typeahead", "elasticsearch", "opensearch", "meilisearch", "algolia", "typesense", "tsvector", "analyzer", "analyzers", "tokenizer", "stemmer", "stemmers", "stemming",
		"suche", "suchen", "suchfeld", "suchergebnisse", "recherche", "rechercher", "barre de recherche", "búsqueda", "buscar",
		"buscador", "検索", "サジェスト", "絞り込み"},
	// Long lists: pagination.
	{"pagination", "paginate", "paginated", "next page", "load more", "show more", "infinite scroll", "page size",
		"per page", "cursor-based", "long list", "long lists", "large lists",
		"seitenweise", "blättern", "mehr laden", "charger plus", "page suivante", "défilement infini", "cargar más",
		"página siguiente", "scroll infinito", "ページネーション", "ページング", "もっと見る", "無限スクロール", "次のページ"},
	// Work done later or on a schedule: background jobs and queues.
	{"background job", "background jobs", "background task", "background tasks", "background worker", "asynchronously", "queue", "queues", "queued", "enqueue",
		"background worker", "background workers", "celery", "sidekiq", "bullmq", "cron", "cron job", "scheduled job", "scheduled jobs", "scheduled task", "scheduled tasks", "nightly", "every night", "every evening", "every morning", "every week", "every month", "recurring", "cada tarde", "recurring job", "recurring jobs", "recurring task", "recurring tasks",
		"every hour", "periodic", "periodically", "dead letter", "dead-letter", "idempotent", "on_commit",
		"long-running", "kick off", "offload", "fire and forget", "hintergrund", "warteschlange", "nächtlich", "jede nacht", "nocturne", "nocturnes", "nocturno", "nocturna", "夜間", "tâche de fond", "file d'attente",
		"tâche planifiée", "segundo plano", "tarea programada", "cada noche", "jeden abend", "chaque soir", "todas las noches",
		"バックグラウンド", "ジョブ", "キュー", "定期実行", "毎晩", "毎朝", "毎日", "毎週", "毎月",
		// Recurring times, in other words.
		"each night", "each morning", "each evening", "each month", "each week", "every day", "each day",
		"every weekday", "every monday", "every tuesday", "every wednesday", "every thursday", "every friday",
		"every saturday", "every sunday", "once an hour", "twice a day", "end of month", "first of the month",
		"shedlock", "quartz", "hangfire", "celery beat", "cada día", "cada mañana", "chaque jour", "chaque matin",
		"jeden tag", "jeden morgen"},
	// Settings per environment: configuration.
	{"config", "configuration", "environment variable", "environment variables", "env var", "env vars",
		"per environment", "dotenv", "pro umgebung", "par environnement", "por entorno", "umgebung", "environnement", "entorno", "configmap", "configmaps", "helm values", "values.yaml", "at startup",
		"fail fast", "konfiguration", "umgebungsvariable", "umgebungsvariablen", "variable d'environnement",
		"variables d'environnement", "variable de entorno", "variables de entorno", "設定", "環境変数", "環境ごと", "環境別", "環境毎",
		// Configuration files by their names.
		"appsettings", "application.yml", "application.yaml", "application.properties"},
	// Tests that fail now and then, and a red or slow pipeline.
	{"flaky", "flaky test", "flaky tests", "flakes", "intermittent", "intermittently", "fails randomly", "randomly fails", "zufällig fehl", "échoue au hasard", "falla al azar", "ランダムに失敗",
		"red build", "ci green", "green build", "failing test", "failing tests", "skip test", "skip tests", "skipped test",
		"quarantine", "quarantined", "slow ci", "slow pipeline", "ci speed", "speed up ci", "slow tests", "slow test", "faster tests", "test speed",
		"flackernd", "sporadisch", "instable", "intermittente", "inestable", "不安定", "テストが落ち", "たまに落ち"},
	// A mobile app's state across rotation and the app's lifecycle.
	{"screen rotation", "rotate the phone", "rotate the device", "turn the phone", "turn the device", "sideways", "device rotation", "orientation", "orientation change",
		"landscape", "portrait", "configuration change", "process death", "state lost", "loses state", "lose state",
		"savedinstancestate", "remembersaveable", "viewmodel", "viewmodels", "lifecycle", "foreground",
		"bildschirmdrehung", "querformat", "hochformat", "rotation de l'écran", "paysage", "rotación de pantalla",
		"orientación", "画面回転", "縦向き", "横向き"},
	// Crashes and their reports.
	{"crash", "crashes", "crashing", "crashed", "crash report", "crash reports", "crash reporting", "crashlytics", "sentry",
		"bugsnag", "stack trace", "stacktrace", "symbolication", "dsym", "source maps", "sourcemaps", "unhandled exception",
		"force close", "blows up", "blow up", "falls over", "knallt", "explota", "revienta", "se cae", "se caen", "fällt um",
		"absturz", "abstürze", "stürzt ab", "plantage", "plante", "se cierra", "se bloquea", "クラッシュ", "強制終了", "落ちる"},
	// Others' code that calls ours: API compatibility and breaking changes.
	{"breaking change", "breaking changes", "backwards compatible", "backward compatible", "backwards compatibility",
		"backward compatibility", "old clients", "older clients", "existing clients", "old versions", "older versions", "partner apps",
		"integrators", "public api", "applis partenaires", "applications partenaires", "apps de socios", "aplicaciones de socios", "パートナーアプリ", "intégrateurs", "integradores", "integratoren", "インテグレーター", "external clients", "external consumers", "externally consumed",
		"api consumers", "api version", "deprecate", "deprecated", "deprecation", "sunset", "openapi", "swagger",
		"api spec", "spec-first", "abwärtskompatibel", "rückwärtskompatibel", "rétrocompatible",
		"rétrocompatibilité", "retrocompatible", "compatibilidad", "後方互換", "互換性", "破壊的変更", "外部公開"},
	// Calls that take too long or fail under load: timeouts and retries.
	{"timeout", "timeouts", "time out", "times out", "timed out", "retry", "retries", "retrying", "backoff",
		"exponential backoff", "jitter", "circuit breaker", "under load", "heavy load", "high load", "traffic spike",
		"peak traffic", "load spike", "black friday", "hangs", "hanging", "goes down", "unavailable", "fallback",
		"graceful degradation", "degrade gracefully",
		"zeitüberschreitung", "wiederholen", "hohe last", "lastspitze", "délai d'attente", "réessayer", "forte charge",
		"pic de trafic", "tiempo de espera", "reintentar", "reintentos", "alta carga", "pico de tráfico",
		"タイムアウト", "リトライ", "再試行", "高負荷", "アクセス集中"},
	// Not doing the same work twice: caching.
	{"cache", "caching", "cached", "cache key", "cache keys", "cache entry", "cached copy", "memoize", "memoise", "in memory", "in-memory",
		"memoization", "every visit", "jedem besuch", "chaque visite", "cada visita", "訪問のたび", "every page load", "redis", "ttl", "stale",
		"invalidate", "invalidation", "zwischenspeichern", "mettre en cache", "caché", "キャッシュ",
		// Keeping a result instead of fetching it again, in other words.
		"hold on", "hold onto", "hold locally", "keep locally", "store locally", "cache locally",
		"keep around", "copy around", "refetch", "refetches", "refetching", "re-fetch", "re-fetches",
		"expensive call", "expensive calls", "expensive query", "expensive queries",
		"every request", "each request", "every call", "each call",
		"cache hit", "cache miss", "hit rate", "caffeine", "memorycache", "hybridcache", "lru",
		"im speicher", "zwischengespeichert", "garder en mémoire", "en cache", "en memoria", "en caché", "使い回"},
	// Changing code without changing what it does: refactoring.
	{"refactor", "refactors", "refactoring", "tidy", "tidy up", "restructure", "restructuring", "reorganise",
		"reorganize", "pure refactor", "pure refactors", "without changing", "same behaviour", "same behavior", "changing behaviour", "changing behavior", "behaviour change",
		"behaviour changes", "behavior change", "behavior changes", "dead code", "simplify", "readability",
		"break up", "split up", "aufteilen", "dividir", "分割", "untangle", "manageable", "god class", "legacy code", "testable", "testbar", "testeable", "characterisation tests", "characterization tests",
		"aufräumen", "refaktorisieren", "umstrukturieren", "zerlegen", "refactoriser", "restructurer", "découper", "refactorizar", "reestructurar",
		"リファクタ", "リファクタリング", "整理"},
	// What things are called in code: identifiers.
	{"identifier", "identifiers", "variable name", "variable names", "abbreviate", "abbreviated", "abbreviation",
		"abbreviations", "spell out", "confusingly named", "badly named", "verwirrend benannt", "noms confus", "nombres confusos", "紛らわしい名前", "poorly named", "descriptive name",
		"descriptive names", "meaningful names", "bezeichner", "variablennamen",
		"identifiant", "identificador", "変数名", "命名"},
	// Finding out later what happened: logs and diagnosis.
	{"log", "logs", "logging", "logger", "structured logging", "slog", "log line", "log lines", "audit trail",
		"audit log", "log level", "log levels", "noisy logs", "verbose logs", "debug logs", "troubleshoot", "troubleshooting", "diagnostics", "investigate",
		"protokollieren", "protokoll", "journaliser", "journal", "registrar", "ログ", "記録", "調査",
		"dig into", "track down"},
	// Using a product without sight, a mouse or small text: accessibility.
	{"screen reader", "screen readers", "mouse", "screenreader", "screenreadern", "lecteur d'écran", "lecteurs d'écran", "lector de pantalla", "lectores de pantalla", "maus", "souris", "ratón", "マウス", "スクリーンリーダー", "keyboard", "without a mouse", "focus indicator", "focus ring",
		"focus outline", "tab order", "tabindex", "arrow keys", "contrast", "wcag", "blind users", "blind people", "visually impaired", "low vision", "keyboard only",
		"keyboard users", "colour blind", "color blind", "colorblind", "larger text", "font size", "dynamic type", "aria",
		"a11y", "accessibility", "barrierefrei", "sehbehindert", "malvoyant", "malvoyants", "accessible",
		"discapacidad visual", "accesible", "視覚障害", "読み上げ", "アクセシビリティ",
		// The people it is for, and the keys they use.
		"deaf", "hard of hearing", "disabled users", "disabled people", "disability", "disabilities",
		"impaired", "impairment", "impairments", "assistive", "assistive technology", "dyslexia", "dyslexic",
		"focus trap", "focus order", "keyboard trap", "trapped", "tab through", "tab key", "escape key",
		"esc key", "reduced motion", "nvda", "voiceover", "talkback", "color contrast",
		"colour contrast", "gehörlos", "tastaturbedienung", "screenreader", "non-voyants", "lecteur d'écran",
		"navigation au clavier", "handicap", "lector de pantalla", "ciegos", "discapacidad", "navegación con teclado",
		"障害のある", "キーボード操作", "スクリーンリーダー"},
	// Explaining a system: docs and diagrams.
	{"diagram", "diagrams", "flowchart", "flow chart", "sequence diagram", "mermaid", "draw.io", "plantuml", "onboarding docs",
		"new joiners", "neue kollegen", "neue mitarbeiter", "nouveaux arrivants", "nouveaux venus", "nuevos empleados", "recién llegados", "新メンバー", "新人", "new hires", "newcomers", "walkthrough", "diagramm", "ablaufdiagramm",
		"diagramme", "diagrama", "図解", "フロー図", "構成図"},
	// Pods and processes running out of room: memory and resource limits.
	{"oom", "oomkilled", "oom killed", "memory limit", "memory limits", "memory request", "memory requests", "more memory",
		"more ram", "heap size", "resource limits", "resource requests", "cpu limit", "cpu limits",
		"crashloopbackoff", "arbeitsspeicher", "speicherlimit", "limite de mémoire", "límite de memoria", "メモリ不足",
		"メモリ制限"},
	// Translating what people read.
	{"translate", "translated", "translation", "translations", "translator", "translators", "translation keys",
		"crowdin", "lokalise", "in spanish", "in german", "in french", "in japanese",
		"übersetzen", "übersetzt", "übersetzung", "traduire", "traduit", "traduction", "traducir", "traducido", "traducción",
		"auf spanisch", "auf französisch", "auf japanisch", "en español", "en français", "en espagnol", "en allemand",
		"en japonais", "en francés", "en alemán", "en japonés", "スペイン語", "フランス語", "ドイツ語", "翻訳", "多言語",
		// The language named as an adjective, inflected ("die spanischen Texte").
		"spanischen", "französischen", "japanischen", "italienischen", "espagnole",
		"espagnoles", "española", "españolas", "francesa", "alemana", "japonesa", "inglesa",
		// Other languages, and their plural forms.
		"italian", "portuguese", "chinese", "korean", "dutch", "turkish", "swedish", "hindi", "pluralization", "pluralisation", "pluralize", "pluralise"},
	// Choosing a new dependency: the ask, the licence, the supply chain.
	{"new dependency", "new dependencies", "new package", "new library", "third-party", "find a package", "find a library", "trouve un paquet", "busca un paquete", "パッケージを探", "ライブラリを探", "ライブラリを導入", "パッケージを導入", "pick a library",
		"choose a library", "pull in", "bring in", "license", "licenses", "licence", "licences", "gpl", "agpl", "mit license",
		"apache-2.0", "open source", "open-source", "supply chain", "supply-chain", "license check",
		"neue abhängigkeit", "lizenz", "lizenzen", "nouvelle dépendance", "licence", "nueva dependencia", "licencia",
		"ライセンス", "新しいライブラリ"},
	// Shipping a mobile build to the app stores.
	{"app store", "app stores", "play store", "google play", "testflight", "store release",
		"store listing", "store listings", "phased release", "staged rollout", "crash-free", "fastlane", "mobile build",
		"mobile release", "app review", "version code", "build number", "ストア", "ストア申請"},
	// Failures nobody notices: monitoring and alerting.
	{"alert", "alerts", "alerting", "monitor", "monitors", "monitoring", "heartbeat", "pagerduty", "on-call", "runbook",
		"runbooks", "silently", "silent failure", "silent failures", "quietly", "unnoticed", "nobody noticed",
		"nobody found", "nobody knew", "niemand gemerkt", "en silence", "en silencio", "stillschweigend", "nadie se enteró", "誰も気づ", "気づかれ", "uptime", "health check", "health checks", "datadog",
		"unbemerkt", "alarm", "alarme", "überwachung", "alerte", "alertes", "silencieusement", "surveillance", "alerta",
		"alertas", "silenciosamente", "monitorización", "アラート", "監視", "気づかな"},
	// Who did what: audit trails.
	{"audit", "audits", "audit trail", "audit log", "audit logs", "auditing", "access log", "access logging",
		"who opened", "who viewed", "who accessed", "who changed", "who deleted", "access history",
		"zugriffsprotokoll", "prüfprotokoll", "journal d'audit", "piste d'audit", "auditoría", "registro de auditoría",
		"監査", "監査ログ", "操作履歴", "アクセス履歴", "閲覧履歴",
		// Who did what, as a task asks for it.
		"who made", "who edited", "who modified", "who looked", "who touched",
		"who approved", "who exported", "who downloaded", "opened which", "viewed which", "accessed which",
		"edited which", "changed which", "activity log", "activity logs", "change history", "paper trail",
		"forensics", "forensic", "tamper-proof", "tamper-evident", "every read",
		"every access", "each access", "quién abrió", "quién vio", "誰が閲覧", "誰が開いた", "誰がアクセス", "誰が見た",
		"操作ログ", "アクセスログ"},
	// Health information, the most sensitive personal data.
	{"phi", "hipaa", "health data", "medical data", "medical records", "medical history", "diagnosis", "allergy",
		"allergies", "allergic", "allergisch", "allergique", "allergiques", "alérgico", "alérgica", "medication", "medications", "prescription", "prescriptions", "symptom", "symptoms",
		"insurance number", "insurance numbers", "gesundheitsdaten", "allergie", "allergien", "medikament", "medikamente",
		"données de santé", "ordonnance", "ordonnances", "datos de salud", "alergia", "alergias", "medicamento",
		"medicamentos", "医療情報", "アレルギー", "処方", "カルテ", "診断"},
	// One look shared by several apps: the design system.
	{"design system", "design-system", "ui kit", "component library", "shared components", "shared component",
		"reusable components", "reuse", "reusable", "reused", "storybook", "changeset", "changesets", "wiederverwenden",
		"wiederverwendbar", "designsystem", "réutiliser", "réutilisable", "système de design", "reutilizar",
		"reutilizable", "sistema de diseño", "デザインシステム", "共通コンポーネント", "再利用"},
	// Giving something a new name: renames.
	{"rename", "renames", "renamed", "renaming", "be called", "be named", "new name", "heißen", "heisst", "llamarse", "se llame", "という名前", "umbenennen", "umbenannt",
		"renommer", "renommé", "renombrar", "renombrado", "名前を変更", "リネーム", "改名"},
	// Checking types before merging.
	{"type check", "type-check", "typecheck", "type checking", "type checks", "type errors", "type error", "mypy",
		"pyright", "tsc", "vue-tsc", "noemit", "typen prüfen", "typprüfung", "typüberprüfung", "vérification des types",
		"vérifier les types", "comprobación de tipos", "verificar tipos", "型チェック", "型検査"},
	// Getting back into an account: password resets.
	{"forgot password", "forgot-password", "forgotten password", "password reset", "reset password", "reset link",
		"reset links", "account recovery", "magic link", "otp", "one-time code", "account enumeration", "enumeration",
		"passwort vergessen", "passe oublié", "passwort zurücksetzen", "réinitialisation", "contraseña olvidada",
		"restablecer contraseña", "パスワードを忘れ", "パスワードリセット", "パスワード再設定"},
	// Pictures of people and their documents, served to others.
	{"profile photo", "profile photos", "profile picture", "profile pictures", "user photos", "avatar", "avatars",
		"imgproxy", "signed url", "signed urls", "expiring url", "expiring urls", "bucket url", "bucket urls",
		"thumbnail", "thumbnails", "profilbild", "photo de profil", "foto de perfil", "写真", "顔写真", "プロフィール画像",
		"サムネイル"},
	// Looking back at an incident: post-mortems.
	{"post-mortem", "post-mortems", "postmortem", "postmortems", "post mortem", "incident review", "incident report",
		"retrospective", "root cause", "root-cause", "rca", "went wrong", "lessons learned", "schiefgelaufen", "schiefgegangen", "mal passé", "salió mal", "ausfall", "ausfälle", "blameless", "action items",
		"outage", "outages", "nachbetrachtung", "störungsbericht", "ursachenanalyse", "analyse des causes",
		"retour d'expérience", "causa raíz", "análisis de causa", "ポストモーテム", "振り返り", "障害報告", "原因分析", "再発防止"},
	// Data that tests and demos run on.
	{"test data", "fake data", "dummy data", "sample data", "seed data", "seeds", "seeding", "fixtures",
		"factory_boy", "faker", "real data", "testdaten", "données de test",
		"datos de prueba", "テストデータ", "ダミーデータ"},
	// The same thing happening twice: double submits, charges, bookings.
	{"double click", "double-click", "double submit", "double submission", "clicked twice", "charged twice",
		"double charge", "double charged", "double booking", "double-booked", "overbooked", "sent twice", "idempotency key",
		"idempotency keys", "idempotent", "exactly once", "twice", "at least once", "at-least-once",
		"redelivered", "redelivery", "duplicate messages", "duplicate events", "processed twice", "zweimal", "doppelt", "doppelbuchung", "deux fois", "dos veces",
		"二重", "二回"},
	// Undoing a release or a change: rollbacks.
	{"roll back", "rollback", "rollbacks", "rolled back", "revert", "reverted", "reversible", "down migration",
		"zurückrollen", "revenir en arrière", "retour arrière", "revertir", "ロールバック", "切り戻し"},
	// Getting data out as files: exports.
	{"csv", "export to csv", "herunterladen", "télécharger", "descargar", "tableur", "hoja de cálculo", "スプレッドシート", "data export", "export data", "spreadsheet", "excel", "xlsx", "download link", "download links",
		"csv-export", "exportación de datos", "ダウンロード"},
	// Pages that jump while they load: layout shift.
	{"layout shift", "layout shifts", "cls", "jumps around", "jumping around", "flicker", "flickers", "flickering",
		"jank", "reserve space", "springt", "saute", "parpadeo", "ちらつき", "レイアウトシフト"},
	// Text that does not fit: truncation and overflow.
	{"cut off", "truncated", "truncation", "overflow", "overflows", "ellipsis", "doesn't fit", "don't fit",
		"long strings", "abgeschnitten", "tronqué", "coupé", "cortado", "truncado", "見切れ", "はみ出"},
	// Characters shown wrong: text encoding.
	{"garbled", "mojibake", "character encoding", "text encoding", "utf-8", "utf8", "unicode", "special characters",
		"zeichensatz", "sonderzeichen", "encodage", "caractères spéciaux", "codificación", "caracteres especiales",
		"文字化け", "文字コード"},
	// What the infrastructure costs.
	{"cloud cost", "cloud costs", "cloud bill", "aws bill", "infrastructure cost", "infrastructure costs", "costs",
		"kosten", "coûts", "costes", "コスト"},
	// Customers kept apart: tenant isolation.
	{"tenant", "tenants", "multi-tenant", "multitenant", "tenant isolation", "row-level", "rls",
		"other customers", "other users", "someone else", "wrong customer", "wrong account", "mandant", "mandanten",
		"locataire", "inquilino", "テナント", "他のユーザー"},
	// Staying signed in: sessions and logouts.
	{"logged out", "log out", "logout", "signed out", "sign out", "kicked out",
		"session expiry", "session timeout", "refresh token", "refresh tokens", "stay signed", "stay logged",
		"remember me", "abgemeldet", "déconnecté", "déconnexion", "cerrar sesión", "ログアウト"},
	// Phones running out of power.
	{"battery", "battery drain", "drains battery", "drain the battery", "wake lock", "wakelock", "background location",
		"power usage", "akku", "batterie", "batería", "バッテリー", "電池"},
	// A record that must hold one more fact: a new column or field.
	{"keep track", "remember which", "sich merken", "recordar qué", "garder une trace", "garde une trace", "halte fest", "festhalten", "llevar un registro", "lleva un registro", "remember what", "remember whether", "remember when", "new column", "new columns",
		"new field", "new fields", "extra column", "extra field", "schema change", "schema changes", "neue spalte",
		"neues feld", "nouvelle colonne", "nouveau champ", "nueva columna", "nuevo campo", "カラム追加", "項目追加"},
	// Telling customers about an incident or maintenance.
	{"status page", "statuspage", "let customers know", "tell customers", "maintenance window", "planned maintenance",
		"scheduled maintenance", "downtime", "incident update", "incident updates", "statusseite", "wartungsfenster",
		"page de statut", "maintenance planifiée", "página de estado", "mantenimiento programado", "ステータスページ",
		"メンテナンス"},
	// Links that open the app.
	{"deep link", "deep links", "deeplink", "deeplinks", "universal links", "universal link", "app links", "app link",
		"open the app", "opens the app", "ディープリンク"},
	// Old addresses that must keep working: redirects.
	{"redirect", "redirects", "old links", "old urls", "broken links", "dead links", "permanent redirect",
		"weiterleitung", "weiterleitungen", "redirection", "redirections", "redirección", "リダイレクト"},
	// What users download: app and bundle size.
	{"app size", "bundle size", "download size", "apk size", "binary size", "tree shaking", "tree-shaking", "minify",
		"minified", "r8", "proguard", "smaller bundle", "taille du bundle", "tamaño del paquete", "アプリサイズ",
		"バンドルサイズ"},
	// Changing what runs where: infrastructure.
	{"infrastructure", "infra", "terraform", "helm chart", "helm charts", "kubectl", "aws console", "cloud console",
		"scale up", "scale out", "more replicas", "replicas", "more pods", "capacity", "provision", "provisioning",
		"infrastruktur", "infraestructura", "インフラ"},
}

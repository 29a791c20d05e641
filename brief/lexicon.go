package brief

import (
	"slices"
	"strings"
	"sync"
	"unicode/utf8"
)

// concepts are groups of words that name one subject in software work.
// A task and a rule that share a concept are related even when they share
// no word: "translation" and "i18n", "endpoint" and "route handler",
// "package" and "dependency", "attach a PDF" and "uploads". Entries are
// surface forms; multi-word entries match as phrases; CJK entries match as
// substrings. Rules for the table:
//
//   - A group is a subject of the field (dependencies, uploads, money,
//     pagination), never the wording of one ruleset or one eval row.
//   - Members name the subject in English, German, French, Spanish or
//     Japanese, including the everyday words a task uses for it ("pay",
//     "euros" for money; "crash" for a bug).
//   - A word that names different subjects in common use is left out
//     ("keys", "level", "stop", "store", "edge", "upgrade"). Phrases are
//     matched without their stopwords ("mot de passe" is "mot passe"),
//     except a phrase of two words one of which is a stopword ("pull in",
//     "on call", "not null"), which is matched as it is, never as the
//     other word alone.
//   - A word may be in several groups when it belongs to each ("install"
//     in npm and in dependencies).
var conceptGroups = [][]string{
	{"commit", "commits", "committing", "conventional commits", "squash", "amend", "git", "pre-commit", "husky", "コミット", "einchecken",
		// Saving one's work in version control, in other words.
		"record changes", "save changes", "save work", "check in", "enregistrer modifications", "enregistre modifications",
		"guardar cambios", "guarda cambios", "änderungen speichern", "speichere änderungen", "変更を保存"},
	{"pull request", "pr", "merge request", "mr", "code review", "review", "reviewer", "ready for review", "プルリクエスト", "プルリク", "レビュー", "revue de code", "revisión de código"},
	{"git", "push", "branch", "rebase", "main", "master", "merge", "origin", "history", "プッシュ", "ブランチ", "マージ", "リベース", "rama", "fusionar", "fusionner", "zusammenführen"},
	{"release", "changelog", "semver", "tag", "release notes", "ship", "publish", "user-visible", "リリース", "version bump", "veröffentlichen", "publier", "publicar", "desplegar", "déployer", "変更履歴",
		"deploy", "deployment", "production", "prod", "live", "launch", "ausrollen", "mettre en production", "rollout", "roll out", "go live", "デプロイ", "本番", "despliegue", "déploiement", "bereitstellung"},
	{"npm", "pnpm", "yarn", "bun", "install", "dependency", "package manager", "lockfile", "node_modules", "package.json", "npx", "インストール"},
	// Dependencies in any ecosystem, and the paraphrases of adding one.
	{"dependency", "dependencies", "deps", "package", "packages", "library", "libraries", "install", "pull in", "bring in",
		"lockfile", "package.json", "pyproject", "requirements.txt", "go.mod", "cargo.toml", "gem", "gems", "sdk", "pypi", "maven",
		"依存", "依存関係", "パッケージ", "ライブラリ", "abhängigkeit", "bibliothek", "paket", "dépendance", "bibliothèque", "paquet",
		"dependencia", "biblioteca", "librería", "paquete"},
	{"pip", "poetry", "uv", "pyproject", "requirements.txt", "virtualenv", "venv", "install", "dependency"},
	{"cargo", "crate", "crates", "cargo.toml", "rust", "clippy", "rs"},
	{"test", "tests", "testing", "spec", "unit test", "flaky", "jest", "vitest", "mocha", "pytest", "test runner", "coverage", "assert", "mock", "table-driven", "fixture", "fixtures", "e2e", "playwright", "テスト", "prueba", "pruebas", "testfall", "essai", "testen", "probar", "tester"},
	// Bugs and their fixes ("fix" itself is too common a word to count).
	{"bug", "bugs", "bugfix", "hotfix", "crash", "crashes", "regression", "broken", "defect", "バグ", "不具合", "bogue", "fallo", "absturz", "クラッシュ"},
	{"react", "component", "components", "jsx", "tsx", "hook", "hooks", "props", "useeffect", "usestate", "コンポーネント", "komponente", "composant", "componente"},
	{"typescript", "ts", "tsx", "type", "types", "typed", "interface", "generic", "type guard"},
	{"javascript", "js", "ts", "tsx", "jsx", "node", "nodejs", "frontend", "browser", "esm", "commonjs"},
	{"go", "golang", "gofmt", "goimports", "go.mod", "goroutine", "errors.is", "fmt.errorf"},
	{"python", "py", "django", "flask", "fastapi", "mypy", "ruff", "pep8"},
	{"api", "endpoint", "route", "router", "routes", "handler", "controller", "rest", "http", "post", "patch", "status code", "response", "server", "entry point", "webhook", "エンドポイント", "ハンドラ", "コントローラ", "endpunkt", "schnittstelle", "point de terminaison", "punto final"},
	{"http client", "axios", "fetch", "superagent", "ky", "got", "requests", "http request", "retry", "timeout", "network", "リトライ", "タイムアウト", "再試行", "zeitüberschreitung", "réessayer", "reintentar"},
	// Calls to services outside the codebase.
	{"third party", "third-party", "external service", "external api", "vendor", "provider", "carrier", "partner", "upstream",
		"outbound", "integration", "network call", "http client", "外部", "サードパーティ", "tiers", "externo", "extern"},
	{"validate", "validation", "zod", "yup", "joi", "pydantic", "input", "body", "payload", "sanitize", "parse", "untrusted", "バリデーション", "検証", "validierung", "validación", "valider"},
	{"database", "db", "sql", "table", "column", "row", "index", "foreign key", "query", "postgres", "postgresql", "mysql", "sqlite", "orm", "schema", "データベース", "テーブル", "カラム", "datenbank", "tabelle", "spalte", "abfrage",
		"base de datos", "tabla", "columna", "consulta", "base de donnees", "colonne", "requete", "índice", "indice", "インデックス", "クエリ"},
	{"migration", "migrate", "drizzle", "drizzle-kit", "prisma", "alembic", "flyway", "knex", "liquibase", "schema", "ddl", "マイグレーション", "migración",
		// A column is added, changed or dropped by a migration.
		"column", "columns", "カラム", "spalte", "colonne", "columna", "attribute", "attributes"},
	{"timestamp", "timezone", "time zone", "utc", "date", "datetime", "time", "hour", "clock", "iso 8601", "dst", "日時", "日付", "タイムゾーン", "zeitzone", "datum", "uhrzeit", "heure", "fecha", "hora", "zeitstempel", "horodatage", "fuseau horaire", "zona horaria", "タイムスタンプ"},
	{"cache", "caching", "cached", "redis", "memcached", "ttl", "invalidate", "cdn", "cache-control", "キャッシュ", "zwischenspeicher"},
	{"log", "logs", "logging", "logger", "console.log", "print", "println", "debug", "debugging", "trace", "ログ", "journal", "journalisation", "protokollierung", "デバッグ",
		"journaux", "protokoll"},
	{"observability", "monitoring", "telemetry", "metric", "metrics", "trace", "tracing", "span", "datadog", "sentry", "prometheus",
		"grafana", "opentelemetry", "log", "logs", "logging", "監視", "überwachung", "surveillance", "monitorización"},
	{"accessibility", "a11y", "aria", "aria-label", "keyboard", "screen reader", "focus", "contrast", "alt text", "subtitle", "mouse", "keyboard navigation", "tab order", "screen readers", "voiceover", "talkback", "キーボード", "tastatur", "clavier", "teclado", "subtitles", "caption", "captions", "アクセシビリティ", "字幕", "barrierefreiheit",
		"untertitel", "sous-titres", "subtitulos", "スクリーンリーダー", "読み上げ", "accessibilité", "accesibilidad"},
	{"i18n", "l10n", "translation", "translate", "translations", "localization", "localize", "locale", "internationalization", "french", "german", "spanish", "japanese", "english", "language", "翻訳", "多言語", "übersetzung", "traduction", "traducción",
		"español", "espagnol", "spanisch", "français", "französisch", "deutsch", "allemand", "alemán", "日本語", "英語", "idioma", "langue", "sprache"},
	{"loading", "spinner", "skeleton", "placeholder", "progress", "suspense", "pending", "読み込み", "ローディング", "スピナー", "chargement", "cargando", "ladeanzeige"},
	{"docs", "doc", "documentation", "document", "documenting", "readme", "markdown", "md", "guide", "rfc", "ドキュメント", "dokumentation", "documentación"},
	{"error", "errors", "exception", "fail", "fails", "failure", "panic", "crash", "stack trace", "エラー", "fehler", "erreur", "例外", "ausnahme", "excepción", "失敗"},
	{"delete", "deletion", "remove", "soft-delete", "purge", "destroy", "destructive", "wipe", "erase", "deleted_at", "削除", "löschen", "rid", "drop", "throw away", "retirer", "quitar",
		"entfernen", "supprimer", "effacer", "eliminar", "borrar"},
	{"user", "users", "account", "profile", "member", "customer", "ユーザー", "benutzer", "utilisateur", "usuario", "ユーザ", "nutzer", "kunde", "kunden", "konto", "compte", "cuenta", "顧客"},
	{"build", "compile", "binary", "makefile", "make", "target", "make build", "make test", "make lint", "make check",
		"make install", "make run", "make target", "make targets", "bundle", "ビルド", "kompilieren", "compilar"},
	{"lint", "linter", "eslint", "golangci-lint", "format", "formatter", "prettier", "gofmt", "black", "ruff", "リント", "フォーマット", "整形", "formatieren", "formater", "formatear"},
	{"docker", "compose", "container", "containers", "dockerfile", "compose.yaml", "docker-compose.yml", "local", "localhost", "local services", "locally", "laptop", "my machine", "spin up", "lokal", "en local", "postgres", "mysql", "redis", "kafka", "rabbitmq", "devcontainer", "コンテナ"},
	{"proto", "protobuf", "grpc", "buf", "rpc", "codegen", "generated", "generate", "regenerate", "gen"},
	{"naming", "name", "camelcase", "camel", "kebab", "kebab-case", "snake_case", "snake", "pascalcase", "rename", "case", "命名"},
	{"import", "imports", "export", "exports", "module", "modules"},
	{"css", "tailwind", "style", "styles", "styled", "scss", "theme", "color", "colour", "design system", "スタイル", "estilo", "feuille de style"},
	{"secret", "secrets", "vault", "kms", "secret manager", "password", "token", "credential", "credentials", "auth", "authentication", "authorization", "permission", "permissions", "jwt", "session", "login", "signup", "register", "registration", "oauth", "tenant",
		"ログイン", "認証", "登録", "anmeldung", "registrieren", "connexion", "inscription", "registrarse", "registro", "iniciar sesion", "シークレット", "トークン", "認可", "geheimnis", "jeton", "berechtigung", "autorisation", "permiso", "permisos"},
	{"password", "passwords", "passphrase", "hash", "hashing", "argon2", "argon2id", "bcrypt", "scrypt", "パスワード",
		"passwort", "mot de passe", "contraseña"},
	{"button", "modal", "dialog", "dropdown", "form", "page", "screen", "toolbar", "menu", "label", "labels", "tooltip", "icon", "ui", "component", "components", "confirmation", "ボタン", "画面", "ダイアログ", "モーダル", "メニュー", "schaltfläche", "bouton", "botón", "écran", "pantalla", "bildschirm"},
	{"context", "cancel", "cancellation", "deadline", "goroutine", "channel", "concurrency", "i/o",
		"shutdown", "shut down", "graceful", "gracefully", "sigterm", "sigint", "signal", "lifecycle", "hang", "hangs", "stuck",
		"abort", "cancellationtoken", "キャンセル", "シャットダウン", "abbrechen", "annuler", "cancelar"},
	{"config", "configuration", "env", "environment", "settings", "dotenv", "konfiguration", "einstellungen", "paramètres", "configuración", "ajustes", "環境変数", "設定"},
	{"ci", "pipeline", "github actions", "workflow", "gate", "check", "checks", "パイプライン", "ワークフロー"},
	{"message", "messages", "copy", "text", "wording", "plain language", "notification", "toast", "文言", "メッセージ", "nachricht", "meldung", "meldungen", "mensaje", "mensajes"},
	{"security", "secure", "securely", "xss", "csrf", "injection", "escape", "sanitize", "vulnerability", "セキュリティ", "安全",
		"sicher", "sicherheit", "securite", "securise", "seguro", "segura", "seguridad"},
	{"performance", "slow", "slower", "faster", "speed", "latency", "n+1", "optimize", "index", "profile", "profiler", "profiling",
		"hot path", "stutter", "sluggish", "slowness", "virtualize", "virtualized", "virtual list", "windowing", "thousands", "millions", "重い", "träge", "lag", "laggy", "jank", "freeze", "fps", "frame drops", "allocation", "allocate", "memory",
		"パフォーマンス", "遅い", "leistung", "langsam", "lent", "rendimiento", "lento", "高速化", "最適化", "lenteur", "lentitud", "optimieren", "optimiser", "optimizar"},
	// Queries that multiply.
	{"n+1", "eager load", "eager-load", "eager loading", "prefetch", "select_related", "prefetch_related", "includes", "batch",
		"batching", "dataloader", "join", "joins",
		// How a task describes one: a query for each row, in a loop.
		"query per row", "queries per row", "query per item", "per row", "each row",
		"in loops", "inside a loop", "hundreds of queries", "n+1 queries"},
	{"unique", "uniqueness", "duplicate", "duplicates", "duplicated", "dedupe", "deduplicate", "twice", "idempotent", "idempotency",
		"一意", "重複", "eindeutig", "doppelt", "doublon", "unico", "duplicado"},
	{"version", "versions", "versioning", "semver", "semantic version", "breaking change", "breaking changes", "major version",
		"deprecate", "deprecation", "backwards compatible", "compatibility", "バージョン", "versión"},
	{"email", "e-mail", "mail", "mails", "mailer", "smtp", "newsletter", "メール", "correo", "courriel"},
	{"notify", "notification", "notifications", "push notification", "alert", "alerts", "通知", "benachrichtigung", "notificacion"},
	{"search", "full-text", "elasticsearch", "opensearch", "autocomplete", "typeahead", "検索", "suche", "recherche", "busqueda"},
	{"form", "forms", "input", "submit", "submission", "入力", "フォーム", "formular", "formulaire", "formulario", "eingabefeld", "saisie"},
	{"empty state", "empty", "blank", "no results", "zero state", "空", "leer", "vide", "vacio", "en blanco"},
	{"offline", "online", "connection", "connectivity", "disconnect", "disconnected", "reconnect", "connection lost", "network error",
		"オフライン", "接続", "verbindung", "hors ligne", "connexion perdue", "sin conexion", "conexion"},
	{"personal data", "pii", "gdpr", "privacy", "redact", "redaction", "anonymize", "mask", "email address", "date of birth", "birth date", "birthday", "home address", "phone number", "national id", "ssn", "social security", "geburtsdatum", "date de naissance", "fecha de nacimiento", "生年月日", "住所", "個人情報",
		"datenschutz", "donnees personnelles", "datos personales"},
	// Mobile apps and the device.
	{"mobile", "ios", "android", "phone", "tablet", "swift", "kotlin", "portrait", "landscape", "スマホ", "アプリ", "handy", "movil"},
	{"main thread", "ui thread", "background thread", "thread", "threads", "freeze", "freezes", "anr", "blocking", "スレッド", "メインスレッド"},
	{"location", "camera", "microphone", "contacts", "runtime permission", "permission", "permissions", "位置情報", "カメラ"},
	{"kubernetes", "k8s", "cluster", "helm", "helm chart", "pod", "pods", "manifest", "manifests", "probe", "probes", "namespace",
		"kubectl", "クラスタ"},
	{"warehouse", "analytics", "tracking", "track", "mixpanel", "amplitude", "posthog", "dashboard", "dashboards", "bigquery", "snowflake", "redshift", "dbt", "etl", "report", "reports",
		"reporting", "分析", "レポート"},
	{"machine learning", "ml", "train", "training", "retrain", "classifier", "dataset", "datasets", "experiment", "experiments",
		"mlflow", "epoch", "inference", "model weights", "学習", "機械学習"},
	{"game", "games", "gameplay", "player", "players", "gamer", "gamers", "frame", "frames", "render",
		"rendering", "ゲーム", "spiel", "spieler", "jeu", "joueur", "juego", "jugador"},
	{"controls", "keybinding", "key binding", "remap", "gamepad", "joystick", "shortcut", "shortcuts", "キー", "tasten", "touches"},
	{"dependency injection", "hilt", "dagger", "inject", "ioc"},
	{"async", "await", "promise", "promises", "callback", "callbacks", "future", "futures", "coroutine", "coroutines", "非同期"},
	{"race", "race condition", "data race", "mutex", "lock", "locks", "locking", "atomic", "thread-safe", "concurrent", "concurrency",
		"deadlock", "deadlocks", "parallel", "concurrently", "simultaneously", "in parallel", "same time", "errgroup", "waitgroup", "fan-out", "gleichzeitig", "parallèle", "simultáneamente", "同時", "並列", "並行", "排他"},
	{"leak", "leaks", "leaking", "memory leak", "dispose", "cleanup", "リーク"},
	{"comment", "comments", "docstring", "docstrings", "jsdoc", "tsdoc", "godoc", "doc comment", "doc comments", "コメント", "kommentar", "commentaire", "comentario"},
	{"folder", "folders", "directory", "directories", "file structure", "project structure", "colocate", "colocated", "フォルダ", "ディレクトリ", "ordner", "verzeichnis", "dossier", "carpeta"},
	{"state", "redux", "zustand", "pinia", "mobx", "global state", "server state", "state management", "状態"},
	{"responsive", "breakpoint", "breakpoints", "media query", "mobile-first", "viewport", "small screens", "small screen", "pixels wide", "screen size", "screen sizes", "narrow", "phone", "phones", "mobile web", "レスポンシブ"},
	{"json", "yaml", "toml", "serialize", "serialization", "marshal", "unmarshal", "encode", "decode"},
	{"cli", "command line", "command-line", "subcommand", "subcommands", "stdin", "stdout", "stderr", "terminal", "shell", "コマンド"},
	{"feature flag", "feature flags", "feature toggle", "launchdarkly", "unleash", "rollout", "turn on", "turn off", "switch on", "switch off", "kill switch", "フィーチャーフラグ"},
	{"incident", "incidents", "outage", "outages", "postmortem", "post-mortem", "on-call", "pager", "pagerduty", "downtime", "障害",
		"störung", "panne", "incidente", "caída"},
	{"role", "roles", "rbac", "admin", "admins", "administrator", "administrators", "access control", "mfa", "2fa", "two-factor",
		"multi-factor", "権限", "管理者", "administrateur", "administrador", "zwei-faktor", "deux facteurs", "dos factores"},
	{"monorepo", "turborepo", "nx", "lerna", "workspace package"},
	{"money", "payment", "payments", "pay", "price", "prices", "pricing", "currency", "currencies", "euro", "euros", "dollar", "dollars",
		"cent", "cents", "amount", "billing", "invoice", "invoices", "refund", "checkout", "stripe", "支払い", "料金", "通貨",
		"zahlung", "preis", "währung", "paiement", "prix", "devise", "pago", "precio", "moneda"},
	{"upload", "uploads", "attach", "attachment", "attachments", "file upload", "pdf", "multipart", "object storage", "s3", "bucket",
		"アップロード", "添付", "hochladen", "anhang", "televerser", "piece jointe", "subir", "adjunto"},
	{"paginate", "pagination", "paginated", "cursor", "cursors", "offset", "offsets", "next page", "page size", "infinite scroll",
		"ページ送り", "ページネーション", "ページング", "paginieren", "paginación"},
	{"image", "images", "img", "picture", "photo", "photos", "avatar", "avatars", "thumbnail", "logo", "alt text", "画像", "アバター",
		"bild", "imagen", "foto"},
	{"dark mode", "light mode", "theme", "theming", "color scheme", "prefers-color-scheme", "ダークモード", "dunkelmodus",
		"mode sombre", "modo oscuro"},
	// Loading code only when it is needed.
	{"lazy", "lazy-load", "lazy loading", "lazily", "code splitting", "code-splitting", "on demand", "dynamic import", "bundle",
		"bundle size", "遅延読み込み", "chargement differe", "carga diferida"},
	{"rate limit", "rate-limit", "rate limiting", "throttle", "throttling", "debounce", "abuse", "bot", "bots", "spam", "brute force",
		"captcha", "quota", "レート制限"},
	{"job", "jobs", "background job", "worker", "workers", "queue", "queued", "enqueue", "asynchronously", "background",
		"sidekiq", "celery", "cron", "scheduler", "scheduled", "nightly", "idempotent", "idempotency", "ジョブ", "キュー", "hintergrundjob", "tache de fond", "warteschlange", "file d'attente", "バッチ"},
	// Values a record must have.
	{"required", "mandatory", "not null", "non-null", "nullable", "non-nullable", "default value", "filled in", "fill in", "pflichtfeld", "erforderlich",
		"obligatoire", "obligatorio", "requerido", "必須"},
	// Work a person has not saved yet.
	{"unsaved", "unsaved changes", "discard", "discarding", "draft", "drafts", "autosave", "navigate away", "beforeunload",
		"ungespeichert", "brouillon", "borrador", "未保存", "下書き"},
	// Two writers of the same record.
	{"optimistic locking", "optimistic concurrency", "conflict", "conflicts", "overwrite", "overwrites", "lost update",
		"concurrent edits", "version column", "etag", "if-match", "競合", "konflikt", "conflit", "conflicto"},
}

// intentWords say which category of rule a task is about: committing →
// PROCESS, a migration → DATA. Only task text and file paths are read
// for intent.
var intentWords = []struct {
	cat   string
	words []string
}{
	{"PROCESS", []string{"commit", "push", "pull request", "pr", "merge", "branch", "rebase", "release", "changelog",
		"review", "deploy", "deployment", "production", "prod", "live", "launch", "rollout", "ship", "tag", "version", "issue", "ticket", "hotfix", "コミット", "リリース", "プッシュ",
		"record changes", "save changes", "save work", "check in", "enregistrer modifications", "enregistre modifications", "guardar cambios"}},
	{"DATA", []string{"migration", "migrate", "schema", "table", "column", "database", "db", "sql", "query", "index",
		"cache", "redis", "store", "storage", "persist", "timestamp", "model", "record", "row", "orm", "data",
		"postgres", "mysql", "sqlite", "データ", "テーブル", "datenbank"}},
	{"TOOL", []string{"install", "package", "dependency", "build", "compile", "run", "start", "lint", "script", "cli",
		"docker", "compose", "make", "bundle", "upgrade", "setup", "tooling", "test", "npm", "pnpm", "yarn",
		"binary", "インストール", "ビルド"}},
	{"ARCH", []string{"endpoint", "route", "handler", "module", "service", "layer", "directory", "folder", "structure",
		"refactor", "architecture", "move", "split", "component", "generated", "エンドポイント"}},
	{"UX", []string{"button", "page", "modal", "form", "ui", "screen", "label", "loading", "accessibility", "translation",
		"dialog", "dropdown", "message", "show", "display", "toolbar", "layout", "i18n", "user", "copy",
		"ボタン", "画面"}},
	{"STYLE", []string{"rename", "format", "formatting", "naming", "style", "indent", "comment", "helper", "import"}},
	{"CODE", []string{"refactor", "function", "type", "typed", "error", "bug", "library", "helper", "logic", "retry",
		"parse", "client", "class", "method", "log", "debug", "test", "validate"}},
	{"OTHER", []string{"docs", "documentation", "readme", "document", "documenting", "rfc", "ドキュメント"}},
}

// categoryBit numbers the categories for bit sets.
func categoryBit(cat string) (uint8, bool) {
	switch cat {
	case "STYLE":
		return 0, true
	case "CODE":
		return 1, true
	case "ARCH":
		return 2, true
	case "TOOL":
		return 3, true
	case "PROCESS":
		return 4, true
	case "DATA":
		return 5, true
	case "UX":
		return 6, true
	case "OTHER":
		return 7, true
	}
	return 0, false
}

// lexicon is the compiled form of the tables above and of everydayGroups
// (concepts_everyday.go), built on first use.
type lexicon struct {
	// words maps a stemmed word, or a phrase of stemmed words joined by a
	// space, to what the lexicon knows about it: one lookup per word.
	words map[string]lexEntry
	// cjk are concepts named in CJK script, matched as substrings.
	cjk []cjkEntry
	// cjkFirst indexes cjk by the first rune of each term, so that a run
	// is searched with one map lookup per rune, not one per entry.
	cjkFirst   map[rune][]int32
	cjkIntents []cjkIntent
	nConcepts  int
}

// lexEntry is what the lexicon knows about one word or phrase.
type lexEntry struct {
	concepts []uint16
	// intents are the categories of work the word asks for (bits).
	intents uint8
	// next are the words that follow this one in phrases of the lexicon
	// (empty when it begins none): a phrase is looked up only when one of
	// them follows.
	next []string
}

type cjkEntry struct {
	term    string
	concept uint16
	// longer are the longer CJK entries that contain term ("ログイン"
	// contains "ログ"): inside one of them, term is not a word of its own.
	longer []string
}

// in reports whether the CJK run names e's term as a word: the term
// occurs in the run outside every longer entry of the lexicon that
// contains it (longest match: "ログイン" is login, not a log).
func (e *cjkEntry) in(run string) bool {
	if !strings.Contains(run, e.term) {
		return false
	}
	if len(e.longer) == 0 {
		return true
	}
	rest := run
	for _, f := range e.longer {
		if strings.Contains(rest, f) {
			rest = strings.ReplaceAll(rest, f, "\x00")
		}
	}
	return strings.Contains(rest, e.term)
}

type cjkIntent struct {
	term string
	cats uint8
}

var lex = sync.OnceValue(buildLexicon)

func buildLexicon() *lexicon {
	groups := slices.Concat(conceptGroups, everydayGroups)
	l := &lexicon{
		words:     make(map[string]lexEntry, 1024),
		nConcepts: len(groups),
	}
	var sc scanner
	for i, group := range groups {
		c := uint16(i)
		for _, w := range group {
			for _, key := range l.keys(&sc, w) {
				if isCJKString(key) {
					l.cjk = append(l.cjk, cjkEntry{term: key, concept: c})
					continue
				}
				e := l.words[key]
				if !slices.Contains(e.concepts, c) {
					e.concepts = append(e.concepts, c)
					l.words[key] = e
				}
			}
		}
	}
	l.cjkFirst = make(map[rune][]int32)
	for i, e := range l.cjk {
		r, _ := utf8.DecodeRuneInString(e.term)
		l.cjkFirst[r] = append(l.cjkFirst[r], int32(i))
	}
	l.linkLonger()
	for _, in := range intentWords {
		b, _ := categoryBit(in.cat)
		bit := uint8(1) << b
		for _, w := range in.words {
			for _, key := range l.keys(&sc, w) {
				if isCJKString(key) {
					l.cjkIntents = append(l.cjkIntents, cjkIntent{key, bit})
					continue
				}
				e := l.words[key]
				e.intents |= bit
				l.words[key] = e
			}
		}
	}
	return l
}

// cjkIn appends to dst the indices, in table order, of the CJK entries
// whose term occurs in run: a map lookup per rune of the run.
func (l *lexicon) cjkIn(dst []int32, run string) []int32 {
	start := len(dst)
	for i, r := range run {
		for _, k := range l.cjkFirst[r] {
			if strings.HasPrefix(run[i:], l.cjk[k].term) {
				dst = append(dst, k)
			}
		}
	}
	found := dst[start:]
	slices.Sort(found)
	return append(dst[:start], slices.Compact(found)...)
}

// linkLonger records for each CJK entry the longer entries that contain
// its term ([cjkEntry.in]), in table order. cjkIn finds the entries inside
// a term with a map lookup per rune; comparing every pair of entries cost
// a quarter of the lexicon's build, which every hook process pays
// (BenchmarkLexicon).
func (l *lexicon) linkLonger() {
	var found []int32
	for _, f := range l.cjk {
		found = l.cjkIn(found[:0], f.term)
		for _, k := range found {
			if e := &l.cjk[k]; len(f.term) > len(e.term) && !slices.Contains(e.longer, f.term) {
				e.longer = append(e.longer, f.term)
			}
		}
	}
}

// keys returns the lookup keys of a lexicon entry: its stemmed words
// joined by spaces (a phrase when more than one), or the CJK term itself.
func (l *lexicon) keys(sc *scanner, entry string) []string {
	if isCJKString(entry) {
		return []string{entry}
	}
	var words, all []string
	sc.stops = true
	sc.scan(entry, func(term []byte, kind termKind) {
		if kind == kindWord {
			words = append(words, string(term))
		}
		if kind == kindWord || kind == kindStop {
			all = append(all, string(term))
		}
	})
	sc.stops = false
	if len(words) == 1 && len(all) == 2 {
		// A phrase of a word and a stopword ("pull in", "on call",
		// "not null") is that phrase, not the word alone.
		words = all
	}
	// A camel-case or dotted entry ("console.log") also yields its parts;
	// the phrase of all words is what it means.
	switch len(words) {
	case 0:
		// A stopword used as a technical term ("any").
		return []string{strings.ToLower(entry)}
	case 1:
		return words
	}
	e := l.words[words[0]]
	if !slices.Contains(e.next, words[1]) {
		e.next = append(e.next, words[1])
	}
	l.words[words[0]] = e
	return []string{strings.Join(words, " ")}
}

func isCJKString(s string) bool {
	for _, r := range s {
		if isCJK(r) {
			return true
		}
	}
	return false
}

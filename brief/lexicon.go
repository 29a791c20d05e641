package brief

import (
	"maps"
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
//     "euros" for money; "crash" for a bug). A member's translations go in
//     every group the member is in: a task in another language shares no
//     word with a rule written in English, so the groups are all that
//     links them ("day early" and "Tag zu früh", "un día antes", "1日早く").
//   - A word that names different subjects in common use is left out
//     ("keys", "level", "stop", "store", "edge", "upgrade"). Phrases are
//     matched without their stopwords ("mot de passe" is "mot passe"),
//     except a phrase of two words one of which is a stopword ("pull in",
//     "on call", "not null"), which is matched as it is, never as the
//     other word alone.
//   - A word may be in several groups when it belongs to each ("install"
//     in npm and in dependencies).
var conceptGroups = [][]string{
	{"commit", "commits", "committing", "committe", "committen", "commite", "commiter", "commitea", "conventional commits", "squash", "amend", "pre-commit", "husky", "コミット", "einchecken",
		// Saving one's work in version control, in other words.
		"record changes", "save changes", "save work", "check in", "enregistrer modifications", "enregistre modifications",
		"guardar cambios", "guarda cambios", "änderungen speichern", "speichere änderungen", "変更を保存"},
	{"pull request", "pr", "merge request", "mr", "code review", "review", "reviewer", "ready for review", "プルリクエスト", "プルリク", "レビュー", "revue de code", "revisión de código"},
	{"git", "commit", "commits", "push", "branch", "rebase", "main", "master", "merge", "origin", "history", "プッシュ", "ブランチ", "マージ", "リベース", "rama", "fusionar", "fusionner", "zusammenführen",
		"pushe", "pushen", "pousse", "poussez", "pousser", "zweig", "branche"},
	{"release", "changelog", "semver", "tag", "release notes", "ship", "publish", "user-visible", "リリース", "version bump", "veröffentlichen", "publier", "publicar", "desplegar", "déployer", "変更履歴",
		"deploy", "deployment", "production", "prod", "live", "launch", "ausrollen", "mettre en production", "rollout", "roll out", "go live", "デプロイ", "本番", "despliegue", "déploiement", "bereitstellung",
		"déploie", "déployez", "despliega", "rolle aus",
		"ロールアウト"},
	{"npm", "pnpm", "yarn", "bun", "install", "dependency", "package manager", "lockfile", "node_modules", "package.json", "npx", "インストール"},
	// Dependencies in any ecosystem, and the paraphrases of adding one.
	{"dependency", "dependencies", "deps", "package", "packages", "library", "libraries", "install", "pull in", "bring in",
		"lockfile", "package.json", "pyproject", "requirements.txt", "go.mod", "cargo.toml", "gem", "gems", "sdk", "pypi", "maven",
		"依存", "依存関係", "パッケージ", "ライブラリ", "abhängigkeit", "bibliothek", "paket", "dépendance", "bibliothèque", "paquet",
		"dependencia", "biblioteca", "librería", "paquete",
		"installiere", "installieren", "installe", "installer", "instala", "instalar"},
	{"pip", "poetry", "uv", "pyproject", "requirements.txt", "virtualenv", "venv", "install", "dependency"},
	{"cargo", "crate", "crates", "cargo.toml", "rust", "clippy", "rs"},
	{"test", "tests", "testing", "spec", "unit test", "flaky", "jest", "vitest", "mocha", "pytest", "test runner", "coverage", "assert", "mock", "table-driven", "fixture", "fixtures", "e2e", "playwright", "テスト", "prueba", "pruebas", "testfall", "essai", "testen", "probar", "tester",
		"teste", "testez", "testea",
		"end-to-end", "end to end", "browser test", "browser tests", "ui test", "ui tests", "smoke test", "smoke tests", "integration test", "integration tests", "automated test", "automated tests", "automated check", "automated checks", "automatisierter test", "automatisierte tests", "test automatisé", "tests automatisés", "prueba automatizada", "pruebas automatizadas", "自動テスト", "integrationstest", "integrationstests", "test d'intégration", "tests d'intégration", "prueba de integración", "pruebas de integración", "結合テスト", "統合テスト"},
	// Bugs and their fixes ("fix" itself is too common a word to count).
	{"bug", "bugs", "bugfix", "hotfix", "crash", "crashes", "regression", "broken", "defect", "バグ", "不具合", "bogue", "fallo", "absturz", "クラッシュ"},
	{"react", "component", "components", "jsx", "tsx", "hook", "hooks", "props", "useeffect", "usestate", "コンポーネント", "komponente", "composant", "componente"},
	{"typescript", "ts", "tsx", "type", "types", "typed", "interface", "generic", "type guard",
		"型定義", "型付け"},
	{"javascript", "js", "ts", "tsx", "jsx", "node", "nodejs", "frontend", "front end", "front-end", "browser", "esm", "navigateur", "navegador", "ブラウザ", "commonjs",
		"web client", "client side", "client-side", "フロントエンド"},
	{"go", "golang", "gofmt", "goimports", "go.mod", "goroutine", "errors.is", "fmt.errorf"},
	// Languages and stacks: their names, tools and file extensions, so that a
	// task's files link to the rules of their stack.
	{"java", "spring", "spring boot", "springboot", "maven", "gradle", "jvm", "junit", "hibernate", "jpa", "lombok",
		"pom.xml", "build.gradle"},
	{"csharp", "dotnet", "asp.net", "aspnet", "nuget", "cs", "csproj", "entity framework", "ef core", "linq", "xunit",
		"nunit", "mediatr", "blazor"},
	{"ruby", "rails", "rb", "gem", "gems", "gemfile", "gema", "gemas", "gemme", "gemmes", "bundler", "rspec", "rubocop", "activerecord", "active record", "erb",
		"db/migrate"},
	{"php", "laravel", "composer.json", "eloquent", "artisan", "phpunit", "symfony"},
	{"vue", "nuxt", "vuex", "pinia", "composition api", "options api", "single-file component", "single-file components",
		"defineprops"},
	{"svelte", "sveltekit"},
	{"angular", "rxjs", "ngrx", "ngmodule"},
	{"elixir", "phoenix", "ecto", "ex", "exs", "liveview", "genserver",
		"mix.exs"},
	{"cmake", "clang", "clang-format", "clang-tidy", "gcc"},
	// Data pipelines.
	{"airflow", "dag", "dags", "spark", "pyspark", "parquet", "etl", "elt", "data pipeline", "data pipelines", "dbt"},
	{"python", "py", "django", "flask", "fastapi", "mypy", "ruff", "pep8",
		"manage.py", "settings.py"},
	{"api", "endpoint", "route", "router", "routes", "handler", "controller", "rest", "http", "post", "patch", "status code", "response", "server", "entry point", "webhook", "エンドポイント", "ハンドラ", "コントローラ", "endpunkt", "schnittstelle", "point de terminaison", "punto final"},
	{"http client", "axios", "fetch", "superagent", "ky", "requests", "http request", "retry", "timeout", "network", "リトライ", "タイムアウト", "再試行", "zeitüberschreitung", "réessayer", "reintentar"},
	// Trying a failed operation again.
	{"retry", "retries", "retrying", "retried", "backoff", "exponential backoff", "jitter", "thundering herd",
		"réessayer", "réessaie", "réessaye", "nouvelle tentative", "reintentar", "reintenta", "reintento", "reintentos",
		"erneut versuchen", "wiederholen", "wiederholt", "wiederholung", "リトライ", "再試行"},
	// Calls to services outside the codebase.
	{"third party", "third-party", "external service", "external api", "vendor", "payment provider", "email provider", "shipping provider", "external provider", "carrier", "partner", "upstream",
		"outbound", "integration", "インテグレーション", "network call", "http client", "外部", "サードパーティ", "tiers", "externo", "extern",
		"fournisseur", "prestataire", "proveedor", "anbieter", "dienstleister", "外部サービス"},
	{"validate", "validation", "zod", "yup", "joi", "pydantic", "input", "body", "payload", "sanitize", "parse", "untrusted", "バリデーション", "検証", "validierung", "validación", "valider",
		"validiere", "validieren", "valide", "validez", "valida", "validar",
		"malformed", "mal formado", "malformé", "fehlerhaft", "invalid", "ungültig", "inválido", "invalide"},
	{"database", "db", "sql", "table", "column", "row", "index", "foreign key", "query", "postgres", "postgresql", "mysql", "sqlite", "orm", "schema", "データベース", "テーブル", "カラム", "datenbank", "tabelle", "spalte", "abfrage",
		"base de datos", "tabla", "columna", "consulta", "base de donnees", "colonne", "requete", "インデックス", "クエリ"},
	{"migration", "migrate", "drizzle", "drizzle-kit", "prisma", "alembic", "flyway", "knex", "liquibase", "schema", "ddl", "マイグレーション", "migración",
		// A column is added, changed or dropped by a migration.
		"column", "columns", "カラム", "spalte", "colonne", "columna", "attribute", "attributes",
		"migriere", "migrieren", "migre", "migrer", "migra", "migrar"},
	// Time zones: where a time is, not only when.
	{"timezone", "timezones", "time zone", "time zones", "utc", "dst", "daylight saving", "offset", "zeitumstellung", "sommerzeit", "changement d'heure", "heure d'été", "cambio de hora", "horario de verano", "décalage horaire", "夏時間", "サマータイム", "local time", "local hours",
		"local timezone", "timestamptz", "naive datetime", "day early", "day late", "hour early", "hour late", "wrong day", "tag zu früh", "tag zu spät", "stunde zu spät", "stunde zu früh", "jour d'avance", "jour de retard", "heure de retard", "heure de décalage", "día antes", "día tarde", "hora tarde", "hora antes", "día de retraso", "hora de retraso", "hora de diferencia", "日早く", "日遅れ", "時間遅れ", "時間早く", "時間ずれ",
		"タイムゾーン", "時差", "zeitzone", "zeitzonen", "fuseau horaire", "fuseaux horaires", "zona horaria", "zonas horarias"},
	{"timestamp", "timezone", "time zone", "utc", "date", "datetime", "time", "hour", "clock", "時計", "uhr", "horloge", "reloj", "iso 8601", "dst", "日時", "日付", "タイムゾーン", "zeitzone", "datum", "uhrzeit", "heure", "fecha", "hora", "zeitstempel", "horodatage", "fuseau horaire", "zona horaria", "タイムスタンプ",
		"時刻",
		"local time", "local hours", "local timezone", "day early", "day late", "hour early", "hour late", "wrong day", "tag zu früh", "tag zu spät", "stunde zu spät", "stunde zu früh", "jour d'avance", "jour de retard", "heure de retard", "heure de décalage", "día antes", "día tarde", "hora tarde", "hora antes", "día de retraso", "hora de retraso", "hora de diferencia", "日早く", "日遅れ", "時間遅れ", "時間早く", "時間ずれ", "wrong time",
		"days ago", "hours ago", "minutes ago", "time ago", "timeago", "relative time", "relative times", "relative date", "relative dates"},
	{"cache", "caching", "cached", "redis", "memcached", "ttl", "invalidate", "invalidation", "stale", "revalidate", "cdn", "cache-control", "キャッシュ", "zwischenspeicher",
		"zwischenspeichern", "mise en cache", "cachear", "cachea", "caché",
		"memoize", "memoise", "memoized", "memoization", "memoisation"},
	{"log", "logs", "logging", "logger", "console.log", "print", "println", "debug", "debugging", "debuggen", "déboguer", "débogue", "depurar", "depura", "trace", "ログ", "journal", "journalisation", "protokollierung", "デバッグ",
		"journaux", "protokoll",
		"logge", "loggen", "protokolliere", "protokollieren", "journalise", "journaliser", "loguea", "loguear",
		"troubleshoot", "troubleshooting", "investigate", "investigating", "audit trail"},
	{"observability", "monitoring", "telemetry", "metric", "metrics", "trace", "tracing", "span", "datadog", "sentry", "prometheus",
		"grafana", "opentelemetry", "log", "logs", "logging", "監視", "überwachung", "surveillance", "monitorización",
		"silently", "quietly", "silent failure", "silent failures", "nobody noticed", "unnoticed", "unbemerkt", "niemand gemerkt", "en silence", "silencieusement", "en silencio", "silenciosamente", "nadie se enteró", "誰も気づ", "気づかれ", "気づかな", "heartbeat", "alerting",
		"alert", "alerts", "alerted", "monitor", "monitors", "uptime"},
	{"accessibility", "a11y", "aria", "aria-label", "keyboard", "screen reader", "focus", "contrast", "alt text", "subtitle", "mouse", "keyboard navigation", "tab order", "screen readers", "voiceover", "talkback", "キーボード", "tastatur", "clavier", "teclado", "subtitles", "caption", "captions", "アクセシビリティ", "字幕", "barrierefreiheit",
		"untertitel", "sous-titres", "subtitulos", "スクリーンリーダー", "screenreader", "lecteur d'écran", "lecteurs d'écran", "lector de pantalla", "lectores de pantalla", "maus", "souris", "ratón", "マウス", "読み上げ", "accessibilité", "accesibilidad",
		"visually impaired", "color blind", "colour blind", "color-blind", "colorblind"},
	// Subtitles and captions of what is spoken: the words that name them
	// name nothing else of accessibility (focus, contrast, keyboards).
	{"subtitle", "subtitles", "caption", "captions", "closed captions", "字幕", "キャプション", "untertitel",
		"sous-titre", "sous-titres", "subtítulo", "subtítulos"},
	{"i18n", "l10n", "translation", "translate", "translations", "localization", "localize", "locale", "internationalization", "french", "german", "spanish", "japanese", "english", "language", "スペイン語", "フランス語", "ドイツ語", "翻訳", "多言語", "übersetzung", "traduction", "traducción",
		"español", "espagnol", "spanisch", "français", "französisch", "deutsch", "allemand", "alemán", "日本語", "英語", "idioma", "langue", "sprache",
		"übersetze", "übersetzen", "übersetzt", "traduis", "traduire", "traduit", "traduce", "traducir", "traducido"},
	{"loading state", "loading states", "loading indicator", "is loading", "while loading", "spinner", "skeleton", "placeholder", "progress", "suspense", "pending", "読み込み", "ローディング", "スピナー", "chargement", "cargando", "ladeanzeige"},
	{"docs", "doc", "documentation", "document", "documenting", "readme", "markdown", "md", "guide", "rfc", "ドキュメント", "dokumentation", "documentación",
		"dokumentiere", "dokumentieren", "documente", "documenter", "documenta", "documentar",
		"仕様書", "文書"},
	{"error", "errors", "exception", "fail", "fails", "failure", "fehlgeschlagen", "fehlschlagen", "schlägt fehl", "échoue", "échoué", "échouer", "échouent", "fallido", "panic", "crash", "stack trace", "エラー", "fehler", "erreur", "例外", "ausnahme", "excepción", "失敗",
		"blows up", "blow up", "falls over", "throws", "thrown", "落ちる", "knallt", "stürzt ab", "plante", "revienta", "explota", "se cae", "se caen",
		"not found", "nicht gefunden", "introuvable", "no encontrado", "went wrong", "goes wrong"},
	{"delete", "deletion", "remove", "soft-delete", "purge", "destroy", "destructive", "wipe", "erase", "deleted_at", "削除", "löschen", "rid", "drop", "throw away", "retirer", "quitar",
		"entfernen", "supprimer", "effacer", "eliminar", "borrar",
		"lösche", "löscht", "gelöscht", "entferne", "entfernt", "supprime", "supprimez", "supprimé", "efface", "effacez", "retire", "retirez", "elimina", "eliminá", "borra", "quita", "eliminado", "borrado",
		"clear out", "clean out", "nuke"},
	{"user", "users", "account", "konten", "アカウント", "利用者", "user profile", "profile page", "profile settings", "member", "customer", "ユーザー", "benutzer", "utilisateur", "usuario", "ユーザ", "nutzer", "kunde", "kunden", "konto", "compte", "cuenta", "顧客"},
	{"build", "compile", "binary", "makefile", "target", "make build", "make test", "make lint", "make check",
		"make install", "make run", "make target", "make targets", "bundle", "ビルド", "kompilieren", "compilar"},
	{"lint", "linter", "eslint", "golangci-lint", "format", "formatter", "prettier", "gofmt", "black", "ruff", "リント", "フォーマット", "整形", "formatieren", "formater", "formatear",
		"formatiere", "formate", "formatea"},
	{"docker", "compose", "container", "containers", "dockerfile", "compose.yaml", "docker-compose.yml", "local", "localhost", "localement", "localmente", "ローカル", "local services", "locally", "laptop", "my machine", "spin up", "lokal", "en local", "postgres", "mysql", "redis", "kafka", "rabbitmq", "devcontainer", "コンテナ",
		"conteneur", "conteneurs", "contenedor", "contenedores"},
	{"proto", "protobuf", "grpc", "buf", "rpc", "codegen", "generated", "generate", "regenerate", "gen"},
	{"naming", "name", "nom", "noms", "nombre", "nombres", "名前", "benannt", "camelcase", "camel", "kebab", "kebab-case", "snake_case", "snake", "pascalcase", "rename", "命名",
		"umbenennen", "benenne", "renomme", "renommer", "renombra", "renombrar", "nomenclature", "nomenclatura", "命名規則",
		"identifier", "identifiers", "abbreviate", "abbreviated", "abbreviation", "abbreviations", "be called", "be named", "heißen", "heisst", "llamarse", "se llame", "be renamed", "renamed", "misnamed", "confusingly named"},
	{"import", "imports", "export", "exports", "module", "modules",
		"importieren", "importer", "importar", "インポート"},
	{"css", "tailwind", "style", "styles", "styled", "scss", "theme", "color", "colour", "design system", "スタイル", "estilo", "feuille de style",
		"styling", "spacing", "padding", "margin", "margins", "font", "fonts", "typography",
		"ui kit", "design tokens", "design token", "storybook"},
	// Secrets: what must never leak.
	{"secret", "secrets", "vault", "kms", "secret manager", "secrets manager", "password", "token", "tokens", "credential",
		"credentials", "api key", "api keys", "private key", "signing key", "signing secret", "secret key", "access token",
		"access tokens", "connection string", "leaked", "パスワード", "passwort", "mot de passe", "contraseña", ".env", "dotenv", "シークレット", "トークン", "秘密情報", "機密情報",
		"geheimnis", "zugangsdaten", "jeton", "identifiants", "credenciales"},
	// Who a user is and what they may do.
	{"auth", "authentication", "authorization", "permission", "permissions", "jwt", "session", "login", "signup", "register",
		"registration", "oauth", "sso", "tenant", "sign in", "signed in",
		"signing in", "sign-in", "sign up", "signing up", "signed up", "sign-up", "forgot password", "password reset", "passwort vergessen", "passe oublié", "contraseña olvidada", "パスワード再設定", "パスワードを忘れ",
		"reset password", "ログイン", "認証", "登録", "認可", "anmeldung", "registrieren", "berechtigung", "inscription",
		"autorisation", "registrarse", "registro", "iniciar sesion", "permiso", "permisos"},
	{"password", "passwords", "passphrase", "hash", "hashing", "argon2", "argon2id", "bcrypt", "scrypt", "パスワード",
		"passwort", "mot de passe", "contraseña"},
	{"button", "modal", "dialog", "dropdown", "form", "page", "screen", "toolbar", "menu", "label", "labels", "tooltip", "icon", "ui", "component", "components", "confirmation", "ボタン", "画面", "ダイアログ", "モーダル", "メニュー", "schaltfläche", "bouton", "botón", "écran", "pantalla", "bildschirm",
		"top bar", "header bar", "app bar"},
	{"context", "cancel", "cancellation", "deadline", "timeout", "timeouts", "timed out", "délai d'attente", "tiempo de espera", "タイムアウト", "goroutine", "channel", "concurrency", "i/o",
		"shutdown", "shut down", "graceful", "gracefully", "sigterm", "sigint", "signal", "lifecycle", "hang", "hangs", "stuck",
		"abort", "cancellationtoken", "キャンセル", "シャットダウン", "abbrechen", "annuler", "cancelar"},
	{"config", "configuration", "env", "environment", "settings", "dotenv", "konfiguration", "einstellungen", "paramètres", "configuración", "ajustes", "環境変数", "設定"},
	{"ci", "pipeline", "github actions", "workflow", "gate", "check", "checks", "パイプライン", "ワークフロー",
		"prüfen", "prüfe", "überprüfen", "vérifier", "vérifie", "comprobar", "comprueba", "required check", "required checks"},
	{"message", "messages", "copy", "text", "wording", "plain language", "notification", "toast", "文言", "メッセージ", "nachricht", "meldung", "meldungen", "mensaje", "mensajes"},
	{"security", "secure", "securely", "xss", "csrf", "injection", "escape", "sanitize", "vulnerability", "セキュリティ", "安全",
		"sicher", "sicherheit", "securite", "securise", "seguro", "segura", "seguridad",
		"脆弱性"},
	{"performance", "slow", "slower", "faster", "speed", "latency", "n+1", "optimize", "pprof", "flame graph", "flamegraph", "cpu profile", "py-spy",
		"hot path", "stutter", "sluggish", "slowness", "virtualize", "virtualized", "virtual list", "重い", "träge", "lag", "laggy", "jank", "freeze", "fps", "frame drops", "allocation", "allocate",
		"パフォーマンス", "遅い", "leistung", "langsam", "lent", "rendimiento", "lento", "高速化", "最適化", "lenteur", "lentitud", "optimieren", "optimiser", "optimizar",
		"optimiere", "optimise", "optimiza", "beschleunigen", "accélérer", "acelerar",
		"速度", "性能",
		"janky", "snappy", "snappier"},
	// Loading a client's data from the server.
	{"data fetching", "fetch data", "fetches data", "fetching data", "server state", "tanstack query", "react query",
		"usequery", "swr", "apollo client", "rtk query"},
	// Queries that multiply.
	{"n+1", "eager load", "eager-load", "eager loading", "prefetch", "select_related", "prefetch_related", "batch",
		"batching", "dataloader", "join", "joins",
		// How a task describes one: a query for each row, in a loop.
		"query per row", "queries per row", "query per item", "per row", "each row",
		"in loops", "inside a loop", "hundreds of queries", "n+1 queries",
		"hundreds of sql", "thousands of queries", "lots of queries", "many queries"},
	{"unique", "uniqueness", "duplicate", "duplicates", "duplicated", "dedupe", "deduplicate", "twice", "idempotent", "idempotency",
		"一意", "重複", "eindeutig", "doppelt", "doublon", "unico", "duplicado",
		"already taken", "already exists", "already registered", "double submit", "double-submit", "double click", "double-click", "charged twice", "double charge",
		"same email", "same username", "same slug"},
	{"version", "versions", "versioning", "semver", "semantic version", "breaking change", "breaking changes", "major version",
		"deprecate", "deprecation", "backwards compatible", "compatibility", "バージョン", "versión",
		"非推奨", "互換性"},
	{"email", "e-mail", "mail", "mails", "mailer", "smtp", "newsletter", "メール", "correo", "courriel"},
	{"notify", "notification", "notifications", "push notification", "alert", "alerts", "通知", "benachrichtigung", "notificacion",
		"benachrichtige", "benachrichtigen", "notifie", "notifier", "préviens", "notifica", "notificar", "avisa", "avisar",
		"アラート", "プッシュ通知",
		"sms", "text message", "text messages", "twilio"},
	{"search", "full-text", "elasticsearch", "opensearch", "autocomplete", "typeahead", "検索", "suche", "recherche", "busqueda",
		"durchsuchen", "busca", "buscar", "cherche", "chercher"},
	{"form", "forms", "input", "submit", "submission", "入力", "フォーム", "formular", "formulaire", "formulario", "eingabefeld", "saisie"},
	{"empty state", "empty", "blank", "no results", "zero state", "空", "leer", "vide", "vacio", "en blanco"},
	{"offline", "online", "connection", "connectivity", "disconnect", "disconnected", "reconnect", "connection lost", "network error",
		"オフライン", "接続", "verbindung", "hors ligne", "connexion perdue", "sin conexion", "conexion"},
	{"personal data", "pii", "gdpr", "privacy", "redact", "redaction", "anonymize", "mask", "email address", "date of birth", "birth date", "birthday", "home address", "phone number", "national id", "ssn", "social security", "geburtsdatum", "date de naissance", "fecha de nacimiento", "生年月日", "住所", "個人情報",
		"datenschutz", "donnees personnelles", "datos personales",
		"forget", "forgotten", "vergessen", "vergisst", "oublier", "oublie", "oubliez", "olvidar", "olvidemos", "olvida", "忘れて", "right to be forgotten", "erasure", "right to erasure", "data subject", "data-subject", "dsar", "dob", "phi", "hipaa", "health data", "medical", "diagnosis", "diagnoses", "allergy", "allergies", "allergic", "allergisch", "allergique", "allergiques", "alérgico", "alérgica", "medication", "medications", "patient data"},
	// Mobile apps and the device.
	{"mobile", "ios", "android", "phone", "tablet", "iphone", "iphones", "ipad", "ipads", "smartphone", "smartphones", "swift", "kotlin", "portrait", "landscape", "スマホ", "アプリ", "handy", "movil",
		"kt", "kts", "jetpack", "jetpack compose", "viewmodel", "play store", "apk", "aab", "testflight", "app store", "xcode", "swiftui", "uikit", "cocoapods", "react native", "flutter",
		"androidmanifest", "podfile", "info.plist",
		"sideways", "orientation", "screen rotation", "configuration change"},
	{"main thread", "ui thread", "background thread", "thread", "threads", "freeze", "freezes", "frozen", "anr", "blocking", "スレッド", "メインスレッド",
		// A frozen app, in other words.
		"friert", "einfrieren", "eingefroren", "fige", "figé", "gèle", "congela", "se congela", "se bloquea", "固まる", "フリーズ",
		"froze", "hung", "hängt", "se fige", "se bloque"},
	{"location", "camera", "microphone", "contacts", "runtime permission", "permission", "permissions", "位置情報", "カメラ"},
	{"kubernetes", "k8s", "cluster", "helm", "helm chart", "pod", "pods", "manifest", "manifests", "probe", "probes", "namespace",
		"kubectl", "クラスタ", "health check", "health checks", "healthcheck", "readiness", "liveness"},
	{"warehouse", "analytics", "tracking", "track", "mixpanel", "amplitude", "posthog", "dashboard", "dashboards", "bigquery", "snowflake", "redshift", "dbt", "etl", "report", "reports",
		"reporting", "分析", "レポート",
		"funnel", "funnels", "conversion", "conversions", "page views", "pageviews", "pageview"},
	{"machine learning", "ml", "train", "training", "retrain", "classifier", "dataset", "datasets", "experiment", "experiments",
		"mlflow", "epoch", "inference", "model weights", "学習", "機械学習"},
	{"game", "games", "gameplay", "player", "players", "gamer", "gamers", "プレイヤー", "spielern", "frame", "frames", "render",
		"rendering", "ゲーム", "spiel", "spieler", "jeu", "joueur", "juego", "jugador",
		"unity", "unreal", "monobehaviour", "gameobject", "prefab", "prefabs", "godot"},
	{"controls", "keybinding", "key binding", "remap", "gamepad", "joystick", "shortcut", "shortcuts", "キー", "tasten"},
	{"dependency injection", "hilt", "dagger", "inject", "ioc"},
	{"async", "await", "promise", "promises", "callback", "callbacks", "future", "futures", "coroutine", "coroutines", "非同期",
		"asynchron", "asynchrone", "asíncrono", "asincrono"},
	{"race", "race condition", "data race", "mutex", "lock", "locks", "locking", "atomic", "thread-safe", "concurrent", "concurrency",
		"deadlock", "deadlocks", "parallel", "concurrently", "simultaneously", "in parallel", "same time", "errgroup", "waitgroup", "fan-out", "gleichzeitig", "parallèle", "simultáneamente", "同時", "並列", "並行", "排他"},
	{"leak", "leaks", "leaking", "memory leak", "dispose", "cleanup", "リーク",
		"speicherleck", "fuite", "fuite mémoire", "fuga de memoria", "メモリリーク"},
	{"comment", "comments", "docstring", "docstrings", "jsdoc", "tsdoc", "godoc", "doc comment", "doc comments", "コメント", "kommentar", "commentaire", "comentario"},
	{"folder", "folders", "directory", "directories", "file structure", "project structure", "colocate", "colocated", "フォルダ", "ディレクトリ", "ordner", "verzeichnis", "dossier", "carpeta"},
	{"state", "redux", "zustand", "pinia", "mobx", "global state", "server state", "state management", "状態"},
	{"responsive", "breakpoint", "breakpoints", "media query", "mobile-first", "viewport", "small screens", "small screen", "pixels wide", "screen size", "screen sizes", "narrow", "phone", "phones", "mobile web", "レスポンシブ"},
	{"json", "yaml", "toml", "serialize", "serialization", "marshal", "unmarshal", "encode", "decode",
		"yml"},
	{"cli", "command line", "command-line", "subcommand", "subcommands", "stdin", "stdout", "stderr", "terminal", "shell", "コマンド",
		"bash", "sh", "zsh", "shellcheck", "shell script", "shell scripts"},
	{"feature flag", "feature flags", "feature toggle", "launchdarkly", "unleash", "rollout", "turn on", "turn off", "switch on", "switch off", "kill switch", "フィーチャーフラグ"},
	{"incident", "incidents", "outage", "outages", "postmortem", "post-mortem", "postmortems", "post-mortems", "on-call", "pager",
		"pagerduty", "downtime", "went wrong", "root cause", "retrospective", "runbook", "runbooks", "障害",
		"störung", "panne", "ausfall", "ausfälle", "ausgefallen", "incidente", "caída"},
	{"role", "roles", "rbac", "admin", "admins", "administrator", "administrators", "access control", "mfa", "2fa", "two-factor",
		"multi-factor", "権限", "管理者", "administrateur", "administrador", "zwei-faktor", "deux facteurs", "dos factores"},
	{"monorepo", "turborepo", "nx", "lerna", "workspace package"},
	{"money", "payment", "payments", "pay", "price", "prices", "pricing", "currency", "currencies", "euro", "euros", "dollar", "dollars",
		"cent", "cents", "amount", "billing", "invoice", "invoices", "refund", "checkout", "stripe", "支払い", "料金", "通貨",
		"zahlung", "preis", "währung", "paiement", "prix", "devise", "pago", "precio", "moneda",
		"bezahlen", "zahle", "payer", "pagar", "paga",
		"決済", "請求", "請求書", "月払い", "年払い", "月額", "年額", "金額", "課金", "送金",
		"bill", "bills", "rechnung", "rechnungen", "facture", "factures", "factura", "facturas", "guthaben", "saldo", "auszahlung", "auszahlungen", "virement", "virements", "gebühr", "gebühren", "comisión", "comisiones", "centime", "centimes", "céntimo", "céntimos", "centavo", "centavos", "セント", "手数料", "返金", "払い戻し", "残高", "rückerstattung", "erstatten", "erstattet", "zurückerstatten", "rembourser", "remboursement", "rembourse", "remboursé", "reembolso", "reembolsar", "reembolsa", "reembolsan", "rounding", "rounded", "minor units",
		"geldbetrag", "geldbeträge", "betrag", "beträge", "montant", "montants"},
	{"upload", "uploads", "attach", "attachment", "attachments", "file upload", "pdf", "multipart", "object storage", "s3", "bucket", "バケット",
		"アップロード", "添付", "hochladen", "anhang", "televerser", "piece jointe", "subir", "adjunto",
		"lade hoch", "téléverse", "sube"},
	{"paginate", "pagination", "paginated", "cursor", "cursors", "offset", "offsets", "next page", "page size", "infinite scroll",
		"ページ送り", "ページネーション", "ページング", "paginieren", "paginación"},
	{"image", "images", "img", "picture", "photo", "photos", "avatar", "avatars", "thumbnail", "logo", "alt text", "画像", "アバター",
		"bild", "imagen", "foto",
		"写真", "顔写真", "screenshot", "screenshots"},
	// Changing production data by hand or by script, outside a migration.
	{"data fix", "data fixes", "data repair", "backfill", "backfills", "bulk update", "bulk delete", "mass update",
		"delete_all",
		"datenkorrektur", "correction de données", "corrección de datos", "データ修正"},
	{"dark mode", "light mode", "theme", "theming", "color scheme", "prefers-color-scheme", "ダークモード", "dunkelmodus",
		"mode sombre", "modo oscuro"},
	// Loading code only when it is needed.
	{"lazy", "lazy-load", "lazy loading", "lazily", "code splitting", "code-splitting", "on demand", "dynamic import", "bundle",
		"bundle size", "遅延読み込み", "chargement differe", "carga diferida"},
	{"rate limit", "rate-limit", "rate limiting", "throttle", "throttling", "debounce", "abuse", "bot", "bots", "spam", "brute force",
		"captcha", "quota", "レート制限",
		"ratenbegrenzung", "drosseln", "limite de débit", "limitación", "limitar",
		"hammering", "hammers", "bombardiert", "bombarde", "bombardea", "bombardeando", "flood", "flooding", "too many requests"},
	{"job", "jobs", "background job", "background jobs", "background worker", "background workers", "queue worker", "queue workers", "queue", "queued", "enqueue", "asynchronously",
		"background", "task queue", "sidekiq", "celery", "celery task", "celery tasks", "rq", "bullmq", "ジョブ", "キュー",
		"hintergrundjob", "tache de fond", "warteschlange", "file d'attente", "バッチ", "バックグラウンド"},
	// Work that runs on a schedule.
	{"cron", "cronjob", "scheduler", "scheduled", "schedule", "nightly", "hourly", "nocturne", "nocturnes", "nocturno", "nocturna", "夜間", "daily", "weekly", "periodic",
		"periodically", "recurring", "celery beat", "every evening", "every morning", "every week", "every month", "once a day", "cada tarde", "once a week",
		"jeden abend", "jede woche", "chaque soir", "chaque semaine", "cada semana", "todas las noches", "定期実行", "毎晩", "毎朝", "毎日", "毎週", "毎月", "nächtlich", "täglich", "quotidien", "diario"},
	// Values a record must have.
	{"required field", "required fields", "required column", "required columns", "field required", "column required", "fields required", "mandatory", "not null", "non-null", "nullable", "non-nullable", "default value", "filled in", "fill in", "pflichtfeld", "erforderlich",
		"obligatoire", "obligatorio", "requerido", "必須"},
	// Work a person has not saved yet.
	{"unsaved", "unsaved changes", "discard", "discarding", "draft", "drafts", "autosave", "navigate away", "beforeunload",
		"ungespeichert", "brouillon", "borrador", "未保存", "下書き"},
	// Two writers of the same record.
	{"optimistic locking", "optimistic concurrency", "conflict", "conflicts", "overwrite", "overwrites", "lost update",
		"concurrent edits", "version column", "etag", "if-match", "競合", "konflikt", "conflit", "conflicto"},
	// When a release may go out.
	{"release window", "deploy window", "freeze window", "code freeze", "deploy freeze", "tonight", "at night", "overnight",
		"friday", "fridays", "weekend", "after hours", "business hours"},
	// Changing code without changing what it does.
	{"refactor", "refactors", "refactoring", "tidy up", "restructure", "restructuring", "reorganize", "reorganise",
		"simplify", "behaviour change", "behaviour changes", "behavior change", "behavior changes", "pure refactor",
		"umstrukturieren", "refactorisation", "refactorizar", "リファクタ", "リファクタリング"},
	// HTTP status codes and what they mean.
	{"status code", "status codes", "4xx", "5xx", "400", "404", "409", "422", "429", "500", "500s", "internal server error",
		"server error", "bad request"},
	// An API others build on.
	{"public api", "public apis", "openapi", "swagger", "api contract", "api spec", "api specification", "externally consumed",
		"partner apps", "partner integrations", "integrators", "applis partenaires", "applications partenaires", "apps de socios", "aplicaciones de socios", "パートナーアプリ", "intégrateurs", "integradores", "integratoren", "インテグレーター", "published version", "breaking the api"},
	// Memory and the resources a workload is given.
	{"memory", "oom", "oomkilled", "ram", "heap", "memory limit", "memory limits", "memory requests",
		"resource limits", "requests and limits", "cpu limits", "メモリ", "speicher", "mémoire", "memoria"},
	// What licence a dependency comes under.
	{"license", "licenses", "licence", "licences", "licensing", "gpl", "agpl", "lgpl", "mit license", "apache license", "open source",
		"open-source", "ライセンス", "lizenz", "licencia"},
	// Code shared between apps instead of copied.
	{"reuse", "reusable", "reused", "shared library", "shared libraries", "shared package", "shared packages", "shared component",
		"shared components", "design system", "ui kit", "component library", "storybook", "wiederverwenden", "réutiliser",
		"reutilizar", "共通化"},
	// Infrastructure as code.
	{"terraform", "tf", "tfstate", "terraform state", "terragrunt", "pulumi", "cloudformation", "infrastructure", "infra", "iac",
		"cloud resources", "インフラ", "infrastruktur", "infraestructura"},
	{"cloud", "aws", "gcp", "azure", "iam", "ec2", "rds", "lambda", "s3", "cloud run", "クラウド", "nube"},
	{"encrypt", "encrypted", "encryption", "encrypting", "decrypt", "decryption", "at rest", "kms", "tls", "ssl", "https",
		"certificate", "certificates", "暗号化", "verschlüsseln", "verschlüsselt", "verschlüsselung", "chiffrer", "chiffré",
		"chiffrement", "cifrar", "cifrado",
		"verschlüssele", "chiffre les", "cifra los",
		"証明書", "暗号"},
	// Changes that must happen all together or not at all.
	{"transaction", "transactions", "transactional", "atomic", "atomically", "half-saved", "partially saved",
		"halfway", "half-done", "half done", "partial write", "partial writes", "inconsistent state",
		"トランザクション", "中途半端", "transaktion", "transacción"},
	// Messages between services.
	{"kafka", "rabbitmq", "sqs", "sns", "pubsub", "pub/sub", "message broker", "event bus", "consumer group", "kafka consumer", "message consumer",
		"queue consumer", "kafka producer", "message producer", "topic", "topics", "outbox", "domain event", "domain events", "dead letter", "dlq",
		"メッセージキュー"},
	{"graphql", "gql", "resolver", "resolvers", "mutation", "mutations", "apollo", "introspection"},
	{"cookie", "cookies", "httponly", "samesite", "same-site", "session", "sessions", "クッキー"},
	{"url", "urls", "redirect", "redirects", "deep link", "deep links", "query string", "query param", "query params",
		"slug", "slugs", "href", "リダイレクト"},
	{"backup", "backups", "back up", "restore", "restores", "point-in-time", "pg_dump", "バックアップ", "sicherung",
		"sauvegarde", "copia de seguridad", "respaldo"},
	{"csv", "tsv", "excel", "xlsx", "spreadsheet", "spreadsheets"},
	{"navigation", "navbar", "nav", "sidebar", "breadcrumb", "breadcrumbs", "tab bar", "back button", "ナビゲーション"},
	{"seo", "meta tags", "meta description", "sitemap", "open graph", "canonical", "search engine", "search engines",
		"crawler", "crawlers"},
	{"audit", "audit log", "audit trail", "audited", "auditing", "監査", "prüfprotokoll", "auditoría",
		"access log", "access logs", "who accessed", "who opened", "who viewed", "who changed"},
	{"chart", "charts", "charting", "plot", "visualization", "visualisation", "recharts", "chart.js", "d3", "グラフ"},
	{"sort", "sorting", "sorted", "sortierbar", "sortieren", "sortiere", "triable", "trier", "filter", "filters", "filtering", "order by", "ソート", "フィルタ",
		"並び替え", "絞り込み"},
	{"websocket", "websockets", "socket", "sockets", "realtime", "real-time", "live updates", "sse", "server-sent events",
		"polling", "long polling"},
	{"ticket", "tickets", "jira", "issue tracker", "チケット"},
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
		"keep track", "keep a record",
		"postgres", "mysql", "sqlite", "データ", "テーブル", "datenbank"}},
	{"TOOL", []string{"install", "package", "dependency", "build", "compile", "run", "start", "lint", "script", "cli",
		"docker", "compose", "bundle", "upgrade", "setup", "tooling", "test", "npm", "pnpm", "yarn",
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

// lexicon is the compiled form of the tables above, of everydayGroups
// (concepts_everyday.go) and of paraphraseGroups (concepts_paraphrase.go).
// Compiling stems every entry, which costs about a
// millisecond, and every hook process needs the lexicon for its one
// prompt: so [compileLexicon] runs when the tables change, through
// TestLexiconTable, which writes its result to lexicon_table.go, and a
// process only loads that ([loadLexicon]).
type lexicon struct {
	// words are the stemmed words, and the phrases of stemmed words joined
	// by a space, that the lexicon knows about, in key order (see [word]).
	words []compiledWord
	// cjk are concepts named in CJK script, matched as substrings.
	cjk []cjkEntry
	// cjkFirst indexes cjk by the first rune of each term, so that a run
	// is searched with one map lookup per rune, not one per entry.
	cjkFirst   map[rune][]int32
	cjkIntents []cjkIntent
	nConcepts  int
	// firstWords are, for each concept, the first words of its keys (a
	// phrase's first word, a word itself): what a rule's words are sieved
	// for when the concept is wanted ([sieveFor]), without reading every
	// key.
	firstWords [][]string
}

// lexiconBuild is a lexicon being compiled: entries maps each key to what
// the tables say of it until compileLexicon sorts them into words.
type lexiconBuild struct {
	*lexicon
	entries map[string]lexEntry
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

// compiledWord is one word or phrase of the compiled lexicon.
type compiledWord struct {
	key string
	lexEntry
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

// mixed reports whether e's term mixes CJK with other letters
// ("apiキー"): it occurs only in a kindMixed term, never in a CJK run.
func (e *cjkEntry) mixed() bool {
	return e.term[0] < utf8.RuneSelf || e.term[len(e.term)-1] < utf8.RuneSelf
}

type cjkIntent struct {
	term string
	cats uint8
}

//go:generate go test -run ^TestLexiconTable$ -update-generated .

var lex = sync.OnceValue(loadLexicon)

// loadLexicon builds the lexicon from its compiled form in lexicon_table.go
// (static data: nothing is stemmed or compared here).
func loadLexicon() *lexicon {
	l := &lexicon{
		words:      compiledWords,
		cjk:        compiledCJK,
		cjkIntents: compiledCJKIntents,
		firstWords: compiledFirstWords,
		nConcepts:  compiledConcepts,
	}
	l.indexCJK()
	return l
}

// word returns what the lexicon knows about a stemmed word or phrase (the
// zero entry when nothing). A hook process looks up a few hundred words
// against some 5,000 keys: a binary search in the static table costs less
// than building a map of it (BenchmarkFirstPrompt).
//
// (By hand, not slices.BinarySearchFunc: through its comparison function
// the key would escape, and every string(bytes) a caller converts for it
// would be allocated.)
func (l *lexicon) word(key string) lexEntry {
	lo, hi := 0, len(l.words)
	for lo < hi {
		if m := int(uint(lo+hi) >> 1); l.words[m].key < key {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(l.words) && l.words[lo].key == key {
		return l.words[lo].lexEntry
	}
	return lexEntry{}
}

// indexCJK fills l.cjkFirst from l.cjk. The entries are sorted by first
// rune (in table order within one), so that the lists share one backing
// array and the map gets one insertion per rune: a list grown entry by
// entry was an allocation or more per rune, in every hook process
// (BenchmarkLexicon).
func (l *lexicon) indexCJK() {
	keyed := make([]uint64, len(l.cjk))
	for i, e := range l.cjk {
		r, _ := utf8.DecodeRuneInString(e.term)
		keyed[i] = uint64(r)<<32 | uint64(i)
	}
	slices.Sort(keyed)
	backing := make([]int32, len(keyed))
	l.cjkFirst = make(map[rune][]int32, len(keyed)/2)
	start := 0
	for i, k := range keyed {
		backing[i] = int32(uint32(k))
		if i+1 == len(keyed) || keyed[i+1]>>32 != k>>32 {
			l.cjkFirst[rune(k>>32)] = backing[start : i+1 : i+1]
			start = i + 1
		}
	}
}

// compileLexicon compiles the tables: every entry stemmed into its lookup
// keys, the CJK entries with the longer entries that contain them.
func compileLexicon() *lexicon {
	groups := slices.Concat(conceptGroups, everydayGroups, paraphraseGroups)
	l := lexiconBuild{lexicon: &lexicon{nConcepts: len(groups)}, entries: make(map[string]lexEntry, 4096)}
	var sc scanner
	for i, group := range groups {
		c := uint16(i)
		for _, entry := range group {
			l.addConceptKeys(&sc, c, entry)
			if uk, ok := britishSpelling(entry); ok {
				l.addConceptKeys(&sc, c, uk)
			}
		}
	}
	l.indexCJK()
	l.linkLonger()
	l.addIntents(&sc)
	for _, k := range slices.Sorted(maps.Keys(l.entries)) {
		l.words = append(l.words, compiledWord{k, l.entries[k]})
	}
	l.indexFirstWords()
	return l.lexicon
}

// indexFirstWords fills firstWords from words.
func (l *lexicon) indexFirstWords() {
	l.firstWords = make([][]string, l.nConcepts)
	for _, w := range l.words {
		first, _, _ := strings.Cut(w.key, " ")
		for _, c := range w.concepts {
			if !slices.Contains(l.firstWords[c], first) {
				l.firstWords[c] = append(l.firstWords[c], first)
			}
		}
	}
	for _, ws := range l.firstWords {
		slices.Sort(ws)
	}
}

// addConceptKeys adds entry w of concept c to the lexicon.
func (l lexiconBuild) addConceptKeys(sc *scanner, c uint16, w string) {
	key := l.key(sc, w)
	if isCJKString(key) {
		l.addCJK(key, c)
		if stem, ok := verbStem(key); ok {
			l.addCJK(stem, c)
		}
		if short, ok := withoutLongVowel(key); ok {
			l.addCJK(short, c)
		}
		return
	}
	e := l.entries[key]
	if !slices.Contains(e.concepts, c) {
		e.concepts = append(e.concepts, c)
		l.entries[key] = e
	}
}

// addCJK adds a CJK term of concept c, once: a term twice in one concept
// would count as two words that name it.
func (l lexiconBuild) addCJK(term string, c uint16) {
	e := cjkEntry{term: term, concept: c}
	if !slices.ContainsFunc(l.cjk, func(o cjkEntry) bool { return o.term == e.term && o.concept == e.concept }) {
		l.cjk = append(l.cjk, e)
	}
}

// verbStem returns a Japanese verb entry without the okurigana of its
// dictionary form, the part every form of the verb begins with: "落ちる"
// is written "落ちます", "落ちて", "落ちた"; "固まる" is "固まります",
// "固まって". Only a final る is taken off (the verbs in -る, ichidan and
// godan alike, begin every form with what precedes it); other endings
// change the last kana (書く, 書き, 書い), and an adverb's く ("速く") is
// no verb. The stem keeps at least two characters.
func verbStem(term string) (string, bool) {
	stem, ok := strings.CutSuffix(term, "る")
	if !ok || utf8.RuneCountInString(stem) < 2 {
		return "", false
	}
	return stem, true
}

// withoutLongVowel returns a katakana entry without the long-vowel mark
// that ends it, the other way loanwords are written ("ユーザー" and
// "ユーザ", "サーバー" and "サーバ", "プレイヤー" and "プレイヤ"): an
// entry matches as a substring, so the short form matches both. At least
// three characters stay ("エラー" keeps its mark).
func withoutLongVowel(term string) (string, bool) {
	short, ok := strings.CutSuffix(term, "ー")
	if !ok || utf8.RuneCountInString(short) < 3 {
		return "", false
	}
	return short, true
}

// addIntents adds the words of intentWords to the lexicon.
func (l lexiconBuild) addIntents(sc *scanner) {
	for _, in := range intentWords {
		b, _ := categoryBit(in.cat)
		bit := uint8(1) << b
		for _, w := range in.words {
			key := l.key(sc, w)
			if isCJKString(key) {
				l.cjkIntents = append(l.cjkIntents, cjkIntent{key, bit})
				continue
			}
			e := l.entries[key]
			e.intents |= bit
			l.entries[key] = e
		}
	}
}

// britishSpelling returns the British spelling of entry when it has one
// the stemmer does not meet ("optimize" → "optimise", "analyze" →
// "analyse", "behavior" → "behaviour", "canceled" → "cancelled"): rules
// and tasks are written in both.
func britishSpelling(entry string) (string, bool) {
	if !strings.ContainsAny(entry, "zvlg") && !strings.Contains(entry, "nter") {
		return entry, false // most entries: none of the spellings below
	}
	b := entry
	for _, r := range americanSpellings {
		if len(b) < len(r.us)+r.after {
			continue
		}
		if i := strings.Index(b, r.us); i >= r.after {
			b = b[:i] + r.uk + b[i+len(r.us):]
		}
	}
	return b, b != entry
}

// americanSpellings are American spellings, their British ones, and how
// many letters must come before them ("size" is not "sise").
var americanSpellings = []struct {
	us, uk string
	after  int
}{
	{"iz", "is", 3}, {"yz", "ys", 3}, {"avor", "avour", 1}, {"olor", "olour", 0}, {"havior", "haviour", 1},
	{"anceled", "ancelled", 1}, {"anceling", "ancelling", 1}, {"odeling", "odelling", 1}, {"abeled", "abelled", 1},
	{"atalog", "atalogue", 1}, {"enter", "entre", 1},
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

// key returns the lookup key of a lexicon entry: its stemmed words joined
// by spaces (a phrase when more than one), or the CJK term itself. A
// phrase's first word learns which word follows it.
func (l lexiconBuild) key(sc *scanner, entry string) string {
	if isCJKString(entry) {
		// Lower-cased, as a word written next to CJK text is
		// ("APIキー" is met as "apiキー", see kindMixed).
		return strings.ToLower(entry)
	}
	var words, all []string
	sc.stops = true
	sc.scan(entry, func(term []byte, kind termKind) {
		if kind != kindWord && kind != kindStop {
			return
		}
		t := string(term)
		if kind == kindWord {
			words = append(words, t)
		}
		all = append(all, t)
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
		return strings.ToLower(entry)
	case 1:
		return words[0]
	}
	e := l.entries[words[0]]
	if !slices.Contains(e.next, words[1]) {
		e.next = append(e.next, words[1])
	}
	l.entries[words[0]] = e
	return strings.Join(words, " ")
}

func isCJKString(s string) bool {
	for _, r := range s {
		// Below U+1100 (Hangul Jamo, the first of those scripts) no letter
		// is CJK: Latin with accents is answered without the tables.
		if r >= 0x1100 && isCJK(r) {
			return true
		}
	}
	return false
}

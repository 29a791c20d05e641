package brief

import (
	"slices"
	"strings"
	"sync"
)

// concepts are groups of words that name one subject in software work.
// A task and a rule that share a concept are related even when they share
// no word: "translation" and "i18n", "endpoint" and "route handler",
// "Postgres" and "Docker Compose". Entries are surface forms; multi-word
// entries match as phrases; CJK entries match as substrings. Keep groups
// general: they describe the field, not any particular ruleset.
var conceptGroups = [][]string{
	{"commit", "commits", "committing", "conventional commits", "squash", "amend", "コミット", "einchecken"},
	{"pull request", "pr", "merge request", "mr", "code review", "reviewer", "プルリクエスト", "プルリク"},
	{"git", "push", "branch", "rebase", "main", "master", "merge", "origin", "history", "プッシュ", "ブランチ"},
	{"release", "changelog", "semver", "tag", "release notes", "ship", "publish", "user-visible", "リリース", "version bump"},
	{"npm", "pnpm", "yarn", "bun", "install", "dependency", "package manager", "lockfile", "node_modules", "package.json", "npx", "インストール"},
	{"pip", "poetry", "uv", "pyproject", "requirements.txt", "virtualenv", "venv", "install", "dependency"},
	{"cargo", "crate", "crates", "cargo.toml", "rust", "clippy", "rs"},
	{"test", "tests", "testing", "spec", "unit test", "flaky", "jest", "vitest", "mocha", "pytest", "test runner", "coverage", "assert", "mock", "table-driven", "テスト", "prueba", "pruebas"},
	{"react", "component", "components", "jsx", "tsx", "hook", "hooks", "props", "useeffect", "usestate", "コンポーネント"},
	{"typescript", "ts", "tsx", "type", "types", "typed", "interface", "generic", "type guard"},
	{"javascript", "js", "node", "nodejs", "frontend", "browser", "esm", "commonjs"},
	{"go", "golang", "gofmt", "goimports", "go.mod", "goroutine", "errors.is", "fmt.errorf"},
	{"python", "py", "django", "flask", "fastapi", "mypy", "ruff", "pep8"},
	{"api", "endpoint", "route", "router", "routes", "handler", "controller", "rest", "http", "post", "patch", "status code", "response", "server", "entry point", "webhook", "エンドポイント"},
	{"http client", "axios", "fetch", "superagent", "ky", "got", "requests", "http request", "retry", "timeout"},
	{"validate", "validation", "zod", "yup", "joi", "pydantic", "input", "body", "payload", "sanitize", "parse", "untrusted"},
	{"database", "db", "sql", "table", "column", "row", "index", "foreign key", "query", "postgres", "postgresql", "mysql", "sqlite", "orm", "schema", "データベース", "テーブル", "datenbank", "base de datos", "base de donnees"},
	{"migration", "migrate", "drizzle", "drizzle-kit", "prisma", "alembic", "flyway", "knex", "liquibase", "schema", "ddl", "マイグレーション"},
	{"timestamp", "timezone", "time zone", "utc", "date", "datetime", "time", "hour", "clock", "iso 8601", "dst", "日時", "タイムゾーン", "zeitzone"},
	{"cache", "caching", "redis", "memcached", "ttl", "invalidate", "キャッシュ"},
	{"log", "logs", "logging", "logger", "console.log", "print", "println", "debug", "debugging", "trace", "ログ"},
	{"accessibility", "a11y", "aria", "aria-label", "keyboard", "screen reader", "focus", "contrast", "alt text", "アクセシビリティ", "barrierefreiheit"},
	{"i18n", "l10n", "translation", "translate", "translations", "localization", "localize", "locale", "internationalization", "french", "german", "spanish", "japanese", "english", "language", "翻訳", "多言語", "übersetzung", "traduction", "traducción"},
	{"loading", "spinner", "skeleton", "placeholder", "progress", "suspense", "pending", "読み込み"},
	{"docs", "doc", "documentation", "document", "documenting", "readme", "markdown", "md", "guide", "rfc", "ドキュメント", "dokumentation", "documentación"},
	{"error", "errors", "exception", "fail", "fails", "failure", "panic", "crash", "stack trace", "エラー", "fehler"},
	{"delete", "deletion", "remove", "soft-delete", "purge", "destroy", "deleted_at", "削除", "löschen", "supprimer", "eliminar"},
	{"user", "users", "account", "profile", "member", "customer", "ユーザー", "benutzer", "utilisateur", "usuario"},
	{"build", "compile", "binary", "makefile", "make", "target", "bundle", "ビルド"},
	{"lint", "linter", "eslint", "golangci-lint", "format", "formatter", "prettier", "gofmt", "black", "ruff"},
	{"docker", "compose", "container", "containers", "dockerfile", "compose.yaml", "docker-compose.yml", "local", "localhost", "local services", "postgres", "mysql", "redis", "kafka", "rabbitmq", "devcontainer", "コンテナ"},
	{"proto", "protobuf", "grpc", "buf", "rpc", "codegen", "generated", "generate", "regenerate", "gen"},
	{"naming", "name", "camelcase", "camel", "kebab", "kebab-case", "snake_case", "snake", "pascalcase", "rename", "case", "命名"},
	{"import", "imports", "export", "exports", "module", "modules"},
	{"css", "tailwind", "style", "styles", "styled", "scss", "theme", "color", "colour", "design system"},
	{"secret", "secrets", "password", "token", "credential", "credentials", "auth", "authentication", "authorization", "permission", "permissions", "jwt", "session", "login", "oauth", "tenant"},
	{"button", "modal", "dialog", "dropdown", "form", "page", "screen", "toolbar", "menu", "label", "labels", "tooltip", "icon", "ui", "confirmation", "ボタン", "画面", "ダイアログ"},
	{"context", "cancel", "cancellation", "deadline", "goroutine", "channel", "concurrency", "i/o"},
	{"config", "configuration", "env", "environment", "settings", "dotenv", "環境変数", "設定"},
	{"ci", "pipeline", "github actions", "workflow", "gate", "check", "checks"},
	{"message", "messages", "copy", "text", "wording", "plain language", "notification", "toast", "文言"},
	{"security", "xss", "csrf", "injection", "escape", "sanitize", "vulnerability", "セキュリティ"},
	{"performance", "slow", "latency", "n+1", "optimize", "index", "profiling"},
}

// intentWords say which category of rule a task is about: committing →
// PROCESS, a migration → DATA. Only task text and file paths are read
// for intent.
var intentWords = []struct {
	cat   string
	words []string
}{
	{"PROCESS", []string{"commit", "push", "pull request", "pr", "merge", "branch", "rebase", "release", "changelog",
		"review", "deploy", "ship", "tag", "version", "issue", "ticket", "hotfix", "コミット", "リリース", "プッシュ"}},
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

// lexicon is the compiled form of the tables above, built on first use.
type lexicon struct {
	// words maps a stemmed word, or a phrase of stemmed words joined by a
	// space, to what the lexicon knows about it: one lookup per word.
	words map[string]lexEntry
	// cjk are concepts named in CJK script, matched as substrings.
	cjk        []cjkEntry
	cjkIntents []cjkIntent
	nConcepts  int
}

// lexEntry is what the lexicon knows about one word or phrase.
type lexEntry struct {
	concepts []uint16
	// intents are the categories of work the word asks for (bits).
	intents uint8
	// phraseStart says the word begins a phrase of the lexicon.
	phraseStart bool
}

type cjkEntry struct {
	term    string
	concept uint16
}

type cjkIntent struct {
	term string
	cats uint8
}

var lex = sync.OnceValue(buildLexicon)

func buildLexicon() *lexicon {
	l := &lexicon{
		words:     make(map[string]lexEntry, 1024),
		nConcepts: len(conceptGroups),
	}
	var sc scanner
	for i, group := range conceptGroups {
		c := uint16(i)
		for _, w := range group {
			for _, key := range l.keys(&sc, w) {
				if isCJKString(key) {
					l.cjk = append(l.cjk, cjkEntry{key, c})
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

// keys returns the lookup keys of a lexicon entry: its stemmed words
// joined by spaces (a phrase when more than one), or the CJK term itself.
func (l *lexicon) keys(sc *scanner, entry string) []string {
	if isCJKString(entry) {
		return []string{entry}
	}
	var words []string
	sc.scan(entry, func(term []byte, kind termKind) {
		if kind == kindWord {
			words = append(words, string(term))
		}
	})
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
	e.phraseStart = true
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

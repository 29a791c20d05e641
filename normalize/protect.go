package normalize

import (
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Exact preservation. Before the phrase rules run, every technical token
// of the text — backticked code, paths and globs, dotted names, versions,
// flags, format verbs, scoped packages, abbreviations such as "e.g." and
// proper names such as Go or PostgreSQL — is replaced by a placeholder that
// no rule splits, trims or lower-cases; the placeholders are put back,
// byte for byte, in the finished instruction.

// Placeholders are private-use runes around the token's index.
const (
	phOpen  = '\uE000'
	phClose = '\uE001'
)

// protected is a text with its technical tokens replaced by placeholders.
type protected struct {
	text   string   // with placeholders
	tokens []string // the original tokens, by index
}

// abbreviations end with a period that does not end the sentence.
var abbreviations = []string{"e.g.", "i.e.", "etc.", "vs.", "cf.", "z.B.", "z. B.", "d.h.", "bzw.", "p.ex.", "p. ex.", "c.-à-d.", "p.ej.", "p. ej.", "ej."}

// properNames keep their case even at the start of a sentence, where an
// ordinary capitalized word is lower-cased.
var properNames = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`Go Python Ruby Rust Java Kotlin Swift Scala Elixir Erlang Haskell Perl PHP Node Deno Bun
		Redis Postgres PostgreSQL MySQL SQLite MongoDB Kafka RabbitMQ Elasticsearch Docker Kubernetes Helm Terraform Ansible
		Linux Windows macOS Android iOS React Vue Svelte Angular Django Flask Rails Laravel Nuxt
		Vite Webpack Jest Vitest Mocha Cypress Playwright Prettier ESLint Biome Ruff Black Zod Prisma Drizzle Tailwind
		GitHub GitLab Bitbucket Jira Sentry Datadog Grafana Prometheus AWS GCP Azure Vercel Netlify Heroku Cloudflare
		TypeScript JavaScript HTML CSS SQL GraphQL REST JSON YAML TOML Markdown English Englisch Anglais Inglés Japanese
		Git Bash Zsh Nix CMake Bazel Gradle Maven Cargo Poetry Lodash Ramda Axios Moment Storybook Figma OpenAPI Swagger
		Supabase Firebase Yarn Rollup Esbuild Turbo Turborepo Nx Lerna Husky Sass Bootstrap Astro Gatsby Pydantic Alembic
		Celery Pandas Mypy Pipenv Conda Homebrew Nginx Caddy Traefik Postman Jenkins Travis Buildkite Pulumi Aurora
		Snowflake Airflow Dagster Spark Flutter Dart Electron Tauri Expo Jotai Zustand Redux Recoil Underscore Dayjs
		Luxon Yup Joi Valibot Koa Fastify Hono Stylelint Commitlint Renovate Dependabot Loki Jaeger NATS Consul Nomad
		Envoy Istio Linkerd Sinatra Sidekiq Puma Minitest Mockito Quarkus Micronaut Ktor Clojure Elm Zig Nim Julia Lua
		Vercel Netlify Kubernetes Helm Ubuntu Debian Alpine Fedora Chrome Firefox Safari Slack Discord Notion`) {
		m[w] = true
	}
	return m
})

// protect replaces the technical tokens of t with placeholders.
func protect(t, lang string) protected {
	var p protected
	var b strings.Builder
	add := func(tok string) {
		b.WriteRune(phOpen)
		b.WriteString(strconv.Itoa(len(p.tokens)))
		b.WriteRune(phClose)
		p.tokens = append(p.tokens, tok)
	}
	sentenceStart := true
	for i := 0; i < len(t); {
		// Backticked code, quoted as typed.
		if t[i] == '`' {
			if j := strings.IndexByte(t[i+1:], '`'); j >= 0 {
				add(t[i : i+j+2])
				i += j + 2
				sentenceStart = false
				continue
			}
		}
		if t[i] == ' ' {
			b.WriteByte(' ')
			i++
			continue
		}
		end := strings.IndexByte(t[i:], ' ')
		if end < 0 {
			end = len(t) - i
		}
		word := t[i : i+end]
		if abbr := abbreviationAt(t[i:]); abbr != "" {
			add(abbr)
			i += len(abbr)
			continue
		}
		if strings.ContainsAny(word, string(phOpen)+string(phClose)) {
			// The placeholder runes typed by the person: kept as they are.
			add(word)
			i += end
			sentenceStart = false
			continue
		}
		if hasJapanese(word) {
			protectJapanese(word, add, &b)
			i += end
			continue
		}
		lead, core, tail := splitTrailing(word)
		if core != "" && isTechnical(core, sentenceStart || lang == "de") {
			b.WriteString(lead)
			add(core)
			b.WriteString(tail)
		} else {
			b.WriteString(word)
		}
		sentenceStart = endsSentence(word)
		i += end
	}
	p.text = b.String()
	return p
}

func abbreviationAt(s string) string {
	for _, a := range abbreviations {
		if len(s) >= len(a) && strings.EqualFold(s[:len(a)], a) && (len(s) == len(a) || s[len(a)] == ' ' || s[len(a)] == ',') {
			return s[:len(a)]
		}
	}
	return ""
}

// splitTrailing splits the punctuation that opens or ends a sentence or a
// clause off a word: "./...," → "", "./...", ","; "(package.json)." → "(",
// "package.json", ").". Dots and parentheses that belong to the token
// ("./...", "1.x", "main()") stay.
func splitTrailing(w string) (lead, core, tail string) {
	core = w
	for core != "" {
		c := core[len(core)-1]
		switch {
		case strings.IndexByte(",;:!?\"'", c) >= 0,
			c == ')' && strings.Count(core, ")") > strings.Count(core, "("):
			core = core[:len(core)-1]
			continue
		case c == '.' && !strings.HasSuffix(core, "..") && len(core) > 1 && isAlnumByte(core[len(core)-2]):
			core = core[:len(core)-1]
			continue
		}
		break
	}
	tail = w[len(core):]
	for core != "" {
		r, n := utf8.DecodeRuneInString(core)
		if !(r == '(' && strings.Count(core, "(") > strings.Count(core, ")") || strings.ContainsRune("\"'¿¡«“‘", r)) {
			break
		}
		lead += core[:n]
		core = core[n:]
	}
	return lead, core, tail
}

func isAlnumByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

func endsSentence(w string) bool {
	w = strings.TrimRight(w, `"')`)
	return strings.HasSuffix(w, ".") && !strings.HasSuffix(w, "..") || strings.HasSuffix(w, "!") || strings.HasSuffix(w, "?") || strings.HasSuffix(w, ":")
}

// isTechnical reports a token to copy byte for byte.
func isTechnical(w string, sentenceStart bool) bool {
	if strings.ContainsAny(w, "/%@*\\=<>{}[]#$~") {
		return true
	}
	if strings.HasPrefix(w, "-") && len(w) > 1 || strings.HasPrefix(w, ".") && len(w) > 1 {
		return true // a flag or a dotfile: -q, --frozen-lockfile, .env
	}
	if strings.Contains(w, "..") {
		return true
	}
	if i := strings.IndexByte(w, '.'); i > 0 && i < len(w)-1 {
		return true // moment.js, package.json, fmt.Errorf, 20.11.1
	}
	if strings.Contains(w, "_") {
		return true // created_at, snake_case
	}
	upper, lower, digit, letters := 0, 0, 0, 0
	for _, r := range w {
		switch {
		case unicode.IsUpper(r):
			upper++
			letters++
		case unicode.IsLower(r):
			lower++
			letters++
		case unicode.IsDigit(r):
			digit++
		}
	}
	if digit > 0 && letters > 0 {
		return true // es2022, v20, 5xx
	}
	if upper == 0 {
		return false
	}
	first, _ := utf8.DecodeRuneInString(w)
	if upper == letters && emphasis(w) {
		return false // "NEVER commit .env", "DON'T": emphasis, not a name
	}
	if upper > 1 || !unicode.IsUpper(first) {
		// camelCase, PostgreSQL, CHANGELOG, PRs, iOS — not "I" or "À".
		return letters > 1
	}
	// One capital, at the start: a proper name, unless it only opens the
	// sentence ("Run the tests").
	if strings.ContainsAny(w, "'’") {
		return false
	}
	if properNames()[w] {
		return true
	}
	if l := strings.ToLower(w); (families()[l] != 0 || runtimes[l]) && !enVerbs()[l] {
		return true // "Yarn is banned", "Node 20": a tool named at the start
	}
	return !sentenceStart && letters > 1
}

// restore puts the tokens back into s.
func (p protected) restore(s string) string {
	if !strings.ContainsRune(s, phOpen) {
		return s
	}
	var b strings.Builder
	for {
		i := strings.IndexRune(s, phOpen)
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		j := strings.IndexRune(s[i:], phClose)
		if j < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		n, err := strconv.Atoi(s[i+utf8.RuneLen(phOpen) : i+j])
		if err != nil || n >= len(p.tokens) {
			b.WriteString(s[i : i+j+utf8.RuneLen(phClose)])
		} else {
			b.WriteString(p.tokens[n])
		}
		s = s[i+j+utf8.RuneLen(phClose):]
	}
}

// isPlaceholder reports a word that is one placeholder.
func isPlaceholder(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return r == phOpen
}

func hasJapanese(s string) bool {
	for _, r := range s {
		if r > 0x2FFF {
			return true
		}
	}
	return false
}

// protectJapanese protects the Latin runs of a Japanese word:
// "Moment.jsはもう使わないで" keeps "Moment.js".
func protectJapanese(w string, add func(string), b *strings.Builder) {
	for w != "" {
		i := strings.IndexFunc(w, func(r rune) bool { return r > 0x2FFF })
		if i < 0 {
			i = len(w)
		}
		if i > 0 {
			lead, core, tail := splitTrailing(w[:i])
			if core != "" && (isTechnical(core, false) || isLatinWord(core)) {
				b.WriteString(lead)
				add(core)
				b.WriteString(tail)
			} else {
				b.WriteString(w[:i])
			}
			w = w[i:]
			continue
		}
		j := strings.IndexFunc(w, func(r rune) bool { return r <= 0x2FFF })
		if j < 0 {
			j = len(w)
		}
		b.WriteString(w[:j])
		w = w[j:]
	}
}

func isLatinWord(s string) bool {
	if !strings.ContainsFunc(s, unicode.IsLetter) {
		return false
	}
	for _, r := range s {
		if !(r < 0x80 && (unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-')) {
			return false
		}
	}
	return s != ""
}

// opensWithAbbreviation reports a clause that opens with "e.g." or "i.e.".
func (p protected) opensWithAbbreviation(clause string) bool {
	if !isPlaceholder(clause) {
		return false
	}
	end := strings.IndexRune(clause, phClose)
	if end < utf8.RuneLen(phOpen) {
		return false
	}
	n, err := strconv.Atoi(clause[utf8.RuneLen(phOpen):end])
	if err != nil || n >= len(p.tokens) {
		return false
	}
	for _, a := range abbreviations {
		if strings.EqualFold(p.tokens[n], a) {
			return true
		}
	}
	return false
}

// emphasis reports an ordinary word typed in capitals for emphasis.
func emphasis(w string) bool {
	l := strings.ToLower(w)
	return bareMarkers()[l] || stopWords()[l] || enVerbs()[l] || vagueWords()[l] || isMarkerWord(l) || strings.ContainsAny(l, "'’") ||
		l == "not" || l == "only" || l == "must" || l == "should" || l == "before" || l == "after" || l == "tests"
}

// dropped returns the first technical token whose placeholder is in the
// rule text m but that instr lost, or "": a rule must not silently lose
// what the person named. Abbreviations may go ("i.e. use …").
func (p protected) dropped(m, instr string) string {
	for i, tok := range p.tokens {
		ph := string(phOpen) + strconv.Itoa(i) + string(phClose)
		if !strings.Contains(m, ph) || strings.Contains(instr, tok) {
			continue
		}
		abbr := false
		for _, a := range abbreviations {
			abbr = abbr || strings.EqualFold(tok, a)
		}
		if !abbr {
			return tok
		}
	}
	return ""
}

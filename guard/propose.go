package guard

import (
	"regexp"
	"strings"
	"sync"
)

// Propose returns a check for instruction when its shape has one
// unambiguous machine-checkable form, and false otherwise. It reads the
// instruction's structure, not its exact wording: a final period, a
// trailing reason ("- because …", "here", "in this repo") and backticks
// around names do not change the answer. The shapes:
//
//   - a package manager or build tool used instead of others ("Always use
//     pnpm instead of npm or yarn", "Never use npm") denies running the
//     others as a command in Bash; "pnpm" does not run "npm", and npx is
//     denied only when named;
//   - a forbidden library ("Never use moment.js", "Always use date-fns
//     instead of moment", "Never import lodash") denies importing it in
//     written content: JavaScript and TypeScript import, import() and
//     require, Python import and from … import, and for a Go module path
//     the quoted import;
//   - a forbidden force push ("Never force push to main") denies git push
//     with --force or -f (to the branches named, when named);
//   - no emoji in commit messages denies a git commit whose command holds
//     one;
//   - a forbidden folder ("Never edit files in dist/") denies writing a
//     path under it;
//   - a quoted command ("Never run `make deploy`") denies running it.
//
// A rule that fits none, or fits in two ways, gets no check.
func Propose(instruction string) (Check, bool) {
	s := clean(instruction)
	if s == "" {
		return Check{}, false
	}
	for _, f := range []func(string) (Check, bool){emojiCommit, forcePush, forbiddenDir, quotedCommand, substitution} {
		if c, ok := f(s); ok {
			if c.Validate() != nil {
				return Check{}, false
			}
			return c, true
		}
	}
	return Check{}, false
}

// reasonTail is where an instruction's reason or aside starts.
var reasonTail = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\s+(?:-|–|—)\s+because\b.*$|\s*(?:,\s*)?\bbecause\b.*$|\s*\(.*\)\s*$`)
})

// clean trims the instruction to its imperative: no reason, no final
// punctuation, single spaces.
func clean(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	s = reasonTail().ReplaceAllString(s, "")
	return strings.TrimRight(s, ".!;: ")
}

// negative matches an instruction that forbids.
var negative = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)^(?:never|do not|don't|dont|avoid|stop|no)\b|\b(?:never|do not|don't|must not|without|niemals|nie|kein[e]?|jamais|nunca)\b`)
})

// cmdStart is where a command word begins in a shell command line: at the
// start or after a separator, past env assignments and wrappers.
const cmdStart = `(?m)(?:^|[;&|(\x60])\s*(?:(?:sudo|env)\s+|\w+=\S*\s+)*(?:\S*/)?`

// cmdEnd ends a command word.
const cmdEnd = `(?:\s|$|[;&|)\x60])`

var (
	emojiWord  = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?i)emojis?\b|émojis?\b|絵文字`) })
	commitWord = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?i)\bcommit(?:s|ting)?\b`) })
)

// emojiPattern matches a git commit whose command line holds an emoji
// (pictographs, dingbats, symbols, the emoji variation selector), its
// message included when given in a heredoc.
const emojiPattern = `(?s)\bgit\s+commit\b.*[\x{1F000}-\x{1FAFF}\x{2600}-\x{27BF}\x{2B00}-\x{2BFF}\x{FE0F}]`

func emojiCommit(s string) (Check, bool) {
	if !emojiWord().MatchString(s) || !commitWord().MatchString(s) || !negative().MatchString(s) {
		return Check{}, false
	}
	return Check{Tool: ToolBash, Target: TargetCommand, Pattern: emojiPattern, Action: ActionDeny}, true
}

var (
	forceWord = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)\bforce[- ]?push(?:es|ing)?\b|\bpush(?:es|ing)?\s+(?:--force\b|-f\b|with\s+--force)`)
	})
	// pushTarget is what a force push is forbidden to: "to main", "on
	// main or master", "onto the release branch".
	pushTarget = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)\b(?:to|on|onto|into|sur|auf|en|a)\s+(?:the\s+|la\s+|den\s+)?(.+?)(?:\s+branch(?:es)?|\s+(?:machen|pushen|ausführen))?$`)
	})
	branchName = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9._/-]+$`) })
	// knownBranch are the branch names read in any language.
	knownBranch = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\b(?:main|master|develop|trunk)\b`) })
)

// forceFlag is git push's force option.
const forceFlag = `(?:--force(?:-with-lease|-if-includes)?(?:=\S*)?|-f)\b`

func forcePush(s string) (Check, bool) {
	if !forceWord().MatchString(s) || !negative().MatchString(s) {
		return Check{}, false
	}
	const seg = `[^;&|\n]*`
	push := `\bgit\s+push\b`
	var targets []string
	if m := pushTarget().FindStringSubmatch(aside().ReplaceAllString(s, "")); m != nil {
		targets = splitList(m[1])
		if targets == nil {
			return Check{}, false // several words: not a branch name
		}
	} else {
		// A branch named in words this reading does not know ("mainに"):
		// the push is forbidden there, not everywhere.
		targets = knownBranch().FindAllString(s, -1)
	}
	if len(targets) == 0 {
		return Check{Tool: ToolBash, Target: TargetCommand, Pattern: push + seg + `\s(?:` + forceFlag + `|\+\S)`, Action: ActionDeny}, true
	}
	var names []string
	for _, b := range targets {
		switch strings.ToLower(b) {
		case "shared", "remote", "any", "protected", "branch", "branches", "a", "the", "other", "public":
			return Check{}, false // "to shared branches": not a name
		}
		if !branchName().MatchString(b) {
			return Check{}, false
		}
		names = append(names, regexp.QuoteMeta(b))
	}
	if len(names) == 0 {
		return Check{}, false
	}
	br := `\s(?:\S*:)?\+?(?:` + strings.Join(names, "|") + `)` + cmdEnd
	plus := `\s(?:\S*:)?\+(?:` + strings.Join(names, "|") + `)` + cmdEnd
	before := `\s(?:\S*:)?\+?(?:` + strings.Join(names, "|") + `)(?:\s+|\s` + seg + `\s)`
	p := push + `(?:` + seg + `\s` + forceFlag + seg + br + `|` + seg + before + forceFlag + `|` + seg + plus + `)`
	return Check{Tool: ToolBash, Target: TargetCommand, Pattern: p, Action: ActionDeny}, true
}

var dirRule = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile("(?i)\\b(?:edit|modify|change|write|writing|touch|create|add|put|generate|commit)\\b.*?\\b(?:in|under|inside|within|to|into)\\s+(?:the\\s+)?`?([A-Za-z0-9._-][A-Za-z0-9._/-]*?)`?(?:\\s+(folder|directory|dir)\\b|$|\\s|,)")
})

func forbiddenDir(s string) (Check, bool) {
	if !negative().MatchString(s) {
		return Check{}, false
	}
	m := dirRule().FindStringSubmatch(s)
	if m == nil {
		return Check{}, false
	}
	dir := m[1]
	if !strings.Contains(dir, "/") && m[2] == "" {
		return Check{}, false // "in production": not a folder
	}
	dir = strings.Trim(dir, "/")
	if dir == "" || dir == "." || strings.HasPrefix(dir, ".."+"/") || dir == ".." || strings.Contains(dir, "//") {
		return Check{}, false
	}
	return Check{Tool: ToolWrite + "|" + ToolEdit, Target: TargetPath, Pattern: `^(?:\./)?` + regexp.QuoteMeta(dir) + `/`, Action: ActionDeny}, true
}

var quotedCmd = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile("(?i)^(?:never|do not|don't)\\s+(?:run|execute|call|invoke|type)\\s+`([^`]+)`$")
})

func quotedCommand(s string) (Check, bool) {
	m := quotedCmd().FindStringSubmatch(s)
	if m == nil {
		return Check{}, false
	}
	words := strings.Fields(m[1])
	if len(words) == 0 {
		return Check{}, false
	}
	for i, w := range words {
		words[i] = regexp.QuoteMeta(w)
	}
	return Check{Tool: ToolBash, Target: TargetCommand, Pattern: cmdStart + strings.Join(words, `\s+`) + cmdEnd, Action: ActionDeny}, true
}

// commandTools are package managers and build tools: naming one as what
// not to use forbids running it.
var commandTools = map[string]bool{
	"npm": true, "npx": true, "yarn": true, "pnpm": true, "bun": true, "bower": true,
	"pip": true, "pip3": true, "pipenv": true, "poetry": true, "uv": true, "conda": true,
	"mvn": true, "gradle": true,
}

// libraries are well-known package names that read as a library when
// named alone ("Never use moment").
var libraries = map[string]bool{
	"moment": true, "lodash": true, "underscore": true, "jquery": true, "axios": true,
	"request": true, "left-pad": true, "enzyme": true, "tslint": true, "bluebird": true,
	"ramda": true, "immutable": true, "mobx": true, "redux": true, "date-fns": true,
	"dayjs": true, "luxon": true, "chai": true, "sinon": true, "mocha": true,
	"requests": true, "urllib2": true, "nose": true, "six": true, "simplejson": true,
	"pycrypto": true, "unittest2": true, "mock": true,
}

var (
	// insteadOf: "use X instead of LIST", in the rule's languages.
	insteadOf = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)\b(?:use|prefer|choose|pick|run)\s+(.+?)\s+(?:instead of|rather than|over|not|statt|anstatt|anstelle von|au lieu de|en lugar de|en vez de)\s+(.+)$`)
	})
	// neverUse: "never use LIST", "do not import LIST".
	// It may follow an "always" clause: "Always use pnpm — never use npm".
	neverUse = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)(?:^|[—–;,:]\s*|\s-\s)(?:(?:never|do not|don't|dont|avoid)\s+(?:use|using|run|running|call|invoke|import|importing|require|add|install|depend on)|ne jamais (?:utiliser|importer|lancer)|nunca (?:uses|usar|importes|importar))\s+(.+)$`)
	})
	// neverUseDE: German puts the verb last: "Niemals Axios benutzen".
	neverUseDE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)^(?:niemals|nie)\s+(.+?)\s+(?:benutzen|verwenden|nutzen|importieren|einsetzen|ausführen)\b`)
	})
	// insteadOfDE: "Immer pnpm statt npm benutzen".
	insteadOfDE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)^immer\s+\S+\s+(?:statt|anstatt|anstelle von)\s+(.+?)\s+(?:benutzen|verwenden|nutzen)\b`)
	})
	// libWord marks the object as a library.
	libWord = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)^(?:the\s+)?(.+?)\s+(?:library|libraries|package|packages|module|modules|dependency|dependencies|lib)$`)
	})
	importVrb = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)(?:^|[—–;,:]\s*|\s-\s)(?:never|do not|don't|dont|avoid)\s+(?:import|importing|require|depend on)\b`)
	})
	// aside ends the object: "— use pnpm instead", "here", "in this repo".
	aside = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)\s*(?:[—–;]|\s-\s|,\s*(?:use|usa|utilise[rz]?|verwende|benutze|prefer|always|immer|toujours|siempre)\b).*$|\s+(?:here|hier|ici|aquí|anymore|any more|again|in this (?:repo|repository|project|codebase)|for (?:anything|any|new)\b.*)$`)
	})
	pkgName = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^(?:@[a-z0-9][a-z0-9._-]*/)?[a-z0-9][a-z0-9._-]*(?:/[a-z0-9][a-z0-9._-]*)*$`)
	})
	pyIdent = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[a-z_][a-z0-9_]*$`) })
)

// substitution reads "use X instead of LIST" and "never use LIST", and
// proposes a command check when every item of LIST is a command tool, an
// import check when every item is a library.
func substitution(s string) (Check, bool) {
	var list string
	explicitLib := importVrb().MatchString(s)
	if m := insteadOf().FindStringSubmatch(s); m != nil {
		list = m[2]
	} else if m := insteadOfDE().FindStringSubmatch(s); m != nil {
		list = m[1]
	} else if m := neverUse().FindStringSubmatch(s); m != nil {
		list = m[1]
	} else if m := neverUseDE().FindStringSubmatch(s); m != nil {
		list = m[1]
	} else {
		return Check{}, false
	}
	// "Yarn here — use pnpm instead": the aside, then what is left of it.
	for prev := ""; prev != list; {
		prev, list = list, aside().ReplaceAllString(list, "")
	}
	if m := libWord().FindStringSubmatch(list); m != nil {
		list, explicitLib = m[1], true
	}
	items := splitList(list)
	if len(items) == 0 {
		return Check{}, false
	}
	var tools, libs []string
	for _, it := range items {
		it = strings.ToLower(strings.Trim(it, "`'\""))
		if commandTools[it] && !explicitLib {
			tools = append(tools, it)
			continue
		}
		if p, ok := library(it, explicitLib); ok {
			libs = append(libs, p)
			continue
		}
		return Check{}, false // an item of another kind: ambiguous
	}
	switch {
	case len(tools) > 0 && len(libs) == 0:
		for i, t := range tools {
			tools[i] = regexp.QuoteMeta(t)
		}
		return Check{Tool: ToolBash, Target: TargetCommand, Pattern: cmdStart + `(?:` + strings.Join(tools, "|") + `)` + cmdEnd, Action: ActionDeny}, true
	case len(libs) > 0 && len(tools) == 0:
		return Check{Tool: ToolWrite + "|" + ToolEdit, Target: TargetContent, Pattern: importPattern(libs), Action: ActionDeny}, true
	}
	return Check{}, false
}

// library returns the package name item names, when it reads as a
// library: a name ending in .js, a scoped or Go module path, a known
// library, or any package-shaped name when the rule says it is one.
func library(item string, explicit bool) (string, bool) {
	if strings.HasSuffix(item, ".js") {
		base := strings.TrimSuffix(item, ".js")
		switch base {
		case "node", "":
			return "", false // a runtime, not a package
		case "chart":
			return item, true // its package keeps the suffix
		}
		item = base
	}
	if !pkgName().MatchString(item) {
		return "", false
	}
	switch {
	case explicit, libraries[item], strings.HasPrefix(item, "@"), goPath(item):
		return item, true
	}
	return "", false
}

// goPath reports whether p looks like a Go module path: a host with a dot,
// then a path.
func goPath(p string) bool {
	host, rest, ok := strings.Cut(p, "/")
	return ok && rest != "" && strings.Contains(host, ".")
}

// importPattern matches importing any of pkgs (or a subpath of one):
// JavaScript and TypeScript import/from/require/import(), Python import
// and from … import for names that are identifiers, Go's quoted import for
// module paths.
func importPattern(pkgs []string) string {
	var js, py, gp []string
	for _, p := range pkgs {
		q := regexp.QuoteMeta(p)
		if goPath(p) {
			gp = append(gp, q)
			continue
		}
		js = append(js, q)
		if pyIdent().MatchString(p) {
			py = append(py, q)
		}
	}
	var alts []string
	if len(js) > 0 {
		alts = append(alts, `(?:\bfrom\s*|\brequire\s*\(\s*|\bimport\s*\(\s*|\bimport\s+)['"](?:`+strings.Join(js, "|")+`)(?:/[^'"]*)?['"]`)
	}
	if len(py) > 0 {
		n := `(?:` + strings.Join(py, "|") + `)`
		alts = append(alts, `(?m)^[ \t]*(?:import[ \t]+`+n+`\b|from[ \t]+`+n+`(?:\.[\w.]+)?[ \t]+import\b)`)
	}
	if len(gp) > 0 {
		alts = append(alts, `"(?:`+strings.Join(gp, "|")+`)(?:/[^"]*)?"`)
	}
	return strings.Join(alts, "|")
}

var listSep = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\s*(?:,|\bor\b|\band\b|\bnor\b|\boder\b|\bou\b|\bo\b|\bund\b|\bet\b|\by\b)\s*`)
})

// splitList splits "a, b or c", "a/b", "a and b", "a nor b".
func splitList(s string) []string {
	s = listSep().ReplaceAllString(s, "\x00")
	var out []string
	for _, f := range strings.Split(s, "\x00") {
		f = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(f), "the "))
		if f == "" {
			continue
		}
		if strings.Count(f, "/") == 1 && !strings.HasPrefix(f, "@") && !goPath(f) && !strings.Contains(f, " ") {
			a, b, _ := strings.Cut(f, "/")
			if a != "" && b != "" {
				out = append(out, a, b)
				continue
			}
		}
		if strings.Contains(f, " ") {
			return nil // several words: not a name
		}
		out = append(out, f)
	}
	return out
}

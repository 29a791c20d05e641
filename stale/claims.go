// Package stale finds the project rules that no longer match the checkout:
// a rule that names a path, a directory or a glob that nothing in the
// checkout matches, a package that no manifest lists, a package.json
// script or a Makefile target that is not there.
//
// Precision comes first. Only claims extracted unambiguously are checked:
// a backticked or path-shaped token, a command that runs a script or a
// target, a package named as one ("the `zod` library") when a manifest of
// its kind is there to ask. Prose words are never checked. A claim in a
// negated clause ("Never use `moment`", "pnpm instead of `npm`") is not
// checked either: its absence is what the rule asks for.
//
// Nothing is edited: [Check] reports, and its suggestion is an edit the
// person makes.
package stale

import (
	"regexp"
	"strings"
	"sync"
)

// The kinds of [Claim].
const (
	KindPath    = "path"
	KindGlob    = "glob"
	KindPackage = "package"
	KindScript  = "script"
	KindTarget  = "target"
)

// Claim is one thing a rule says exists.
type Claim struct {
	Kind  string
	Token string
	// Runner is the command that runs a script ("npm run"), for the
	// reason's wording.
	Runner string
}

var (
	backticked = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile("`([^`\n]{1,200})`") })
	// quotedTok is a token in single or double quotes, opened after a
	// space and closed before one or punctuation ("don't" opens nothing).
	quotedTok = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?:^|[\s(])(['"])([^'"\s][^'"\n]{0,199}?)(['"])(?:[\s.,;:)!?]|$)`)
	})
	// example opens an example, which claims nothing: "e.g. src/a.ts".
	example = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)(\be\.g\.|\bfor example|\bfor instance|\bsuch as|\blike)\s*$`)
	})
	// runScript is a package manager running a script; make a target
	// only in backticks ("make sure" is prose).
	runScript  = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(npm|pnpm|yarn|bun) run ([A-Za-z0-9_:.\-]+)`) })
	runScriptW = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\b(npm|pnpm|yarn|bun) run ([A-Za-z0-9_:.\-]+)`) })
	makeTarget = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^make ([A-Za-z0-9_.\-/]+)$`) })
	// bareWord is a slash-separated path, unquoted.
	bareWord = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(^|[\s(])(\.{0,2}/?[A-Za-z0-9_\-.]+(?:/[A-Za-z0-9_\-.*]+)+/?)`)
	})
	pathChars = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9_\-./*?\[\]{},]+$`) })
	pkgChars  = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^@?[A-Za-z0-9][A-Za-z0-9_.\-]*(/[A-Za-z0-9][A-Za-z0-9_.\-]*)*$`)
	})
	dotfile = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^\.(env(\.[a-z]+)?|[a-z]+rc(\.[a-z]+)?|[a-z]+ignore|editorconfig|[a-z]+-version)$`)
	})
	// negation opens a clause whose objects are meant to be absent.
	negation = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)\b(never|don'?t|do not|does not|doesn'?t|avoid|no|not|instead of|rather than|without|except|ban|forbid|stop using|over|replace|replaces|replacing|drop|remove)\b`)
	})
	// useVerb says to use what follows.
	useVerb = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)\b(use|uses|using|prefer|import|depend on|require|add)\b`)
	})
	// pkgWord names a package as one.
	pkgWord = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)\b(package|packages|library|libraries|lib|dependency|dependencies|module|crate|crates|sdk)\b`)
	})
	// clauseEnd ends the clause a negation governs.
	clauseEnd = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`[.;:!?]\s|[.;!?]$|\bbut\b|\band always\b|\bthen\b`) })
)

// fileExts are the extensions that make a token without a slash a file
// name: not ".js" or ".io", which name products (Next.js, socket.io), nor
// ".log", which is console.log.
var fileExts = map[string]bool{
	"json": true, "jsonc": true, "yaml": true, "yml": true, "toml": true, "md": true, "mdx": true,
	"ts": true, "tsx": true, "jsx": true, "mjs": true, "cjs": true, "go": true, "py": true, "rs": true,
	"txt": true, "lock": true, "mod": true, "sum": true, "cfg": true, "ini": true, "sh": true,
	"sql": true, "css": true, "scss": true, "html": true, "vue": true, "svelte": true, "rb": true,
	"java": true, "kt": true, "swift": true, "c": true, "h": true, "cpp": true, "hpp": true,
	"proto": true, "graphql": true, "xml": true, "csv": true, "env": true, "tf": true, "dockerfile": true,
}

// Claims extracts the claims of instruction that can be checked, each
// once, in order. Claims in a negated clause are left out.
func Claims(instruction string) []Claim { return claims(instruction, false) }

// Mentions are the paths and globs instruction names, negated or not: a
// rule that says "Never edit `gen/`" is about gen/.
func Mentions(instruction string) []Claim {
	var out []Claim
	for _, c := range claims(instruction, true) {
		if c.Kind == KindPath || c.Kind == KindGlob {
			out = append(out, c)
		}
	}
	return out
}

func claims(instruction string, keepNegated bool) []Claim {
	var out []Claim
	seen := map[Claim]bool{}
	add := func(c Claim, at int) {
		if c.Token == "" || seen[c] || !keepNegated && negated(instruction, at) || example().MatchString(instruction[max(0, at-16):at]) {
			return
		}
		seen[c] = true
		out = append(out, c)
	}
	quoted := [][2]int{}
	for _, m := range backticked().FindAllStringSubmatchIndex(instruction, -1) {
		quoted = append(quoted, [2]int{m[0], m[1]})
		tok := strings.TrimSpace(instruction[m[2]:m[3]])
		if c, ok := commandClaim(tok); ok {
			add(c, m[0])
			continue
		}
		if c, ok := pathClaim(tok, true); ok {
			add(c, m[0])
			continue
		}
		if pkgChars().MatchString(tok) && packageShaped(tok) && usedAsPackage(instruction, m[0], m[1]) {
			add(Claim{Kind: KindPackage, Token: tok}, m[0])
		}
	}
	for _, m := range quotedTok().FindAllStringSubmatchIndex(instruction, -1) {
		if instruction[m[2]:m[3]] != instruction[m[6]:m[7]] {
			continue // 'x" is not a quote
		}
		quoted = append(quoted, [2]int{m[2], m[7]})
		tok := strings.TrimSpace(instruction[m[4]:m[5]])
		if c, ok := commandClaim(tok); ok {
			add(c, m[2])
		} else if c, ok := pathClaim(tok, true); ok {
			add(c, m[2])
		}
	}
	inQuotes := func(i int) bool {
		for _, q := range quoted {
			if i >= q[0] && i < q[1] {
				return true
			}
		}
		return false
	}
	for _, m := range runScriptW().FindAllStringSubmatchIndex(instruction, -1) {
		if !inQuotes(m[0]) {
			add(Claim{Kind: KindScript, Token: instruction[m[4]:m[5]], Runner: instruction[m[2]:m[3]] + " run"}, m[0])
		}
	}
	for _, m := range bareWord().FindAllStringSubmatchIndex(instruction, -1) {
		if inQuotes(m[4]) {
			continue
		}
		tok := strings.TrimRight(instruction[m[4]:m[5]], ".,")
		if c, ok := pathClaim(tok, false); ok {
			add(c, m[4])
		}
	}
	return out
}

func commandClaim(tok string) (Claim, bool) {
	if m := runScript().FindStringSubmatch(tok); m != nil {
		return Claim{Kind: KindScript, Token: m[2], Runner: m[1] + " run"}, true
	}
	if m := makeTarget().FindStringSubmatch(tok); m != nil {
		return Claim{Kind: KindTarget, Token: m[1]}, true
	}
	return Claim{}, false
}

// pathClaim reads tok as a workspace path, directory or glob. Unquoted, it
// must have a slash and end in a file extension or a slash: "and/or" and
// "client/server" are prose.
func pathClaim(tok string, quoted bool) (Claim, bool) {
	if strings.Contains(tok, "://") || strings.HasPrefix(tok, "/") || strings.HasPrefix(tok, "~") ||
		strings.HasPrefix(tok, "@") || !pathChars().MatchString(tok) {
		return Claim{}, false
	}
	tok = strings.TrimPrefix(tok, "./")
	for _, seg := range strings.Split(strings.TrimSuffix(tok, "/"), "/") {
		if seg == "" || seg == ".." || seg == "." {
			return Claim{}, false
		}
	}
	if i := strings.IndexByte(tok, '/'); i > 0 && isDomain(tok[:i]) {
		return Claim{}, false // github.com/x/y is a module
	}
	glob := strings.ContainsAny(tok, "*?[{")
	base := tok[strings.LastIndexByte(strings.TrimSuffix(tok, "/"), '/')+1:]
	ext := ""
	if i := strings.LastIndexByte(base, '.'); i > 0 {
		ext = base[i+1:]
	}
	slash := strings.Contains(tok, "/")
	switch {
	case glob:
		if !quoted && !slash {
			return Claim{}, false
		}
		return Claim{Kind: KindGlob, Token: tok}, true
	case strings.HasSuffix(tok, "/") && slash:
		return Claim{Kind: KindPath, Token: tok}, true
	case fileExts[ext]:
		return Claim{Kind: KindPath, Token: tok}, true
	case quoted && !slash && dotfile().MatchString(tok):
		return Claim{Kind: KindPath, Token: tok}, true
	case quoted && slash && ext == "" && !strings.Contains(base, "."):
		// `src/components` names a directory; a quoted slash path is
		// path-shaped even without an extension.
		return Claim{Kind: KindPath, Token: tok}, true
	}
	return Claim{}, false
}

// isDomain says whether s, a token's first segment, is a host name.
func isDomain(s string) bool {
	i := strings.LastIndexByte(s, '.')
	if i <= 0 {
		return false
	}
	switch s[i+1:] {
	case "com", "org", "net", "io", "dev", "in", "me", "co", "app", "sh", "xyz":
		return true
	}
	return false
}

// packageShaped rules out tokens that are code rather than a package name:
// calls, members (fmt.Errorf), capitalised identifiers.
func packageShaped(tok string) bool {
	if strings.HasPrefix(tok, "@") || isDomain(strings.SplitN(tok, "/", 2)[0]) {
		return true
	}
	if strings.ContainsAny(tok, "./") {
		return false
	}
	return tok == strings.ToLower(tok)
}

// usedAsPackage says whether the token at [start, end) is named as a
// package to use: a use verb before it in its sentence, and a package word
// next to it ("the `zod` library", "the package `zod`").
func usedAsPackage(s string, start, end int) bool {
	from := sentenceStart(s, start)
	if !useVerb().MatchString(s[from:start]) {
		return false
	}
	before := s[max(from, start-24):start]
	after := s[end:min(len(s), end+24)]
	return pkgWord().MatchString(before) || pkgWord().MatchString(after)
}

func sentenceStart(s string, at int) int {
	from := 0
	for _, m := range clauseEnd().FindAllStringIndex(s[:at], -1) {
		from = m[1]
	}
	return from
}

// negated says whether the token at position at sits in a clause that a
// negation governs: a negation earlier in the same clause.
func negated(s string, at int) bool {
	return negation().MatchString(s[sentenceStart(s, at):at])
}

// Names says whether a path or glob claim names the workspace file p
// (slash-separated): the file itself, a directory above it, or a glob that
// matches it; a path may be named from any directory down ("ui/b.tsx").
func Names(c Claim, p string) bool {
	switch c.Kind {
	case KindGlob:
		re, err := globRegexp(c.Token)
		return err == nil && (re.MatchString(p) || !strings.Contains(c.Token, "/") && re.MatchString(p[strings.LastIndexByte(p, '/')+1:]))
	case KindPath:
		t := strings.TrimSuffix(c.Token, "/")
		if p == t || strings.HasSuffix(p, "/"+t) {
			return !strings.HasSuffix(c.Token, "/")
		}
		return strings.HasPrefix(p, t+"/") || strings.Contains(p, "/"+t+"/")
	}
	return false
}

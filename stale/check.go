package stale

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/autofix/autofix/rules"
	"github.com/pelletier/go-toml/v2"
)

// MaxEntries bounds the walk of the checkout: past it, a path that was not
// found is not reported (it may be in the part not walked).
const MaxEntries = 20000

// skipDirs are not walked: dependencies and build output, not the
// project's own paths.
var skipDirs = map[string]bool{".git": true, "node_modules": true, "vendor": true, "target": true, ".venv": true, "venv": true, "__pycache__": true}

// Checkout is the workspace's files as the rules are checked against them.
type Checkout struct {
	// FS is the workspace root.
	FS fs.FS
	// Ignored returns which of the missing workspace paths the repository
	// ignores (build output, say), which a rule may name without them
	// being in the checkout; it is called once per [Check], with every
	// such path. Nil means none are.
	Ignored func(paths []string) map[string]bool

	walked   bool
	complete bool
	paths    []string // files and directories ("dir/"), slash-separated
	manifest *manifests
	// nested are the manifests of the root and the folders below.
	nested        *manifests
	nestedPartial bool
}

// Finding is a stale rule.
type Finding struct {
	Rule       int    `json:"rule"`
	Reason     string `json:"reason"`
	Suggestion string `json:"suggestion"`
}

// Check returns the stale rules among rs (pass the rules in force), one
// finding per rule, with the first claim that does not hold.
func Check(co *Checkout, rs []rules.Rule) []Finding {
	type failed struct {
		c             Claim
		reason, moved string
	}
	fails := make([][]failed, len(rs))
	var missing []string
	for i, r := range rs {
		for _, c := range Claims(r.Instruction) {
			if reason, moved, stale := co.holds(c); stale {
				fails[i] = append(fails[i], failed{c, reason, moved})
				if c.Kind == KindPath && !slices.Contains(missing, c.Token) {
					missing = append(missing, c.Token)
				}
			}
		}
	}
	ignored := map[string]bool{}
	if co.Ignored != nil && len(missing) > 0 {
		ignored = co.Ignored(missing)
	}
	var out []Finding
	for i, r := range rs {
		for _, f := range fails[i] {
			if f.c.Kind == KindPath && ignored[f.c.Token] {
				continue
			}
			out = append(out, Finding{Rule: r.Number, Reason: f.reason, Suggestion: suggest(r, f.c, f.moved)})
			break
		}
	}
	return out
}

// holds checks one claim: the reason when it does not hold, and where a
// missing file went when a file of its name is elsewhere.
func (co *Checkout) holds(c Claim) (reason, moved string, stale bool) {
	switch c.Kind {
	case KindPath, KindGlob:
		if co.exists(c) {
			return "", "", false
		}
		co.walk()
		if !co.complete {
			return "", "", false
		}
		if co.found(c) {
			return "", "", false
		}
		what := "path"
		switch {
		case c.Kind == KindGlob:
			return fmt.Sprintf("no file matches `%s`", c.Token), "", true
		case strings.HasSuffix(c.Token, "/"):
			what = "directory"
		}
		return fmt.Sprintf("the %s `%s` does not exist", what, c.Token), co.elsewhere(c.Token), true
	case KindPackage:
		root := co.manifests()
		if len(root.files) == 0 || root.lists(c.Token) {
			return "", "", false
		}
		// A monorepo's package may list it.
		if all, ok := co.allManifests(); !ok || all.lists(c.Token) {
			return "", "", false
		}
		return fmt.Sprintf("no manifest lists the package `%s` (%s)", c.Token, manifestList(root.files)), "", true
	case KindScript:
		root := co.manifests()
		if !root.hasPackageJSON || root.scripts[c.Token] {
			return "", "", false
		}
		if all, ok := co.allManifests(); !ok || all.scripts[c.Token] {
			return "", "", false
		}
		return fmt.Sprintf("package.json has no script `%s` (`%s %s`)", c.Token, c.Runner, c.Token), "", true
	case KindTarget:
		root := co.manifests()
		if root.makefile == "" || root.targets[c.Token] {
			return "", "", false
		}
		if all, ok := co.allManifests(); !ok || all.targets[c.Token] {
			return "", "", false
		}
		return fmt.Sprintf("%s has no target `%s`", root.makefile, c.Token), "", true
	}
	return "", "", false
}

// exists looks the claim up at the workspace root, without walking.
func (co *Checkout) exists(c Claim) bool {
	if c.Kind == KindGlob {
		return false
	}
	tok := strings.TrimSuffix(c.Token, "/")
	fi, err := fs.Stat(co.FS, tok)
	if err != nil {
		return false
	}
	return !strings.HasSuffix(c.Token, "/") || fi.IsDir()
}

// found looks the claim up anywhere in the checkout: a path may be named
// from the directory it lives under (`components/ui/` for
// src/components/ui/), a file by its name alone.
func (co *Checkout) found(c Claim) bool {
	tok := c.Token
	if c.Kind == KindGlob {
		re, err := globRegexp(tok)
		if err != nil {
			return true // not a pattern we can read: never flag it
		}
		for _, p := range co.paths {
			p = strings.TrimSuffix(p, "/")
			if re.MatchString(p) || !strings.Contains(tok, "/") && re.MatchString(path.Base(p)) {
				return true
			}
		}
		return false
	}
	dir, t := strings.HasSuffix(tok, "/"), strings.TrimSuffix(tok, "/")
	for _, p := range co.paths {
		if dir && !strings.HasSuffix(p, "/") {
			continue
		}
		if q := strings.TrimSuffix(p, "/"); q == t || strings.HasSuffix(q, "/"+t) {
			return true
		}
	}
	return false
}

// elsewhere is where a file of a missing path's name is now, when exactly
// one is: the rule's likely new target.
func (co *Checkout) elsewhere(tok string) string {
	if strings.HasSuffix(tok, "/") {
		return ""
	}
	base, hit := path.Base(tok), ""
	for _, p := range co.paths {
		if !strings.HasSuffix(p, "/") && path.Base(p) == base {
			if hit != "" {
				return ""
			}
			hit = p
		}
	}
	return hit
}

// walk lists the checkout's paths once, up to MaxEntries.
func (co *Checkout) walk() {
	if co.walked {
		return
	}
	co.walked, co.complete = true, true
	err := fs.WalkDir(co.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil // an unreadable folder: its paths are not there
		}
		if p == "." {
			return nil
		}
		if len(co.paths) >= MaxEntries {
			co.complete = false
			return fs.SkipAll
		}
		if d.IsDir() {
			if skipDirs[d.Name()] {
				return fs.SkipDir
			}
			co.paths = append(co.paths, p+"/")
			return nil
		}
		co.paths = append(co.paths, p)
		return nil
	})
	if err != nil {
		co.complete = false
	}
}

// globRegexp translates a glob with ** (any depth), * and ? (within a
// segment), [...] and {a,b} into a regexp matching whole paths.
func globRegexp(glob string) (*regexp.Regexp, error) {
	var b strings.Builder
	b.WriteString("^")
	for i := 0; i < len(glob); i++ {
		c := glob[i]
		switch {
		case c == '*' && i+1 < len(glob) && glob[i+1] == '*':
			i++
			if i+1 < len(glob) && glob[i+1] == '/' {
				i++
				b.WriteString("(?:.*/)?")
			} else {
				b.WriteString(".*")
			}
		case c == '*':
			b.WriteString("[^/]*")
		case c == '?':
			b.WriteString("[^/]")
		case c == '{':
			j := strings.IndexByte(glob[i:], '}')
			if j < 0 {
				return nil, errors.New("unclosed brace")
			}
			alts := strings.Split(glob[i+1:i+j], ",")
			for k := range alts {
				alts[k] = regexp.QuoteMeta(alts[k])
			}
			b.WriteString("(?:" + strings.Join(alts, "|") + ")")
			i += j
		case c == '[':
			j := strings.IndexByte(glob[i:], ']')
			if j < 0 {
				return nil, errors.New("unclosed bracket")
			}
			b.WriteString(glob[i : i+j+1])
			i += j
		default:
			b.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	b.WriteString("/?$")
	return regexp.Compile(b.String())
}

// suggest is the concrete edit for a stale rule: supersede it with the
// instruction naming where the file is now, or retire it.
func suggest(r rules.Rule, c Claim, moved string) string {
	cat := r.Category
	if cat == "" {
		cat = "OTHER"
	}
	if moved != "" {
		instr := strings.ReplaceAll(r.Instruction, c.Token, moved)
		return fmt.Sprintf("supersede it: autofix rules add --supersedes %d --category %s %q", r.Number, cat, instr)
	}
	return fmt.Sprintf("supersede it with what holds now: autofix rules add --supersedes %d --category %s \"…\"; or retire it, if nothing replaces `%s`", r.Number, cat, c.Token)
}

// manifests are the package manifests at the workspace root.
type manifests struct {
	files          []string
	packages       map[string]bool
	goModules      []string
	hasPackageJSON bool
	scripts        map[string]bool
	makefile       string
	targets        map[string]bool
}

// manifestList names the root's manifests for a reason.
func manifestList(files []string) string { return strings.Join(files, ", ") }

func (m *manifests) lists(tok string) bool {
	if m.packages[normalizePkg(tok)] {
		return true
	}
	for _, mod := range m.goModules {
		if tok == mod || strings.HasPrefix(tok, mod+"/") {
			return true
		}
	}
	return false
}

// normalizePkg folds the spellings of one package name (PEP 503: case,
// and runs of -, _ and . alike).
func normalizePkg(s string) string {
	return strings.NewReplacer("_", "-", ".", "-").Replace(strings.ToLower(s))
}

func newManifests() *manifests {
	return &manifests{packages: map[string]bool{}, scripts: map[string]bool{}, targets: map[string]bool{}}
}

// manifests reads the root's manifests once; one that does not parse
// counts as absent, so that nothing is flagged against it.
func (co *Checkout) manifests() *manifests {
	if co.manifest == nil {
		co.manifest = newManifests()
		co.readManifests(".", co.manifest)
	}
	return co.manifest
}

// MaxManifestDirs bounds the folders whose manifests are read in a
// monorepo.
const MaxManifestDirs = 200

// manifestName says whether a file name is one of a manifest.
func manifestName(name string) bool {
	switch name {
	case "package.json", "go.mod", "pyproject.toml", "Cargo.toml", "GNUmakefile", "makefile", "Makefile":
		return true
	}
	return strings.HasPrefix(name, "requirements") && strings.HasSuffix(name, ".txt")
}

// allManifests are the manifests of the root and of every folder below
// it (a monorepo's packages), read once; ok is false when the checkout
// was not walked whole, so that what they lack is not known.
func (co *Checkout) allManifests() (m *manifests, ok bool) {
	co.walk()
	if !co.complete {
		return nil, false
	}
	if co.nested == nil {
		co.nested = newManifests()
		co.readManifests(".", co.nested)
		dirs := map[string]bool{}
		for _, p := range co.paths {
			if d, name := path.Split(p); d != "" && manifestName(name) && !dirs[d] {
				if len(dirs) >= MaxManifestDirs {
					co.nestedPartial = true
					break
				}
				dirs[d] = true
				co.readManifests(strings.TrimSuffix(d, "/"), co.nested)
			}
		}
	}
	return co.nested, !co.nestedPartial
}

// readManifests adds the manifests in dir to m.
func (co *Checkout) readManifests(dir string, m *manifests) {
	read := func(name string) []byte {
		data, err := fs.ReadFile(co.FS, path.Join(dir, name))
		if err != nil || len(data) > 4<<20 {
			return nil
		}
		return data
	}
	if data := read("package.json"); data != nil {
		var pj struct {
			Scripts              map[string]any `json:"scripts"`
			Dependencies         map[string]any `json:"dependencies"`
			DevDependencies      map[string]any `json:"devDependencies"`
			PeerDependencies     map[string]any `json:"peerDependencies"`
			OptionalDependencies map[string]any `json:"optionalDependencies"`
		}
		if json.Unmarshal(data, &pj) == nil {
			m.files, m.hasPackageJSON = append(m.files, path.Join(dir, "package.json")), true
			for _, deps := range []map[string]any{pj.Dependencies, pj.DevDependencies, pj.PeerDependencies, pj.OptionalDependencies} {
				for k := range deps {
					m.packages[normalizePkg(k)] = true
				}
			}
			for k := range pj.Scripts {
				m.scripts[k] = true
			}
		}
	}
	if data := read("go.mod"); data != nil {
		m.files = append(m.files, path.Join(dir, "go.mod"))
		m.goModules = append(m.goModules, goRequires(data)...)
	}
	if data := read("pyproject.toml"); data != nil {
		var py struct {
			Project struct {
				Dependencies         []string            `toml:"dependencies"`
				OptionalDependencies map[string][]string `toml:"optional-dependencies"`
			} `toml:"project"`
			DependencyGroups map[string][]any `toml:"dependency-groups"`
			Tool             struct {
				Poetry struct {
					Dependencies    map[string]any `toml:"dependencies"`
					DevDependencies map[string]any `toml:"dev-dependencies"`
					Group           map[string]struct {
						Dependencies map[string]any `toml:"dependencies"`
					} `toml:"group"`
				} `toml:"poetry"`
			} `toml:"tool"`
		}
		if toml.Unmarshal(data, &py) == nil {
			m.files = append(m.files, path.Join(dir, "pyproject.toml"))
			reqs := slices.Clone(py.Project.Dependencies)
			for _, l := range py.Project.OptionalDependencies {
				reqs = append(reqs, l...)
			}
			for _, l := range py.DependencyGroups {
				for _, v := range l {
					if s, ok := v.(string); ok {
						reqs = append(reqs, s)
					}
				}
			}
			for _, r := range reqs {
				m.packages[normalizePkg(requirementName(r))] = true
			}
			p := py.Tool.Poetry
			groups := []map[string]any{p.Dependencies, p.DevDependencies}
			for _, g := range p.Group {
				groups = append(groups, g.Dependencies)
			}
			for _, g := range groups {
				for k := range g {
					m.packages[normalizePkg(k)] = true
				}
			}
		}
	}
	if entries, err := fs.ReadDir(co.FS, dir); err == nil {
		for _, e := range entries {
			name := e.Name()
			if !e.Type().IsRegular() || !strings.HasPrefix(name, "requirements") || !strings.HasSuffix(name, ".txt") {
				continue
			}
			if data := read(name); data != nil {
				m.files = append(m.files, path.Join(dir, name))
				sc := bufio.NewScanner(bytes.NewReader(data))
				for sc.Scan() {
					line := strings.TrimSpace(sc.Text())
					if line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, "-") {
						continue
					}
					m.packages[normalizePkg(requirementName(line))] = true
				}
			}
		}
	}
	if data := read("Cargo.toml"); data != nil {
		var cargo struct {
			Dependencies      map[string]any `toml:"dependencies"`
			DevDependencies   map[string]any `toml:"dev-dependencies"`
			BuildDependencies map[string]any `toml:"build-dependencies"`
			Workspace         struct {
				Dependencies map[string]any `toml:"dependencies"`
			} `toml:"workspace"`
		}
		if toml.Unmarshal(data, &cargo) == nil {
			m.files = append(m.files, path.Join(dir, "Cargo.toml"))
			for _, deps := range []map[string]any{cargo.Dependencies, cargo.DevDependencies, cargo.BuildDependencies, cargo.Workspace.Dependencies} {
				for k := range deps {
					m.packages[normalizePkg(k)] = true
				}
			}
		}
	}
	for _, name := range []string{"GNUmakefile", "makefile", "Makefile"} {
		if data := read(name); data != nil {
			if m.makefile == "" {
				m.makefile = path.Join(dir, name)
			}
			for t := range makeTargets(data) {
				m.targets[t] = true
			}
		}
	}
}

// requirementName is the name of a PEP 508 requirement ("requests>=2; python_version>'3'").
func requirementName(r string) string {
	r = strings.TrimSpace(r)
	if i := strings.IndexAny(r, " <>=!~;[(@"); i >= 0 {
		r = r[:i]
	}
	return r
}

// goRequires lists the module paths go.mod requires, and its own.
func goRequires(data []byte) []string {
	var mods []string
	block := false
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if i := strings.Index(line, "//"); i >= 0 {
			line = strings.TrimSpace(line[:i])
		}
		f := strings.Fields(line)
		switch {
		case len(f) == 0:
		case block && f[0] == ")":
			block = false
		case block:
			mods = append(mods, f[0])
		case f[0] == "require" && len(f) >= 2 && f[1] == "(":
			block = true
		case (f[0] == "require" || f[0] == "module") && len(f) >= 2:
			mods = append(mods, f[1])
		}
	}
	return mods
}

var makeRule = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^([A-Za-z0-9_.\-/%][A-Za-z0-9_.\-/% ]*?)\s*::?(?:[^=]|$)`)
})

// makeTargets lists a Makefile's explicit targets.
func makeTargets(data []byte) map[string]bool {
	targets := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "\t") {
			continue
		}
		if m := makeRule().FindStringSubmatch(line); m != nil {
			for _, t := range strings.Fields(m[1]) {
				targets[t] = true
			}
		}
	}
	return targets
}

// Package scope finds the workspace a directory belongs to and decides
// whether a preference's scope covers it.
//
// # Workspaces
//
// A workspace is the git top-level directory of a directory, or the
// directory itself outside git. Its identity is the normalized origin remote
// URL when there is one, so two clones of one repository are one workspace,
// else its absolute, symlink-resolved path. [Detect] runs on every agent
// prompt: it reads the repository's git config directly (following the
// `.git` file of a worktree or a submodule) and never starts git.
//
// # Scopes
//
// A [Scope] is either global (every workspace) or a list of workspace
// identities, each with the path where it was last seen. [Scope.Match] says
// whether a scope covers a workspace, and why, in words for people.
package scope

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// Workspace is where a command runs.
type Workspace struct {
	// Root is the absolute, symlink-resolved top-level directory.
	Root string
	// ID is the workspace identity: the normalized origin URL, or Root.
	ID string
	// Name is a short name for people: the repository or directory name.
	Name string
}

// maxGitFile bounds the git files Detect reads (.git files, config).
const maxGitFile = 1 << 20

// Detect returns the workspace of dir, an absolute path.
func Detect(dir string) (Workspace, error) {
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return Workspace{}, fmt.Errorf("resolve %s: %w", dir, err)
	}
	for d := real; ; {
		fi, err := os.Lstat(filepath.Join(d, ".git"))
		if err == nil {
			return gitWorkspace(d, fi), nil
		} else if !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, fs.ErrPermission) {
			return Workspace{}, err
		}
		parent := filepath.Dir(d)
		if parent == d {
			break
		}
		d = parent
	}
	return Workspace{Root: real, ID: real, Name: filepath.Base(real)}, nil
}

// gitWorkspace builds the workspace of the git top-level directory root,
// whose .git entry is fi. A repository whose config cannot be read, or that
// has no origin, is identified by its path.
func gitWorkspace(root string, fi fs.FileInfo) Workspace {
	ws := Workspace{Root: root, ID: root, Name: filepath.Base(root)}
	url := originURL(root, fi)
	if url == "" {
		return ws
	}
	if id := NormalizeURL(url, root); id != "" {
		ws.ID = id
		if n := lastElem(id); n != "" {
			ws.Name = n
		}
	}
	return ws
}

// originURL returns remote.origin.url of the repository at root, or "".
func originURL(root string, fi fs.FileInfo) string {
	gitDir := filepath.Join(root, ".git")
	if !fi.IsDir() {
		// A worktree or a submodule: ".git" is a file "gitdir: PATH".
		data, err := readSmall(gitDir)
		if err != nil {
			return ""
		}
		line, _, _ := strings.Cut(string(data), "\n")
		p, ok := strings.CutPrefix(strings.TrimSpace(line), "gitdir:")
		if !ok {
			return ""
		}
		p = strings.TrimSpace(p)
		if !filepath.IsAbs(p) {
			p = filepath.Join(root, p)
		}
		gitDir = p
	}
	// includeIf "gitdir:" is matched against the repository's own git
	// directory (a linked worktree's, not the common one).
	repoDir := gitDir
	if r, err := filepath.EvalSymlinks(gitDir); err == nil {
		repoDir = r
	}
	// A linked worktree keeps its config in the common directory.
	if data, err := readSmall(filepath.Join(gitDir, "commondir")); err == nil {
		c := strings.TrimSpace(string(data))
		if !filepath.IsAbs(c) {
			c = filepath.Join(gitDir, c)
		}
		gitDir = c
	}
	cfg := readConfig(filepath.Join(gitDir, "config"), repoDir, nil, 0)
	return insteadOf(cfg, lastValue(cfg, "remote", "origin", "url"))
}

func readSmall(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() || fi.Size() > maxGitFile {
		return nil, fmt.Errorf("%s: not a small regular file", name)
	}
	buf := make([]byte, fi.Size())
	n, err := io.ReadFull(f, buf)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
		return nil, err
	}
	return buf[:n], nil
}

// entry is one "key = value" line of a git config file; section and key
// are lower case (git ignores their case), sub is as written.
type entry struct{ section, sub, key, value string }

// maxIncludes bounds the nesting of included config files, as git does.
const maxIncludes = 10

// readConfig appends the entries of the config file name to cfg, with
// those of the files it includes in their place: [include] path, and
// [includeIf "gitdir:..."] path when gitDir matches. A file that cannot be
// read adds nothing.
func readConfig(name, gitDir string, cfg []entry, depth int) []entry {
	data, err := readSmall(name)
	if err != nil || depth > maxIncludes {
		return cfg
	}
	for _, e := range parseConfig(string(data)) {
		cfg = append(cfg, e)
		if e.key != "path" || e.value == "" {
			continue
		}
		if e.section == "include" && e.sub == "" || e.section == "includeif" && gitdirMatches(e.sub, name, gitDir) {
			p := e.value
			if !filepath.IsAbs(p) {
				p = filepath.Join(filepath.Dir(name), p) // "~/" is not followed: no home here
			}
			cfg = readConfig(p, gitDir, cfg, depth+1)
		}
	}
	return cfg
}

// parseConfig returns the entries of a git config file. It understands the
// subset of the format that people and git write: [section "subsection"]
// headers and the old [section.subsection] form, key = value lines,
// comments, and quoted values.
func parseConfig(text string) []entry {
	var out []entry
	var section, sub string
	for line := range strings.Lines(text) {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' || line[0] == ';' {
			continue
		}
		if line[0] == '[' {
			end := strings.IndexByte(line, ']')
			if end < 0 {
				section = ""
				continue
			}
			section, sub = parseHeader(strings.TrimSpace(line[1:end]))
			if line = strings.TrimSpace(line[end+1:]); line == "" {
				continue
			}
		}
		if k, v, ok := strings.Cut(line, "="); ok && section != "" {
			out = append(out, entry{section, sub, strings.ToLower(strings.TrimSpace(k)), unquote(strings.TrimSpace(v))})
		}
	}
	return out
}

// parseHeader splits `remote "origin"` (the subsection keeps its case) or
// the old `remote.origin` (case-insensitive throughout).
func parseHeader(hdr string) (section, sub string) {
	if name, rest, ok := strings.Cut(hdr, " "); ok {
		rest = strings.TrimSpace(rest)
		if len(rest) < 2 || rest[0] != '"' || rest[len(rest)-1] != '"' {
			return "", ""
		}
		return strings.ToLower(name), rest[1 : len(rest)-1]
	}
	name, rest, _ := strings.Cut(hdr, ".")
	return strings.ToLower(name), strings.ToLower(rest)
}

// lastValue returns the last value of key in section "sub" (git's own
// rule: the last one wins), or "".
func lastValue(cfg []entry, section, sub, key string) string {
	val := ""
	for _, e := range cfg {
		if e.section == section && e.sub == sub && e.key == key {
			val = e.value
		}
	}
	return val
}

// configValue is lastValue for the text of one config file.
func configValue(text, section, sub, key string) string {
	return lastValue(parseConfig(text), section, sub, key)
}

// insteadOf rewrites the URL raw as git does for url.<base>.insteadOf: the longest
// matching prefix is replaced by its base.
func insteadOf(cfg []entry, raw string) string {
	base, prefix := "", ""
	for _, e := range cfg {
		if e.section == "url" && e.key == "insteadof" && len(e.value) > len(prefix) && strings.HasPrefix(raw, e.value) {
			base, prefix = e.sub, e.value
		}
	}
	if prefix == "" {
		return raw
	}
	return base + raw[len(prefix):]
}

// gitdirMatches reports whether the includeIf condition cond ("gitdir:" or
// "gitdir/i:" and a glob) holds for the git directory gitDir, for a
// condition written in the config file name. Other conditions (onbranch:,
// hasconfig:) and patterns from the home directory ("~/") do not hold.
func gitdirMatches(cond, name, gitDir string) bool {
	pat, ok := strings.CutPrefix(cond, "gitdir:")
	fold := false
	if !ok {
		if pat, fold = strings.CutPrefix(cond, "gitdir/i:"); !fold {
			return false
		}
	}
	switch {
	case pat == "" || strings.HasPrefix(pat, "~/"):
		return false
	case strings.HasPrefix(pat, "./"):
		pat = filepath.Dir(name) + pat[1:]
	case !filepath.IsAbs(pat):
		pat = "**/" + pat
	}
	if strings.HasSuffix(pat, "/") {
		pat += "**"
	}
	var re strings.Builder
	if fold {
		re.WriteString("(?i)")
	}
	re.WriteString("^")
	for i := 0; i < len(pat); i++ {
		switch {
		case strings.HasPrefix(pat[i:], "**/"):
			re.WriteString("(?:.*/)?")
			i += 2
		case strings.HasPrefix(pat[i:], "**"):
			re.WriteString(".*")
			i++
		case pat[i] == '*':
			re.WriteString("[^/]*")
		case pat[i] == '?':
			re.WriteString("[^/]")
		default:
			re.WriteString(regexp.QuoteMeta(pat[i : i+1]))
		}
	}
	m, err := regexp.MatchString(re.String()+"$", filepath.ToSlash(gitDir))
	return err == nil && m
}

// unquote strips an inline comment and git's double quotes and escapes.
func unquote(v string) string {
	var b strings.Builder
	quoted := false
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case c == '"':
			quoted = !quoted
		case c == '\\' && i+1 < len(v):
			i++
			switch v[i] {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			default:
				b.WriteByte(v[i])
			}
		case (c == '#' || c == ';') && !quoted:
			return strings.TrimSpace(b.String())
		default:
			b.WriteByte(c)
		}
	}
	return strings.TrimSpace(b.String())
}

// caseInsensitiveHost reports whether host is a forge whose repository
// paths ignore case. (A switch, not a map: a package-level map is built at
// process start, and the hooks start a process per prompt.)
func caseInsensitiveHost(host string) bool {
	switch host {
	case "github.com", "gitlab.com", "bitbucket.org":
		return true
	}
	return false
}

// NormalizeURL turns a git remote URL into a workspace identity: "host/path"
// with the user, the port, a trailing ".git" and slashes removed and the host
// lower-cased, so that `git@host:a/b.git`, `https://host/a/b` and
// `ssh://git@host/a/b.git` are one identity. A local path (absolute, or
// relative to dir, the repository's top level) or file:// URL becomes a
// cleaned absolute path. It returns "" for an empty URL.
func NormalizeURL(raw, dir string) string {
	u := strings.TrimSpace(raw)
	if u == "" {
		return ""
	}
	var host, path string
	if strings.Contains(u, "://") {
		pu, err := url.Parse(u)
		switch {
		case err != nil:
			return u // not a URL git could use either: kept as written
		case pu.Scheme == "":
			return localPath(u, dir)
		case strings.EqualFold(pu.Scheme, "file"):
			return localPath(pu.Path, dir)
		}
		host, path = pu.Hostname(), pu.Path
	} else if i := strings.IndexByte(u, ':'); i > 0 && !strings.ContainsAny(u[:i], "/\\") && !isWindowsDrive(u[:i]) {
		// scp-like: [user@]host:path
		host, path = u[:i], u[i+1:]
		if j := strings.LastIndexByte(host, '@'); j >= 0 {
			host = host[j+1:]
		}
	} else {
		return localPath(u, dir)
	}
	host = strings.ToLower(strings.TrimSuffix(host, "."))
	path = strings.Trim(path, "/")
	path = strings.TrimSuffix(path, ".git")
	path = strings.TrimPrefix(strings.Trim(path, "/"), "~")
	path = strings.Trim(path, "/")
	if caseInsensitiveHost(host) {
		path = strings.ToLower(path)
	}
	if path == "" {
		return host
	}
	return host + "/" + path
}

func isWindowsDrive(s string) bool {
	return len(s) == 1 && (s[0] >= 'a' && s[0] <= 'z' || s[0] >= 'A' && s[0] <= 'Z')
}

func localPath(p, dir string) string {
	if !filepath.IsAbs(p) && dir != "" {
		p = filepath.Join(dir, p)
	}
	p = filepath.Clean(p)
	if r, err := filepath.EvalSymlinks(p); err == nil {
		p = r
	}
	if filepath.Base(p) == ".git" {
		return filepath.Dir(p)
	}
	return strings.TrimSuffix(p, ".git")
}

func lastElem(id string) string {
	id = strings.TrimRight(id, "/")
	if i := strings.LastIndexAny(id, "/\\"); i >= 0 {
		return id[i+1:]
	}
	return id
}

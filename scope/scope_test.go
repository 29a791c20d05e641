package scope

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestNormalizeURL(t *testing.T) {
	tests := []struct {
		raw, dir, want string
	}{
		{"git@github.com:Acme/Web.git", "", "github.com/acme/web"},
		{"https://github.com/acme/web", "", "github.com/acme/web"},
		{"https://github.com/acme/web.git/", "", "github.com/acme/web"},
		{"ssh://git@github.com/acme/web.git", "", "github.com/acme/web"},
		{"ssh://git@github.com:22/acme/web.git", "", "github.com/acme/web"},
		{"https://user:token@GitHub.com/acme/web", "", "github.com/acme/web"},
		{"git://example.org/a/b", "", "example.org/a/b"},
		{"git@example.org:Team/Repo.git", "", "example.org/Team/Repo"},
		{"ssh://git@example.org/~user/repo.git", "", "example.org/user/repo"},
		{"ssh://git@[::1]:2222/a/b.git", "", "::1/a/b"},
		{"example.org:a/b.git", "", "example.org/a/b"},
		{"/srv/git/repo.git", "", "/srv/git/repo"},
		{"/srv/git/repo/.git", "", "/srv/git/repo"},
		{"file:///srv/git/repo.git", "", "/srv/git/repo"},
		{"../origin", "/src/clone", "/src/origin"},
		{"https://github.com/acme/web%2Dui", "", "github.com/acme/web-ui"},
		{"HTTPS://GITHUB.COM./acme/web", "", "github.com/acme/web"},
		{"https://h/a%zz", "", "https://h/a%zz"},
		{"/srv/a://b", "", "/srv/a:/b"},
		{"", "", ""},
	}
	for _, tt := range tests {
		if got := NormalizeURL(tt.raw, tt.dir); got != tt.want {
			t.Errorf("NormalizeURL(%q, %q) = %q, want %q", tt.raw, tt.dir, got, tt.want)
		}
	}
}

func TestConfigValue(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{"git's own format", "[core]\n\tbare = false\n[remote \"origin\"]\n\turl = git@h:a/b.git\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n", "git@h:a/b.git"},
		{"other remote only", "[remote \"upstream\"]\n\turl = git@h:a/b.git\n", ""},
		{"last wins", "[remote \"origin\"]\nurl = one\n[remote \"origin\"]\nURL = two\n", "two"},
		{"quoted with comment", "[remote \"origin\"]\n  url = \"https://h/a b\" ; comment\n", "https://h/a b"},
		{"section case", "[Remote \"origin\"]\nurl=x\n", "x"},
		{"subsection is case sensitive", "[remote \"Origin\"]\nurl=x\n", ""},
		{"old dotted form", "[remote.origin]\nurl=y\n", "y"},
		{"comments", "# [remote \"origin\"]\n; url = z\n", ""},
		{"key on the header line", "[remote \"origin\"] url = w\n", "w"},
	}
	for _, tt := range tests {
		if got := configValue(tt.text, "remote", "origin", "url"); got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
		}
	}
}

func write(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestDetect(t *testing.T) {
	tmp, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	// A repository with an origin, a second clone with another spelling of
	// the same URL, a linked worktree, a submodule, a repository without
	// an origin, and a plain directory.
	write(t, filepath.Join(tmp, "web/.git/config"), "[remote \"origin\"]\n\turl = git@github.com:acme/web.git\n")
	write(t, filepath.Join(tmp, "web/src/x.go"), "")
	write(t, filepath.Join(tmp, "clone/.git/config"), "[remote \"origin\"]\n\turl = https://github.com/acme/web\n")
	write(t, filepath.Join(tmp, "web/.git/worktrees/wt/commondir"), "../..\n")
	write(t, filepath.Join(tmp, "wt/.git"), "gitdir: "+filepath.Join(tmp, "web/.git/worktrees/wt")+"\n")
	write(t, filepath.Join(tmp, "web/.git/modules/lib/config"), "[remote \"origin\"]\n\turl = ssh://git@github.com/acme/lib.git\n")
	write(t, filepath.Join(tmp, "web/lib/.git"), "gitdir: ../.git/modules/lib\n")
	write(t, filepath.Join(tmp, "local/.git/config"), "[core]\n\tbare = false\n")
	if err := os.MkdirAll(filepath.Join(tmp, "plain/sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(tmp, "web"), filepath.Join(tmp, "link")); err != nil {
		t.Fatal(err)
	}

	tests := []struct {
		dir  string
		want Workspace
	}{
		{"web", Workspace{Root: tmp + "/web", ID: "github.com/acme/web", Name: "web"}},
		{"web/src", Workspace{Root: tmp + "/web", ID: "github.com/acme/web", Name: "web"}},
		{"link/src", Workspace{Root: tmp + "/web", ID: "github.com/acme/web", Name: "web"}},
		{"clone", Workspace{Root: tmp + "/clone", ID: "github.com/acme/web", Name: "web"}},
		{"wt", Workspace{Root: tmp + "/wt", ID: "github.com/acme/web", Name: "web"}},
		{"web/lib", Workspace{Root: tmp + "/web/lib", ID: "github.com/acme/lib", Name: "lib"}},
		{"local", Workspace{Root: tmp + "/local", ID: tmp + "/local", Name: "local"}},
		{"plain/sub", Workspace{Root: tmp + "/plain/sub", ID: tmp + "/plain/sub", Name: "sub"}},
	}
	for _, tt := range tests {
		got, err := Detect(filepath.Join(tmp, tt.dir))
		if err != nil {
			t.Errorf("Detect(%s): %v", tt.dir, err)
			continue
		}
		if got != tt.want {
			t.Errorf("Detect(%s) = %+v, want %+v", tt.dir, got, tt.want)
		}
	}
	if _, err := Detect(filepath.Join(tmp, "missing")); err == nil {
		t.Error("Detect of a missing directory: no error")
	}
}

// TestDetectConfigIncludes: the origin URL may come from a file the
// repository's config includes ([include], [includeIf "gitdir:"]) and is
// rewritten by url.<base>.insteadOf, as git reads it.
func TestDetectConfigIncludes(t *testing.T) {
	tmp, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	origin := func(u string) string { return "[remote \"origin\"]\n\turl = " + u + "\n" }
	for _, tc := range []struct {
		name   string
		config string
		files  map[string]string // relative to the repository's .git
		want   string
	}{
		{"include relative", "[include]\n\tpath = ../remote.inc\n", map[string]string{"../remote.inc": origin("git@github.com:acme/inc.git")}, "github.com/acme/inc"},
		{"later value wins over include", "[include]\n\tpath = x.inc\n" + origin("git@github.com:acme/own.git"), map[string]string{"x.inc": origin("git@github.com:acme/inc.git")}, "github.com/acme/own"},
		{"include overrides earlier", origin("git@github.com:acme/own.git") + "[include]\n\tpath = x.inc\n", map[string]string{"x.inc": origin("git@github.com:acme/inc.git")}, "github.com/acme/inc"},
		{"nested include", "[include]\n\tpath = a.inc\n", map[string]string{"a.inc": "[include]\n\tpath = b.inc\n", "b.inc": origin("https://gitlab.com/acme/deep")}, "gitlab.com/acme/deep"},
		{"include cycle ends", "[include]\n\tpath = config\n" + origin("https://gitlab.com/acme/cycle"), nil, "gitlab.com/acme/cycle"},
		{"includeIf gitdir matches", "[includeIf \"gitdir:" + tmp + "/\"]\n\tpath = m.inc\n", map[string]string{"m.inc": origin("https://gitlab.com/acme/if")}, "gitlab.com/acme/if"},
		{"includeIf gitdir glob", "[includeIf \"gitdir:**/includeIf gitdir glob/.git\"]\n\tpath = m.inc\n", map[string]string{"m.inc": origin("https://gitlab.com/acme/glob")}, "gitlab.com/acme/glob"},
		{"includeIf gitdir/i", "[includeIf \"gitdir/i:" + strings.ToUpper(tmp) + "/\"]\n\tpath = m.inc\n", map[string]string{"m.inc": origin("https://gitlab.com/acme/fold")}, "gitlab.com/acme/fold"},
		{"includeIf other dir", "[includeIf \"gitdir:/elsewhere/\"]\n\tpath = m.inc\n", map[string]string{"m.inc": origin("https://gitlab.com/acme/no")}, ""},
		{"includeIf onbranch", "[includeIf \"onbranch:main\"]\n\tpath = m.inc\n", map[string]string{"m.inc": origin("https://gitlab.com/acme/no")}, ""},
		{"insteadOf", "[url \"git@github.com:\"]\n\tinsteadOf = gh:\n" + origin("gh:acme/short"), nil, "github.com/acme/short"},
		{"longest insteadOf wins", "[url \"https://example.org/\"]\n\tinsteadOf = ex:\n[url \"https://github.com/acme/\"]\n\tinsteadOf = ex:acme/\n" + origin("ex:acme/long"), nil, "github.com/acme/long"},
	} {
		repo := filepath.Join(tmp, tc.name)
		write(t, filepath.Join(repo, ".git/config"), tc.config)
		for name, data := range tc.files {
			write(t, filepath.Join(repo, ".git", name), data)
		}
		ws, err := Detect(repo)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		want := tc.want
		if want == "" {
			want = repo
		}
		if ws.ID != want {
			t.Errorf("%s: ID %q, want %q", tc.name, ws.ID, want)
		}
	}
}

func BenchmarkDetect(b *testing.B) {
	tmp := b.TempDir()
	cfg := "[core]\n\tbare = false\n[remote \"origin\"]\n\turl = git@github.com:acme/web.git\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n"
	if err := os.MkdirAll(filepath.Join(tmp, "web/.git"), 0o755); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(tmp, "web/.git/config"), []byte(cfg), 0o644); err != nil {
		b.Fatal(err)
	}
	dir := filepath.Join(tmp, "web/a/b/c")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := Detect(dir); err != nil {
			b.Fatal(err)
		}
	}
}

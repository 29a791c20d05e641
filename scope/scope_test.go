package scope

import (
	"os"
	"path/filepath"
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

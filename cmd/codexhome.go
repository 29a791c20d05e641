package cmd

import (
	"fmt"
	"os"
	"path/filepath"
)

// codexHome is the directory the Codex CLI keeps its config.toml,
// hooks.json, prompts and AGENTS.md in, resolved as Codex resolves it
// (find_codex_home, openai/codex codex-rs/utils/home-dir/src/lib.rs):
// $CODEX_HOME when it is set and not empty, else ~/.codex. A relative
// CODEX_HOME is taken from the working directory, as Codex takes it from
// its own. Codex refuses to start when CODEX_HOME names no directory, so
// that is an error here too, which says what to do; ~/.codex need not exist.
// home is $HOME; "" when neither it (absolute) nor CODEX_HOME is set.
func codexHome(env *Env, home string) (string, error) {
	v := env.Getenv("CODEX_HOME")
	if v == "" {
		if !filepath.IsAbs(home) {
			return "", nil
		}
		return filepath.Join(home, ".codex"), nil
	}
	dir := v
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(env.Dir, dir)
	}
	dir = filepath.Clean(dir)
	fi, err := os.Stat(dir)
	switch {
	case os.IsNotExist(err):
		return "", withHint(fmt.Errorf("CODEX_HOME is %q, which does not exist (Codex does not start either)", v),
			"create it (mkdir -p %q) or unset CODEX_HOME to use ~/.codex", dir)
	case err != nil:
		return "", withHint(fmt.Errorf("cannot read CODEX_HOME %q: %w", v, err), "check the permissions of %s", dir)
	case !fi.IsDir():
		return "", withHint(fmt.Errorf("CODEX_HOME is %q, which is not a directory (Codex does not start either)", v),
			"point CODEX_HOME at the directory Codex keeps its config.toml in, or unset it to use ~/.codex")
	}
	return dir, nil
}

package doctor

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/autofix/autofix/hook"
	"github.com/autofix/autofix/setup"
)

// Machine is what the hook checks know of the process: passed in, never
// read from it.
type Machine struct {
	Home string // $HOME; "" skips the global settings
	// CodexHome is Codex's home directory ($CODEX_HOME, else ~/.codex); ""
	// skips Codex.
	CodexHome  string
	PATH       string // $PATH
	Executable string // this binary
}

// Hooks looks at every settings file of every agent that exists, for the
// workspace at wsRoot ("" when there is none): it must parse, and
// autofix's hook command must run a binary that exists, and this one. An
// agent without settings is not listed; no autofix hooks anywhere is one
// warning.
func Hooks(m Machine, wsRoot string) []Check {
	p := Paths{Home: m.Home, Workspace: wsRoot}
	var out []Check
	for _, a := range hook.Agents {
		scopes := []hook.Scope{hook.Global}
		if wsRoot != "" && a != hook.Codex {
			scopes = append(scopes, hook.Local)
			if a == hook.ClaudeCode {
				scopes = append(scopes, hook.Shared)
			}
		}
		for _, s := range scopes {
			if a == hook.Codex && m.CodexHome == "" || a != hook.Codex && s == hook.Global && m.Home == "" {
				continue
			}
			path, err := hook.SettingsPath(a, s, hook.Dirs{Home: m.Home, Codex: m.CodexHome, Project: wsRoot})
			if err != nil {
				continue
			}
			if c, ok := hookCheck(m, a, s, path, p.Show(path)); ok {
				out = append(out, c)
			}
		}
	}
	if len(out) == 0 {
		out = append(out, Check{Name: "hooks", Status: Warn, Detail: "no agent runs autofix's hooks: rules reach agents only through the MCP server or exported files", Fix: "autofix setup claude-code (or codex, cursor)"})
	}
	return out
}

func hookCheck(m Machine, a hook.Agent, s hook.Scope, path, shown string) (Check, bool) {
	again := "autofix setup " + string(a)
	switch s {
	case hook.Global:
		if a != hook.Codex {
			again += " --global"
		}
	case hook.Shared:
		again += " --shared"
	}
	c := Check{Name: "hooks " + string(a)}
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return c, false
	}
	if err != nil {
		c.Status, c.Detail, c.Fix = Fail, fmt.Sprintf("cannot read %s: %v", shown, err), "check the permissions of "+shown
		return c, true
	}
	cmds, err := hook.Installed(a, data, m.Executable)
	if err != nil {
		c.Status, c.Detail, c.Fix = Fail, fmt.Sprintf("%s does not parse: %v", shown, err), fmt.Sprintf("fix %s by hand, then run '%s'", shown, again)
		return c, true
	}
	if len(cmds) == 0 {
		return c, false
	}
	slow := false // a hook runs `autofix hook AGENT` by its absolute path
	for _, cmd := range cmds {
		bin := HookBinary(a, cmd)
		switch {
		case bin == hook.SharedBinary:
			found := LookPath(m.PATH, bin)
			if found == "" {
				c.Status, c.Detail, c.Fix = Fail, fmt.Sprintf("%s runs %s from PATH, which has none", shown, bin), "go install ./cmd/autofix (it goes to $(go env GOPATH)/bin; put that on PATH)"
				return c, true
			}
			if !sameFile(found, m.Executable) {
				c.Status, c.Detail, c.Fix = Warn, fmt.Sprintf("%s runs %s from PATH, which is %s, another binary than this one (%s)", shown, bin, found, m.Executable), "go install ./cmd/autofix, or put this binary's directory first on PATH"
				return c, true
			}
		case !filepath.IsAbs(bin):
			c.Status, c.Detail, c.Fix = Warn, fmt.Sprintf("%s runs %q, not an absolute path", shown, cmd), again
			return c, true
		default:
			fi, err := os.Stat(bin)
			if err != nil || !fi.Mode().IsRegular() || fi.Mode()&0o111 == 0 {
				c.Status, c.Detail, c.Fix = Fail, fmt.Sprintf("%s runs %s, which is missing or not executable", shown, bin), again
				return c, true
			}
			lean := setup.LeanHook(m.Executable)
			switch {
			case hook.IsLean(bin) && (lean == "" || !sameFile(bin, lean)):
				c.Status, c.Detail, c.Fix = Warn, fmt.Sprintf("%s runs %s, which is not the %s next to this binary (%s)", shown, bin, hook.LeanBinary, m.Executable), again
				return c, true
			case !hook.IsLean(bin) && !sameFile(bin, m.Executable):
				c.Status, c.Detail, c.Fix = Warn, fmt.Sprintf("%s runs %s, another binary than this one (%s)", shown, bin, m.Executable), again
				return c, true
			case !hook.IsLean(bin) && lean != "":
				c.Status, c.Detail, c.Fix = Warn, fmt.Sprintf("%s runs %s (autofix hook), though %s, which answers faster, is next to it", shown, cmd, lean), again
				return c, true
			case !hook.IsLean(bin):
				slow = true
			}
		}
	}
	c.Status, c.Detail = OK, fmt.Sprintf("%s runs %s", shown, strings.Join(cmds, ", "))
	if slow {
		c.Detail += fmt.Sprintf(" (autofix hook; %s answers faster: go install github.com/autofix/autofix/cmd/...@latest puts it next to autofix, then run '%s')", hook.LeanBinary, again)
	}
	if a == hook.Codex {
		cfgPath := setup.CodexConfigPath(m.CodexHome)
		cfgShown := Paths{Home: m.Home}.Show(cfgPath)
		switch h, err := setup.CodexHooksFeature(cfgPath); {
		case err != nil:
			c.Status, c.Detail, c.Fix = Fail, fmt.Sprintf("Codex's settings do not parse: %v", err), "fix "+cfgShown+" by hand"
		case h.State == setup.FeatureOff:
			c.Status, c.Detail, c.Fix = Warn, fmt.Sprintf("%s, but %s turns hooks off (%s = false)", c.Detail, cfgShown, h.Key), h.Fix(cfgShown)
		}
	}
	return c, true
}

// LookPath finds name in the directories of path (a $PATH value); "" when
// it is not there.
func LookPath(path, name string) string {
	for _, dir := range filepath.SplitList(path) {
		if dir == "" {
			continue
		}
		p := filepath.Join(dir, name)
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0 {
			return p
		}
	}
	return ""
}

// HookBinary is the binary of autofix's hook command for agent a
// (hook.CommandBinary: the command without " hook AGENT", or the lean
// binary's without " AGENT", unquoted).
func HookBinary(a hook.Agent, command string) string { return hook.CommandBinary(a, command) }

func sameFile(a, b string) bool {
	fa, err := os.Stat(a)
	if err != nil {
		return false
	}
	fb, err := os.Stat(b)
	return err == nil && os.SameFile(fa, fb)
}

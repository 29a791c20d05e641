package setup

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/autofix/autofix/hook"
	"github.com/autofix/autofix/rules"
	"github.com/autofix/autofix/trust"
)

// Titles are the agents' names for people.
var Titles = map[hook.Agent]string{hook.ClaudeCode: "Claude Code", hook.Codex: "Codex", hook.Cursor: "Cursor"}

// TemporaryBuild reports whether exe lies in a go-build temporary
// directory (go-build followed by digits, under the temporary directory or
// GOTMPDIR), where `go run` and `go test` put binaries that Go deletes
// when they exit.
func TemporaryBuild(exe string) bool {
	for _, dir := range strings.Split(filepath.ToSlash(filepath.Dir(exe)), "/") {
		rest, ok := strings.CutPrefix(dir, "go-build")
		if ok && rest != "" && strings.Trim(rest, "0123456789") == "" {
			return true
		}
	}
	return false
}

// LeanHook is the lean hook binary ([hook.LeanBinary]) in the directory of
// the autofix binary exe, as `go install github.com/autofix/autofix/cmd/...`
// leaves them; "" when there is none there (or exe is not absolute).
func LeanHook(exe string) string {
	if !filepath.IsAbs(exe) {
		return ""
	}
	p := filepath.Join(filepath.Dir(exe), hook.LeanBinary+filepath.Ext(exe))
	if fi, err := os.Stat(p); err != nil || !fi.Mode().IsRegular() || filepath.Ext(p) == "" && fi.Mode()&0o111 == 0 {
		return ""
	}
	return p
}

// CursorRulesOf is the content of Cursor's .cursor/rules/autofix.mdc for
// a gated ruleset: the rules in force of a trusted ruleset, and of an
// untrusted one only the note of how many wait.
func CursorRulesOf(g *trust.Gated) []byte {
	if g.Trust != trust.Trusted {
		return CursorRules(g.Rules.Name, nil, g.Note())
	}
	return CursorRules(g.Rules.Name, rules.InForce(g.Rules.Rules), "")
}

// Unignored returns path relative to root when git would not ignore it in
// the repository at root ("" when it would, or root is no repository): a
// file of one person's settings that would be committed.
func Unignored(ctx context.Context, root, path string) string {
	if _, err := os.Lstat(filepath.Join(root, ".git")); err != nil {
		return ""
	}
	rel, err := filepath.Rel(root, path)
	if err != nil {
		return ""
	}
	c := exec.CommandContext(ctx, "git", "-C", root, "check-ignore", "-q", "--", rel)
	var exit *exec.ExitError
	if err := c.Run(); errors.As(err, &exit) && exit.ExitCode() == 1 {
		return filepath.ToSlash(rel)
	}
	return ""
}

// Again is the setup command line of o, without --remove or --dry-run.
func (o Options) Again() string {
	s := "autofix setup " + string(o.Agent)
	switch o.Scope {
	case hook.Global:
		s += " --global"
	case hook.Shared:
		s += " --shared"
	}
	return s
}

// Say is what the person is told about one step of o: a result (for
// stdout), or a notice (for stderr) about a file left alone. Empty when
// there is nothing to say.
func (st Step) Say(o Options) (text string, notice bool) {
	shared := o.Scope == hook.Shared
	if st.Action == Edited || st.Action == Foreign {
		why := "you edited it since autofix wrote it; delete it and run setup again for autofix's version"
		if st.Action == Foreign {
			why = "autofix did not write it"
		}
		return fmt.Sprintf("autofix: notice: left %s alone: %s\n", st.Path, why), true
	}
	cmds := strings.Join(st.Commands, ", ")
	if o.DryRun {
		switch {
		case st.Content != nil:
			text = fmt.Sprintf("Would write %s:\n%s", st.Path, st.Content)
			if st.Action == MovedOut {
				text += fmt.Sprintf("(taking out autofix's hooks running %s)\n", cmds)
			}
			return text, false
		case st.Action == Removed:
			return fmt.Sprintf("Would remove %s.\n", st.Path), false
		case st.Action == Unchanged || st.Action == Absent:
			return fmt.Sprintf("%s needs no change.\n", st.Path), false
		case st.Action == Covered:
			return fmt.Sprintf("%s already runs autofix's hooks (%s); none would be added.\n", st.Path, cmds), false
		case st.Action == StillThere:
			return fmt.Sprintf("autofix's hooks would stay in %s.\n", st.Path), false
		}
		return "", false
	}
	title := Titles[o.Agent]
	switch st.Part {
	case Hooks:
		switch st.Action {
		case Wrote:
			text = fmt.Sprintf("Installed autofix's %s hooks in %s (running %s).\n", title, st.Path, cmds)
			if shared {
				text += fmt.Sprintf("It is the project's shared settings: commit it; the hooks run %s from each person's PATH.\n", hook.SharedBinary)
			}
		case Unchanged:
			text = fmt.Sprintf("autofix's %s hooks are already in %s; nothing changed.\n", title, st.Path)
		case Removed:
			text = fmt.Sprintf("Removed autofix's %s hooks from %s.\n", title, st.Path)
		case Absent:
			text = fmt.Sprintf("No autofix hooks in %s; nothing changed.\n", st.Path)
		case Covered:
			text = fmt.Sprintf("The project's shared %s already runs autofix's hooks (%s from PATH); none added to your local settings, so rules come once.\n", st.Path, hook.SharedBinary)
		case MovedOut:
			if shared {
				text = fmt.Sprintf("Took autofix's hooks (%s) out of %s: the shared settings run them now, and twice would deliver every rule twice.\n", cmds, st.Path)
			} else {
				text = fmt.Sprintf("Took autofix's hooks (%s) out of the shared %s: a committed file would hand your binary's path to the whole team. They are in your local settings now.\n", cmds, st.Path)
			}
		case StillThere:
			flag := " --shared"
			if shared {
				flag = ""
			}
			text = fmt.Sprintf("autofix's hooks are still in %s (%s); remove them with 'autofix setup %s%s --remove'.\n", st.Path, cmds, o.Agent, flag)
		}
	case LearnCommand:
		switch st.Action {
		case Wrote:
			learn := "/learn"
			if o.Agent == hook.Codex {
				learn = "/prompts:learn"
			}
			text = fmt.Sprintf("Installed the learn command in %s: type %s followed by a correction to record it as a project rule.\n", st.Path, learn)
		case Unchanged:
			text = fmt.Sprintf("The learn command in %s is up to date.\n", st.Path)
		case Removed:
			text = fmt.Sprintf("Removed the learn command %s.\n", st.Path)
		}
	case RulesFile:
		switch st.Action {
		case Wrote:
			text = fmt.Sprintf("Wrote %s for Cursor's IDE: the project's trusted rules, always applied.\n", st.Path)
		case Unchanged:
			text = fmt.Sprintf("%s is up to date.\n", st.Path)
		case Removed:
			text = fmt.Sprintf("Removed %s.\n", st.Path)
		}
	}
	return text, false
}

// CodexNotes is what Codex needs before it runs the hooks, given its
// settings in Codex's home directory codexHome: lines for stdout, and a
// warning for stderr when its settings cannot be read.
func CodexNotes(codexHome string) (notes, warning string) {
	notes = "Codex runs a new or changed hook only after you review it: open Codex and run /hooks. Until then it skips them, and `codex exec` runs unreviewed hooks only with --dangerously-bypass-hook-trust.\n"
	path := CodexConfigPath(codexHome)
	switch h, err := CodexHooksFeature(path); {
	case err != nil:
		warning = fmt.Sprintf("autofix: warning: cannot read Codex's settings: %v\n", err)
	case h.State == FeatureOff:
		notes += fmt.Sprintf("%s turns hooks off (%s = false), so Codex runs none of them: %s.\n", path, h.Key, h.Fix(path))
	case h.State == FeatureUnset:
		notes += fmt.Sprintf("Codex 0.124 and later run hooks by default; older versions also need these lines in %s:\n", path)
		for _, l := range strings.Split(CodexFeatureLine, "\n") {
			notes += fmt.Sprintf("  %s\n", l)
		}
	}
	return notes, warning
}

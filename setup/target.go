package setup

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/autofix/autofix/agentfile"
	"github.com/autofix/autofix/hint"
	"github.com/autofix/autofix/hook"
	"github.com/autofix/autofix/me"
	"github.com/autofix/autofix/rules"
	"github.com/autofix/autofix/scope"
)

// Target is an agent's instruction file that export writes: the project's
// file, relative to the workspace root, and the person's own file, which
// reaches the agent in every project.
type Target struct {
	Name, Project, Title string
	// Personal is the user-level file ("" when the agent has none),
	// relative to the person's home directory, or to Codex's home when
	// InCodexHome is set ([Target.PersonalPath]).
	Personal    string
	InCodexHome bool
}

// Targets are the files export writes, in the order help lists them.
var Targets = []Target{
	{"claude", "CLAUDE.md", "Claude Code", filepath.Join(".claude", "CLAUDE.md"), false},
	// Codex reads the person's AGENTS.md in its home, $CODEX_HOME or
	// ~/.codex (developers.openai.com/codex/guides/agents-md).
	{"agents", "AGENTS.md", "Codex and other AGENTS.md readers", "AGENTS.md", true},
	{"cursor", filepath.Join(".cursor", "rules", "autofix.mdc"), "Cursor", "", false},
	{"copilot", filepath.Join(".github", "copilot-instructions.md"), "GitHub Copilot", filepath.Join(".copilot", "copilot-instructions.md"), false},
}

// PersonalPath is t's user-level file among the directories d ("" when t
// has none).
func (t Target) PersonalPath(d hook.Dirs) string {
	switch {
	case t.Personal == "":
		return ""
	case t.InCodexHome:
		return filepath.Join(d.Codex, t.Personal)
	}
	return filepath.Join(d.Home, t.Personal)
}

// TargetNames are the names of [Targets].
func TargetNames() []string {
	out := make([]string, len(Targets))
	for i, t := range Targets {
		out[i] = t.Name
	}
	return out
}

// TargetOf is the target named name; the first one when there is none.
func TargetOf(name string) Target {
	for _, t := range Targets {
		if t.Name == name {
			return t
		}
	}
	return Targets[0]
}

// Exported is one file export looked at, and its JSON form.
type Exported struct {
	// Path is workspace-relative, or under ~ for a user-level file.
	Path string `json:"path"`
	// State: "up to date", "out of date" (preview and --check), "written",
	// "edited" (a Cursor rules file the person edited, left alone) or
	// "foreign" (one autofix did not write, left alone).
	State string `json:"state"`
	// Content is what would be or was written: the managed section of a
	// Markdown file, the whole Cursor rules file.
	Content string `json:"content,omitempty"`
}

// Current reports whether the file needs no write.
func (f Exported) Current() bool { return f.State == "up to date" || f.State == "written" }

// ExportProject brings t's project file in the workspace at wsRoot to the
// rules in force of rs (write), or says what it would write. again is the
// command that writes it, for the section's header.
func ExportProject(ctx context.Context, t Target, wsRoot, lockDir string, rs *rules.Ruleset, again string, write bool) (Exported, error) {
	inForce := rules.InForce(rs.Rules)
	if t.Name == "cursor" {
		content := CursorRules(rs.Name, inForce, "")
		st, err := ExportRules(ctx, wsRoot, lockDir, content, !write)
		if err != nil {
			return Exported{}, err
		}
		f := Exported{Path: t.Project, State: exportState(st.Action, write)}
		if st.Action == Wrote {
			f.Content = string(content)
		}
		return f, nil
	}
	intro := fmt.Sprintf("These rules of this repository (%s) are hard constraints: follow each of them. When two conflict, the newer (higher number) wins.", rs.Name)
	sec := agentfile.Section(SectionBody("Project rules (autofix)", intro, again, ProjectLines(inForce)))
	return ExportSection(ctx, filepath.Join(wsRoot, t.Project), t.Project, lockDir, sec, write)
}

// ExportPersonal brings t's user-level file among the directories d
// ([Target.PersonalPath]) to the person's preferences in force in every
// workspace (write), or says what it would write.
func ExportPersonal(ctx context.Context, t Target, d hook.Dirs, lockDir string, prefs []me.Preference, again string, write bool) (Exported, error) {
	var lines []SectionLine
	left := 0
	for _, p := range prefs {
		switch {
		case !p.InForce():
		case p.Scope.Kind != scope.Global:
			left++
		default:
			lines = append(lines, SectionLine{Category: p.Category, Instruction: p.Instruction, Source: "personal " + p.ID})
		}
	}
	intro := "These are your personal preferences, for every project: follow each of them. A project's own rules win over them; of two preferences, the newer wins."
	switch {
	case left == 1:
		intro += " 1 preference scoped to some workspaces is not here."
	case left > 1:
		intro += fmt.Sprintf(" %d preferences scoped to some workspaces are not here.", left)
	}
	sec := agentfile.Section(SectionBody("Personal preferences (autofix)", intro, again, lines))
	path := t.PersonalPath(d)
	return ExportSection(ctx, path, homeShown(d.Home, path), lockDir, sec, write)
}

// homeShown is path as the person reads it: under ~ when it lies in home.
func homeShown(home, path string) string {
	if home == "" {
		return path
	}
	rel, err := filepath.Rel(home, path)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return path
	}
	return filepath.Join("~", rel)
}

// ExportSection brings the managed section of the Markdown file at path
// (shown as name) to sec (write), or says what it would write.
func ExportSection(ctx context.Context, path, name, lockDir string, sec []byte, write bool) (Exported, error) {
	f := Exported{Path: filepath.ToSlash(name)}
	old, content, err := SectionFile(path, sec)
	if err != nil {
		return f, hint.Wrap(err, "fix the autofix markers in %s by hand: one %s line, then one %s line", name, agentfile.Begin, agentfile.End)
	}
	if old != nil && bytes.Equal(old, content) {
		f.State = "up to date"
		return f, nil
	}
	f.State, f.Content = "out of date", string(sec)
	if !write {
		return f, nil
	}
	st, err := WriteSection(ctx, path, lockDir, sec)
	if err != nil {
		return f, hint.Wrap(err, "fix the autofix markers in %s by hand: one %s line, then one %s line", name, agentfile.Begin, agentfile.End)
	}
	if st.Action == Wrote {
		f.State = "written"
	} else {
		f.State, f.Content = "up to date", ""
	}
	return f, nil
}

func exportState(a Action, write bool) string {
	switch a {
	case Unchanged:
		return "up to date"
	case Edited:
		return "edited"
	case Foreign:
		return "foreign"
	case Wrote:
		if write {
			return "written"
		}
	}
	return "out of date"
}

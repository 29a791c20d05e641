package cmd

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/autofix/autofix/agentfile"
	"github.com/autofix/autofix/rules"
	"github.com/autofix/autofix/scope"
	"github.com/autofix/autofix/setup"
	"github.com/autofix/autofix/trust"
	"github.com/spf13/cobra"
)

// exportTargets are the agents' instruction files export writes: the
// project's file, relative to the workspace root, and the person's own
// file, which reaches the agent in every project.
var exportTargets = []struct {
	name, project, title string
	// personal is the user-level file under HOME ("" when the agent has
	// none).
	personal string
}{
	{"claude", "CLAUDE.md", "Claude Code", filepath.Join(".claude", "CLAUDE.md")},
	{"agents", "AGENTS.md", "Codex and other AGENTS.md readers", filepath.Join(".codex", "AGENTS.md")},
	{"cursor", filepath.Join(".cursor", "rules", "autofix.mdc"), "Cursor", ""},
	{"copilot", filepath.Join(".github", "copilot-instructions.md"), "GitHub Copilot", filepath.Join(".copilot", "copilot-instructions.md")},
}

func exportTargetNames() []string {
	out := make([]string, len(exportTargets))
	for i, t := range exportTargets {
		out[i] = t.name
	}
	return out
}

type exportOptions struct {
	env      *Env
	target   string
	personal bool
	write    bool
	check    bool
	json     bool
}

func newExportCmd(env *Env) *cobra.Command {
	opts := &exportOptions{env: env}
	c := &cobra.Command{
		Use:   "export claude|agents|cursor|copilot [--personal] [--write|--check]",
		Short: "Write the rules into the instruction files agents read",
		Long: `Export writes the project's rules in force into the file an agent reads
on its own, for agents or sessions that run without autofix's hooks:

  claude   CLAUDE.md
  agents   AGENTS.md (Codex, and the other agents that read it)
  cursor   .cursor/rules/autofix.mdc (alwaysApply: true), the file that
           'autofix setup cursor' writes
  copilot  .github/copilot-instructions.md

In the Markdown files autofix owns one section, between the lines
<!-- autofix:begin --> and <!-- autofix:end -->: only that section is
rewritten, every other byte of the file stays as it is, and a file without
it gets it at its end. A Cursor rules file you edited is left alone.

--personal also writes your personal preferences that apply in every
workspace into the agent's user-level file: ~/.claude/CLAUDE.md,
~/.codex/AGENTS.md ($CODEX_HOME/AGENTS.md), ~/.copilot/copilot-instructions.md
(Copilot CLI). Cursor has no such file: its user rules live in Cursor's
settings. Preferences scoped to some workspaces are left out, as the file
reaches every project.

Without --write, export prints what it would write and changes nothing.
--write writes it; running it again without changes writes the same bytes.
--check writes nothing and exits 1 when a file is out of date, for CI.
--write needs a trusted ruleset (autofix trust): the rules reach the agent
from then on. The preview and --check write nothing and need no trust, so
CI can run --check on a fresh clone.`,
		Example: `  autofix export claude
  autofix export claude --write
  autofix export agents --personal --write
  autofix export cursor --check`,
		Args: exportArgs,
		ValidArgsFunction: func(c *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
			var out []cobra.Completion
			for _, n := range exportTargetNames() {
				if len(args) == 0 && strings.HasPrefix(n, toComplete) {
					out = append(out, n)
				}
			}
			return out, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(c *cobra.Command, args []string) error {
			opts.target = args[0]
			if opts.write && opts.check {
				return usageErrorf("--write and --check exclude each other: --check only compares, for CI (see '%s --help')", c.CommandPath())
			}
			return runExport(c.Context(), opts)
		},
	}
	f := c.Flags()
	f.BoolVar(&opts.personal, "personal", false, "also write your preferences into the agent's user-level file")
	f.BoolVar(&opts.write, "write", false, "write the files (default: print what would be written)")
	f.BoolVar(&opts.check, "check", false, "exit 1 when a file is out of date; write nothing")
	f.BoolVar(&opts.json, "json", false, "print the result as JSON")
	return c
}

func exportArgs(c *cobra.Command, args []string) error {
	names := strings.Join(exportTargetNames(), ", ")
	switch {
	case len(args) == 0:
		return usageErrorf("%s needs a target: %s (see '%s --help')", c.CommandPath(), names, c.CommandPath())
	case len(args) > 1:
		return usageErrorf("%s takes one target (%s), got %d arguments (see '%s --help')", c.CommandPath(), names, len(args), c.CommandPath())
	}
	for _, n := range exportTargetNames() {
		if args[0] == n {
			return nil
		}
	}
	return usageErrorf("unknown export target %q: use one of %s (see '%s --help')", args[0], names, c.CommandPath())
}

// exportFile is one file export looked at, and its --json form.
type exportFile struct {
	// Path is workspace-relative, or under ~ for a user-level file.
	Path string `json:"path"`
	// State: "up to date", "out of date" (preview and --check), "written",
	// "edited" (a Cursor rules file the person edited, left alone) or
	// "foreign" (one autofix did not write, left alone).
	State string `json:"state"`
	// Content is what would be or was written: the managed section of a
	// Markdown file, the whole Cursor rules file.
	Content string `json:"content,omitempty"`
	real    string
}

type exportResult struct {
	Target string       `json:"target"`
	Write  bool         `json:"write"`
	Files  []exportFile `json:"files"`
}

func runExport(ctx context.Context, opts *exportOptions) error {
	env := opts.env
	var t = exportTargets[0]
	for _, x := range exportTargets {
		if x.name == opts.target {
			t = x
		}
	}
	home := env.Getenv("HOME")
	if opts.personal {
		if t.personal == "" {
			return withHint(fmt.Errorf("%s has no user-level rules file: its user rules live in Cursor's settings (Cursor Settings → Rules)", t.title),
				"copy your preferences from 'autofix me list' into Cursor's user rules; 'autofix export cursor' without --personal writes the project's rules")
		}
		if home == "" || !filepath.IsAbs(home) {
			return errors.New("HOME is not set to an absolute path: cannot find the agent's user-level file")
		}
	}
	ws, root, err := env.openWorkspace()
	if err != nil {
		return err
	}
	defer root.Close()
	p, err := loadProjectRuleset(env, ws, root)
	if err != nil {
		return withHint(err, "fix the ruleset first: 'autofix rules check' shows what is wrong")
	}
	if opts.write && p.Trust != trust.Trusted && len(p.Rules.Rules) > 0 {
		what := "is not trusted yet"
		if p.Trust == trust.Changed {
			what = "changed since it was trusted"
		}
		return withHint(fmt.Errorf("%s %s: its rules are not exported", p.Rules.Name, what), "%s", p.Hint())
	}
	again := "autofix export " + t.name + " --write"
	inForce := rules.InForce(p.Rules.Rules)
	res := exportResult{Target: t.name, Write: opts.write, Files: []exportFile{}}
	var f exportFile
	if t.name == "cursor" {
		content := setup.CursorRules(p.Rules.Name, inForce, "")
		st, err := setup.ExportRules(ctx, ws.Root, env.lockDir(), content, !opts.write)
		if err != nil {
			return err
		}
		f = exportFile{Path: t.project, State: exportState(st.Action, opts.write), real: st.Path}
		if st.Action == setup.Wrote {
			f.Content = string(content)
		}
	} else {
		intro := fmt.Sprintf("These rules of this repository (%s) are hard constraints: follow each of them. When two conflict, the newer (higher number) wins.", p.Rules.Name)
		sec := agentfile.Section(setup.SectionBody("Project rules (autofix)", intro, again, setup.ProjectLines(inForce)))
		if f, err = exportSection(ctx, env, filepath.Join(ws.Root, t.project), t.project, sec, opts.write); err != nil {
			return err
		}
	}
	res.Files = append(res.Files, f)
	if opts.personal {
		lines, left, err := personalLines(env)
		if err != nil {
			return err
		}
		intro := "These are your personal preferences, for every project: follow each of them. A project's own rules win over them; of two preferences, the newer wins."
		if left > 0 {
			intro += fmt.Sprintf(" %d %s scoped to some workspaces %s not here.", left, plural(left, "preference", "preferences"), plural(left, "is", "are"))
		}
		sec := agentfile.Section(setup.SectionBody("Personal preferences (autofix)", intro, again+" --personal", lines))
		f, err := exportSection(ctx, env, filepath.Join(home, t.personal), filepath.Join("~", t.personal), sec, opts.write)
		if err != nil {
			return err
		}
		res.Files = append(res.Files, f)
	}
	stale := 0
	for _, f := range res.Files {
		if f.State != "up to date" && f.State != "written" {
			stale++
		}
	}
	if opts.json {
		if err := writeJSON(env.Stdout, res); err != nil {
			return err
		}
	} else {
		writeExport(env, opts, res, again)
	}
	if opts.check && stale > 0 {
		return errSilent
	}
	return nil
}

// exportSection brings the managed section of the Markdown file at path
// (shown as name) to sec, or says what it would write.
func exportSection(ctx context.Context, env *Env, path, name string, sec []byte, write bool) (exportFile, error) {
	f := exportFile{Path: filepath.ToSlash(name), real: path}
	old, content, err := setup.SectionFile(path, sec)
	if err != nil {
		return f, withHint(err, "fix the autofix markers in %s by hand: one %s line, then one %s line", name, agentfile.Begin, agentfile.End)
	}
	if old != nil && bytes.Equal(old, content) {
		f.State = "up to date"
		return f, nil
	}
	f.State, f.Content = "out of date", string(sec)
	if !write {
		return f, nil
	}
	st, err := setup.WriteSection(ctx, path, env.lockDir(), sec)
	if err != nil {
		return f, withHint(err, "fix the autofix markers in %s by hand: one %s line, then one %s line", name, agentfile.Begin, agentfile.End)
	}
	if st.Action == setup.Wrote {
		f.State = "written"
	} else {
		f.State, f.Content = "up to date", ""
	}
	return f, nil
}

func exportState(a setup.Action, write bool) string {
	switch a {
	case setup.Unchanged:
		return "up to date"
	case setup.Edited:
		return "edited"
	case setup.Foreign:
		return "foreign"
	case setup.Wrote:
		if write {
			return "written"
		}
	}
	return "out of date"
}

// personalLines are the person's preferences in force in every workspace,
// and how many in force elsewhere only were left out.
func personalLines(env *Env) ([]setup.SectionLine, int, error) {
	store, err := loadPrefs(env)
	if err != nil {
		return nil, 0, err
	}
	var out []setup.SectionLine
	left := 0
	for _, p := range store.All() {
		switch {
		case !p.InForce():
		case p.Scope.Kind != scope.Global:
			left++
		default:
			out = append(out, setup.SectionLine{Category: p.Category, Instruction: p.Instruction, Source: "personal " + p.ID})
		}
	}
	return out, left, nil
}

func writeExport(env *Env, opts *exportOptions, res exportResult, again string) {
	out := env.Stdout
	for _, f := range res.Files {
		switch f.State {
		case "up to date":
			fmt.Fprintf(out, "%s is up to date.\n", f.Path)
		case "written":
			fmt.Fprintf(out, "Wrote %s.\n", f.Path)
		case "edited", "foreign":
			why := "you edited it since autofix wrote it; delete it and run '" + again + "' for autofix's version"
			if f.State == "foreign" {
				why = "autofix did not write it"
			}
			fmt.Fprintf(env.Stderr, "autofix: notice: left %s alone: %s\n", f.Path, why)
		case "out of date":
			switch {
			case opts.check:
				fmt.Fprintf(out, "%s is out of date: run '%s'.\n", f.Path, again+personalFlag(opts))
			case strings.HasSuffix(f.Path, ".mdc"):
				fmt.Fprintf(out, "Would write %s:\n%s", f.Path, f.Content)
			default:
				fmt.Fprintf(out, "Would write the autofix section of %s:\n%s", f.Path, f.Content)
			}
		}
	}
	if !opts.write && !opts.check {
		for _, f := range res.Files {
			if f.State == "out of date" {
				fmt.Fprintf(out, "Nothing written: run '%s' to write it.\n", again+personalFlag(opts))
				break
			}
		}
	}
}

func personalFlag(opts *exportOptions) string {
	if opts.personal {
		return " --personal"
	}
	return ""
}

package cmd

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/autofix/autofix/hook"
	"github.com/autofix/autofix/setup"
	"github.com/autofix/autofix/trust"
	"github.com/spf13/cobra"
)

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
~/.codex/AGENTS.md ($CODEX_HOME/AGENTS.md when CODEX_HOME is set),
~/.copilot/copilot-instructions.md (Copilot CLI). Cursor has no such
file: its user rules live in Cursor's settings. Preferences scoped to
some workspaces are left out, as the file reaches every project.

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
			for _, n := range setup.TargetNames() {
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
	names := strings.Join(setup.TargetNames(), ", ")
	switch {
	case len(args) == 0:
		return usageErrorf("%s needs a target: %s (see '%s --help')", c.CommandPath(), names, c.CommandPath())
	case len(args) > 1:
		return usageErrorf("%s takes one target (%s), got %d arguments (see '%s --help')", c.CommandPath(), names, len(args), c.CommandPath())
	}
	if !slices.Contains(setup.TargetNames(), args[0]) {
		return usageErrorf("unknown export target %q: use one of %s (see '%s --help')", args[0], names, c.CommandPath())
	}
	return nil
}

type exportResult struct {
	Target string           `json:"target"`
	Write  bool             `json:"write"`
	Files  []setup.Exported `json:"files"`
}

func runExport(ctx context.Context, opts *exportOptions) error {
	env := opts.env
	t := setup.TargetOf(opts.target)
	home := env.Getenv("HOME")
	if opts.personal {
		if t.Personal == "" {
			return withHint(fmt.Errorf("%s has no user-level rules file: its user rules live in Cursor's settings (Cursor Settings → Rules)", t.Title),
				"copy your preferences from 'autofix me list' into Cursor's user rules; 'autofix export cursor' without --personal writes the project's rules")
		}
		if home == "" || !filepath.IsAbs(home) {
			return errors.New("HOME is not set to an absolute path: cannot find the agent's user-level file")
		}
	}
	dirs := hook.Dirs{Home: home}
	if opts.personal && t.InCodexHome {
		var err error
		if dirs.Codex, err = codexHome(env, home); err != nil {
			return err
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
		return withHint(fmt.Errorf("%s %s: its rules are not exported", p.Rules.Name, p.Trust.Reason()), "%s", p.Hint())
	}
	again := "autofix export " + t.Name + " --write"
	res := exportResult{Target: t.Name, Write: opts.write}
	f, err := setup.ExportProject(ctx, t, ws.Root, env.lockDir(), p.Rules, again, opts.write)
	if err != nil {
		return err
	}
	res.Files = append(res.Files, f)
	if opts.personal {
		store, err := loadPrefs(env)
		if err != nil {
			return err
		}
		f, err := setup.ExportPersonal(ctx, t, dirs, env.lockDir(), store.All(), again+" --personal", opts.write)
		if err != nil {
			return err
		}
		res.Files = append(res.Files, f)
	}
	if opts.json {
		if err := writeJSON(env.Stdout, res); err != nil {
			return err
		}
	} else {
		writeExport(env, opts, res, again)
	}
	if opts.check && slices.ContainsFunc(res.Files, func(f setup.Exported) bool { return !f.Current() }) {
		return errSilent
	}
	return nil
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
	if !opts.write && !opts.check && slices.ContainsFunc(res.Files, func(f setup.Exported) bool { return f.State == "out of date" }) {
		fmt.Fprintf(out, "Nothing written: run '%s' to write it.\n", again+personalFlag(opts))
	}
}

func personalFlag(opts *exportOptions) string {
	if opts.personal {
		return " --personal"
	}
	return ""
}

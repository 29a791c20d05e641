package cmd

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/autofix/autofix/doctor"
	"github.com/autofix/autofix/hook"
	"github.com/autofix/autofix/rules"
	"github.com/autofix/autofix/scope"
	"github.com/autofix/autofix/setup"
	"github.com/autofix/autofix/trust"
	"github.com/spf13/cobra"
)

type setupOptions struct {
	env    *Env
	agent  hook.Agent
	global bool
	shared bool
	dryRun bool
	remove bool
}

var agentTitles = map[hook.Agent]string{hook.ClaudeCode: "Claude Code", hook.Codex: "Codex", hook.Cursor: "Cursor"}

func newSetupCmd(env *Env) *cobra.Command {
	opts := &setupOptions{env: env}
	c := &cobra.Command{
		Use:   "setup claude-code|codex|cursor",
		Short: "Install autofix's hooks and learn command in an agent",
		Long: `Setup adds autofix's hooks to an agent's hook settings, so the agent
receives your rules at the start of each session, with each prompt and
before it writes a file, and a learn command (/learn) that records a
correction as a project rule:

  claude-code  hooks: .claude/settings.local.json in this workspace (not
               committed; --shared: .claude/settings.json; --global:
               ~/.claude/settings.json); command: .claude/commands/learn.md
               (--global: ~/.claude/commands/)
  codex        hooks: ~/.codex/hooks.json; command: ~/.codex/prompts/learn.md
               (/prompts:learn)
  cursor       hooks: .cursor/hooks.json in this workspace (--global:
               ~/.cursor/hooks.json); command: .cursor/commands/learn.md;
               rules for the IDE: .cursor/rules/autofix.mdc

Only autofix's entries change: everything else in a settings file keeps
its bytes and its place, comments included. The hooks run this binary by
its absolute path; --shared writes the bare command autofix instead,
which each person's PATH resolves, for settings the team commits. Running
setup again changes nothing; after moving the binary it updates the path.
A learn command or rules file you edited is never overwritten. --remove
takes autofix out again.`,
		Example: `  autofix setup claude-code
  autofix setup claude-code --shared
  autofix setup claude-code --global --dry-run
  autofix setup codex
  autofix setup cursor --remove`,
		Args: setupArgs,
		ValidArgsFunction: func(c *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
			if len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			return completeAgents(c, args, toComplete)
		},
		RunE: func(c *cobra.Command, args []string) error {
			a, err := hook.ParseAgent(args[0])
			if err != nil {
				return usageErrorf("%v (see '%s --help')", err, c.CommandPath())
			}
			opts.agent = a
			if opts.shared && opts.global {
				return usageErrorf("--shared and --global exclude each other: --shared writes the project's committed settings, --global your own (see '%s --help')", c.CommandPath())
			}
			if opts.shared && a != hook.ClaudeCode {
				return usageErrorf("--shared is for claude-code, whose project settings come in a local and a shared file (see '%s --help')", c.CommandPath())
			}
			return runSetup(c.Context(), opts)
		},
	}
	f := c.Flags()
	f.BoolVar(&opts.global, "global", false, "install for all your projects (the settings in your home directory)")
	f.BoolVar(&opts.shared, "shared", false, "claude-code: write the committed .claude/settings.json, running autofix from PATH")
	f.BoolVar(&opts.dryRun, "dry-run", false, "print the files as they would be written; change nothing")
	f.BoolVar(&opts.remove, "remove", false, "remove autofix's hooks and learn command")
	return c
}

// setupArgs accepts exactly one agent, and says which mistake was made.
func setupArgs(c *cobra.Command, args []string) error {
	switch len(args) {
	case 1:
		return nil
	case 0:
		return usageErrorf("%s needs an agent: claude-code, codex or cursor (see '%s --help')", c.CommandPath(), c.CommandPath())
	}
	return usageErrorf("%s takes exactly one agent (claude-code, codex or cursor), got %d arguments: %s (see '%s --help')",
		c.CommandPath(), len(args), strings.Join(args, " "), c.CommandPath())
}

// inGoBuildTemp reports whether exe lies in a go-build temporary directory
// (go-build followed by digits, under the temporary directory or GOTMPDIR),
// where `go run` and `go test` put binaries that Go deletes when they exit.
func inGoBuildTemp(exe string) bool {
	for _, dir := range strings.Split(filepath.ToSlash(filepath.Dir(exe)), "/") {
		rest, ok := strings.CutPrefix(dir, "go-build")
		if ok && rest != "" && strings.Trim(rest, "0123456789") == "" {
			return true
		}
	}
	return false
}

func (o *setupOptions) scope() hook.Scope {
	switch {
	case o.global:
		return hook.Global
	case o.shared:
		return hook.Shared
	}
	return hook.Local
}

func (o *setupOptions) again() string {
	s := "autofix setup " + string(o.agent)
	if o.global {
		s += " --global"
	}
	if o.shared {
		s += " --shared"
	}
	return s
}

func runSetup(ctx context.Context, opts *setupOptions) error {
	env := opts.env
	home := env.Getenv("HOME")
	if home == "" || !filepath.IsAbs(home) {
		return errors.New("HOME is not set to an absolute path: cannot find the agent's settings")
	}
	exe := env.Executable
	if !opts.remove && !opts.shared && !filepath.IsAbs(exe) {
		return withHint(fmt.Errorf("cannot find the absolute path of the autofix binary (got %q)", exe), "run setup with the installed binary, e.g. $(go env GOPATH)/bin/autofix setup")
	}
	if !opts.remove && !opts.shared && inGoBuildTemp(exe) {
		return withHint(fmt.Errorf("%s is a temporary build (go run) that Go deletes when it exits; the hooks would run a missing file", exe),
			"install it first: go install ./cmd/autofix, then run '%s'", opts.again())
	}
	so := setup.Options{
		Agent: opts.agent, Scope: opts.scope(), Home: home, Exe: exe,
		Remove: opts.remove, DryRun: opts.dryRun, LockDir: env.lockDir(),
	}
	var ws scope.Workspace
	if so.Scope != hook.Global && opts.agent != hook.Codex {
		var err error
		if ws, err = env.workspace(); err != nil {
			return err
		}
		so.Project = ws.Root
	}
	if opts.agent == hook.Cursor && so.Scope != hook.Global && !opts.remove {
		content, err := cursorRulesFile(env, ws)
		if err != nil {
			fmt.Fprintf(env.Stderr, "autofix: warning: %s not written: %v (run 'autofix rules check')\n", filepath.Join(".cursor", "rules", "autofix.mdc"), err)
		}
		so.Rules = content
	}
	if opts.shared && !opts.remove && !onPath(env, hook.SharedBinary) {
		fmt.Fprintf(env.Stderr, "autofix: warning: %s is not on your PATH: the shared hooks run it from each person's PATH (go install ./cmd/autofix puts it in $(go env GOPATH)/bin)\n", hook.SharedBinary)
	}
	steps, err := setup.Run(ctx, so)
	if err != nil {
		if errors.Is(err, hook.ErrSettings) {
			return withHint(err, "fix the file by hand, then run setup again")
		}
		return err
	}
	for _, st := range steps {
		printStep(env, opts, st)
	}
	if so.Scope == hook.Local && opts.agent == hook.ClaudeCode && !opts.remove && !opts.dryRun && len(steps) > 0 && steps[0].Action == setup.Wrote {
		warnIfCommitted(ctx, env, ws.Root, steps[0].Path)
	}
	if opts.remove || opts.dryRun {
		return nil
	}
	if opts.agent == hook.Codex {
		codexNotes(env, home)
	}
	fmt.Fprintln(env.Stdout, "Project rules reach the agent only in workspaces you trusted with 'autofix trust'.")
	return nil
}

// printStep tells what one step did: results on stdout, a file left alone
// as a notice on stderr.
func printStep(env *Env, opts *setupOptions, st setup.Step) {
	out := env.Stdout
	title := agentTitles[opts.agent]
	if st.Action == setup.Edited || st.Action == setup.Foreign {
		why := "you edited it since autofix wrote it; delete it and run setup again for autofix's version"
		if st.Action == setup.Foreign {
			why = "autofix did not write it"
		}
		fmt.Fprintf(env.Stderr, "autofix: notice: left %s alone: %s\n", st.Path, why)
		return
	}
	if opts.dryRun {
		switch {
		case st.Content != nil:
			fmt.Fprintf(out, "Would write %s:\n%s", st.Path, st.Content)
			if st.Action == setup.MovedOut {
				fmt.Fprintf(out, "(taking out autofix's hooks running %s)\n", strings.Join(st.Commands, ", "))
			}
		case st.Action == setup.Removed:
			fmt.Fprintf(out, "Would remove %s.\n", st.Path)
		case st.Action == setup.Unchanged || st.Action == setup.Absent:
			fmt.Fprintf(out, "%s needs no change.\n", st.Path)
		case st.Action == setup.Covered:
			fmt.Fprintf(out, "%s already runs autofix's hooks (%s); none would be added.\n", st.Path, strings.Join(st.Commands, ", "))
		case st.Action == setup.StillThere:
			fmt.Fprintf(out, "autofix's hooks would stay in %s.\n", st.Path)
		}
		return
	}
	switch st.Part {
	case setup.Hooks:
		switch st.Action {
		case setup.Wrote:
			fmt.Fprintf(out, "Installed autofix's %s hooks in %s (running %s).\n", title, st.Path, strings.Join(st.Commands, ", "))
			if opts.shared {
				fmt.Fprintf(out, "It is the project's shared settings: commit it; the hooks run %s from each person's PATH.\n", hook.SharedBinary)
			}
		case setup.Unchanged:
			fmt.Fprintf(out, "autofix's %s hooks are already in %s; nothing changed.\n", title, st.Path)
		case setup.Removed:
			fmt.Fprintf(out, "Removed autofix's %s hooks from %s.\n", title, st.Path)
		case setup.Absent:
			fmt.Fprintf(out, "No autofix hooks in %s; nothing changed.\n", st.Path)
		case setup.Covered:
			fmt.Fprintf(out, "The project's shared %s already runs autofix's hooks (%s from PATH); none added to your local settings, so rules come once.\n", st.Path, hook.SharedBinary)
		case setup.MovedOut:
			if opts.shared {
				fmt.Fprintf(out, "Took autofix's hooks (%s) out of %s: the shared settings run them now, and twice would deliver every rule twice.\n", strings.Join(st.Commands, ", "), st.Path)
			} else {
				fmt.Fprintf(out, "Took autofix's hooks (%s) out of the shared %s: a committed file would hand your binary's path to the whole team. They are in your local settings now.\n", strings.Join(st.Commands, ", "), st.Path)
			}
		case setup.StillThere:
			flag := " --shared"
			if opts.shared {
				flag = ""
			}
			fmt.Fprintf(out, "autofix's hooks are still in %s (%s); remove them with 'autofix setup %s%s --remove'.\n", st.Path, strings.Join(st.Commands, ", "), opts.agent, flag)
		}
	case setup.LearnCommand:
		switch st.Action {
		case setup.Wrote:
			fmt.Fprintf(out, "Installed the learn command in %s: type %s followed by a correction to record it as a project rule.\n", st.Path, learnInvocation(opts.agent))
		case setup.Unchanged:
			fmt.Fprintf(out, "The learn command in %s is up to date.\n", st.Path)
		case setup.Removed:
			fmt.Fprintf(out, "Removed the learn command %s.\n", st.Path)
		}
	case setup.RulesFile:
		switch st.Action {
		case setup.Wrote:
			fmt.Fprintf(out, "Wrote %s for Cursor's IDE: the project's trusted rules, always applied.\n", st.Path)
		case setup.Unchanged:
			fmt.Fprintf(out, "%s is up to date.\n", st.Path)
		case setup.Removed:
			fmt.Fprintf(out, "Removed %s.\n", st.Path)
		}
	}
}

func learnInvocation(a hook.Agent) string {
	if a == hook.Codex {
		return "/prompts:learn"
	}
	return "/learn"
}

// codexNotes says what Codex needs before it runs the hooks.
func codexNotes(env *Env, home string) {
	fmt.Fprintln(env.Stdout, "Codex runs a new or changed hook only after you review it: open Codex and run /hooks. Until then it skips them, and `codex exec` runs unreviewed hooks only with --dangerously-bypass-hook-trust.")
	path := setup.CodexConfigPath(home)
	switch f, err := setup.CodexHooksFeature(path); {
	case err != nil:
		fmt.Fprintf(env.Stderr, "autofix: warning: cannot read Codex's settings: %v\n", err)
	case f == setup.FeatureOff:
		fmt.Fprintf(env.Stdout, "%s turns hooks off (codex_hooks = false): set it to true, or Codex runs none of them.\n", path)
	case f == setup.FeatureUnset:
		fmt.Fprintf(env.Stdout, "Codex before 0.124 also needs these lines in %s:\n", path)
		for _, l := range strings.Split(setup.CodexFeatureLine, "\n") {
			fmt.Fprintf(env.Stdout, "  %s\n", l)
		}
	}
}

// warnIfCommitted says so when git would not ignore path, a file of one
// person's settings in the repository at root (Claude Code adds
// settings.local.json to git's excludes when it creates the file itself;
// autofix leaves the person's ignore files alone).
func warnIfCommitted(ctx context.Context, env *Env, root, path string) {
	if _, err := os.Lstat(filepath.Join(root, ".git")); err != nil {
		return
	}
	rel, err := filepath.Rel(root, path)
	if err != nil {
		return
	}
	c := exec.CommandContext(ctx, "git", "-C", root, "check-ignore", "-q", "--", rel)
	var exit *exec.ExitError
	if err := c.Run(); errors.As(err, &exit) && exit.ExitCode() == 1 {
		fmt.Fprintf(env.Stderr, "autofix: notice: git does not ignore %s: add it to .gitignore, so that your binary's path is not committed\n", filepath.ToSlash(rel))
	}
}

// onPath reports whether name is an executable file in a directory of
// the environment's PATH.
func onPath(env *Env, name string) bool { return doctor.LookPath(env.Getenv("PATH"), name) != "" }

// cursorRulesFile is the content of Cursor's .cursor/rules/autofix.mdc for
// ws: the in-force rules of a trusted ruleset, and of an untrusted one only
// the note of how many wait (the trust gate of loadProjectRuleset). The
// Cursor hook passes it to [setup.SyncRules] at sessionStart.
func cursorRulesFile(env *Env, ws scope.Workspace) ([]byte, error) {
	root, err := openRoot(ws)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	p, err := loadProjectRuleset(env, ws, root)
	if err != nil {
		return nil, err
	}
	if p.Trust != trust.Trusted {
		return setup.CursorRules(p.Rules.Name, nil, p.Note()), nil
	}
	return setup.CursorRules(p.Rules.Name, rules.InForce(p.Rules.Rules), ""), nil
}

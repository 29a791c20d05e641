package cmd

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/autofix/autofix/doctor"
	"github.com/autofix/autofix/hook"
	"github.com/autofix/autofix/hookrun"
	"github.com/autofix/autofix/scope"
	"github.com/autofix/autofix/setup"
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
               (/prompts:learn); with CODEX_HOME set, in $CODEX_HOME
               instead of ~/.codex, as Codex reads them
  cursor       hooks: .cursor/hooks.json in this workspace (--global:
               ~/.cursor/hooks.json); command: .cursor/commands/learn.md;
               rules for the IDE: .cursor/rules/autofix.mdc

Only autofix's entries change: everything else in a settings file keeps
its bytes and its place, comments included. The hooks run autofix-hook,
the lean hook binary, by its absolute path when it sits next to this
binary (go install github.com/autofix/autofix/cmd/...@latest installs
both), else this binary's 'autofix hook'; --shared writes the bare
command 'autofix hook' instead, which each person's PATH resolves, for
settings the team commits. Running setup again changes nothing; after
moving the binary, or installing autofix-hook next to it, it updates the
command in place.
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

func (o *setupOptions) scope() hook.Scope {
	switch {
	case o.global:
		return hook.Global
	case o.shared:
		return hook.Shared
	}
	return hook.Local
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
	so := setup.Options{
		Agent: opts.agent, Scope: opts.scope(), Home: home, Exe: exe,
		Remove: opts.remove, DryRun: opts.dryRun, LockDir: env.lockDir(),
	}
	if opts.agent == hook.Codex {
		dir, err := codexHome(env, home)
		if err != nil {
			return err
		}
		so.CodexHome = dir
	}
	if !opts.remove && !opts.shared && setup.TemporaryBuild(exe) {
		return withHint(fmt.Errorf("%s is a temporary build (go run) that Go deletes when it exits; the hooks would run a missing file", exe),
			"install it first: go install ./cmd/..., then run '%s'", so.Again())
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
		if text, notice := st.Say(so); notice {
			fmt.Fprint(env.Stderr, text)
		} else {
			fmt.Fprint(env.Stdout, text)
		}
	}
	if so.Scope == hook.Local && opts.agent == hook.ClaudeCode && !opts.remove && !opts.dryRun && len(steps) > 0 && steps[0].Action == setup.Wrote {
		if rel := setup.Unignored(ctx, ws.Root, steps[0].Path); rel != "" {
			fmt.Fprintf(env.Stderr, "autofix: notice: git does not ignore %s: add it to .gitignore, so that your binary's path is not committed\n", rel)
		}
	}
	if opts.remove || opts.dryRun {
		return nil
	}
	if opts.agent == hook.Codex {
		notes, warning := setup.CodexNotes(so.CodexHome)
		fmt.Fprint(env.Stdout, notes)
		fmt.Fprint(env.Stderr, warning)
	}
	fmt.Fprintln(env.Stdout, "Project rules reach the agent only in workspaces you trusted with 'autofix trust'.")
	return nil
}

// onPath reports whether name is an executable file in a directory of
// the environment's PATH.
func onPath(env *Env, name string) bool { return doctor.LookPath(env.Getenv("PATH"), name) != "" }

// cursorRulesFile is the content of Cursor's .cursor/rules/autofix.mdc for
// ws (hookrun.CursorRulesFile).
func cursorRulesFile(env *Env, ws scope.Workspace) ([]byte, error) {
	return hookrun.CursorRulesFile(env.hookEnv(), ws)
}

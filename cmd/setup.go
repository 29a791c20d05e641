package cmd

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/autofix/autofix/hook"
	"github.com/autofix/autofix/jsonfile"
	"github.com/spf13/cobra"
)

type setupOptions struct {
	env    *Env
	agent  hook.Agent
	global bool
	dryRun bool
	remove bool
}

var agentTitles = map[hook.Agent]string{hook.ClaudeCode: "Claude Code", hook.Codex: "Codex", hook.Cursor: "Cursor"}

func newSetupCmd(env *Env) *cobra.Command {
	opts := &setupOptions{env: env}
	c := &cobra.Command{
		Use:   "setup claude-code|codex|cursor",
		Short: "Install autofix's hooks in an agent's settings",
		Long: `Setup adds autofix's hooks to an agent's hook settings, so the agent
receives your rules at the start of each session, with each prompt and
before it writes a file:

  claude-code  .claude/settings.json in this workspace (--global: ~/.claude/settings.json)
  codex        ~/.codex/hooks.json
  cursor       .cursor/hooks.json in this workspace (--global: ~/.cursor/hooks.json)

Every other setting and hook in the file is kept. The hooks run this
binary by its absolute path; running setup again changes nothing, and after
moving the binary it updates the path. --remove takes autofix's hooks out
again.`,
		Example: `  autofix setup claude-code
  autofix setup claude-code --global --dry-run
  autofix setup codex
  autofix setup cursor --remove`,
		Args:      setupArgs,
		ValidArgs: []string{string(hook.ClaudeCode), string(hook.Codex), string(hook.Cursor)},
		RunE: func(c *cobra.Command, args []string) error {
			a, err := hook.ParseAgent(args[0])
			if err != nil {
				return usageErrorf("%v (see '%s --help')", err, c.CommandPath())
			}
			opts.agent = a
			return runSetup(c.Context(), opts)
		},
	}
	f := c.Flags()
	f.BoolVar(&opts.global, "global", false, "install for all your projects (the settings in your home directory)")
	f.BoolVar(&opts.dryRun, "dry-run", false, "print the settings file as it would be written; change nothing")
	f.BoolVar(&opts.remove, "remove", false, "remove autofix's hooks")
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

func runSetup(ctx context.Context, opts *setupOptions) error {
	env := opts.env
	home := env.Getenv("HOME")
	if home == "" || !filepath.IsAbs(home) {
		return errors.New("HOME is not set to an absolute path: cannot find the agent's settings")
	}
	base := home
	if !opts.global && opts.agent != hook.Codex {
		ws, err := env.workspace()
		if err != nil {
			return err
		}
		base = ws.Root
	}
	path, err := hook.SettingsPath(opts.agent, opts.global, home, base)
	if err != nil {
		return err
	}
	rel, err := filepath.Rel(base, path)
	if err != nil {
		return err
	}
	exe := env.Executable
	if !opts.remove && !filepath.IsAbs(exe) {
		return withHint(fmt.Errorf("cannot find the absolute path of the autofix binary (got %q)", exe), "run setup with the installed binary, e.g. $(go env GOPATH)/bin/autofix setup")
	}
	if !opts.remove && inGoBuildTemp(exe) {
		again := "autofix setup " + string(opts.agent)
		if opts.global {
			again += " --global"
		}
		return withHint(fmt.Errorf("%s is a temporary build (go run) that Go deletes when it exits; the hooks would run a missing file", exe),
			"install it first: go install ./cmd/autofix, then run '%s'", again)
	}
	if err := os.MkdirAll(base, 0o755); err != nil {
		return err
	}
	root, err := os.OpenRoot(base)
	if err != nil {
		return fmt.Errorf("open %s: %w", base, err)
	}
	defer root.Close()

	title := agentTitles[opts.agent]
	edit := func(old []byte) ([]byte, bool, error) {
		if opts.remove {
			return hook.Remove(opts.agent, old, exe)
		}
		return hook.Install(opts.agent, old, exe)
	}
	if opts.dryRun {
		old, err := jsonfile.Read(root, filepath.ToSlash(rel), 1<<20)
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("read %s: %w", path, err)
		}
		out, changed, err := edit(old)
		if err != nil {
			return withHint(fmt.Errorf("%s: %w", path, err), "fix the file by hand, then run setup again")
		}
		if !changed {
			fmt.Fprintf(env.Stdout, "%s needs no change.\n", path)
			return nil
		}
		fmt.Fprintf(env.Stdout, "Would write %s:\n%s", path, out)
		return nil
	}

	changed := false
	errNoChange := errors.New("no change")
	err = jsonfile.Update(ctx, root, filepath.ToSlash(rel), jsonfile.Options{
		LockPath: jsonfile.LockPath(env.lockDir(), path),
	}, func(old []byte, exists bool) ([]byte, error) {
		if !exists && opts.remove {
			return nil, errNoChange
		}
		out, ch, err := edit(old)
		if err != nil {
			return nil, err
		}
		if !ch {
			return nil, errNoChange
		}
		changed = true
		return out, nil
	})
	if err != nil && !errors.Is(err, errNoChange) {
		return withHint(fmt.Errorf("%s: %w", path, err), "fix the file by hand, then run setup again")
	}
	switch {
	case opts.remove && changed:
		fmt.Fprintf(env.Stdout, "Removed autofix's %s hooks from %s.\n", title, path)
	case opts.remove:
		fmt.Fprintf(env.Stdout, "No autofix hooks in %s; nothing changed.\n", path)
	case changed:
		fmt.Fprintf(env.Stdout, "Installed autofix's %s hooks in %s (running %s).\n", title, path, hook.Command(opts.agent, exe))
		if opts.agent == hook.Codex {
			fmt.Fprintln(env.Stdout, "Codex runs a new hook only after you review it: open Codex and run /hooks.")
		}
	default:
		fmt.Fprintf(env.Stdout, "autofix's %s hooks are already in %s; nothing changed.\n", title, path)
	}
	if !opts.remove {
		fmt.Fprintln(env.Stdout, "Project rules reach the agent only in workspaces you trusted with 'autofix trust'.")
	}
	return nil
}

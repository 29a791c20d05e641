package cmd

import (
	"fmt"

	"github.com/spf13/cobra"
)

const rootLong = `autofix turns a person's corrections ("no, we use pnpm here") into strict,
categorized rules and hands the right ones to AI coding agents before their
next task.

Project rules live in the repository's autofix.json and are shared by the
team. Personal preferences live in your config directory and never leave
your machine.

Exit codes:
  0    success
  1    failure (the error says what went wrong and what to do next)
  2    usage error (unknown command or flag, wrong arguments)
  130  interrupted`

func newRootCmd(env *Env) *cobra.Command {
	root := &cobra.Command{
		Use:   "autofix",
		Short: "Teach AI coding agents your rules once",
		Long:  rootLong,
		Example: `  autofix me teach "no, we use pnpm here"
  autofix learn "never add emojis to commit messages"
  autofix me context "add a signup form"
  autofix rules list`,
		SilenceUsage:      true,
		SilenceErrors:     true,
		CompletionOptions: cobra.CompletionOptions{HiddenDefaultCmd: true},
		Args:              cobra.ArbitraryArgs,
		RunE:              groupRunE,
	}
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return &usageError{fmt.Errorf("%w (see '%s --help')", err, c.CommandPath())}
	})
	root.AddCommand(
		newRulesCmd(env),
		newLearnCmd(env),
		newDetectCmd(env),
		newMeCmd(env),
		newHookCmd(env),
		newSetupCmd(env),
		newMCPCmd(env),
		newTrustCmd(env),
		newUntrustCmd(env),
		newVersionCmd(env),
	)
	return root
}

// noArgs rejects positional arguments as a usage error.
func noArgs(c *cobra.Command, args []string) error {
	if len(args) > 0 {
		return usageErrorf("%s takes no arguments, got %q (see '%s --help')", c.CommandPath(), args[0], c.CommandPath())
	}
	return nil
}

// exactArgs requires n positional arguments, named what for the message.
func exactArgs(n int, what string) cobra.PositionalArgs {
	return func(c *cobra.Command, args []string) error {
		if len(args) != n {
			return usageErrorf("%s needs %s (see '%s --help')", c.CommandPath(), what, c.CommandPath())
		}
		return nil
	}
}

// maxArgs allows at most n positional arguments.
func maxArgs(n int) cobra.PositionalArgs {
	return func(c *cobra.Command, args []string) error {
		if len(args) > n {
			return usageErrorf("%s takes at most %d argument(s), got %d (see '%s --help'; quote text with spaces)", c.CommandPath(), n, len(args), c.CommandPath())
		}
		return nil
	}
}

// groupRunE makes a command that only groups subcommands fail with a usage
// error when called with an unknown subcommand.
func groupRunE(c *cobra.Command, args []string) error {
	if len(args) > 0 {
		return usageErrorf("unknown command %q for %q (see '%s --help')", args[0], c.CommandPath(), c.CommandPath())
	}
	return c.Help()
}

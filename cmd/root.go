package cmd

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
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
		CompletionOptions: cobra.CompletionOptions{},
		Args:              cobra.ArbitraryArgs,
		RunE:              groupRunE,
	}
	root.SetFlagErrorFunc(flagError)
	root.AddCommand(
		newRulesCmd(env),
		newLearnCmd(env),
		newDetectCmd(env),
		newMeCmd(env),
		newHookCmd(env),
		newSetupCmd(env),
		newMCPCmd(env),
		newTrustCmd(env),
		newStatusCmd(env),
		newCochangeCmd(env),
		newFrictionCmd(env),
		newEpisodesCmd(env),
		newActivityCmd(env),
		newUntrustCmd(env),
		newExportCmd(env),
		newImportCmd(env),
		newDoctorCmd(env),
		newVersionCmd(env),
	)
	return root
}

// flagError makes a flag parsing error a usage error, in words: a value
// that is not a number says so instead of quoting strconv.
func flagError(c *cobra.Command, err error) error {
	var bad *pflag.InvalidValueError
	var num *strconv.NumError
	if errors.As(err, &bad) && errors.As(err, &num) {
		what := "a whole number"
		if errors.Is(num.Err, strconv.ErrRange) {
			what = "a whole number in range"
		}
		err = fmt.Errorf("--%s %s: %q is not %s", bad.GetFlag().Name, bad.GetValue(), num.Num, what)
		if bad.GetFlag().Name == "supersedes" {
			return &usageError{withHint(err, "give a rule number such as 3; see them with 'autofix rules list'")}
		}
	}
	return &usageError{fmt.Errorf("%w (see '%s --help')", err, c.CommandPath())}
}

// textArgs takes the words of a free text: one quoted argument, or
// several unquoted words joined with single spaces, as the shell split
// them. what names the text in the error when there is none.
func textArgs(what string) cobra.PositionalArgs {
	return func(c *cobra.Command, args []string) error {
		if strings.TrimSpace(strings.Join(args, " ")) == "" {
			return usageErrorf("%s needs %s (see '%s --help')", c.CommandPath(), what, c.CommandPath())
		}
		return nil
	}
}

// joinText is the text textArgs accepted.
func joinText(args []string) string { return strings.TrimSpace(strings.Join(args, " ")) }

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

// groupRunE makes a command that only groups subcommands fail with a usage
// error when called with an unknown subcommand.
func groupRunE(c *cobra.Command, args []string) error {
	if len(args) > 0 {
		if c.SuggestionsMinimumDistance <= 0 {
			c.SuggestionsMinimumDistance = 2
		}
		if s := c.SuggestionsFor(args[0]); len(s) > 0 {
			return usageErrorf("unknown command %q for %q; did you mean %q? (see '%s --help')", args[0], c.CommandPath(), s[0], c.CommandPath())
		}
		return usageErrorf("unknown command %q for %q (see '%s --help')", args[0], c.CommandPath(), c.CommandPath())
	}
	return c.Help()
}

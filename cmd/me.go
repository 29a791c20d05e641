package cmd

import "github.com/spf13/cobra"

func newMeCmd(env *Env) *cobra.Command {
	me := &cobra.Command{
		Use:   "me",
		Short: "Manage your personal preferences (kept on this machine only)",
		Long: `Personal preferences follow you across workspaces. They are stored in
$XDG_CONFIG_HOME/autofix/ (by default ~/.config/autofix/), never in a
repository, and never uploaded.`,
		Example: `  autofix me teach "I prefer incremental refactors over big rewrites"
  autofix me list --all
  autofix me context "write the migration for the users table"`,
		Args: cobra.ArbitraryArgs,
		RunE: groupRunE,
	}
	me.AddCommand(
		newMeTeachCmd(env),
		newMeListCmd(env),
		newMeExplainCmd(env),
		newMeScopeCmd(env),
		newMeForgetCmd(env),
		newMeContextCmd(env),
	)
	return me
}

package cmd

import "github.com/spf13/cobra"

// newSetupCmd is a placeholder until its issue lands.
func newSetupCmd(env *Env) *cobra.Command {
	return &cobra.Command{Use: "setup", Short: "Install agent hooks", Hidden: true, RunE: func(*cobra.Command, []string) error { return errNotBuilt }}
}

package cmd

import "github.com/spf13/cobra"

// newMeForgetCmd is a placeholder until its issue lands.
func newMeForgetCmd(env *Env) *cobra.Command {
	return &cobra.Command{Use: "forget", Short: "Forget a preference", Hidden: true, RunE: func(*cobra.Command, []string) error { return errNotBuilt }}
}

package cmd

import "github.com/spf13/cobra"

// newTrustCmd is a placeholder until its issue lands.
func newTrustCmd(env *Env) *cobra.Command {
	return &cobra.Command{Use: "trust", Short: "Trust this workspace's project rules", Hidden: true, RunE: func(*cobra.Command, []string) error { return errNotBuilt }}
}

package cmd

import "github.com/spf13/cobra"

// newUntrustCmd is a placeholder until its issue lands.
func newUntrustCmd(env *Env) *cobra.Command {
	return &cobra.Command{Use: "untrust", Short: "Stop trusting this workspace's project rules", Hidden: true, RunE: func(*cobra.Command, []string) error { return errNotBuilt }}
}

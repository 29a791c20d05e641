package cmd

import "github.com/spf13/cobra"

// newMeListCmd is a placeholder until its issue lands.
func newMeListCmd(env *Env) *cobra.Command {
	return &cobra.Command{Use: "list", Short: "List personal preferences", Hidden: true, RunE: func(*cobra.Command, []string) error { return errNotBuilt }}
}

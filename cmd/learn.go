package cmd

import "github.com/spf13/cobra"

// newLearnCmd is a placeholder until its issue lands.
func newLearnCmd(env *Env) *cobra.Command {
	return &cobra.Command{Use: "learn", Short: "Record a project rule from free text", Hidden: true, RunE: func(*cobra.Command, []string) error { return errNotBuilt }}
}

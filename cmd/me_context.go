package cmd

import "github.com/spf13/cobra"

// newMeContextCmd is a placeholder until its issue lands.
func newMeContextCmd(env *Env) *cobra.Command {
	return &cobra.Command{Use: "context", Short: "Preview what an agent receives", Hidden: true, RunE: func(*cobra.Command, []string) error { return errNotBuilt }}
}

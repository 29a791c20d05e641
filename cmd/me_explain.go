package cmd

import "github.com/spf13/cobra"

// newMeExplainCmd is a placeholder until its issue lands.
func newMeExplainCmd(env *Env) *cobra.Command {
	return &cobra.Command{Use: "explain", Short: "Explain a preference", Hidden: true, RunE: func(*cobra.Command, []string) error { return errNotBuilt }}
}

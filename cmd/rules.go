package cmd

import "github.com/spf13/cobra"

// newRulesCmd is a placeholder until its issue lands.
func newRulesCmd(env *Env) *cobra.Command {
	return &cobra.Command{Use: "rules", Short: "Manage the project ruleset", Hidden: true, RunE: func(*cobra.Command, []string) error { return errNotBuilt }}
}

package cmd

import "github.com/spf13/cobra"

// newHookCmd is a placeholder until its issue lands.
func newHookCmd(env *Env) *cobra.Command {
	return &cobra.Command{Use: "hook", Short: "Agent hook entry points", Hidden: true, RunE: func(*cobra.Command, []string) error { return errNotBuilt }}
}

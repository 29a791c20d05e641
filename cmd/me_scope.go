package cmd

import "github.com/spf13/cobra"

// newMeScopeCmd is a placeholder until its issue lands.
func newMeScopeCmd(env *Env) *cobra.Command {
	return &cobra.Command{Use: "scope", Short: "Change where a preference applies", Hidden: true, RunE: func(*cobra.Command, []string) error { return errNotBuilt }}
}

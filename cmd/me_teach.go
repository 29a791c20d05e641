package cmd

import "github.com/spf13/cobra"

// newMeTeachCmd is a placeholder until its issue lands.
func newMeTeachCmd(env *Env) *cobra.Command {
	return &cobra.Command{Use: "teach", Short: "Teach a personal preference", Hidden: true, RunE: func(*cobra.Command, []string) error { return errNotBuilt }}
}

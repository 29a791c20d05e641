package cmd

import "github.com/spf13/cobra"

// newMCPCmd is a placeholder until its issue lands.
func newMCPCmd(env *Env) *cobra.Command {
	return &cobra.Command{Use: "mcp", Short: "Serve autofix over MCP", Hidden: true, RunE: func(*cobra.Command, []string) error { return errNotBuilt }}
}

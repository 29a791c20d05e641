package cmd

import (
	"context"
	"fmt"

	"github.com/autofix/autofix/rules"
	"github.com/autofix/autofix/trust"
	"github.com/spf13/cobra"
)

type untrustOptions struct {
	env  *Env
	json bool
}

func newUntrustCmd(env *Env) *cobra.Command {
	opts := &untrustOptions{env: env}
	c := &cobra.Command{
		Use:   "untrust",
		Short: "Stop this workspace's project rules from reaching your agents",
		Long: `Untrust removes the trust record of this workspace's ruleset: agents get
a one-line notice instead of its rules until you run 'autofix trust' again.
The ruleset itself is not touched.`,
		Example: `  autofix untrust
  autofix trust --show`,
		Args: noArgs,
		RunE: func(c *cobra.Command, args []string) error {
			return runUntrust(c.Context(), opts)
		},
	}
	c.Flags().BoolVar(&opts.json, "json", false, "print the result as JSON")
	return c
}

func runUntrust(ctx context.Context, opts *untrustOptions) error {
	env := opts.env
	ws, root, err := env.openWorkspace()
	if err != nil {
		return err
	}
	defer root.Close()
	name, _, err := rules.Locate(root)
	if err != nil {
		return err
	}
	path := trust.RealPath(ws.Root, name)
	found, err := env.trustStore().Untrust(ctx, path)
	if err != nil {
		return err
	}
	if opts.json {
		return writeJSON(env.Stdout, struct {
			Path      string `json:"path"`
			Untrusted bool   `json:"untrusted"`
		}{path, found})
	}
	if !found {
		fmt.Fprintf(env.Stdout, "%s was not trusted; nothing changed.\n", name)
		return nil
	}
	fmt.Fprintf(env.Stdout, "Untrusted %s: its rules no longer reach your agents until you run 'autofix trust' again.\n", name)
	return nil
}

package cmd

import (
	"context"
	"fmt"
	"io"
	"slices"

	"github.com/spf13/cobra"
)

type meListOptions struct {
	env  *Env
	all  bool
	json bool
}

func newMeListCmd(env *Env) *cobra.Command {
	opts := &meListOptions{env: env}
	c := &cobra.Command{
		Use:   "list",
		Short: "List the personal preferences in use here",
		Long: `List shows the personal preferences that reach the agent in this workspace,
newest first. With --all it also shows those scoped to other workspaces,
superseded or forgotten, each with why it is not in use here.`,
		Example: `  autofix me list
  autofix me list --all
  autofix me list --all --json`,
		Args: noArgs,
		RunE: func(c *cobra.Command, args []string) error {
			return runMeList(c.Context(), opts)
		},
	}
	c.Flags().BoolVar(&opts.all, "all", false, "also show preferences not in use here, and why")
	c.Flags().BoolVar(&opts.json, "json", false, "print the preferences as JSON")
	return c
}

func runMeList(ctx context.Context, opts *meListOptions) error {
	return listPrefs(opts.env, opts.env.Stdout, opts.all, opts.json)
}

// listPrefs writes the personal preferences in use in the workspace (with
// all, every preference) to out: me list's work, which the MCP list tool
// shares.
func listPrefs(env *Env, out io.Writer, all, asJSON bool) error {
	ws, err := env.workspace()
	if err != nil {
		return err
	}
	store, err := loadPrefs(env)
	if err != nil {
		return err
	}
	prefs := store.All()
	slices.Reverse(prefs) // newest first
	views := []prefView{}
	hidden := 0
	for _, p := range prefs {
		v := viewOf(store, p, ws)
		if !v.InUse && !all {
			hidden++
			continue
		}
		views = append(views, v)
	}
	if asJSON {
		return writeJSON(out, views)
	}
	for _, v := range views {
		if v.InUse {
			fmt.Fprintf(out, "%s — scope: %s\n", prefLine(v.Preference), v.Scope.Describe(ws))
		} else {
			fmt.Fprintf(out, "%s — not in use here: %s\n", prefLine(v.Preference), v.Reason)
		}
	}
	switch {
	case len(prefs) == 0:
		fmt.Fprintln(out, `No preferences yet. Teach one: autofix me teach "I prefer …"`)
	case len(views) == 0:
		fmt.Fprintf(out, "No preferences in use in this workspace (%s).\n", ws.Name)
	}
	if hidden > 0 {
		if hidden == 1 {
			fmt.Fprintln(out, "1 more preference is not in use here; see it: autofix me list --all")
		} else {
			fmt.Fprintf(out, "%d more preferences are not in use here; see them: autofix me list --all\n", hidden)
		}
	}
	return nil
}

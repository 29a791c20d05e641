package cmd

import (
	"context"
	"fmt"
	"slices"

	"github.com/autofix/autofix/me"
	"github.com/autofix/autofix/scope"
	"github.com/spf13/cobra"
)

type meScopeOptions struct {
	env    *Env
	id     string
	global bool
	// only, add and remove are the paths given to --workspace, --add and
	// --remove; "." (the current workspace) when the flag has no value.
	only, add, remove []string
	json              bool
}

func newMeScopeCmd(env *Env) *cobra.Command {
	opts := &meScopeOptions{env: env}
	c := &cobra.Command{
		Use:   "scope ID [--global | --workspace [PATH…] | --add [PATH…] | --remove [PATH…]]",
		Short: "Change where a preference applies",
		Long: `Scope changes the workspaces a preference applies in: --global for all of
them, --workspace for only the named ones, --add and --remove to change the
list. PATH is a directory in the workspace and defaults to the current one;
clones of one repository (same origin) are one workspace. Each change is
recorded in the preference's history. Without a flag, scope shows where the
preference applies.`,
		Example: `  autofix me scope p3 --workspace
  autofix me scope p3 --workspace ~/src/web ~/src/api
  autofix me scope p3 --add ../api
  autofix me scope p3 --remove ../api
  autofix me scope p3 --global`,
		Args: func(c *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usageErrorf("%s needs a preference id such as p3 (see '%s --help')", c.CommandPath(), c.CommandPath())
			}
			return nil
		},
		ValidArgsFunction: func(c *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
			if len(args) == 0 {
				return completePrefIDs(env, false)(c, args, toComplete)
			}
			return nil, cobra.ShellCompDirectiveFilterDirs // the paths after the id
		},
		RunE: func(c *cobra.Command, args []string) error {
			opts.id = args[0]
			if err := opts.takePaths(c.Flags().Changed, args[1:]); err != nil {
				return err
			}
			return runMeScope(c.Context(), opts)
		},
	}
	f := c.Flags()
	f.BoolVar(&opts.global, "global", false, "apply in all workspaces")
	f.StringArrayVar(&opts.only, "workspace", nil, "apply only in these workspaces (repeatable)")
	f.StringArrayVar(&opts.add, "add", nil, "also apply in this workspace (repeatable)")
	f.StringArrayVar(&opts.remove, "remove", nil, "stop applying in this workspace (repeatable)")
	for _, n := range []string{"workspace", "add", "remove"} {
		f.Lookup(n).NoOptDefVal = "."
	}
	f.BoolVar(&opts.json, "json", false, "print the preference as JSON")
	return c
}

// takePaths checks that at most one change is asked for, and gives the
// paths after the id to the flag that was given without a value: in
// "--add a b" the flag took its default "." and a and b replace it.
func (o *meScopeOptions) takePaths(changed func(flag string) bool, paths []string) error {
	var set []string
	for _, n := range []string{"global", "workspace", "add", "remove"} {
		if changed(n) {
			set = append(set, "--"+n)
		}
	}
	if len(set) > 1 {
		return usageErrorf("use one of --global, --workspace, --add, --remove, not %s and %s", set[0], set[1])
	}
	if len(paths) == 0 {
		return nil
	}
	var target *[]string
	switch {
	case len(set) == 0 || o.global:
		return usageErrorf("unexpected argument %q: paths go with --workspace, --add or --remove (see 'autofix me scope --help')", paths[0])
	case o.only != nil:
		target = &o.only
	case o.add != nil:
		target = &o.add
	default:
		target = &o.remove
	}
	if n := len(*target); n > 0 && (*target)[n-1] == "." {
		*target = (*target)[:n-1]
	}
	*target = append(*target, paths...)
	return nil
}

// scopeResult is the --json output of me scope.
type scopeResult struct {
	Changed    bool     `json:"changed"`
	Preference prefView `json:"preference"`
}

func runMeScope(ctx context.Context, opts *meScopeOptions) error {
	env := opts.env
	ws, err := env.workspace()
	if err != nil {
		return err
	}
	var before, after me.Preference
	var changed bool
	var store *me.Store
	change := opts.global || opts.only != nil || opts.add != nil || opts.remove != nil
	if !change {
		if store, err = loadPrefs(env); err != nil {
			return err
		}
		before, err = store.Get(opts.id)
		after = before
	} else {
		var c me.Rescope
		if c, err = opts.rescope(); err != nil {
			return err
		}
		now := env.Now()
		err = updatePrefs(ctx, env, func(s *me.Store) error {
			store = s
			var err error
			before, after, changed, err = s.Rescope(opts.id, c, now)
			return err
		})
	}
	if err != nil {
		return err
	}
	out := env.Stdout
	if opts.json {
		return writeJSON(out, scopeResult{Changed: changed, Preference: viewOf(store, after, ws)})
	}
	switch {
	case changed:
		fmt.Fprintf(out, "Scope of %s: %s → %s.\n", after.ID, before.Scope.Describe(ws), after.Scope.Describe(ws))
	case change:
		fmt.Fprintf(out, "Scope of %s unchanged: %s.\n", after.ID, after.Scope.Describe(ws))
	default:
		fmt.Fprintf(out, "Scope of %s: %s.\n", after.ID, after.Scope.Describe(ws))
	}
	if ok, why := store.Use(after, ws); ok {
		fmt.Fprintf(out, "It reaches the agent in this workspace (%s): %s.\n", ws.Name, why)
	} else {
		fmt.Fprintf(out, "It does not reach the agent in this workspace (%s): %s.\n", ws.Name, why)
	}
	return nil
}

// rescope is the change the flags ask for, with the workspaces of
// --workspace and --add detected before the lock is taken.
func (o *meScopeOptions) rescope() (me.Rescope, error) {
	for _, paths := range [][]string{o.only, o.add, o.remove} {
		if slices.Contains(paths, "") {
			return me.Rescope{}, usageErrorf("empty workspace path")
		}
	}
	c := me.Rescope{Global: o.global, Remove: o.remove, Base: o.env.Dir}
	var err error
	if c.Only, err = scope.DetectPaths(o.env.Dir, o.only); err != nil {
		return c, err
	}
	c.Add, err = scope.DetectPaths(o.env.Dir, o.add)
	return c, err
}

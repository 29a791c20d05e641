package cmd

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

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
		store, err = loadPrefs(env)
		if err != nil {
			return err
		}
		before, err = store.Get(opts.id)
		after = before
	} else {
		// Workspaces are resolved before the lock is taken.
		var only, add []scope.Workspace
		if only, err = resolveWorkspaces(env, opts.only); err != nil {
			return err
		}
		if add, err = resolveWorkspaces(env, opts.add); err != nil {
			return err
		}
		now := env.Now()
		err = updatePrefs(ctx, env, func(s *me.Store) error {
			store = s
			p, err := s.Get(opts.id)
			if err != nil {
				return err
			}
			before = p
			switch {
			case opts.global:
				after, changed, err = s.SetScope(p.ID, scope.All(), now)
			case opts.only != nil:
				after, changed, err = s.SetScope(p.ID, scope.Only(only...), now)
			case opts.add != nil:
				for _, w := range add {
					var ch bool
					if after, ch, err = s.AddWorkspace(p.ID, scope.RefOf(w), now); err != nil {
						return err
					}
					changed = changed || ch
				}
			default:
				for _, path := range opts.remove {
					id, err := removeTarget(env, p.Scope, path)
					if err != nil {
						return err
					}
					var ch bool
					if after, ch, err = s.RemoveWorkspace(p.ID, id, now); err != nil {
						return err
					}
					p = after
					changed = changed || ch
				}
			}
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

// resolveWorkspaces detects the workspace of each path, relative to the
// working directory. A path that is not a directory is an error.
func resolveWorkspaces(env *Env, paths []string) ([]scope.Workspace, error) {
	var out []scope.Workspace
	for _, p := range paths {
		dir, err := existingDir(env, p)
		if err != nil {
			return nil, err
		}
		w, err := scope.Detect(dir)
		if err != nil {
			return nil, fmt.Errorf("find the workspace of %s: %w", p, err)
		}
		out = append(out, w)
	}
	return out, nil
}

func existingDir(env *Env, p string) (string, error) {
	if p == "" {
		return "", usageErrorf("empty workspace path")
	}
	if !filepath.IsAbs(p) {
		p = filepath.Join(env.Dir, p)
	}
	fi, err := os.Stat(p)
	if errors.Is(err, fs.ErrNotExist) {
		return "", withHint(fmt.Errorf("%s does not exist", p), "name a directory inside the workspace")
	}
	if err != nil {
		return "", err
	}
	if !fi.IsDir() {
		return "", withHint(fmt.Errorf("%s is not a directory", p), "name a directory inside the workspace")
	}
	return p, nil
}

// removeTarget finds the workspace identity that --remove PATH names: the
// workspace of PATH when it is a directory, else a workspace of the scope
// whose identity, last-seen path or name is PATH (a clone that was deleted).
func removeTarget(env *Env, sc scope.Scope, p string) (string, error) {
	for _, r := range sc.Workspaces {
		if p != "." && (r.ID == p || r.Name == p || r.Path == p) {
			return r.ID, nil
		}
	}
	dir, err := existingDir(env, p)
	if err != nil {
		return "", err
	}
	w, err := scope.Detect(dir)
	if err != nil {
		return "", fmt.Errorf("find the workspace of %s: %w", p, err)
	}
	return w.ID, nil
}

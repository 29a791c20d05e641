package cmd

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/autofix/autofix/activity"
	"github.com/spf13/cobra"
)

type activityForgetOptions struct {
	env *Env
	all bool
}

func newActivityCmd(env *Env) *cobra.Command {
	c := &cobra.Command{
		Use:   "activity",
		Short: "Manage the activity the hooks record on this machine",
		Long: `The hooks record, on this machine only, which rules they delivered and what
happened next (tool names and outcome codes, workspace-relative paths, the
first 200 characters of each prompt unless the configuration says
activity.prompts: false), in $XDG_STATE_HOME/autofix/activity. No diffs,
file contents or error text are stored. See 'autofix status'.`,
		Args: cobra.ArbitraryArgs,
		RunE: groupRunE,
	}
	c.AddCommand(newActivityListCmd(env), newActivityForgetCmd(env))
	return c
}

type activityListOptions struct {
	env  *Env
	json bool
}

func newActivityListCmd(env *Env) *cobra.Command {
	opts := &activityListOptions{env: env}
	c := &cobra.Command{
		Use:   "list",
		Short: "List the delivery windows recorded in this workspace",
		Long: `list shows what the hooks recorded here, folded into delivery windows:
each delivery of rules (at session start, with a prompt, before a file is
written) and what followed it up to the end of the turn: how many tool
calls, which failed (by outcome code), the files edited, and which of the
delivered rules the assistant referenced in its text or its tool calls: by
their marker ("project #2", "personal p1", or "rule #2", "preference p1"),
or by two of their three rarest words among the rules in force.
A window without an end is still open, or its session ended mid-turn.`,
		Example: `  autofix activity list
  autofix activity list --json`,
		Args: noArgs,
		RunE: func(c *cobra.Command, args []string) error { return runActivityList(c.Context(), opts) },
	}
	c.Flags().BoolVar(&opts.json, "json", false, "print the windows as JSON")
	return c
}

func runActivityList(ctx context.Context, opts *activityListOptions) error {
	env := opts.env
	ws, err := env.workspace()
	if err != nil {
		return err
	}
	log, err := env.activityLog(ws)
	if err != nil {
		return err
	}
	windows := log.Windows()
	if opts.json {
		if windows == nil {
			windows = []activity.Window{}
		}
		return writeJSON(env.Stdout, windows)
	}
	if len(windows) == 0 {
		fmt.Fprintln(env.Stdout, "No activity recorded in this workspace.")
		return nil
	}
	for _, w := range windows {
		end := "open"
		if w.Closed != nil {
			end = "closed " + w.Closed.UTC().Format("15:04")
		}
		fmt.Fprintf(env.Stdout, "%s  %-7s  %-10s  %d rules, %d tool calls, %d failed, %d files edited, referenced: %s (%s)\n",
			w.Opened.UTC().Format("2006-01-02 15:04"), w.Via, w.Work, len(w.Rules), w.Tools, failures(w), len(w.Edited), listOrNone(w.Referenced), end)
	}
	return nil
}

func failures(w activity.Window) int {
	n := 0
	for _, c := range w.Failures {
		n += c
	}
	return n
}

func listOrNone(keys []string) string {
	if len(keys) == 0 {
		return "none"
	}
	return strings.Join(keys, ", ")
}

func newActivityForgetCmd(env *Env) *cobra.Command {
	opts := &activityForgetOptions{env: env}
	c := &cobra.Command{
		Use:   "forget",
		Short: "Delete the recorded activity of this workspace, or of all",
		Long: `forget deletes the activity recorded for this workspace: every record of
what was delivered and what happened next, and what was derived from it.
With --all it deletes the activity of every workspace. Rules and
preferences are not touched.`,
		Example: `  autofix activity forget
  autofix activity forget --all`,
		Args: noArgs,
		RunE: func(c *cobra.Command, args []string) error { return runActivityForget(c.Context(), opts) },
	}
	c.Flags().BoolVar(&opts.all, "all", false, "delete the activity of every workspace")
	return c
}

func runActivityForget(ctx context.Context, opts *activityForgetOptions) error {
	env := opts.env
	root := env.activityRoot()
	if root == "" {
		return errors.New("no state directory to forget from")
	}
	if opts.all {
		if err := activity.ForgetAll(root); err != nil {
			return withHint(err, "check the permissions of %s", root)
		}
		if err := os.RemoveAll(filepath.Join(env.StateDir, "cochange")); err != nil {
			return withHint(fmt.Errorf("forget the co-change graphs: %w", err), "check the permissions of %s", env.StateDir)
		}
		fmt.Fprintf(env.Stdout, "Forgot the activity of every workspace (%s).\n", root)
		return nil
	}
	ws, err := env.workspace()
	if err != nil {
		return err
	}
	store, _ := env.activityStore(ws)
	if err := store.Forget(); err != nil {
		return withHint(err, "check the permissions of %s", store.Dir)
	}
	if err := os.Remove(env.cochangePath(ws)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return withHint(fmt.Errorf("forget the co-change graph: %w", err), "check the permissions of %s", env.StateDir)
	}
	fmt.Fprintf(env.Stdout, "Forgot the activity of workspace %s.\n", ws.ID)
	return nil
}

package cmd

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/autofix/autofix/activity"
	"github.com/autofix/autofix/brief"
	"github.com/autofix/autofix/guard"
	"github.com/autofix/autofix/hook"
	"github.com/autofix/autofix/scope"
	"github.com/spf13/cobra"
)

// activityRoot is where the hooks record activity, one folder per
// workspace; empty when the environment has no state directory.
func (env *Env) activityRoot() string {
	if env.StateDir == "" {
		return ""
	}
	return filepath.Join(env.StateDir, "activity")
}

// activityStore is the activity log of workspace ws.
func (env *Env) activityStore(ws scope.Workspace) (activity.Store, bool) {
	root := env.activityRoot()
	if root == "" {
		return activity.Store{}, false
	}
	return activity.Open(root, ws.ID), true
}

// learnedWeights folds the workspace's activity into its learned weights
// (activity.Store.Weights) and returns them; no state directory is none.
func (env *Env) learnedWeights(ws scope.Workspace) (activity.Weights, error) {
	store, ok := env.activityStore(ws)
	if !ok {
		return activity.Weights{}, nil
	}
	w, err := store.Weights(env.Now())
	if err != nil {
		return w, withHint(err, "check the permissions of %s, or run 'autofix activity forget'", store.Dir)
	}
	return w, nil
}

// activityLog reads workspace ws's activity log; an empty log when the
// environment has no state directory.
func (env *Env) activityLog(ws scope.Workspace) (activity.Log, error) {
	store, ok := env.activityStore(ws)
	if !ok {
		return activity.Log{}, nil
	}
	log, err := store.Read()
	if err != nil {
		return log, withHint(err, "check the permissions of %s", store.Dir)
	}
	return log, nil
}

// recorder is the hook's activity recorder for workspace ws; false when
// the environment has no state directory.
func (env *Env) recorder(ws scope.Workspace, cfg Config) (hook.Recorder, bool) {
	store, ok := env.activityStore(ws)
	if !ok {
		return hook.Recorder{}, false
	}
	return hook.Recorder{
		Store: store, Root: ws.Root, Dir: env.Dir, Prompts: cfg.Activity.Prompts,
		Sessions: env.sessions(),
		Terms: func(delivered map[string]bool) map[string][]string {
			return distinctiveTerms(env, delivered)
		},
		Now: env.Now(),
	}, true
}

// recordActivity is the hook's activity step (hook.Recorder.Record). What
// cannot be recorded is one line on stderr; the hook's answer does not
// depend on it.
func recordActivity(env *Env, cfg Config, ev hook.Event, keys []string) {
	if env.activityRoot() == "" {
		return
	}
	ws, err := env.workspace()
	if err == nil {
		rec, _ := env.recorder(ws, cfg)
		err = rec.Record(ev, keys)
	}
	if err != nil {
		hookFail(env, fmt.Errorf("record activity: %w", err))
	}
}

// recordGuard records a tool call in ws that guardrails denied or warned
// about (hook.Recorder.Guard). What cannot be recorded is one line on
// stderr.
func recordGuard(env *Env, ws scope.Workspace, ev hook.Event, files []string, d guard.Decision) {
	if rec, ok := env.recorder(ws, Config{}); ok {
		if err := rec.Guard(ev, files, d); err != nil {
			hookFail(env, fmt.Errorf("record activity: %w", err))
		}
	}
}

// distinctiveTerms are the distinctive terms of the delivered rules among
// those in force in the workspace (brief.DeliveredTerms).
func distinctiveTerms(env *Env, delivered map[string]bool) map[string][]string {
	ws, err := env.workspace()
	if err != nil {
		return nil
	}
	src := brief.Sources{Trust: env.trustStore(), PrefsDir: env.ConfigDir, CacheDir: env.CacheDir}
	return brief.DeliveredTerms(context.Background(), ws, src, delivered)
}

type statusOptions struct {
	env  *Env
	json bool
}

func newStatusCmd(env *Env) *cobra.Command {
	opts := &statusOptions{env: env}
	c := &cobra.Command{
		Use:   "status",
		Short: "Show whether the layers learned from activity are being fed",
		Long: `status shows the feed health of each layer autofix derives from the
activity its hooks record in this workspace:

  deliveries  the rules the hooks delivered
  outcomes    what happened next: tool calls and their outcome codes, turn ends
  weights     learned weights per rule and kind of work: the outcomes of
              turns in which the assistant referenced a delivered rule
  cochange    files that change together: git commits and sessions' edits
  friction    failed tool calls by tool, file and outcome code
  staleness   the rules in force whose claims can be checked against the checkout
  episodes    related turns joined (see 'autofix episodes')
  guardrails  tool calls a rule's check denied or warned about (also counted
              on their own: "guardrails" in --json)

A layer is "fresh" when it was fed in the last 7 days, "quiet" when it was
fed before but not since, and "never" when it was never fed. Records
written by another version of autofix, and lines that do not parse, are
counted as skipped, not mixed in.`,
		Example: `  autofix status
  autofix status --json`,
		Args: noArgs,
		RunE: func(c *cobra.Command, args []string) error { return runStatus(c.Context(), opts) },
	}
	c.Flags().BoolVar(&opts.json, "json", false, "print the status as JSON")
	return c
}

// statusLayer is a layer in status --json; Last is null when never fed.
type statusLayer struct {
	Name  string     `json:"name"`
	State string     `json:"state"`
	Last  *time.Time `json:"last"`
	Count int        `json:"count"`
}

type statusResult struct {
	Workspace string        `json:"workspace"`
	Layers    []statusLayer `json:"layers"`
	// Guardrails counts the tool calls that checks denied or warned about.
	Guardrails guardCounts `json:"guardrails"`
	// Skipped counts records of another format version or unreadable.
	Skipped int `json:"skipped"`
}

type guardCounts struct {
	Denied int `json:"denied"`
	Warned int `json:"warned"`
}

func runStatus(ctx context.Context, opts *statusOptions) error {
	env := opts.env
	ws, err := env.workspace()
	if err != nil {
		return err
	}
	res := statusResult{Workspace: ws.ID, Layers: []statusLayer{}}
	log, err := env.activityLog(ws)
	if err != nil {
		return err
	}
	res.Skipped = log.Skipped
	res.Guardrails.Denied, res.Guardrails.Warned = log.Guarded()
	weights, err := env.learnedWeights(ws)
	if err != nil {
		return err
	}
	for _, l := range log.Health(env.Now(), weights) {
		sl := statusLayer{Name: l.Name, State: l.State, Count: l.Count}
		if !l.Last.IsZero() {
			last := l.Last.UTC()
			sl.Last = &last
		}
		res.Layers = append(res.Layers, sl)
	}
	res.Layers = append(res.Layers, derivedLayers(ctx, env, ws, log)...)
	out := env.Stdout
	if opts.json {
		return writeJSON(out, res)
	}
	fmt.Fprintf(out, "Workspace: %s\n", res.Workspace)
	for _, l := range res.Layers {
		last := "never fed"
		if l.Last != nil {
			last = "last " + l.Last.Format("2006-01-02 15:04 UTC")
		}
		fmt.Fprintf(out, "  %-10s  %-5s  %6d  %s\n", l.Name, l.State, l.Count, last)
	}
	if g := res.Guardrails; g.Denied+g.Warned > 0 {
		fmt.Fprintf(out, "Guardrails: %d tool calls denied, %d warned about.\n", g.Denied, g.Warned)
	}
	if res.Skipped > 0 {
		fmt.Fprintf(out, "Skipped %d records written by another version of autofix or unreadable.\n", res.Skipped)
	}
	return nil
}

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

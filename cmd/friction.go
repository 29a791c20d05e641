package cmd

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/autofix/autofix/friction"
	"github.com/spf13/cobra"
)

type frictionOptions struct {
	env   *Env
	since string
	json  bool
}

func newFrictionCmd(env *Env) *cobra.Command {
	opts := &frictionOptions{env: env}
	c := &cobra.Command{
		Use:   "friction [--since 7d] [--json]",
		Short: "Show where the agent keeps stumbling in this workspace",
		Long: `friction groups the failed tool calls the hooks recorded in this workspace
by tool, file and outcome code (not_found, exit_nonzero, permission,
timeout, conflict, other), week by week (ISO weeks, UTC), newest week and
most failures first. A failure that named no file is listed without one.
--since keeps the failures of the last N days (7d), weeks (2w) or hours
(36h); without it, everything recorded (at most 90 days).`,
		Example: `  autofix friction
  autofix friction --since 7d --json`,
		Args: noArgs,
		RunE: func(c *cobra.Command, args []string) error { return runFriction(c.Context(), opts) },
	}
	c.Flags().StringVar(&opts.since, "since", "", "only failures of the last N days (7d), weeks (2w) or hours (36h)")
	c.Flags().BoolVar(&opts.json, "json", false, "print JSON")
	return c
}

type frictionResult struct {
	Entries []frictionEntry `json:"entries"`
}

// frictionEntry is an entry as the JSON lists it.
type frictionEntry struct {
	Tool  string `json:"tool"`
	File  string `json:"file"`
	Code  string `json:"code"`
	Count int    `json:"count"`
	Week  string `json:"week"`
}

// parseSince reads "7d", "2w" or a Go duration ("36h").
func parseSince(s string) (time.Duration, error) {
	bad := usageErrorf("--since %q: want a number of days (7d), weeks (2w) or hours (36h)", s)
	if n := len(s); n > 1 && (s[n-1] == 'd' || s[n-1] == 'w') {
		v, err := strconv.Atoi(s[:n-1])
		if err != nil || v <= 0 {
			return 0, bad
		}
		d := time.Duration(v) * 24 * time.Hour
		if s[n-1] == 'w' {
			d *= 7
		}
		return d, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		return 0, bad
	}
	return d, nil
}

func runFriction(ctx context.Context, opts *frictionOptions) error {
	env := opts.env
	var since time.Time
	if opts.since != "" {
		d, err := parseSince(strings.TrimSpace(opts.since))
		if err != nil {
			return err
		}
		since = env.Now().Add(-d)
	}
	ws, err := env.workspace()
	if err != nil {
		return err
	}
	log, err := env.activityLog(ws)
	if err != nil {
		return err
	}
	res := frictionResult{Entries: []frictionEntry{}}
	for _, e := range friction.Map(log.Records, since) {
		res.Entries = append(res.Entries, frictionEntry{Tool: e.Tool, File: e.File, Code: e.Code, Count: e.Count, Week: e.Week})
	}
	if opts.json {
		return writeJSON(env.Stdout, res)
	}
	if len(res.Entries) == 0 {
		fmt.Fprintln(env.Stdout, "No failed tool calls recorded in this workspace.")
		return nil
	}
	for _, e := range res.Entries {
		file := e.File
		if file == "" {
			file = "(no file)"
		}
		fmt.Fprintf(env.Stdout, "%s  %-6s  %-12s  %3d×  %s\n", e.Week, e.Tool, e.Code, e.Count, file)
	}
	return nil
}

package cmd

import (
	"context"
	"fmt"
	"time"

	"github.com/spf13/cobra"
)

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

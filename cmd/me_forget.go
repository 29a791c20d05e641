package cmd

import (
	"context"
	"fmt"

	"github.com/autofix/autofix/me"
	"github.com/spf13/cobra"
)

type meForgetOptions struct {
	env   *Env
	id    string
	purge bool
	json  bool
}

func newMeForgetCmd(env *Env) *cobra.Command {
	opts := &meForgetOptions{env: env}
	c := &cobra.Command{
		Use:   "forget ID",
		Short: "Stop using a preference, or erase it",
		Long: `Forget stops a preference from reaching agents. It stays visible in
'autofix me list --all' and 'autofix me explain'. With --purge it is erased
from the store entirely, original words and history included, and its text
is scrubbed from the other preferences' histories; a preference it had
superseded is active again. Its id is never given to another preference.`,
		Example: `  autofix me forget p3
  autofix me forget p3 --purge`,
		Args:              exactArgs(1, "a preference id such as p3"),
		ValidArgsFunction: completePrefIDs(env, false),
		RunE: func(c *cobra.Command, args []string) error {
			opts.id = args[0]
			return runMeForget(c.Context(), opts)
		},
	}
	c.Flags().BoolVar(&opts.purge, "purge", false, "erase the preference and its original words from the store")
	c.Flags().BoolVar(&opts.json, "json", false, "print the result as JSON")
	return c
}

// forgetResult is the --json output of me forget.
type forgetResult struct {
	ID      string `json:"id"`
	Changed bool   `json:"changed"`
	Purged  bool   `json:"purged"`
	Status  string `json:"status"`
	// Reinstated are the active preferences the purged one had
	// superseded, in force again.
	Reinstated []string `json:"reinstated,omitempty"`
}

func runMeForget(ctx context.Context, opts *meForgetOptions) error {
	env := opts.env
	now := env.Now()
	var p me.Preference
	var reinstated []me.Preference
	changed := false
	err := updatePrefs(ctx, env, func(s *me.Store) error {
		var err error
		if opts.purge {
			reinstated = nil // the update may run again
			if q, err := s.Get(opts.id); err == nil {
				for _, o := range s.All() {
					if o.SupersededBy == q.ID && o.Status == me.Active {
						reinstated = append(reinstated, o)
					}
				}
			}
			p, err = s.Purge(opts.id, now)
			changed = err == nil
		} else {
			p, changed, err = s.Forget(opts.id, now)
		}
		return err
	})
	if err != nil {
		return err
	}
	out := env.Stdout
	if opts.json {
		status := string(p.Status)
		if opts.purge {
			status = "purged"
		}
		r := forgetResult{ID: p.ID, Changed: changed, Purged: opts.purge, Status: status}
		for _, q := range reinstated {
			r.Reinstated = append(r.Reinstated, q.ID)
		}
		return writeJSON(out, r)
	}
	switch {
	case opts.purge:
		fmt.Fprintf(out, "Erased %s ([%s]): %s — its original words and history are gone from %s.\n", p.ID, p.Category, p.Instruction, me.FileName)
		for _, q := range reinstated {
			fmt.Fprintf(out, "%s ([%s]), which it superseded, is active again: %s\n", q.ID, q.Category, q.Instruction)
		}
	case changed:
		fmt.Fprintf(out, "Forgot %s ([%s]): %s\n", p.ID, p.Category, p.Instruction)
		fmt.Fprintf(out, "It no longer reaches agents; it stays in 'autofix me list --all'. To erase it: autofix me forget %s --purge\n", p.ID)
	default:
		fmt.Fprintf(out, "%s was already forgotten. To erase it: autofix me forget %s --purge\n", p.ID, p.ID)
	}
	return nil
}

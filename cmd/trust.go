package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/autofix/autofix/rules"
	"github.com/autofix/autofix/trust"
	"github.com/spf13/cobra"
)

type trustOptions struct {
	env  *Env
	show bool
	json bool
}

func newTrustCmd(env *Env) *cobra.Command {
	opts := &trustOptions{env: env}
	c := &cobra.Command{
		Use:   "trust",
		Short: "Let this workspace's project rules reach your agents",
		Long: `A repository's autofix.json is text written by others that would go
straight into your agent's context. Like direnv with .envrc, autofix
delivers a workspace's project rules only after you ran 'autofix trust' in
it. Trust covers the file's exact content: when it changes (a pull, an
edit by hand), agents get a one-line notice instead of the rules until you
trust it again. Rules you add with 'autofix learn' keep it trusted.

Before trusting, trust shows what you are about to trust: every rule the
first time, then the rules added, changed and removed since you last
trusted the file. --show starts with this workspace's state, then lists
each trusted ruleset and whether it is unchanged since.

Trust records (the file's SHA-256 and its rules' instructions, for the
comparison) are kept in your config directory, mode 0600, never in the
repository.`,
		Example: `  autofix rules list     # review the rules first
  autofix trust
  autofix trust --show
  autofix trust --show --json`,
		Args: noArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if opts.show {
				return runTrustShow(opts)
			}
			return runTrust(c.Context(), opts)
		},
	}
	c.Flags().BoolVar(&opts.show, "show", false, "show this workspace's state and the trusted rulesets instead")
	c.Flags().BoolVar(&opts.json, "json", false, "print the result as JSON")
	return c
}

// trustView is a trust record as trust --json shows it.
type trustView struct {
	trust.Entry
	// Status is the file's state now: trusted, changed since trusted, or
	// missing.
	Status string `json:"status"`
	// Rules is the number of rules now (trust's own output only); it
	// hides the record's list of rules from the JSON.
	Rules int `json:"rules,omitempty"`
	// Changes are the rules added, changed and removed since the last
	// trust (trust's own output only; absent when nothing was recorded).
	Changes *trust.Changes `json:"changes,omitempty"`
}

func runTrust(ctx context.Context, opts *trustOptions) error {
	env := opts.env
	ws, root, err := env.openWorkspace()
	if err != nil {
		return err
	}
	defer root.Close()
	p, err := loadProjectRuleset(env, ws, root)
	if err != nil {
		var se *rules.SyntaxError
		if errors.As(err, &se) {
			return withHint(err, "fix the ruleset first (autofix rules check); a file that does not parse cannot be trusted")
		}
		// Too large, not a regular file, outside the workspace: the
		// error's own hint says what to do.
		return err
	}
	if p.Path == "" {
		return withHint(fmt.Errorf("%s has no project ruleset to trust", ws.Root), "rules you add with 'autofix learn' are trusted as they are written")
	}
	r, err := env.trustStore().TrustGated(ctx, p, env.Now())
	if err != nil {
		return err
	}
	n := len(p.Rules.Rules)
	if opts.json {
		return writeJSON(env.Stdout, trustView{Entry: r.Entry, Status: trust.Trusted.String(), Rules: n, Changes: r.Changes})
	}
	writeTrustChanges(env.Stdout, p.Rules.Name, r, n)
	fmt.Fprintf(env.Stdout, "Trusted %s (%d %s, sha256 %s): its rules now reach your agents in this workspace.\n",
		p.Rules.Name, n, plural(n, "rule", "rules"), r.Entry.SHA256[:12])
	return nil
}

// writeTrustChanges shows what the person is about to trust: every rule
// of a ruleset trusted for the first time, else the rules added, changed
// and removed since the last trust.
func writeTrustChanges(w io.Writer, name string, r trust.Review, n int) {
	had, c := r.Had, r.Changes
	when := r.Since().Local().Format(time.DateOnly)
	switch {
	case had && c == nil:
		fmt.Fprintf(w, "%s changed since you trusted it on %s; the rules trusted then were not recorded, so review all %d with 'autofix rules list'.\n", name, when, n)
		return
	case !had:
		fmt.Fprintf(w, "Trusting %s for the first time: %d %s.\n", name, n, plural(n, "rule", "rules"))
	case c.Empty():
		fmt.Fprintf(w, "No rule changed since you trusted %s on %s.\n", name, when)
		return
	default:
		fmt.Fprintf(w, "Changes since you trusted %s on %s:\n", name, when)
	}
	for _, r := range c.Added {
		fmt.Fprintf(w, "  added    #%d [%s] %s\n", r.Number, r.Category, r.Instruction)
	}
	for _, ch := range c.Changed {
		fmt.Fprintf(w, "  changed  #%d [%s] %s\n", ch.New.Number, ch.New.Category, ch.New.Instruction)
		fmt.Fprintf(w, "      was  #%d [%s] %s\n", ch.Old.Number, ch.Old.Category, ch.Old.Instruction)
	}
	for _, r := range c.Removed {
		fmt.Fprintf(w, "  removed  #%d [%s] %s\n", r.Number, r.Category, r.Instruction)
	}
}

// trustShowJSON is the --show --json output: this workspace's state, then
// every record.
type trustShowJSON struct {
	Workspace trust.Workspace `json:"workspace"`
	Trusted   []trustView     `json:"trusted"`
}

func runTrustShow(opts *trustOptions) error {
	env := opts.env
	list, err := env.trustStore().List()
	if err != nil {
		return err
	}
	out := trustShowJSON{Workspace: workspaceTrust(env), Trusted: make([]trustView, 0, len(list))}
	for _, e := range list {
		v := trustView{Entry: e, Status: trust.Current(e)}
		v.Entry.Rules = nil
		out.Trusted = append(out.Trusted, v)
	}
	if opts.json {
		return writeJSON(env.Stdout, out)
	}
	w := out.Workspace
	switch w.Status {
	case "no ruleset":
		fmt.Fprintf(env.Stdout, "This workspace (%s) has no project ruleset.\n", w.Root)
	case "unreadable":
		fmt.Fprintf(env.Stdout, "This workspace's ruleset %s cannot be read: %s\n", w.Ruleset, w.Error)
	case trust.Trusted.String():
		fmt.Fprintf(env.Stdout, "This workspace: %s is trusted (%d %s); its rules reach your agents.\n", w.Ruleset, w.Rules, plural(w.Rules, "rule", "rules"))
	case trust.Changed.String():
		fmt.Fprintf(env.Stdout, "This workspace: %s changed since you trusted it; its %d %s wait for 'autofix trust', which shows what changed.\n", w.Ruleset, w.Rules, plural(w.Rules, "rule", "rules"))
	default:
		fmt.Fprintf(env.Stdout, "This workspace: %s is not trusted; its %d %s wait until you review them (autofix rules list) and run 'autofix trust'.\n", w.Ruleset, w.Rules, plural(w.Rules, "rule", "rules"))
	}
	if len(out.Trusted) == 0 {
		fmt.Fprintln(env.Stdout, "No trusted rulesets. Run 'autofix trust' in a workspace to trust its rules.")
		return nil
	}
	fmt.Fprintln(env.Stdout, "Trusted rulesets:")
	for _, v := range out.Trusted {
		state := map[string]string{
			trust.Trusted.String(): "unchanged since",
			trust.Changed.String(): "changed since",
		}[v.Status]
		if state == "" {
			state = "now " + v.Status
		}
		fmt.Fprintf(env.Stdout, "  %s  trusted on %s, %s  (sha256 %s)\n", v.Path, v.TrustedAt.Local().Format(time.DateOnly), state, v.SHA256[:12])
	}
	return nil
}

// workspaceTrust is the trust state of the current workspace's ruleset.
func workspaceTrust(env *Env) trust.Workspace {
	ws, root, err := env.openWorkspace()
	if err != nil {
		return trust.Workspace{Root: env.Dir, Status: "unreadable", Error: err.Error()}
	}
	defer root.Close()
	return env.trustStore().Workspace(root, ws.Root)
}

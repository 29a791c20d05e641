package cmd

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/autofix/autofix/activity"
	"github.com/autofix/autofix/brief"
	"github.com/autofix/autofix/guard"
	"github.com/autofix/autofix/me"
	"github.com/spf13/cobra"
)

type meExplainOptions struct {
	env  *Env
	id   string
	json bool
}

func newMeExplainCmd(env *Env) *cobra.Command {
	opts := &meExplainOptions{env: env}
	c := &cobra.Command{
		Use:   "explain ID",
		Short: "Explain where a preference came from and whether it applies here",
		Long: `Explain shows a preference's original words, what normalized them, when it
was taught, its scope and the history of its changes, what it supersedes or
is superseded by, whether it reaches the agent in this workspace, and why,
and its learned weight per kind of work in this workspace (from -0.5 to 1;
see 'autofix status').`,
		Example: `  autofix me explain p3
  autofix me explain p3 --json`,
		Args:              exactArgs(1, "a preference id such as p3"),
		ValidArgsFunction: completePrefIDs(env, true),
		RunE: func(c *cobra.Command, args []string) error {
			opts.id = args[0]
			return runMeExplain(c.Context(), opts)
		},
	}
	c.Flags().BoolVar(&opts.json, "json", false, "print the preference as JSON")
	return c
}

// timeLayout is how the me commands show times.
const timeLayout = "2006-01-02 15:04:05 MST"

func runMeExplain(ctx context.Context, opts *meExplainOptions) error {
	env := opts.env
	ws, err := env.workspace()
	if err != nil {
		return err
	}
	store, err := loadPrefs(env)
	if err != nil {
		return err
	}
	p, err := store.Get(opts.id)
	if err != nil {
		return err
	}
	v := viewOf(store, p, ws)
	weights, err := env.learnedWeights(ws)
	if err != nil {
		fmt.Fprintf(env.Stderr, "autofix: warning: learned weights not shown: %v\n", err)
	}
	v.Weights = weights.Of(brief.Key(brief.RuleOf(p)), env.Now())
	if v.Weights == nil {
		v.Weights = map[activity.WorkType]float64{}
	}
	out := env.Stdout
	if opts.json {
		return writeJSON(out, v)
	}
	var b strings.Builder
	fmt.Fprintln(&b, prefLine(p))
	if p.Why != "" {
		fmt.Fprintf(&b, "Why:            %s\n", p.Why)
	}
	if p.Words != "" {
		fmt.Fprintf(&b, "Original words: %q\n", p.Words)
	}
	norm := p.Normalizer
	if m, ok := strings.CutPrefix(norm, "ollama:"); ok {
		norm = "Ollama model " + m
	} else if norm == "builtin" {
		norm = "built-in rules (no model)"
	}
	if p.Language != "" {
		norm += ", language " + p.Language
	}
	fmt.Fprintf(&b, "Normalized by:  %s\n", norm)
	if c := p.Check; c != nil && !c.IsZero() {
		fmt.Fprintf(&b, "Check:          %s a %s call whose %s matches %s\n", cmp.Or(c.Action, guard.ActionDeny), c.Tool, c.Target, c.Pattern)
	}
	fmt.Fprintf(&b, "Taught:         %s\n", p.Created.UTC().Format(timeLayout))
	if p.Scope.IsGlobal() {
		fmt.Fprintln(&b, "Scope:          all workspaces")
	} else {
		for i, r := range p.Scope.Workspaces {
			label := "Scope:          "
			if i > 0 {
				label = "                "
			}
			fmt.Fprintf(&b, "%s%s\n", label, r.Seen())
		}
	}
	fmt.Fprintf(&b, "Status:         %s\n", p.Status)
	for _, id := range p.Supersedes {
		fmt.Fprintf(&b, "Supersedes:     %s\n", refText(store, id))
	}
	if p.SupersededBy != "" {
		fmt.Fprintf(&b, "Superseded by:  %s\n", refText(store, p.SupersededBy))
	}
	if v.InUse {
		fmt.Fprintf(&b, "Here:           reaches the agent in this workspace (%s): %s\n", ws.Name, v.Reason)
	} else {
		fmt.Fprintf(&b, "Here:           does not reach the agent in this workspace (%s): %s\n", ws.Name, v.Reason)
	}
	fmt.Fprintf(&b, "Learned:        %s\n", weightsText(v.Weights))
	fmt.Fprintln(&b, "History:")
	for _, e := range p.History {
		line := e.What
		if e.Detail != "" {
			line += " " + e.Detail
		}
		fmt.Fprintf(&b, "  %s  %s\n", e.Time.UTC().Format(time.DateTime), line)
	}
	_, err = fmt.Fprint(out, b.String())
	return err
}

// weightsText shows learned weights by work type: "test 0.33, any 0.33".
func weightsText(w map[activity.WorkType]float64) string {
	if len(w) == 0 {
		return "nothing yet in this workspace"
	}
	var parts []string
	for _, work := range append(slices.Clone(activity.WorkTypes), activity.AnyWork) {
		if v, ok := w[work]; ok {
			parts = append(parts, fmt.Sprintf("%s %+.2f", work, v))
		}
	}
	return strings.Join(parts, ", ")
}

// refText shows another preference by id, with its instruction when it is
// still in the store.
func refText(s *me.Store, id string) string {
	q, err := s.Get(id)
	if err != nil {
		return id + " (erased)"
	}
	return fmt.Sprintf("%s [%s] %s", q.ID, q.Category, q.Instruction)
}

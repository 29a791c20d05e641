package cmd

import (
	"context"
	"fmt"
	"io"

	"github.com/autofix/autofix/me"
	"github.com/autofix/autofix/normalize"
	"github.com/autofix/autofix/scope"
	"github.com/spf13/cobra"
)

type meTeachOptions struct {
	env       *Env
	cfg       Config
	text      string
	workspace bool
	category  string
	dryRun    bool
	json      bool
	check     checkFlags
}

func newMeTeachCmd(env *Env) *cobra.Command {
	opts := &meTeachOptions{env: env}
	c := &cobra.Command{
		Use:   "teach TEXT",
		Short: "Teach a personal preference in your own words",
		Long: `Teach turns TEXT, in your own words and any language, quoted or not, into
a strict instruction and keeps it as a personal preference. It applies in all your
workspaces, or with --workspace only in this one (and its other clones).

Teaching what a preference already says does not add a second one. A
preference that contradicts an older one supersedes it.

A preference with an unambiguous machine-checkable shape gets a check that
the agent hooks enforce before a tool call, in every workspace of its scope
(the line ends in "(checked)"); --check sets one by hand, --no-check
records none.`,
		Example: `  autofix me teach "I prefer incremental refactors over big rewrites"
  autofix me teach --workspace "no, we use pnpm here"
  autofix me teach --category PROCESS --dry-run "never add emojis to commit messages"`,
		Args: textArgs("the preference text"),
		RunE: func(c *cobra.Command, args []string) error {
			opts.text = joinText(args)
			if opts.category != "" {
				cat, err := parseCategory(opts.category)
				if err != nil {
					return err
				}
				opts.category = cat
			}
			cfg, err := loadConfig(env, c.Flags())
			if err != nil {
				return err
			}
			opts.cfg = cfg
			return runMeTeach(c.Context(), opts)
		},
	}
	f := c.Flags()
	f.BoolVar(&opts.workspace, "workspace", false, "apply only in this workspace (default: all workspaces)")
	f.StringVar(&opts.category, "category", "", "category to record instead of the normalizer's (STYLE, CODE, ARCH, TOOL, PROCESS, DATA, UX, OTHER)")
	f.String("model", "", "normalizer: auto, off (built-in) or an Ollama model name")
	f.BoolVar(&opts.dryRun, "dry-run", false, "show what would be learned; store nothing")
	f.BoolVar(&opts.json, "json", false, "print the result as JSON")
	opts.check.register(c)
	_ = c.RegisterFlagCompletionFunc("category", completeCategories)
	return c
}

// teachResult is the --json output of me teach: the preference's own
// fields (category, instruction, why, normalizer, language, …) at the top
// level, as `learn --json` prints them, plus what happened.
type teachResult struct {
	prefView
	Stored    bool `json:"stored"`
	DryRun    bool `json:"dry_run"`
	Duplicate bool `json:"duplicate"`
	// Supersedes lists the ids this preference replaced (shadows the
	// stored field so that it is always present).
	Supersedes []string `json:"supersedes"`
}

func runMeTeach(ctx context.Context, opts *meTeachOptions) error {
	t, err := teachPreference(ctx, opts)
	if err != nil {
		return err
	}
	return writeTaught(opts.env.Stdout, t, opts.json)
}

// teachOutcome is what teaching one text did.
type teachOutcome struct {
	store  *me.Store
	ws     scope.Workspace
	draft  me.Draft
	taught me.Taught
	dryRun bool
}

// teachPreference normalizes opts.text into a preference and stores it,
// unless opts.dryRun or a preference in force already says it (checked
// inside the store's locked update). It is me teach's work without its
// output: the MCP teach tool calls it too.
func teachPreference(ctx context.Context, opts *meTeachOptions) (teachOutcome, error) {
	env := opts.env
	if err := opts.check.usage(); err != nil {
		return teachOutcome{}, err
	}
	if err := checkWords(opts.text); err != nil {
		return teachOutcome{}, err
	}
	ws, err := env.workspace()
	if err != nil {
		return teachOutcome{}, err
	}
	store, err := loadPrefs(env)
	if err != nil {
		return teachOutcome{}, err
	}
	res, err := normalizeText(ctx, env, opts.cfg, opts.text, store.Existing(ws))
	if err != nil {
		return teachOutcome{}, err
	}
	if opts.category != "" {
		res.Category = opts.category
	}
	if err := checkRule(res.Category, res.Instruction, res.Why); err != nil {
		return teachOutcome{}, err
	}
	check, err := opts.check.resolve(res.Instruction)
	if err != nil {
		return teachOutcome{}, err
	}
	sc := scope.All()
	if opts.workspace {
		sc = scope.Only(ws)
	}
	d := me.DraftOf(res, opts.text, check, sc)
	var t me.Taught
	if opts.dryRun {
		// The same computation on the store as read; nothing is written.
		t, err = store.Teach(d, env.Now(), normalize.Conflicts)
	} else {
		err = updatePrefs(ctx, env, func(s *me.Store) error {
			store = s
			t, err = s.Teach(d, env.Now(), normalize.Conflicts)
			return err
		})
	}
	if err != nil {
		return teachOutcome{}, fmt.Errorf("teach preference: %w", err)
	}
	return teachOutcome{store: store, ws: ws, draft: d, taught: t, dryRun: opts.dryRun}, nil
}

// writeTaught prints what teaching did, as text or JSON.
func writeTaught(out io.Writer, o teachOutcome, asJSON bool) error {
	store, ws, d, t := o.store, o.ws, o.draft, o.taught
	p := t.Preference
	if asJSON {
		r := teachResult{
			Stored:     !o.dryRun && !t.Duplicate,
			DryRun:     o.dryRun,
			Duplicate:  t.Duplicate,
			prefView:   viewOf(store, p, ws),
			Supersedes: t.SupersededIDs(),
		}
		return writeJSON(out, r)
	}
	where := p.Scope.Describe(ws)
	switch {
	case t.Duplicate:
		fmt.Fprintf(out, "Already preference %s ([%s]): %s — scope: %s.\n", p.ID, p.Category, p.Instruction, where)
		if p.Scope.Covers(d.Scope) {
			return nil
		}
		if here, _ := p.Scope.Match(ws); here {
			// In use here, but asked for all workspaces.
			fmt.Fprintf(out, "It is already known for this workspace (%s) only; to use it in all workspaces: autofix me scope %s --global\n", ws.Name, p.ID)
		} else {
			fmt.Fprintf(out, "It does not apply in this workspace (%s); to add it: autofix me scope %s --add .\n", ws.Name, p.ID)
		}
		return nil
	case o.dryRun:
		fmt.Fprintf(out, "Would learn preference %s ([%s]): %s — scope: %s%s.\n", p.ID, p.Category, p.Instruction, where, checkedNote(p.Check))
	default:
		fmt.Fprintf(out, "Learned preference %s ([%s]): %s — scope: %s%s.\n", p.ID, p.Category, p.Instruction, where, checkedNote(p.Check))
	}
	for _, q := range t.Superseded {
		fmt.Fprintf(out, "It supersedes %s ([%s]): %s\n", q.ID, q.Category, q.Instruction)
	}
	if o.dryRun {
		fmt.Fprintln(out, "Dry run: nothing was stored.")
	}
	return nil
}

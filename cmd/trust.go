package cmd

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/autofix/autofix/jsonfile"
	"github.com/autofix/autofix/rules"
	"github.com/autofix/autofix/scope"
	"github.com/autofix/autofix/trust"
	"github.com/spf13/cobra"
)

// trustStore is the person's trust records.
func (env *Env) trustStore() trust.Store {
	return trust.Store{Dir: env.ConfigDir, LockDir: env.lockDir()}
}

// projectRuleset is the workspace's ruleset, read once, with what the trust
// gate decided about it.
type projectRuleset struct {
	// Rules is the parsed ruleset; when not Trusted it must not reach an
	// agent, only be counted.
	Rules *rules.Ruleset
	// Path is the ruleset's real path ("" when it does not exist).
	Path string
	// Data is the content that was parsed and hashed.
	Data []byte
	// Trust is the gate's answer.
	Trust trust.State
}

// loadProjectRuleset reads the ruleset of ws once, so that the content
// checked against the trust records is the content parsed, and gates it:
// the context engine delivers its rules only when Trust is
// [trust.Trusted], and otherwise sends [projectRuleset.Note] instead. A
// missing ruleset is trusted (there is nothing to deliver).
func loadProjectRuleset(env *Env, ws scope.Workspace, root *os.Root) (*projectRuleset, error) {
	name, exists, err := rules.Locate(root)
	if err != nil {
		return nil, err
	}
	if !exists {
		return &projectRuleset{Rules: &rules.Ruleset{Name: name}, Trust: trust.Trusted}, nil
	}
	data, err := jsonfile.Read(root, name, rules.MaxFileSize)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return &projectRuleset{Rules: &rules.Ruleset{Name: name}, Trust: trust.Trusted}, nil
		}
		if errors.Is(err, jsonfile.ErrTooLarge) || errors.Is(err, jsonfile.ErrNotRegular) {
			return nil, fmt.Errorf("read %w", err) // the error names the file
		}
		return nil, fmt.Errorf("read %s: %w", name, err)
	}
	rs, err := rules.Parse(name, data)
	if err != nil {
		return nil, err
	}
	real := rulesetRealPath(ws, name)
	state, err := env.trustStore().Check(real, data)
	if err != nil {
		return nil, err
	}
	return &projectRuleset{Rules: rs, Path: real, Data: data, Trust: state}, nil
}

// rulesetRealPath is the symlink-resolved path of the ruleset name in ws:
// the key of its trust record.
func rulesetRealPath(ws scope.Workspace, name string) string {
	p := filepath.Join(ws.Root, filepath.FromSlash(name))
	if real, err := filepath.EvalSymlinks(p); err == nil {
		return real
	}
	return p
}

// Note is the one line an agent receives instead of an untrusted
// ruleset's rules: how many wait, never their text. Empty when trusted.
func (p *projectRuleset) Note() string {
	if p.Trust == trust.Trusted {
		return ""
	}
	n := len(p.Rules.Rules)
	if n == 0 {
		return ""
	}
	what := "is not trusted yet"
	if p.Trust == trust.Changed {
		what = "changed since it was trusted"
	}
	return fmt.Sprintf("%d project %s in %s not delivered: the ruleset %s; the person can review it and run `autofix trust` to use it.",
		n, plural(n, "rule", "rules"), p.Rules.Name, what)
}

// Hint is the hint `me context` prints under an untrusted ruleset.
func (p *projectRuleset) Hint() string {
	if p.Note() == "" {
		return ""
	}
	return fmt.Sprintf("review %s (autofix rules list), then run 'autofix trust' to deliver its rules", p.Rules.Name)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

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

Trust records are kept in your config directory, never in the repository.`,
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
	c.Flags().BoolVar(&opts.show, "show", false, "list the trusted rulesets instead")
	c.Flags().BoolVar(&opts.json, "json", false, "print the result as JSON")
	return c
}

// trustView is a trust record as trust --json shows it.
type trustView struct {
	trust.Entry
	// Status is the file's state now: trusted, changed since trusted, or
	// missing.
	Status string `json:"status"`
	Rules  int    `json:"rules,omitempty"`
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
	e, err := env.trustStore().Trust(ctx, p.Path, p.Data, env.Now())
	if err != nil {
		return err
	}
	n := len(p.Rules.Rules)
	if opts.json {
		return writeJSON(env.Stdout, trustView{Entry: e, Status: trust.Trusted.String(), Rules: n})
	}
	fmt.Fprintf(env.Stdout, "Trusted %s (%d %s, sha256 %s): its rules now reach your agents in this workspace.\n",
		p.Rules.Name, n, plural(n, "rule", "rules"), e.SHA256[:12])
	return nil
}

func runTrustShow(opts *trustOptions) error {
	env := opts.env
	list, err := env.trustStore().List()
	if err != nil {
		return err
	}
	views := make([]trustView, 0, len(list))
	for _, e := range list {
		views = append(views, trustView{Entry: e, Status: currentTrust(e)})
	}
	if opts.json {
		return writeJSON(env.Stdout, views)
	}
	if len(views) == 0 {
		fmt.Fprintln(env.Stdout, "No trusted rulesets. Run 'autofix trust' in a workspace to trust its rules.")
		return nil
	}
	for _, v := range views {
		fmt.Fprintf(env.Stdout, "%s  %s  trusted %s  %s\n", v.SHA256[:12], v.Path, v.TrustedAt.Local().Format(time.DateOnly), v.Status)
	}
	return nil
}

// currentTrust says whether a trusted file still has its trusted content.
func currentTrust(e trust.Entry) string {
	data, err := readFileIn(e.Path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "missing"
	case err != nil:
		return "unreadable"
	case trust.Sum(data) == e.SHA256:
		return trust.Trusted.String()
	}
	return trust.Changed.String()
}

// readFileIn reads a ruleset by absolute path with the same limits as in a
// workspace: regular files only, at most rules.MaxFileSize bytes.
func readFileIn(path string) ([]byte, error) {
	root, err := os.OpenRoot(filepath.Dir(path))
	if err != nil {
		return nil, err
	}
	defer root.Close()
	return jsonfile.Read(root, filepath.Base(path), rules.MaxFileSize)
}

// carryTrust keeps the workspace's ruleset trusted across a rule autofix
// just wrote for the person (`autofix learn`, the MCP learn tool). previous
// must be the exact bytes the write replaced, read under the write's lock
// (nil when the write created the file), and written the bytes it wrote.
// A ruleset that was not trusted with previous stays untrusted: writing a
// rule never launders a file the person did not trust. It returns the
// ruleset's trust state after the write.
func carryTrust(ctx context.Context, env *Env, ws scope.Workspace, name string, previous, written []byte) (trust.State, error) {
	real := rulesetRealPath(ws, name)
	ok, err := env.trustStore().Carry(ctx, real, previous, written, env.Now())
	if err != nil {
		return trust.Untrusted, err
	}
	if ok {
		return trust.Trusted, nil
	}
	return env.trustStore().Check(real, written)
}

// appendRules appends rules to the workspace's ruleset on the person's
// behalf (`autofix learn`, `rules add`) and keeps the ruleset trusted
// across the write when the bytes it replaced were trusted, or when it
// created the file (then every rule in it is the person's). The trust
// record moves under the ruleset's lock, from the exact bytes replaced to
// the exact bytes written, so a concurrent writer cannot slip content past
// it, and autofix never carries trust over text the person did not see. A
// failure to update the trust record is not the write's failure: the rule
// is written and the person is told.
func appendRules(ctx context.Context, env *Env, ws scope.Workspace, root *os.Root, add ...rules.Rule) (*rules.Ruleset, []rules.Rule, error) {
	return rules.AppendThen(ctx, root, env.lockDir(), func(name string, replaced, written []byte) {
		if _, err := carryTrust(ctx, env, ws, name, replaced, written); err != nil {
			fmt.Fprintf(env.Stderr, "autofix: note: could not keep %s trusted: %v; review it and run 'autofix trust'\n", name, err)
		}
	}, add...)
}

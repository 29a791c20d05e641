package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"
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

// trustedRules is what a trust record keeps of a ruleset's rules.
func trustedRules(rs *rules.Ruleset) []trust.Rule {
	out := make([]trust.Rule, 0, len(rs.Rules))
	for _, r := range rs.Rules {
		out = append(out, trust.Rule{Number: r.Number, Category: r.Category, Instruction: r.Instruction})
	}
	return out
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
	store := env.trustStore()
	prev, had, err := store.Get(p.Path)
	if err != nil {
		return err
	}
	cur := trustedRules(p.Rules)
	var changes *trust.Changes
	switch {
	case !had:
		c := trust.Diff(nil, cur)
		changes = &c
	case prev.Rules != nil || len(cur) == 0 || prev.SHA256 == trust.Sum(p.Data):
		c := trust.Diff(prev.Rules, cur)
		changes = &c
	}
	e, err := store.TrustRules(ctx, p.Path, p.Data, cur, env.Now())
	if err != nil {
		return err
	}
	n := len(p.Rules.Rules)
	if opts.json {
		return writeJSON(env.Stdout, trustView{Entry: e, Status: trust.Trusted.String(), Rules: n, Changes: changes})
	}
	writeTrustChanges(env.Stdout, p.Rules.Name, prev, had, changes, n)
	fmt.Fprintf(env.Stdout, "Trusted %s (%d %s, sha256 %s): its rules now reach your agents in this workspace.\n",
		p.Rules.Name, n, plural(n, "rule", "rules"), e.SHA256[:12])
	return nil
}

// writeTrustChanges shows what the person is about to trust: every rule
// of a ruleset trusted for the first time, else the rules added, changed
// and removed since the last trust.
func writeTrustChanges(w io.Writer, name string, prev trust.Entry, had bool, c *trust.Changes, n int) {
	since := prev.TrustedAt
	if prev.UpdatedAt.After(since) {
		since = prev.UpdatedAt
	}
	when := since.Local().Format(time.DateOnly)
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
	Workspace workspaceTrustJSON `json:"workspace"`
	Trusted   []trustView        `json:"trusted"`
}

// workspaceTrustJSON is the trust state of the current workspace.
type workspaceTrustJSON struct {
	Root    string `json:"root"`
	Ruleset string `json:"ruleset,omitempty"`
	// Status is trusted, not trusted, changed since trusted, no ruleset,
	// or unreadable.
	Status string `json:"status"`
	Rules  int    `json:"rules"`
	Error  string `json:"error,omitempty"`
}

func runTrustShow(opts *trustOptions) error {
	env := opts.env
	list, err := env.trustStore().List()
	if err != nil {
		return err
	}
	out := trustShowJSON{Workspace: workspaceTrust(env), Trusted: make([]trustView, 0, len(list))}
	for _, e := range list {
		v := trustView{Entry: e, Status: currentTrust(e)}
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
func workspaceTrust(env *Env) workspaceTrustJSON {
	ws, root, err := env.openWorkspace()
	if err != nil {
		return workspaceTrustJSON{Root: env.Dir, Status: "unreadable", Error: err.Error()}
	}
	defer root.Close()
	out := workspaceTrustJSON{Root: ws.Root}
	p, err := loadProjectRuleset(env, ws, root)
	if err != nil {
		name, _, _ := rules.Locate(root)
		out.Ruleset, out.Status, out.Error = name, "unreadable", err.Error()
		return out
	}
	if p.Path == "" {
		out.Status = "no ruleset"
		return out
	}
	out.Ruleset, out.Status, out.Rules = p.Rules.Name, p.Trust.String(), len(p.Rules.Rules)
	return out
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
	var kept []trust.Rule
	if rs, err := rules.Parse(name, written); err == nil {
		kept = trustedRules(rs)
	}
	ok, err := env.trustStore().CarryRules(ctx, real, previous, written, kept, env.Now())
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

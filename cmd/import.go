package cmd

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/autofix/autofix/agentfile"
	"github.com/autofix/autofix/jsonfile"
	"github.com/autofix/autofix/normalize"
	"github.com/autofix/autofix/rules"
	"github.com/autofix/autofix/scope"
	"github.com/spf13/cobra"
)

type importOptions struct {
	env   *Env
	cfg   Config
	files []string
	write bool
	json  bool
}

func newImportCmd(env *Env) *cobra.Command {
	opts := &importOptions{env: env}
	c := &cobra.Command{
		Use:   "import [--write] [--json] [--model M|off] FILE…",
		Short: "Turn the rules of agents' instruction files into project rules",
		Long: `Import reads the bullet ("- …") and numbered ("1. …") lines of the
instruction files agents read — CLAUDE.md, AGENTS.md, .cursorrules,
.cursor/rules/*.mdc (a directory: its .mdc files), copilot-instructions.md —
and turns each into a strict imperative rule with the normalizer, as learn
does (--model, config key "model"). Frontmatter, headings, code blocks and
autofix's own exported section are not read; a file autofix wrote whole is
skipped. Vague lines, and prose that is not a list item, are listed as
skipped, with the reason.

It is a dry run by default: it lists the rules it would add and the numbers
they would get. --write appends them to the project ruleset in one write;
a line that says what a rule in force says already adds nothing, so
importing again adds no duplicates. Each rule's Why names its source line,
e.g. "imported from CLAUDE.md:12".`,
		Example: `  autofix import CLAUDE.md
  autofix import --write AGENTS.md .cursorrules
  autofix import --json .cursor/rules
  autofix import --model off .github/copilot-instructions.md`,
		Args: func(c *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usageErrorf("%s needs at least one file, e.g. CLAUDE.md (see '%s --help')", c.CommandPath(), c.CommandPath())
			}
			return nil
		},
		RunE: func(c *cobra.Command, args []string) error {
			opts.files = args
			cfg, err := loadConfig(env, c.Flags())
			if err != nil {
				return err
			}
			opts.cfg = cfg
			return runImport(c.Context(), opts)
		},
	}
	f := c.Flags()
	f.BoolVar(&opts.write, "write", false, "append the rules (default: list them, write nothing)")
	f.BoolVar(&opts.json, "json", false, "print the result as JSON")
	f.String("model", "", "normalizer: auto, off (built-in) or an Ollama model name")
	return c
}

// importedRule is a rule import proposes (or added); importedLine a line
// it did not turn into a new rule.
type importedRule struct {
	Source      string `json:"source"`
	Text        string `json:"text"`
	Number      int    `json:"number"`
	Category    string `json:"category"`
	Instruction string `json:"instruction"`
	Why         string `json:"why"`
	Normalizer  string `json:"normalizer"`
}

type importedLine struct {
	Source string `json:"source"`
	Text   string `json:"text"`
	// Number is the rule in force that says it already (in Already).
	Number int `json:"number,omitempty"`
	// Reason says why it was skipped (in Skipped).
	Reason string `json:"reason,omitempty"`
}

type importResult struct {
	Path    string         `json:"path"`
	DryRun  bool           `json:"dry_run"`
	Rules   []importedRule `json:"rules"`
	Already []importedLine `json:"already"`
	Skipped []importedLine `json:"skipped"`
}

// maxImportFile bounds a file import reads.
const maxImportFile = 1 << 20

func runImport(ctx context.Context, opts *importOptions) error {
	env := opts.env
	ws, root, err := env.openWorkspace()
	if err != nil {
		return err
	}
	defer root.Close()
	rs, err := rules.Load(root)
	if err != nil {
		return err
	}
	inForce := rules.InForce(rs.Rules)
	existing := make([]normalize.Existing, 0, len(inForce))
	for _, r := range inForce {
		existing = append(existing, normalize.Existing{ID: strconv.Itoa(r.Number), Category: r.Category, Instruction: r.Instruction})
	}
	paths, err := importPaths(env, opts.files)
	if err != nil {
		return err
	}
	res := importResult{Path: rs.Name, DryRun: !opts.write, Rules: []importedRule{}, Already: []importedLine{}, Skipped: []importedLine{}}
	cfg, pinned := opts.cfg, false
	for _, path := range paths {
		name := importName(ws, path)
		data, err := readImportFile(path)
		if err != nil {
			return err
		}
		if autofixWrote(data) {
			res.Skipped = append(res.Skipped, importedLine{Source: name, Reason: "autofix wrote this file (setup or export): its rules come from the ruleset"})
			continue
		}
		for _, it := range agentfile.Items(data) {
			src := name + ":" + strconv.Itoa(it.Line)
			if it.Prose {
				res.Skipped = append(res.Skipped, importedLine{Source: src, Text: it.Text, Reason: "prose, not a list item: write it as a bullet line to import it"})
				continue
			}
			if !pinned {
				cfg, pinned = pinNormalizer(ctx, env, cfg), true
			}
			r, err := importLine(ctx, env, cfg, it.Text, existing)
			var abort *importAbort
			if errors.As(err, &abort) {
				return abort.err
			}
			if err != nil {
				res.Skipped = append(res.Skipped, importedLine{Source: src, Text: it.Text, Reason: err.Error()})
				continue
			}
			if same, ok := rules.FindSame(inForce, r.Instruction); ok {
				res.Already = append(res.Already, importedLine{Source: src, Text: it.Text, Number: same.Number})
				continue
			}
			if i := slices.IndexFunc(res.Rules, func(o importedRule) bool { return rules.SameInstruction(o.Instruction, r.Instruction) }); i >= 0 {
				res.Skipped = append(res.Skipped, importedLine{Source: src, Text: it.Text, Reason: "says what " + res.Rules[i].Source + " says"})
				continue
			}
			res.Rules = append(res.Rules, importedRule{
				Source: src, Text: it.Text, Category: r.Category, Instruction: r.Instruction,
				Why: importWhy(r.Why, src), Normalizer: r.Normalizer,
			})
		}
	}
	next := 1
	for _, r := range rs.Rules {
		next = max(next, r.Number+1)
	}
	for i := range res.Rules {
		res.Rules[i].Number = next + i
	}
	if opts.write && len(res.Rules) > 0 {
		if err := appendImported(ctx, env, ws, root, &res); err != nil {
			return err
		}
	}
	if opts.json {
		return writeJSON(env.Stdout, res)
	}
	writeImport(env, opts, res)
	return nil
}

// appendImported appends res.Rules in one locked write and numbers them. A
// rule that a concurrent writer added meanwhile moves to Already, and the
// rest are appended.
func appendImported(ctx context.Context, env *Env, ws scope.Workspace, root *os.Root, res *importResult) error {
	for len(res.Rules) > 0 {
		add := make([]rules.Rule, len(res.Rules))
		for i, r := range res.Rules {
			add[i] = rules.Rule{Category: r.Category, Instruction: r.Instruction, Why: r.Why}
		}
		written, added, err := appendRules(ctx, env, ws, root, add...)
		var dup *rules.DuplicateError
		if errors.As(err, &dup) {
			i := slices.IndexFunc(res.Rules, func(o importedRule) bool { return rules.SameInstruction(o.Instruction, dup.Rule.Instruction) })
			if i < 0 {
				return err
			}
			res.Already = append(res.Already, importedLine{Source: res.Rules[i].Source, Text: res.Rules[i].Text, Number: dup.Rule.Number})
			res.Rules = slices.Delete(res.Rules, i, i+1)
			continue
		}
		if err != nil {
			return err
		}
		for i := range res.Rules {
			res.Rules[i].Number = added[i].Number
		}
		if written != nil && written.Name != "" {
			res.Path = written.Name
		}
		return nil
	}
	return nil
}

// importAbort is a failure of the normalizer itself (the model named is
// not available), which stops the import instead of skipping a line.
type importAbort struct{ err error }

func (e *importAbort) Error() string { return e.err.Error() }

// importLine normalizes one line as learn does: the same character check,
// normalizer and rule validation.
func importLine(ctx context.Context, env *Env, cfg Config, text string, existing []normalize.Existing) (normalize.Result, error) {
	if err := checkWords(text); err != nil {
		return normalize.Result{}, err
	}
	r, err := normalizeText(ctx, env, cfg, text, existing)
	switch {
	case ctx.Err() != nil:
		return r, &importAbort{ctx.Err()}
	case errors.Is(err, normalize.ErrModelUnavailable) || errors.Is(err, normalize.ErrModelNotFound):
		return r, &importAbort{err}
	case err != nil:
		return r, err
	}
	if err := checkRule(r.Category, r.Instruction, r.Why); err != nil {
		return r, err
	}
	return r, nil
}

// pinNormalizer decides auto mode once for a whole import: the model when
// Ollama answers and has it, else the built-in normalizer with one notice,
// rather than a probe and a notice for every line.
func pinNormalizer(ctx context.Context, env *Env, cfg Config) Config {
	m := normalizeMode(env, cfg)
	if !m.Auto() {
		return cfg
	}
	sel, err := normalize.Select(ctx, m)
	if err != nil {
		return cfg
	}
	printNotice(env, sel.Notice)
	cfg.Model = cmp.Or(sel.Model(), "off")
	return cfg
}

// importWhy is the Why of an imported rule: the normalizer's, which may
// name what it supersedes, and the source line.
func importWhy(why, src string) string {
	why = strings.TrimSpace(why)
	if why == "" {
		return "imported from " + src
	}
	return why + "; imported from " + src
}

// importPaths resolves the file arguments against the working directory;
// a directory stands for its .mdc files (Cursor's .cursor/rules).
func importPaths(env *Env, args []string) ([]string, error) {
	var out []string
	for _, a := range args {
		p := a
		if !filepath.IsAbs(p) {
			p = filepath.Join(env.Dir, p)
		}
		fi, err := os.Stat(p)
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil, withHint(fmt.Errorf("%s does not exist", a), "give the path of an instruction file, e.g. CLAUDE.md or .cursor/rules")
			}
			return nil, err
		}
		if !fi.IsDir() {
			out = append(out, p)
			continue
		}
		mdc, err := filepath.Glob(filepath.Join(p, "*.mdc"))
		if err != nil {
			return nil, err
		}
		if len(mdc) == 0 {
			return nil, withHint(fmt.Errorf("%s is a directory without .mdc files", a), "give an instruction file, or Cursor's .cursor/rules directory")
		}
		slices.Sort(mdc)
		out = append(out, mdc...)
	}
	return out, nil
}

// importName is how a file is named in Why and output: workspace-relative
// when it is in the workspace, else its base name (no absolute paths in a
// committed ruleset).
func importName(ws scope.Workspace, path string) string {
	if rel, err := filepath.Rel(ws.Root, path); err == nil && !strings.HasPrefix(rel, "..") {
		return filepath.ToSlash(rel)
	}
	if real, err := filepath.EvalSymlinks(path); err == nil {
		if rel, err := filepath.Rel(ws.Root, real); err == nil && !strings.HasPrefix(rel, "..") {
			return filepath.ToSlash(rel)
		}
	}
	return filepath.Base(path)
}

func readImportFile(path string) ([]byte, error) {
	root, err := os.OpenRoot(filepath.Dir(path))
	if err != nil {
		return nil, err
	}
	defer root.Close()
	data, err := jsonfile.Read(root, filepath.Base(path), maxImportFile)
	if err != nil {
		return nil, withHint(fmt.Errorf("read %s: %w", path, err), "import reads regular files up to %d bytes", maxImportFile)
	}
	return data, nil
}

// autofixWrote reports whether data is a file autofix writes whole (the
// Cursor rules file, a learn command): its marker line.
func autofixWrote(data []byte) bool {
	return strings.Contains(string(data), "autofix-setup sha256 ")
}

func writeImport(env *Env, opts *importOptions, res importResult) {
	out := env.Stdout
	n := len(res.Rules)
	switch {
	case n == 0:
		fmt.Fprintf(out, "No new rules to import into %s.\n", res.Path)
	case res.DryRun:
		fmt.Fprintf(out, "Would import %d %s into %s (dry run, nothing written):\n", n, plural(n, "rule", "rules"), res.Path)
	default:
		fmt.Fprintf(out, "Imported %d %s into %s:\n", n, plural(n, "rule", "rules"), res.Path)
	}
	for _, r := range res.Rules {
		fmt.Fprintf(out, "  #%d [%s] %s (%s)\n", r.Number, r.Category, r.Instruction, r.Source)
	}
	if len(res.Already) > 0 {
		fmt.Fprintf(out, "Already in force (%d):\n", len(res.Already))
		for _, l := range res.Already {
			fmt.Fprintf(out, "  %s: rule #%d\n", l.Source, l.Number)
		}
	}
	if len(res.Skipped) > 0 {
		fmt.Fprintf(out, "Skipped (%d):\n", len(res.Skipped))
		for _, l := range res.Skipped {
			if l.Text == "" || strings.Contains(l.Reason, l.Text) {
				fmt.Fprintf(out, "  %s: %s\n", l.Source, l.Reason)
				continue
			}
			fmt.Fprintf(out, "  %s: %q: %s\n", l.Source, cut(l.Text, 60), l.Reason)
		}
	}
	if res.DryRun && n > 0 {
		fmt.Fprintf(out, "Run 'autofix import --write %s' to append them.\n", strings.Join(opts.files, " "))
	}
}

// cut shortens s to n runes, with an ellipsis.
func cut(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

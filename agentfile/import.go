package agentfile

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/autofix/autofix/hint"
	"github.com/autofix/autofix/jsonfile"
	"github.com/autofix/autofix/normalize"
	"github.com/autofix/autofix/rules"
)

// Imported is a rule an import proposes (or added).
type Imported struct {
	Source      string `json:"source"`
	Text        string `json:"text"`
	Number      int    `json:"number"`
	Category    string `json:"category"`
	Instruction string `json:"instruction"`
	Why         string `json:"why"`
	Normalizer  string `json:"normalizer"`
}

// Line is a line an import did not turn into a new rule.
type Line struct {
	Source string `json:"source"`
	Text   string `json:"text"`
	// Number is the rule in force that says it already (in Already).
	Number int `json:"number,omitempty"`
	// Reason says why it was skipped (in Skipped).
	Reason string `json:"reason,omitempty"`
}

// Import is what importing instruction files into a ruleset proposes, or
// did.
type Import struct {
	Path    string     `json:"path"`
	DryRun  bool       `json:"dry_run"`
	Rules   []Imported `json:"rules"`
	Already []Line     `json:"already"`
	Skipped []Line     `json:"skipped"`
}

// MaxImportFile bounds a file an import reads.
const MaxImportFile = 1 << 20

// Abort is a failure of the normalizer itself (the model named is not
// available, or the import was canceled), which stops the import instead
// of skipping a line.
type Abort struct{ Err error }

func (e *Abort) Error() string { return e.Err.Error() }
func (e *Abort) Unwrap() error { return e.Err }

// RuleOf turns one line into a rule; an [*Abort] stops the import, any
// other error skips the line with the error as the reason.
type RuleOf func(ctx context.Context, text string, existing []normalize.Existing) (normalize.Result, error)

// Plan reads the files at paths (named in the output relative to the
// workspace at wsRoot) and proposes the rules their list items say that
// rs does not say already, numbered after rs's rules.
func Plan(ctx context.Context, rs *rules.Ruleset, wsRoot string, paths []string, ruleOf RuleOf) (Import, error) {
	inForce := rules.InForce(rs.Rules)
	existing := normalize.FromRules(inForce)
	res := Import{Path: rs.Name, DryRun: true, Rules: []Imported{}, Already: []Line{}, Skipped: []Line{}}
	for _, path := range paths {
		name := importName(wsRoot, path)
		data, err := readImportFile(path)
		if err != nil {
			return res, err
		}
		if strings.Contains(string(data), "autofix-setup sha256 ") {
			// A file autofix writes whole (the Cursor rules file, a learn
			// command): its marker line.
			res.Skipped = append(res.Skipped, Line{Source: name, Reason: "autofix wrote this file (setup or export): its rules come from the ruleset"})
			continue
		}
		for _, it := range Items(data) {
			src := name + ":" + strconv.Itoa(it.Line)
			if it.Prose {
				res.Skipped = append(res.Skipped, Line{Source: src, Text: it.Text, Reason: "prose, not a list item: write it as a bullet line to import it"})
				continue
			}
			r, err := ruleOf(ctx, it.Text, existing)
			var abort *Abort
			if errors.As(err, &abort) {
				return res, abort.Err
			}
			if err != nil {
				res.Skipped = append(res.Skipped, Line{Source: src, Text: it.Text, Reason: err.Error()})
				continue
			}
			if same, ok := rules.FindSame(inForce, r.Instruction); ok {
				res.Already = append(res.Already, Line{Source: src, Text: it.Text, Number: same.Number})
				continue
			}
			if i := slices.IndexFunc(res.Rules, func(o Imported) bool { return rules.SameInstruction(o.Instruction, r.Instruction) }); i >= 0 {
				res.Skipped = append(res.Skipped, Line{Source: src, Text: it.Text, Reason: "says what " + res.Rules[i].Source + " says"})
				continue
			}
			res.Rules = append(res.Rules, Imported{
				Source: src, Text: it.Text, Category: r.Category, Instruction: r.Instruction,
				Why: importWhy(r.Why, src), Normalizer: r.Normalizer,
			})
		}
	}
	next := rules.Next(rs.Rules)
	for i := range res.Rules {
		res.Rules[i].Number = next + i
	}
	return res, nil
}

// Apply appends the proposed rules with add in one locked write and
// numbers them. A rule that a concurrent writer added meanwhile moves to
// Already, and the rest are appended.
func (res *Import) Apply(add func(...rules.Rule) (*rules.Ruleset, []rules.Rule, error)) error {
	for len(res.Rules) > 0 {
		rs := make([]rules.Rule, len(res.Rules))
		for i, r := range res.Rules {
			rs[i] = rules.Rule{Category: r.Category, Instruction: r.Instruction, Why: r.Why}
		}
		written, added, err := add(rs...)
		var dup *rules.DuplicateError
		if errors.As(err, &dup) {
			i := slices.IndexFunc(res.Rules, func(o Imported) bool { return rules.SameInstruction(o.Instruction, dup.Rule.Instruction) })
			if i < 0 {
				return err
			}
			res.Already = append(res.Already, Line{Source: res.Rules[i].Source, Text: res.Rules[i].Text, Number: dup.Rule.Number})
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

// importWhy is the Why of an imported rule: the normalizer's, which may
// name what it supersedes, and the source line.
func importWhy(why, src string) string {
	why = strings.TrimSpace(why)
	if why == "" {
		return "imported from " + src
	}
	return why + "; imported from " + src
}

// Files resolves the file arguments against base (the working directory);
// a directory stands for its .mdc files (Cursor's .cursor/rules).
func Files(base string, args []string) ([]string, error) {
	var out []string
	for _, a := range args {
		p := a
		if !filepath.IsAbs(p) {
			p = filepath.Join(base, p)
		}
		fi, err := os.Stat(p)
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil, hint.Wrap(fmt.Errorf("%s does not exist", a), "give the path of an instruction file, e.g. CLAUDE.md or .cursor/rules")
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
			return nil, hint.Wrap(fmt.Errorf("%s is a directory without .mdc files", a), "give an instruction file, or Cursor's .cursor/rules directory")
		}
		slices.Sort(mdc)
		out = append(out, mdc...)
	}
	return out, nil
}

// importName is how a file is named in Why and output: workspace-relative
// when it is in the workspace, else its base name (no absolute paths in a
// committed ruleset).
func importName(wsRoot, path string) string {
	if rel, err := filepath.Rel(wsRoot, path); err == nil && !strings.HasPrefix(rel, "..") {
		return filepath.ToSlash(rel)
	}
	if real, err := filepath.EvalSymlinks(path); err == nil {
		if rel, err := filepath.Rel(wsRoot, real); err == nil && !strings.HasPrefix(rel, "..") {
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
	data, err := jsonfile.Read(root, filepath.Base(path), MaxImportFile)
	if err != nil {
		return nil, hint.Wrap(fmt.Errorf("read %s: %w", path, err), "import reads regular files up to %d bytes", MaxImportFile)
	}
	return data, nil
}

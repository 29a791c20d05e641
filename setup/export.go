package setup

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/autofix/autofix/agentfile"
	"github.com/autofix/autofix/rules"
)

// Export writes autofix's rules into the instruction files agents read
// (autofix export): a managed section of a Markdown file (see
// [agentfile.Splice]), or Cursor's rules file written whole by the writer
// setup cursor uses.

// RulesPath is Cursor's rules file of the project at projectRoot
// (.cursor/rules/autofix.mdc).
func RulesPath(projectRoot string) string { return rulesPath(Options{Project: projectRoot}) }

// SectionLine is one line of an exported section: a rule and where it
// comes from ("project #4", "personal p2").
type SectionLine struct {
	Category, Instruction, Source string
}

// ProjectLines are the lines of the in-force rules of a ruleset.
func ProjectLines(inForce []rules.Rule) []SectionLine {
	out := make([]SectionLine, len(inForce))
	for i, r := range inForce {
		out[i] = SectionLine{Category: r.Category, Instruction: r.Instruction, Source: fmt.Sprintf("project #%d", r.Number)}
	}
	return out
}

// SectionBody is the Markdown inside the managed section: a heading, what
// the lines are and how to change them (again, the command that rewrites
// the section), then one line per rule, bounded as Cursor's rules file is.
func SectionBody(title, intro, again string, lines []SectionLine) string {
	var b strings.Builder
	fmt.Fprintf(&b, "## %s\n\n", title)
	fmt.Fprintf(&b, "%s autofix writes this section; change the rules with autofix, then run `%s`.\n\n", intro, again)
	if len(lines) == 0 {
		b.WriteString("No rules yet.\n")
	}
	used := 0
	for i, l := range lines {
		line := fmt.Sprintf("- [%s] %s (%s)\n", l.Category, oneLine(l.Instruction), l.Source)
		if used+len(line) > rulesFileLimit {
			fmt.Fprintf(&b, "- … %d more rules: run `autofix rules list` or `autofix me list`.\n", len(lines)-i)
			break
		}
		used += len(line)
		b.WriteString(line)
	}
	return b.String()
}

// SectionFile is the content the file at path would have with its managed
// section replaced by sec: its current content (nil when it does not
// exist) and the new one.
func SectionFile(path string, sec []byte) (old, content []byte, err error) {
	old, err = read(path)
	if err != nil {
		return nil, nil, err
	}
	content, err = agentfile.Splice(old, sec)
	if err != nil {
		return nil, nil, fmt.Errorf("%s:%w", path, err)
	}
	return old, content, nil
}

// WriteSection replaces the managed section of the Markdown file at path
// with sec, atomically and under the file's lock, keeping every other byte;
// a missing file (and its directory) is created. The splice is made again
// on the content found under the lock, so an edit made meanwhile outside
// the section is kept. Unchanged when the file already has sec.
func WriteSection(ctx context.Context, path, lockDir string, sec []byte) (Step, error) {
	st := Step{Part: RulesFile, Path: path, Action: Unchanged}
	err := update(ctx, Options{LockDir: lockDir}, path, func(old []byte, exists bool) ([]byte, error) {
		out, err := agentfile.Splice(old, sec)
		if err != nil {
			return nil, fmt.Errorf("%s:%w", path, err)
		}
		if exists && bytes.Equal(out, old) {
			return nil, errUnchanged
		}
		st.Action, st.Content = Wrote, out
		return out, nil
	})
	if errors.Is(err, errUnchanged) {
		return Step{Part: RulesFile, Path: path, Action: Unchanged}, nil
	}
	return st, err
}

// errUnchanged stops an update that has nothing to write.
var errUnchanged = errors.New("unchanged")

// ExportRules brings Cursor's rules file of the project at projectRoot to
// content (see [CursorRules]) with the writer of setup cursor: created when
// missing, rewritten while it is autofix's and unedited (Edited or Foreign
// otherwise, left alone). A dry run computes the step and writes nothing.
func ExportRules(ctx context.Context, projectRoot, lockDir string, content []byte, dryRun bool) (Step, error) {
	opts := Options{Project: projectRoot, LockDir: lockDir, DryRun: dryRun}
	return writeOwned(ctx, opts, RulesFile, rulesPath(opts), func() []byte { return content })
}

package setup

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/autofix/autofix/rules"
)

// Cursor's IDE does not always hand a sessionStart hook's context to the
// model; a project rule file with alwaysApply: true it always does
// (cursor.com/docs/context/rules: .cursor/rules/*.mdc, Markdown with
// frontmatter description, globs, alwaysApply). So setup cursor also
// writes the project's rules there.

// rulesPath is Cursor's rules file of the project.
func rulesPath(opts Options) string {
	return filepath.Join(opts.Project, ".cursor", "rules", "autofix.mdc")
}

// rulesFileLimit bounds the rules in the file (in bytes of rule lines), as
// a hook's context is bounded: the file is in every request.
const rulesFileLimit = 10000

// CursorRules is the content of Cursor's rules file: the in-force rules of
// the ruleset source (its workspace-relative name), which the caller has
// gated (only a trusted ruleset's rules may be given), or note instead of
// rules when there are none to deliver (an untrusted ruleset: how many
// wait, never their text).
func CursorRules(source string, inForce []rules.Rule, note string) []byte {
	var b strings.Builder
	b.WriteString("---\n")
	b.WriteString("description: Project rules recorded with autofix; hard constraints for every task\n")
	b.WriteString("alwaysApply: true\n")
	b.WriteString("# autofix-setup sha256 " + markerPlaceholder + " (autofix rewrites this file; once you edit it, autofix leaves it alone)\n")
	b.WriteString("---\n")
	b.WriteString("# Project rules (autofix)\n\n")
	fmt.Fprintf(&b, "These rules of this repository (%s) are hard constraints: follow each of them. When two conflict, the newer (higher number) wins.\n\n", source)
	if note != "" {
		b.WriteString(note + "\n")
	}
	if len(inForce) == 0 && note == "" {
		b.WriteString("No project rules yet.\n")
	}
	used := 0
	for i, r := range inForce {
		line := fmt.Sprintf("- [%s] %s (project #%d)\n", r.Category, oneLine(r.Instruction), r.Number)
		if used+len(line) > rulesFileLimit {
			fmt.Fprintf(&b, "- … %d more rules in %s: run `autofix rules list`.\n", len(inForce)-i, source)
			break
		}
		used += len(line)
		b.WriteString(line)
	}
	return seal(b.String())
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// SyncRules rewrites Cursor's rules file of the project at projectRoot to
// content (see [CursorRules]) when it exists, is autofix's and unedited, and
// differs; it never creates the file (setup cursor does). The Cursor hook
// calls it at sessionStart, so the file follows the ruleset.
func SyncRules(ctx context.Context, projectRoot, lockDir string, content []byte) (Step, error) {
	opts := Options{Project: projectRoot, LockDir: lockDir}
	path := rulesPath(opts)
	old, err := read(path)
	if err != nil {
		return Step{Part: RulesFile, Path: path}, err
	}
	if old == nil {
		return Step{Part: RulesFile, Path: path, Action: Absent}, nil
	}
	return writeOwned(ctx, opts, RulesFile, path, func() []byte { return content })
}

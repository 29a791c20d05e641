package setup

import (
	"path/filepath"
	"strings"

	"github.com/autofix/autofix/hook"
)

// learnPath is where agent a reads the learn command:
//
//   - Claude Code: .claude/commands/learn.md (global: ~/.claude/commands/),
//     typed as /learn; Markdown with YAML frontmatter (description,
//     argument-hint), $ARGUMENTS is what follows the command.
//   - Codex: prompts/learn.md in Codex's home ($CODEX_HOME, else ~/.codex;
//     default_prompts_dir in openai/codex codex-rs/core/src/custom_prompts.rs),
//     typed as /prompts:learn; the same frontmatter keys and $ARGUMENTS
//     (openai/codex PR #3565).
//   - Cursor: .cursor/commands/learn.md (global: ~/.cursor/commands/),
//     typed as /learn; plain Markdown, no placeholders: what the person
//     types after the command comes with it.
func learnPath(opts Options) string {
	switch opts.Agent {
	case hook.Codex:
		return filepath.Join(opts.CodexHome, "prompts", "learn.md")
	case hook.Cursor:
		if opts.Scope == hook.Global {
			return filepath.Join(opts.Home, ".cursor", "commands", "learn.md")
		}
		return filepath.Join(opts.Project, ".cursor", "commands", "learn.md")
	}
	if opts.Scope == hook.Global {
		return filepath.Join(opts.Home, ".claude", "commands", "learn.md")
	}
	return filepath.Join(opts.Project, ".claude", "commands", "learn.md")
}

// learnSteps is the protocol of the learn command; CORRECTION names where
// the correction is.
const learnSteps = `1. Run ` + "`autofix learn -- '<correction>'`" + ` in this workspace, passing CORRECTION, in the person's own words, as one shell-quoted argument. Add nothing of your own to it.
2. Relay the line autofix prints, word for word: ` + "`Learned rule #N ([CATEGORY]): … — recorded in ….`" + ` When autofix refuses the text as vague, or prints an error, show its message and ask the person for the concrete behaviour; record nothing yourself.
3. Redo your current work so that it follows the new rule, and say what you changed.

A personal taste rather than a convention of this repository ("I prefer small commits") is not a project rule: record it with ` + "`autofix me teach -- '<text>'`" + ` instead. It stays on this machine and applies to all of the person's projects.
`

// learnCommand is the learn command file for agent a, sealed with its
// marker.
func learnCommand(a hook.Agent) []byte {
	if a == hook.Cursor {
		return seal("# Learn a rule\n\n" +
			"Record the person's correction as a strict project rule for this repository with autofix, then work under it.\n\n" +
			strings.Replace(learnSteps, "CORRECTION", "the correction the person typed after /learn (none: the one they just gave in this conversation)", 1) +
			"\n<!-- autofix-setup sha256 " + markerPlaceholder + " (autofix setup leaves this file alone once you edit it) -->\n")
	}
	return seal("---\n" +
		"description: Record a correction as a project rule with autofix, then redo the work under it\n" +
		"argument-hint: <correction, e.g. \"no, we use pnpm here\">\n" +
		"# autofix-setup sha256 " + markerPlaceholder + " (autofix setup leaves this file alone once you edit it)\n" +
		"---\n" +
		"Record this correction as a strict project rule for this repository with autofix, then work under it:\n\n" +
		"$ARGUMENTS\n\n" +
		strings.Replace(learnSteps, "CORRECTION", "the correction above (none: the one the person just gave in this conversation)", 1))
}

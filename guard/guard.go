// Package guard enforces rules that have a machine-checkable shape before
// an agent acts: a [Check] is an RE2 pattern over one part of a tool call
// (the shell command, the content written, or the path written), and
// [Evaluate] says whether a call breaks a rule, so that the agent's hook
// can deny it and name the rule.
//
// # Checks
//
// A check is stored with its rule (the "Check" field of a rule in
// autofix.json, "check" of a personal preference):
//
//	{"tool": "Bash", "target": "command", "pattern": "…", "action": "deny"}
//
// tool is Bash, Write, Edit, "*" or an alternation such as "Write|Edit";
// target is command, content or path; action is deny (the default) or
// warn. [Check.Validate] refuses a pattern that does not compile, that
// matches the empty string, or that matches a harmless sample (ls, git
// status, a small plain file): such a check would stop everything.
//
// [Propose] writes a check for an instruction only when its shape is
// unambiguous: a package manager used instead of another, a forbidden
// library, a forbidden command, emoji in commit messages, writes under a
// forbidden folder. Anything else gets no check.
//
// # Failures
//
// A check that does not validate never blocks: [Evaluate] skips it and
// reports it in [Decision.Errors]. The caller decides which rules may
// deny (trusted, in force); this package reads no files and no process
// state.
package guard

import (
	"errors"
	"fmt"
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
)

// Targets: what part of a tool call a check reads.
const (
	TargetCommand = "command"
	TargetContent = "content"
	TargetPath    = "path"
)

// Actions: what a matching check does.
const (
	ActionDeny = "deny"
	ActionWarn = "warn"
)

// Tools as checks name them.
const (
	ToolBash  = "Bash"
	ToolWrite = "Write"
	ToolEdit  = "Edit"
	ToolAny   = "*"
)

// Check is a machine-checkable form of a rule.
type Check struct {
	Tool    string `json:"tool"`
	Target  string `json:"target"`
	Pattern string `json:"pattern"`
	Action  string `json:"action,omitempty"`
}

// IsZero reports whether c is no check at all.
func (c Check) IsZero() bool { return c == Check{} }

// action is c's action with the default filled in.
func (c Check) action() string {
	if c.Action == "" {
		return ActionDeny
	}
	return c.Action
}

// MaxPattern is the longest pattern a check may have, in bytes: a cloned
// repository's checks run in every hook.
const MaxPattern = 1000

// Harmless samples: a check that matches one of them would stop ordinary
// work, so [Check.Validate] refuses it.
var (
	sampleCommands = []string{"ls", "ls -la", "git status", "git diff", "go test ./...", "make", "echo hello", "cd src && ls"}
	sampleContents = []string{"hello\n", "package main\n\nfunc main() {}\n", "# Notes\n\nSome plain text.\n"}
	samplePaths    = []string{"zz-sample/notes.txt"}
)

// Validate says what is wrong with c, if anything: an unknown tool, target
// or action, a pattern that is not RE2, matches the empty string, or
// matches a harmless sample of its target.
func (c Check) Validate() error {
	_, err := c.compile()
	return err
}

// compile validates c and returns its regexp.
func (c Check) compile() (*regexp.Regexp, error) { return c.compileRE() }

func (c Check) compileRE() (*regexp.Regexp, error) {
	if c.Tool == "" {
		return nil, errors.New(`check: "tool" is empty (use Bash, Write, Edit or *)`)
	}
	for _, t := range strings.Split(c.Tool, "|") {
		switch t {
		case ToolBash, ToolWrite, ToolEdit, ToolAny:
		default:
			return nil, fmt.Errorf("check: unknown tool %q (use Bash, Write, Edit, * or an alternation such as Write|Edit)", t)
		}
	}
	var samples []string
	switch c.Target {
	case TargetCommand:
		samples = sampleCommands
	case TargetContent:
		samples = sampleContents
	case TargetPath:
		samples = samplePaths
	default:
		return nil, fmt.Errorf("check: unknown target %q (use command, content or path)", c.Target)
	}
	if a := c.action(); a != ActionDeny && a != ActionWarn {
		return nil, fmt.Errorf("check: unknown action %q (use deny or warn)", c.Action)
	}
	if c.Pattern == "" {
		return nil, errors.New(`check: "pattern" is empty`)
	}
	if len(c.Pattern) > MaxPattern {
		return nil, fmt.Errorf("check: pattern is %d bytes long, over the limit of %d", len(c.Pattern), MaxPattern)
	}
	re, err := regexp.Compile(c.Pattern)
	if err != nil {
		return nil, fmt.Errorf("check: pattern is not RE2: %w", err)
	}
	if re.MatchString("") {
		return nil, fmt.Errorf("check: pattern %q matches the empty string, so it would match every call", c.Pattern)
	}
	for _, s := range samples {
		if re.MatchString(s) {
			return nil, fmt.Errorf("check: pattern %q matches the harmless %s %q; make it more specific", c.Pattern, c.Target, strings.TrimSpace(s))
		}
	}
	return re, nil
}

// matchesTool reports whether c applies to a call of one of tools.
func (c Check) matchesTool(tools []string) bool {
	for _, t := range strings.Split(c.Tool, "|") {
		if t == ToolAny {
			return true
		}
		for _, u := range tools {
			if t == u {
				return true
			}
		}
	}
	return false
}

// Input is one tool call as checks see it.
type Input struct {
	// Tools are the check tool names the call counts as: Bash for a shell
	// command, Write for a new file, Edit for a change to one (a patch may
	// be both).
	Tools []string
	// Commands are the shell commands the call runs.
	Commands []string
	// Contents are the texts the call writes (new text only).
	Contents []string
	// Paths are the files the call writes, relative to the workspace when
	// inside it.
	Paths []string
}

// Empty reports whether in gives a check nothing to read.
func (in Input) Empty() bool {
	return len(in.Commands)+len(in.Contents)+len(in.Paths) == 0
}

func (in Input) target(t string) []string {
	switch t {
	case TargetCommand:
		return in.Commands
	case TargetContent:
		return in.Contents
	case TargetPath:
		return in.Paths
	}
	return nil
}

// Rule is a rule that carries a check, as the caller names it.
type Rule struct {
	// Name is how the agent is told which rule it broke: "autofix rule
	// #4", "autofix preference p2".
	Name        string
	Instruction string
	Check       Check
	// Key identifies the rule in the activity log ("project:4",
	// "personal:p2"), so that a deny or warn can be recorded.
	Key string
}

// Mode is how far the guard goes: [Deny] (checks act as they say), [Warn]
// (a deny only warns) or [Off].
type Mode string

// The modes of the configuration key guard.
const (
	Deny Mode = "deny"
	Warn Mode = "warn"
	Off  Mode = "off"
)

// ParseMode reads a mode as configured.
func ParseMode(s string) (Mode, error) {
	switch m := Mode(strings.ToLower(strings.TrimSpace(s))); m {
	case Deny, Warn, Off:
		return m, nil
	}
	return "", fmt.Errorf("unknown guard mode %q (use deny, warn or off)", s)
}

// Hit is a rule whose check matched.
type Hit struct {
	Rule Rule
	// Action is what the hit does under the mode: deny or warn.
	Action string
}

// Decision is what the guard says about one call. The zero value lets the
// call go ahead.
type Decision struct {
	// Deny is true when at least one hit denies the call.
	Deny bool
	// Hits are the matching rules in the order given, denying ones first.
	Hits []Hit
	// Errors are the checks that could not run (they never block).
	Errors []error
}

// Keys are the keys of the rules whose hits have action (deny or warn),
// in order, each once.
func (d Decision) Keys(action string) []string {
	var keys []string
	for _, h := range d.Hits {
		if h.Action == action && h.Rule.Key != "" && !slices.Contains(keys, h.Rule.Key) {
			keys = append(keys, h.Rule.Key)
		}
	}
	return keys
}

// Reason is the text the agent receives with a deny: each denying rule on
// a line, "autofix rule #N: <Instruction>".
func (d Decision) Reason() string {
	return d.lines(ActionDeny)
}

// Warning is the text the agent receives with a warn: each warning rule
// on a line, with a short lead.
func (d Decision) Warning() string {
	s := d.lines(ActionWarn)
	if s == "" {
		return ""
	}
	return "autofix guard: this call breaks a rule; follow it and redo the call:\n" + s
}

func (d Decision) lines(action string) string {
	var b strings.Builder
	for _, h := range d.Hits {
		if h.Action != action {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(h.Rule.Name)
		b.WriteString(": ")
		b.WriteString(h.Rule.Instruction)
	}
	return b.String()
}

// Evaluate runs the checks of rules that apply to in's tools against it.
// Patterns are compiled only for those checks. Under [Warn] every hit
// warns; under [Off] nothing is evaluated.
func Evaluate(rules []Rule, in Input, mode Mode) Decision {
	var d Decision
	if mode == Off || in.Empty() {
		return d
	}
	var warns []Hit
	for _, r := range rules {
		c := r.Check
		if c.IsZero() || !c.matchesTool(in.Tools) {
			continue
		}
		texts := in.target(c.Target)
		if len(texts) == 0 {
			continue
		}
		// Before compiling, a cheap test: a pattern whose every match
		// holds one of a few literals cannot match texts that hold none.
		tree, err := syntax.Parse(c.Pattern, syntax.Perl)
		if err != nil {
			d.Errors = append(d.Errors, fmt.Errorf("%s: check: pattern is not RE2: %w", r.Name, err))
			continue
		}
		lits := required(tree.Simplify())
		if lits != nil && !slices.ContainsFunc(texts, func(s string) bool { return containsAny(s, lits) }) {
			continue
		}
		re, err := c.compile()
		if err != nil {
			d.Errors = append(d.Errors, fmt.Errorf("%s: %w", r.Name, err))
			continue
		}
		for _, s := range texts {
			if lits != nil && !containsAny(s, lits) || !re.MatchString(s) {
				continue
			}
			a := c.action()
			if mode == Warn {
				a = ActionWarn
			}
			if a == ActionDeny {
				d.Deny = true
				d.Hits = append(d.Hits, Hit{Rule: r, Action: a})
			} else {
				warns = append(warns, Hit{Rule: r, Action: a})
			}
			break
		}
	}
	d.Hits = append(d.Hits, warns...)
	return d
}

package cmd

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"

	"github.com/autofix/autofix/brief"
	"github.com/autofix/autofix/guard"
	"github.com/autofix/autofix/hook"
	"github.com/autofix/autofix/jsonfile"
	"github.com/autofix/autofix/rules"
	"github.com/autofix/autofix/scope"
	"github.com/autofix/autofix/trust"
	"github.com/spf13/pflag"
)

// guardRules are the checks that may act in ws: those of the project's
// rules in force when the ruleset is trusted with its current content
// (an untrusted or changed ruleset never denies), and those of the
// person's preferences in force here (personal, so no trust is needed).
// What cannot be read is skipped: a guardrail never blocks on its own
// failure.
func guardRules(env *Env, ws scope.Workspace) []guard.Rule {
	out := projectChecks(env, ws)
	if store, err := loadPrefs(env); err == nil {
		for _, p := range store.Active(ws) {
			if p.Check != nil {
				out = append(out, guard.Rule{Name: "autofix preference " + p.ID, Instruction: p.Instruction, Check: *p.Check, Key: string(brief.Personal) + ":" + p.ID})
			}
		}
	}
	return out
}

// projectChecks are the checks of the project's rules in force, when the
// ruleset is trusted with its current content. A ruleset without a
// "Check" key is not parsed: it has none (the common case, and a hook on
// every Bash call).
func projectChecks(env *Env, ws scope.Workspace) []guard.Rule {
	root, err := openRoot(ws)
	if err != nil {
		return nil
	}
	defer root.Close()
	name, exists, err := rules.Locate(root)
	if err != nil || !exists {
		return nil
	}
	data, err := jsonfile.Read(root, name, rules.MaxFileSize)
	if err != nil || !bytes.Contains(data, []byte(`"Check"`)) {
		return nil
	}
	if state, err := env.trustStore().Check(trust.RealPath(ws.Root, name), data); err != nil || state != trust.Trusted {
		return nil
	}
	rs, err := rules.Parse(name, data)
	if err != nil {
		return nil
	}
	var out []guard.Rule
	for _, r := range rules.InForce(rs.Rules) {
		if !r.Check.IsZero() {
			out = append(out, guard.Rule{Name: "autofix rule #" + strconv.Itoa(r.Number), Instruction: r.Instruction, Check: r.Check, Key: string(brief.Project) + ":" + strconv.Itoa(r.Number)})
		}
	}
	return out
}

// guardCall is the hook's guard step for a tool call (ev of kind FileEdit
// or ShellCommand, files its paths relative to the workspace): it
// evaluates the checks that may act and, on a deny, prints the answer that
// stops the call. It returns the decision, for the caller to add a
// warning to its answer, and whether the answer went out; a deny or warn
// is recorded in the activity log (recordGuard). Checks that could not run are one line on stderr.
func guardCall(env, wenv *Env, cfg Config, ev hook.Event, files []string) (guard.Decision, bool, error) {
	if cfg.Guard == guard.Off {
		return guard.Decision{}, false, nil
	}
	in := ev.Input
	in.Paths = files
	if in.Empty() {
		return guard.Decision{}, false, nil
	}
	ws, err := wenv.workspace()
	if err != nil {
		return guard.Decision{}, false, nil // no workspace: nothing to enforce
	}
	d := guard.Evaluate(guardRules(wenv, ws), in, cfg.Guard)
	if len(d.Errors) > 0 {
		hookFail(env, fmt.Errorf("skipped %d check(s) that cannot run (run 'autofix rules check'): %w", len(d.Errors), errors.Join(d.Errors...)))
	}
	recordGuard(wenv, ws, ev, files, d)
	if !d.Deny {
		return d, false, nil
	}
	out, err := hook.Deny(ev, d.Reason())
	if err != nil || out == nil {
		return d, false, err
	}
	_, err = env.Stdout.Write(out)
	return d, true, err
}

// checkFlags set or skip the check of a rule or preference being recorded
// (learn, rules add, me teach). Without them the check is proposed from
// the instruction's shape ([guard.Propose]).
type checkFlags struct {
	pattern, tool, target, action string
	none                          bool
}

func (f *checkFlags) register(c interface {
	Flags() *pflag.FlagSet
}) {
	fs := c.Flags()
	fs.StringVar(&f.pattern, "check", "", "set the rule's check by hand: an RE2 pattern that a violating tool call matches")
	fs.StringVar(&f.tool, "check-tool", "", "tool the --check pattern applies to: Bash, Write, Edit, Write|Edit or * (default Bash for a command, Write|Edit otherwise)")
	fs.StringVar(&f.target, "check-target", "", "what the --check pattern reads: command, content or path (default command for Bash, content otherwise)")
	fs.StringVar(&f.action, "check-action", "", "what a match does: deny (default) or warn")
	fs.BoolVar(&f.none, "no-check", false, "record no check, not even a proposed one")
}

// resolve returns the check for instruction: the one set by hand, else
// the proposed one, else nil.
func (f checkFlags) resolve(instruction string) (*guard.Check, error) {
	if err := f.usage(); err != nil {
		return nil, err
	}
	if f.none {
		return nil, nil
	}
	if f.pattern == "" {
		if c, ok := guard.Propose(instruction); ok {
			return &c, nil
		}
		return nil, nil
	}
	c := guard.Check{Tool: f.tool, Target: f.target, Pattern: f.pattern, Action: f.action}
	switch {
	case c.Tool == "" && (c.Target == "" || c.Target == guard.TargetCommand):
		c.Tool = guard.ToolBash
	case c.Tool == "":
		c.Tool = guard.ToolWrite + "|" + guard.ToolEdit
	}
	if c.Target == "" {
		c.Target = guard.TargetContent
		if c.Tool == guard.ToolBash {
			c.Target = guard.TargetCommand
		}
	}
	if c.Action == "" {
		c.Action = guard.ActionDeny
	}
	if err := c.Validate(); err != nil {
		return nil, withHint(err, "fix the --check pattern, or leave it out (--no-check records the rule without a check)")
	}
	return &c, nil
}

// usage refuses flags that contradict each other; commands call it before
// any other work.
func (f checkFlags) usage() error {
	switch {
	case f.none && (f.pattern != "" || f.tool != "" || f.target != "" || f.action != ""):
		return usageErrorf("--no-check cannot be combined with --check, --check-tool, --check-target or --check-action")
	case f.pattern == "" && (f.tool != "" || f.target != "" || f.action != ""):
		return usageErrorf("--check-tool, --check-target and --check-action need --check PATTERN")
	}
	return nil
}

// checkedNote is what the recording line adds when a check was recorded.
func checkedNote(c *guard.Check) string {
	if c == nil || c.IsZero() {
		return ""
	}
	return " (checked)"
}

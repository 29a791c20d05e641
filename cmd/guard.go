package cmd

import (
	"github.com/autofix/autofix/guard"
	"github.com/spf13/pflag"
)

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

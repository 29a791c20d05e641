package hookrun

import (
	"context"
	"fmt"
	"os/exec"
	"strings"

	"github.com/autofix/autofix/rules"
	"github.com/autofix/autofix/stale"
	"github.com/autofix/autofix/trust"
)

// StaleRules checks the workspace's project rules in force against its
// checkout; a missing ruleset has none. With trustedOnly, an untrusted
// ruleset has none: its rules do not reach the agent.
func StaleRules(ctx context.Context, env *Env, trustedOnly bool) ([]stale.Finding, error) {
	ws, root, err := env.OpenWorkspace()
	if err != nil {
		return nil, err
	}
	defer root.Close()
	var rs *rules.Ruleset
	if trustedOnly {
		p, err := env.LoadProjectRuleset(ws, root)
		if err != nil || p.Trust != trust.Trusted {
			return nil, err
		}
		rs = p.Rules
	} else if rs, err = rules.Load(root); err != nil {
		return nil, err
	}
	co := &stale.Checkout{FS: root.FS(), Ignored: gitIgnored(ctx, ws.Root)}
	found := stale.Check(co, rules.InForce(rs.Rules))
	if found == nil {
		found = []stale.Finding{}
	}
	return found, nil
}

// gitIgnored asks git, in one call, which workspace paths it ignores; nil
// when git is not installed. Outside a repository, none are.
func gitIgnored(ctx context.Context, root string) func([]string) map[string]bool {
	if _, err := exec.LookPath("git"); err != nil {
		return nil
	}
	return func(paths []string) map[string]bool {
		c := exec.CommandContext(ctx, "git", "-C", root, "check-ignore", "--no-index", "-z", "--stdin")
		c.Stdin = strings.NewReader(strings.Join(paths, "\x00") + "\x00")
		// Exit 1 means none is ignored; the output lists those that are.
		out, _ := c.Output()
		ignored := map[string]bool{}
		for _, p := range strings.Split(string(out), "\x00") {
			if p != "" {
				ignored[p] = true
			}
		}
		return ignored
	}
}

// staleNote is the line SessionStart adds when rules in force are stale;
// empty when none are, when the ruleset is not trusted, or when they cannot
// be checked.
func staleNote(ctx context.Context, env *Env) string {
	found, err := StaleRules(ctx, env, true)
	if err != nil || len(found) == 0 {
		return ""
	}
	nums := ""
	for i, f := range found {
		if i > 0 {
			nums += ", "
		}
		nums += fmt.Sprintf("#%d", f.Rule)
	}
	return fmt.Sprintf("Note: %d project rule(s) no longer match the checkout (%s); tell the person to run 'autofix rules stale'.\n", len(found), nums)
}

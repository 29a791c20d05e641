package hookrun

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"

	"github.com/autofix/autofix/brief"
	"github.com/autofix/autofix/config"
	"github.com/autofix/autofix/guard"
	"github.com/autofix/autofix/hook"
	"github.com/autofix/autofix/jsonfile"
	"github.com/autofix/autofix/rules"
	"github.com/autofix/autofix/scope"
	"github.com/autofix/autofix/trust"
)

// GuardRules are the checks that may act in ws: those of the project's
// rules in force when the ruleset is trusted with its current content
// (an untrusted or changed ruleset never denies), and those of the
// person's preferences in force here (personal, so no trust is needed).
// What cannot be read is skipped: a guardrail never blocks on its own
// failure.
func GuardRules(env *Env, ws scope.Workspace) []guard.Rule {
	out := projectChecks(env, ws)
	if store, err := env.LoadPrefs(); err == nil {
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
	root, err := OpenRoot(ws)
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
	if state, err := env.TrustStore().Check(trust.RealPath(ws.Root, name), data); err != nil || state != trust.Trusted {
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

// GuardCall is the hook's guard step for a tool call (ev of kind FileEdit
// or ShellCommand, files its paths relative to the workspace): it
// evaluates the checks that may act and, on a deny, prints the answer that
// stops the call. It returns the decision, for the caller to add a
// warning to its answer, and whether the answer went out; a deny or warn
// is recorded in the activity log (recordGuard). Checks that could not run
// are one line on stderr. env has the streams, wenv the workspace.
func GuardCall(env, wenv *Env, cfg config.Config, ev hook.Event, files []string) (guard.Decision, bool, error) {
	if cfg.Guard == guard.Off {
		return guard.Decision{}, false, nil
	}
	in := ev.Input
	in.Paths = files
	if in.Empty() {
		return guard.Decision{}, false, nil
	}
	ws, err := wenv.Workspace()
	if err != nil {
		return guard.Decision{}, false, nil // no workspace: nothing to enforce
	}
	d := guard.Evaluate(GuardRules(wenv, ws), in, cfg.Guard)
	if len(d.Errors) > 0 {
		Fail(env, fmt.Errorf("skipped %d check(s) that cannot run (run 'autofix rules check'): %w", len(d.Errors), errors.Join(d.Errors...)))
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

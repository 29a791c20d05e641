package cmd

import (
	"context"
	"time"

	"github.com/autofix/autofix/activity"
	"github.com/autofix/autofix/episode"
	"github.com/autofix/autofix/friction"
	"github.com/autofix/autofix/rules"
	"github.com/autofix/autofix/scope"
	"github.com/autofix/autofix/stale"
)

// derivedLayers are the feed health of the layers derived from the
// activity log, git's history and the checkout: cochange, friction,
// staleness and episodes. What cannot be read counts as never fed.
func derivedLayers(ctx context.Context, env *Env, ws scope.Workspace, log activity.Log) []statusLayer {
	now := env.Now()
	layer := func(name string, count int, last time.Time) statusLayer {
		l := statusLayer{Name: name, State: activity.Never, Count: count}
		if count == 0 || last.IsZero() {
			return l
		}
		last = last.UTC()
		l.Last, l.State = &last, activity.Fresh
		if now.Sub(last) > activity.QuietAfter {
			l.State = activity.Quiet
		}
		return l
	}
	var out []statusLayer

	g, err := refreshCochange(ctx, env, ws)
	n := 0
	if err == nil {
		for _, c := range g.Changes {
			n += c
		}
	}
	out = append(out, layer("cochange", n, g.Last))

	var last time.Time
	n = 0
	for _, r := range log.Records {
		if friction.Failed(r) {
			n++
			if r.Time.After(last) {
				last = r.Time
			}
		}
	}
	out = append(out, layer("friction", n, last))

	// The staleness layer is fed by the checkout itself: the rules in
	// force with a claim that can be checked, checked now.
	n = 0
	if _, root, err := env.openWorkspace(); err == nil {
		if rs, err := rules.Load(root); err == nil {
			for _, r := range rules.InForce(rs.Rules) {
				if len(stale.Claims(r.Instruction)) > 0 {
					n++
				}
			}
		}
		root.Close()
	}
	out = append(out, layer("staleness", n, now))

	eps := episode.Join(log.Records)
	last = time.Time{}
	if len(eps) > 0 {
		last = eps[len(eps)-1].Started
	}
	out = append(out, layer("episodes", len(eps), last))
	return out
}

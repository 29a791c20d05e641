// Package doctor checks an autofix installation for a workspace and a
// person: the agents' hook settings, the project ruleset's trust and
// validity, the privacy of the preference store and state directory, the
// model server and the activity feed. Each check is ok, warn or fail, with
// the command that fixes it. What the checks need to know of the process
// (HOME, PATH, this binary, the clock, the model mode) is passed in.
package doctor

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/autofix/autofix/activity"
	"github.com/autofix/autofix/me"
	"github.com/autofix/autofix/normalize"
	"github.com/autofix/autofix/normalize/ollama"
	"github.com/autofix/autofix/rules"
	"github.com/autofix/autofix/trust"
)

// Check states.
const (
	OK   = "ok"
	Warn = "warn"
	Fail = "fail"
)

// Check is one finding, and its JSON form.
type Check struct {
	Name   string `json:"name"`
	Status string `json:"status"`
	Detail string `json:"detail"`
	// Fix is the command (or step) that fixes it; empty when ok.
	Fix string `json:"fix"`
}

// Failed counts the checks that failed.
func Failed(checks []Check) int {
	n := 0
	for _, c := range checks {
		if c.Status == Fail {
			n++
		}
	}
	return n
}

// Paths shows paths to the person: relative to the workspace or under ~,
// whichever is nearer.
type Paths struct {
	Home      string
	Workspace string // the workspace root; "" for none
}

// Show is path as the person reads it.
func (p Paths) Show(path string) string {
	shown, base := path, ""
	if rel, ok := under(p.Workspace, path); ok {
		shown, base = rel, p.Workspace
	}
	if p.Home != "" && len(p.Home) > len(base) {
		if rel, ok := under(p.Home, path); ok {
			shown = "~/" + rel
		}
	}
	return shown
}

// under is path relative to dir, slash-separated, when it lies in dir.
func under(dir, path string) (string, bool) {
	if dir == "" {
		return "", false
	}
	rel, err := filepath.Rel(dir, path)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Ruleset checks the trust state and the validity of the project ruleset
// of the workspace at wsRoot, through the trust gate of ts.
func Ruleset(ts trust.Store, wsRoot string) []Check {
	root, err := os.OpenRoot(wsRoot)
	if err != nil {
		err = fmt.Errorf("open workspace %s: %w", wsRoot, err)
		return []Check{{Name: "ruleset", Status: Fail, Detail: err.Error(), Fix: "check the permissions of " + wsRoot}}
	}
	defer root.Close()
	p, err := ts.Gate(root, wsRoot)
	if err != nil {
		return []Check{
			{Name: "trust", Status: Warn, Detail: "not known: the ruleset cannot be read", Fix: "autofix rules check"},
			{Name: "ruleset", Status: Fail, Detail: err.Error(), Fix: "autofix rules check (it shows what to fix)"},
		}
	}
	name := p.Rules.Name
	n := len(p.Rules.Rules)
	var tc Check
	switch {
	case p.Path == "":
		tc = Check{Name: "trust", Status: OK, Detail: "no project ruleset: nothing to trust"}
	case p.Trust == trust.Trusted:
		tc = Check{Name: "trust", Status: OK, Detail: fmt.Sprintf("%s is trusted: its rules reach agents", name)}
	case p.Trust == trust.Changed:
		tc = Check{Name: "trust", Status: Warn, Detail: fmt.Sprintf("%s changed since it was trusted: its %d %s not delivered", name, n, plural(n, "rule is", "rules are")), Fix: "autofix trust (it shows what changed)"}
	default:
		tc = Check{Name: "trust", Status: Warn, Detail: fmt.Sprintf("%s is not trusted: its %d %s not delivered", name, n, plural(n, "rule is", "rules are")), Fix: "autofix rules list, then autofix trust"}
	}
	rc := Check{Name: "ruleset", Status: OK}
	switch {
	case p.Path == "":
		rc.Detail = "no project ruleset yet (autofix learn creates " + name + ")"
	default:
		problems := len(p.Rules.Skipped)
		if lint, err := rules.Lint(name, p.Data, normalize.CheckInstruction); err == nil {
			problems += len(lint)
		}
		if problems > 0 {
			rc.Status, rc.Detail, rc.Fix = Fail, fmt.Sprintf("%s has %d %s", name, problems, plural(problems, "problem", "problems")), "autofix rules check (it shows each at its line)"
		} else {
			rc.Detail = fmt.Sprintf("%s is valid: %d %s, %d in force", name, n, plural(n, "rule", "rules"), len(rules.InForce(p.Rules.Rules)))
		}
	}
	return []Check{tc, rc}
}

// Store checks the permissions of the preference store in configDir and
// of the state directory ("" for none): the person's words, readable by
// them only.
func Store(home, configDir, stateDir string) []Check {
	p := Paths{Home: home}
	out := []Check{Perm(p, "preferences dir", configDir, 0o700, true)}
	if c := Perm(p, "preferences file", filepath.Join(configDir, me.FileName), 0o600, false); c.Detail != "" {
		out = append(out, c)
	}
	if stateDir != "" {
		out = append(out, Perm(p, "state dir", stateDir, 0o700, true))
	}
	return out
}

// Perm checks that path is a directory (dir) or regular file with no
// permission for group and others; a missing one is ok (created
// privately when needed), and a missing file has no check (empty Detail).
func Perm(p Paths, name, path string, want fs.FileMode, dir bool) Check {
	shown := p.Show(path)
	c := Check{Name: name, Status: OK}
	fi, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if dir {
			c.Detail = shown + " does not exist yet (created with mode " + fmt.Sprintf("%04o", want) + " when needed)"
		}
		return c
	case err != nil:
		c.Status, c.Detail, c.Fix = Fail, err.Error(), "check the permissions of the directories above "+shown
		return c
	case dir && !fi.IsDir():
		c.Status, c.Detail, c.Fix = Fail, shown+" is not a directory", "move the file "+shown+" away"
		return c
	case !dir && !fi.Mode().IsRegular():
		c.Status, c.Detail, c.Fix = Fail, shown+" is not a regular file", "move "+shown+" away"
		return c
	}
	if perm := fi.Mode().Perm(); perm&0o077 != 0 {
		c.Status, c.Detail, c.Fix = Fail, fmt.Sprintf("%s has mode %04o: others can read it", shown, perm), fmt.Sprintf("chmod %04o %s", want, shown)
		return c
	}
	c.Detail = fmt.Sprintf("%s has mode %04o", shown, fi.Mode().Perm())
	return c
}

// Ollama asks the model server of mode m, bounded by its probe timeout
// (300 ms by default), whether it answers and has the model. Measured
// (BenchmarkDoctorSilentOllama in cmd, a server that accepts and never
// answers): 300.8 ms per check.
func Ollama(ctx context.Context, m ollama.Mode) Check {
	c := Check{Name: "ollama"}
	if m.Off() {
		c.Status, c.Detail = OK, "model off: the built-in normalizer is used"
		return c
	}
	model, host := m.ModelName(), m.HostName()
	_, err := m.Probe(ctx)
	if err == nil {
		c.Status, c.Detail = OK, fmt.Sprintf("Ollama at %s answers and has %s", host, model)
		if m.Remote() {
			c.Status, c.Fix = Warn, "run Ollama on this machine and unset OLLAMA_HOST, or set it to 127.0.0.1:11434"
			c.Detail += ", but it is not this machine: the text you teach is sent there"
		}
		return c
	}
	// In auto mode a missing model server is the built-in normalizer, not
	// a fault; a model named in the config must be there.
	c.Status = Warn
	if !m.Auto() {
		c.Status = Fail
	}
	var nf *normalize.ModelNotFoundError
	if errors.As(err, &nf) {
		c.Detail, c.Fix = fmt.Sprintf("Ollama at %s has no model %s", host, model), "ollama pull "+model
	} else {
		c.Detail, c.Fix = fmt.Sprintf("Ollama does not answer at %s (OLLAMA_HOST)", host), "ollama serve"
	}
	if m.Auto() {
		c.Detail += "; the built-in normalizer is used"
	}
	return c
}

// Activity is the feed health of the activity layers (autofix status) in
// store (ok false: no state directory): ok when the hooks delivered rules
// in the last days.
func Activity(home string, store activity.Store, ok bool, now time.Time) Check {
	c := Check{Name: "activity", Status: OK}
	if !ok {
		c.Status, c.Detail = Warn, "no state directory: nothing is recorded"
		c.Fix = "set XDG_STATE_HOME or HOME"
		return c
	}
	log, err := store.Read()
	if err != nil {
		c.Status, c.Detail, c.Fix = Fail, err.Error(), "check the permissions of "+Paths{Home: home}.Show(store.Dir)
		return c
	}
	weights, err := store.Weights(now)
	if err != nil {
		c.Status, c.Detail, c.Fix = Fail, err.Error(), "autofix activity forget"
		return c
	}
	var parts []string
	var deliveries activity.Layer
	for _, l := range log.Health(now, weights) {
		parts = append(parts, l.Name+" "+l.State)
		if l.Name == activity.LayerDeliveries {
			deliveries = l
		}
	}
	c.Detail = strings.Join(parts, ", ")
	switch deliveries.State {
	case activity.Fresh:
	case activity.Quiet:
		c.Status, c.Fix = Warn, "autofix setup claude-code (or codex, cursor)"
		c.Detail = "the hooks delivered no rules here lately: " + c.Detail
	default:
		c.Status, c.Fix = Warn, "autofix setup claude-code (or codex, cursor)"
		c.Detail = "no hook has delivered rules in this workspace: " + c.Detail
	}
	if log.Skipped > 0 {
		c.Detail += fmt.Sprintf("; %d records skipped", log.Skipped)
	}
	return c
}

package cmd

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/autofix/autofix/activity"
	"github.com/autofix/autofix/hook"
	"github.com/autofix/autofix/me"
	"github.com/autofix/autofix/normalize"
	"github.com/autofix/autofix/rules"
	"github.com/autofix/autofix/scope"
	"github.com/autofix/autofix/setup"
	"github.com/autofix/autofix/trust"
	"github.com/spf13/cobra"
)

// Check states.
const (
	checkOK   = "ok"
	checkWarn = "warn"
	checkFail = "fail"
)

// doctorCheck is one finding of doctor, and its --json form.
type doctorCheck struct {
	Name   string `json:"name"`
	Status string `json:"status"`
	Detail string `json:"detail"`
	// Fix is the command (or step) that fixes it; empty when ok.
	Fix string `json:"fix"`
}

type doctorOptions struct {
	env  *Env
	cfg  Config
	json bool
}

func newDoctorCmd(env *Env) *cobra.Command {
	opts := &doctorOptions{env: env}
	c := &cobra.Command{
		Use:   "doctor",
		Short: "Check the installation and say how to fix what is wrong",
		Long: `Doctor checks autofix's installation for this workspace and this person:

  hooks       each agent's hook settings parse, and the hook command is a
              binary that exists and is this one
  trust       whether the project ruleset's rules reach agents
  ruleset     the project ruleset is valid (autofix rules check)
  preferences your preferences are private: file 0600, directory 0700
  state dir   the activity directory is private (0700)
  ollama      the model server answers and has the model (at most ~300 ms)
  activity    the activity layers are being fed (autofix status)

Each check is ok, warn or fail, with the command that fixes it. Exit 1 when
any check fails; warnings alone exit 0.`,
		Example: `  autofix doctor
  autofix doctor --json`,
		Args: noArgs,
		RunE: func(c *cobra.Command, args []string) error {
			cfg, err := loadConfig(env, c.Flags())
			if err != nil {
				return err
			}
			opts.cfg = cfg
			return runDoctor(c.Context(), opts)
		},
	}
	c.Flags().BoolVar(&opts.json, "json", false, "print the checks as JSON")
	return c
}

func runDoctor(ctx context.Context, opts *doctorOptions) error {
	env := opts.env
	var checks []doctorCheck
	ws, wsErr := env.workspace()
	checks = append(checks, hookChecks(env, ws, wsErr)...)
	if wsErr != nil {
		checks = append(checks, doctorCheck{Name: "workspace", Status: checkFail, Detail: wsErr.Error(), Fix: "run autofix doctor inside a readable project directory"})
	} else {
		checks = append(checks, rulesetChecks(env, ws)...)
	}
	checks = append(checks, storeChecks(env)...)
	checks = append(checks, ollamaCheck(ctx, env, opts.cfg))
	if wsErr == nil {
		checks = append(checks, activityCheck(env, ws))
	}
	failed := 0
	for _, c := range checks {
		if c.Status == checkFail {
			failed++
		}
	}
	if opts.json {
		if err := writeJSON(env.Stdout, struct {
			Checks []doctorCheck `json:"checks"`
		}{checks}); err != nil {
			return err
		}
	} else {
		for _, c := range checks {
			fmt.Fprintf(env.Stdout, "%-4s  %s: %s\n", c.Status, c.Name, c.Detail)
			if c.Fix != "" {
				fmt.Fprintf(env.Stdout, "      fix: %s\n", c.Fix)
			}
		}
	}
	if failed > 0 {
		if !opts.json {
			fmt.Fprintf(env.Stderr, "autofix: error: %d %s failed\n", failed, plural(failed, "check", "checks"))
		}
		return errSilent
	}
	return nil
}

// hookChecks looks at every settings file of every agent that exists: it
// must parse, and autofix's hook command must run a binary that exists,
// and this one. An agent without settings is not listed; no autofix hooks
// anywhere is one warning.
func hookChecks(env *Env, ws scope.Workspace, wsErr error) []doctorCheck {
	home := env.Getenv("HOME")
	var out []doctorCheck
	for _, a := range hook.Agents {
		scopes := []hook.Scope{hook.Global}
		if wsErr == nil && a != hook.Codex {
			scopes = append(scopes, hook.Local)
			if a == hook.ClaudeCode {
				scopes = append(scopes, hook.Shared)
			}
		}
		for _, s := range scopes {
			if s == hook.Global && home == "" {
				continue
			}
			path, err := hook.SettingsPath(a, s, home, ws.Root)
			if err != nil {
				continue
			}
			if c, ok := hookCheck(env, a, s, path, displayPath(env, ws, path)); ok {
				out = append(out, c)
			}
		}
	}
	if len(out) == 0 {
		out = append(out, doctorCheck{Name: "hooks", Status: checkWarn, Detail: "no agent runs autofix's hooks: rules reach agents only through the MCP server or exported files", Fix: "autofix setup claude-code (or codex, cursor)"})
	}
	return out
}

func hookCheck(env *Env, a hook.Agent, s hook.Scope, path, shown string) (doctorCheck, bool) {
	again := "autofix setup " + string(a)
	switch s {
	case hook.Global:
		if a != hook.Codex {
			again += " --global"
		}
	case hook.Shared:
		again += " --shared"
	}
	c := doctorCheck{Name: "hooks " + string(a)}
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return c, false
	}
	if err != nil {
		c.Status, c.Detail, c.Fix = checkFail, fmt.Sprintf("cannot read %s: %v", shown, err), "check the permissions of "+shown
		return c, true
	}
	cmds, err := hook.Installed(a, data, env.Executable)
	if err != nil {
		c.Status, c.Detail, c.Fix = checkFail, fmt.Sprintf("%s does not parse: %v", shown, err), fmt.Sprintf("fix %s by hand, then run '%s'", shown, again)
		return c, true
	}
	if len(cmds) == 0 {
		return c, false
	}
	for _, cmd := range cmds {
		bin := hookBinary(a, cmd)
		switch {
		case bin == hook.SharedBinary:
			found := lookPath(env, bin)
			if found == "" {
				c.Status, c.Detail, c.Fix = checkFail, fmt.Sprintf("%s runs %s from PATH, which has none", shown, bin), "go install ./cmd/autofix (it goes to $(go env GOPATH)/bin; put that on PATH)"
				return c, true
			}
			if !sameFile(found, env.Executable) {
				c.Status, c.Detail, c.Fix = checkWarn, fmt.Sprintf("%s runs %s from PATH, which is %s, another binary than this one (%s)", shown, bin, found, env.Executable), "go install ./cmd/autofix, or put this binary's directory first on PATH"
				return c, true
			}
		case !filepath.IsAbs(bin):
			c.Status, c.Detail, c.Fix = checkWarn, fmt.Sprintf("%s runs %q, not an absolute path", shown, cmd), again
			return c, true
		default:
			fi, err := os.Stat(bin)
			if err != nil || !fi.Mode().IsRegular() || fi.Mode()&0o111 == 0 {
				c.Status, c.Detail, c.Fix = checkFail, fmt.Sprintf("%s runs %s, which is missing or not executable", shown, bin), again
				return c, true
			}
			if !sameFile(bin, env.Executable) {
				c.Status, c.Detail, c.Fix = checkWarn, fmt.Sprintf("%s runs %s, another binary than this one (%s)", shown, bin, env.Executable), again
				return c, true
			}
		}
	}
	c.Status, c.Detail = checkOK, fmt.Sprintf("%s runs %s", shown, strings.Join(cmds, ", "))
	if a == hook.Codex {
		cfgPath := setup.CodexConfigPath(env.Getenv("HOME"))
		switch f, err := setup.CodexHooksFeature(cfgPath); {
		case err != nil:
			c.Status, c.Detail, c.Fix = checkFail, fmt.Sprintf("Codex's settings do not parse: %v", err), "fix "+displayPath(env, scope.Workspace{}, cfgPath)+" by hand"
		case f == setup.FeatureOff:
			c.Status, c.Detail, c.Fix = checkWarn, c.Detail+", but "+displayPath(env, scope.Workspace{}, cfgPath)+" turns hooks off (codex_hooks = false)", "set codex_hooks = true under [features] in "+displayPath(env, scope.Workspace{}, cfgPath)
		}
	}
	return c, true
}

// lookPath finds name in the environment's PATH ("" when it is not there).
func lookPath(env *Env, name string) string {
	for _, dir := range filepath.SplitList(env.Getenv("PATH")) {
		if dir == "" {
			continue
		}
		p := filepath.Join(dir, name)
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0 {
			return p
		}
	}
	return ""
}

// hookBinary is the binary of autofix's hook command for agent a (the
// command without " hook AGENT", unquoted).
func hookBinary(a hook.Agent, command string) string {
	bin, _ := strings.CutSuffix(strings.TrimSpace(command), " hook "+string(a))
	if strings.HasPrefix(bin, "'") && strings.HasSuffix(bin, "'") && len(bin) >= 2 {
		bin = strings.ReplaceAll(bin[1:len(bin)-1], `'\''`, "'")
	}
	return bin
}

func sameFile(a, b string) bool {
	fa, err := os.Stat(a)
	if err != nil {
		return false
	}
	fb, err := os.Stat(b)
	return err == nil && os.SameFile(fa, fb)
}

// displayPath shows path relative to the workspace or under ~, whichever
// is nearer.
func displayPath(env *Env, ws scope.Workspace, path string) string {
	shown, base := path, ""
	if rel, ok := under(ws.Root, path); ok {
		shown, base = rel, ws.Root
	}
	if home := env.Getenv("HOME"); home != "" && len(home) > len(base) {
		if rel, ok := under(home, path); ok {
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

// rulesetChecks are the trust state and the validity of the project
// ruleset.
func rulesetChecks(env *Env, ws scope.Workspace) []doctorCheck {
	root, err := openRoot(ws)
	if err != nil {
		return []doctorCheck{{Name: "ruleset", Status: checkFail, Detail: err.Error(), Fix: "check the permissions of " + ws.Root}}
	}
	defer root.Close()
	p, err := loadProjectRuleset(env, ws, root)
	if err != nil {
		return []doctorCheck{
			{Name: "trust", Status: checkWarn, Detail: "not known: the ruleset cannot be read", Fix: "autofix rules check"},
			{Name: "ruleset", Status: checkFail, Detail: err.Error(), Fix: "autofix rules check (it shows what to fix)"},
		}
	}
	name := p.Rules.Name
	var tc doctorCheck
	n := len(p.Rules.Rules)
	switch {
	case p.Path == "":
		tc = doctorCheck{Name: "trust", Status: checkOK, Detail: "no project ruleset: nothing to trust"}
	case p.Trust == trust.Trusted:
		tc = doctorCheck{Name: "trust", Status: checkOK, Detail: fmt.Sprintf("%s is trusted: its rules reach agents", name)}
	case p.Trust == trust.Changed:
		tc = doctorCheck{Name: "trust", Status: checkWarn, Detail: fmt.Sprintf("%s changed since it was trusted: its %d %s not delivered", name, n, plural(n, "rule is", "rules are")), Fix: "autofix trust (it shows what changed)"}
	default:
		tc = doctorCheck{Name: "trust", Status: checkWarn, Detail: fmt.Sprintf("%s is not trusted: its %d %s not delivered", name, n, plural(n, "rule is", "rules are")), Fix: "autofix rules list, then autofix trust"}
	}
	rc := doctorCheck{Name: "ruleset", Status: checkOK}
	switch {
	case p.Path == "":
		rc.Detail = "no project ruleset yet (autofix learn creates " + name + ")"
	default:
		problems := len(p.Rules.Skipped)
		if lint, err := rules.Lint(name, p.Data, normalize.CheckInstruction); err == nil {
			problems += len(lint)
		}
		if problems > 0 {
			rc.Status, rc.Detail, rc.Fix = checkFail, fmt.Sprintf("%s has %d %s", name, problems, plural(problems, "problem", "problems")), "autofix rules check (it shows each at its line)"
		} else {
			rc.Detail = fmt.Sprintf("%s is valid: %d %s, %d in force", name, n, plural(n, "rule", "rules"), len(rules.InForce(p.Rules.Rules)))
		}
	}
	return []doctorCheck{tc, rc}
}

// storeChecks are the permissions of the preference store and of the
// state directory: the person's words, readable by them only.
func storeChecks(env *Env) []doctorCheck {
	out := []doctorCheck{permCheck(env, "preferences dir", env.ConfigDir, 0o700, true)}
	if c := permCheck(env, "preferences file", filepath.Join(env.ConfigDir, me.FileName), 0o600, false); c.Detail != "" {
		out = append(out, c)
	}
	if env.StateDir != "" {
		out = append(out, permCheck(env, "state dir", env.StateDir, 0o700, true))
	}
	return out
}

// permCheck checks that path is a directory (dir) or regular file with no
// permission for group and others; a missing one is ok (created
// privately when needed), and a missing file has no check (empty Detail).
func permCheck(env *Env, name, path string, want fs.FileMode, dir bool) doctorCheck {
	shown := displayPath(env, scope.Workspace{}, path)
	c := doctorCheck{Name: name, Status: checkOK}
	fi, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if dir {
			c.Detail = shown + " does not exist yet (created with mode " + fmt.Sprintf("%04o", want) + " when needed)"
		}
		return c
	case err != nil:
		c.Status, c.Detail, c.Fix = checkFail, err.Error(), "check the permissions of the directories above "+shown
		return c
	case dir && !fi.IsDir():
		c.Status, c.Detail, c.Fix = checkFail, shown+" is not a directory", "move the file "+shown+" away"
		return c
	case !dir && !fi.Mode().IsRegular():
		c.Status, c.Detail, c.Fix = checkFail, shown+" is not a regular file", "move "+shown+" away"
		return c
	}
	if perm := fi.Mode().Perm(); perm&0o077 != 0 {
		c.Status, c.Detail, c.Fix = checkFail, fmt.Sprintf("%s has mode %04o: others can read it", shown, perm), fmt.Sprintf("chmod %04o %s", want, shown)
		return c
	}
	c.Detail = fmt.Sprintf("%s has mode %04o", shown, fi.Mode().Perm())
	return c
}

// ollamaCheck asks the model server, bounded by the probe timeout
// (300 ms), whether it answers and has the model. Measured
// (BenchmarkDoctorSilentOllama, a server that accepts and never answers):
// 300.8 ms per check.
func ollamaCheck(ctx context.Context, env *Env, cfg Config) doctorCheck {
	c := doctorCheck{Name: "ollama"}
	m := normalizeMode(env, cfg)
	if m.Off() {
		c.Status, c.Detail = checkOK, "model off: the built-in normalizer is used"
		return c
	}
	model, host := m.ModelName(), m.HostName()
	_, err := m.Probe(ctx)
	if err == nil {
		c.Status, c.Detail = checkOK, fmt.Sprintf("Ollama at %s answers and has %s", host, model)
		if m.Remote() {
			c.Status, c.Fix = checkWarn, "run Ollama on this machine and unset OLLAMA_HOST, or set it to 127.0.0.1:11434"
			c.Detail += ", but it is not this machine: the text you teach is sent there"
		}
		return c
	}
	// In auto mode a missing model server is the built-in normalizer, not
	// a fault; a model named in the config must be there.
	c.Status = checkWarn
	if !m.Auto() {
		c.Status = checkFail
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

// activityCheck is the feed health of the activity layers (autofix
// status): ok when the hooks delivered rules in the last days.
func activityCheck(env *Env, ws scope.Workspace) doctorCheck {
	c := doctorCheck{Name: "activity", Status: checkOK}
	store, ok := env.activityStore(ws)
	if !ok {
		c.Status, c.Detail = checkWarn, "no state directory: nothing is recorded"
		c.Fix = "set XDG_STATE_HOME or HOME"
		return c
	}
	log, err := store.Read()
	if err != nil {
		c.Status, c.Detail, c.Fix = checkFail, err.Error(), "check the permissions of "+displayPath(env, scope.Workspace{}, store.Dir)
		return c
	}
	var parts []string
	var deliveries activity.Layer
	for _, l := range log.Health(env.Now()) {
		parts = append(parts, l.Name+" "+l.State)
		if l.Name == activity.LayerDeliveries {
			deliveries = l
		}
	}
	c.Detail = strings.Join(parts, ", ")
	switch deliveries.State {
	case activity.Fresh:
	case activity.Quiet:
		c.Status, c.Fix = checkWarn, "autofix setup claude-code (or codex, cursor)"
		c.Detail = "the hooks delivered no rules here lately: " + c.Detail
	default:
		c.Status, c.Fix = checkWarn, "autofix setup claude-code (or codex, cursor)"
		c.Detail = "no hook has delivered rules in this workspace: " + c.Detail
	}
	if log.Skipped > 0 {
		c.Detail += fmt.Sprintf("; %d records skipped", log.Skipped)
	}
	return c
}

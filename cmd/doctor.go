package cmd

import (
	"context"
	"fmt"

	"github.com/autofix/autofix/doctor"
	"github.com/spf13/cobra"
)

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
              binary that exists and is this one (Codex's in $CODEX_HOME
              when set, else ~/.codex)
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
	home := env.Getenv("HOME")
	ws, wsErr := env.workspace()
	m := doctor.Machine{Home: home, PATH: env.Getenv("PATH"), Executable: env.Executable}
	codexDir, codexErr := codexHome(env, home)
	m.CodexHome = codexDir
	checks := doctor.Hooks(m, ws.Root)
	if codexErr != nil {
		checks = append(checks, doctor.Check{Name: "hooks codex", Status: doctor.Fail, Detail: codexErr.Error(), Fix: hintOf(codexErr)})
	}
	if wsErr != nil {
		checks = append(checks, doctor.Check{Name: "workspace", Status: doctor.Fail, Detail: wsErr.Error(), Fix: "run autofix doctor inside a readable project directory"})
	} else {
		checks = append(checks, doctor.Ruleset(env.trustStore(), ws.Root)...)
	}
	checks = append(checks, doctor.Store(home, env.ConfigDir, env.StateDir)...)
	checks = append(checks, doctor.Ollama(ctx, normalizeMode(env, opts.cfg)))
	if wsErr == nil {
		store, ok := env.activityStore(ws)
		checks = append(checks, doctor.Activity(home, store, ok, env.Now()))
	}
	if opts.json {
		if err := writeJSON(env.Stdout, struct {
			Checks []doctor.Check `json:"checks"`
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
	if failed := doctor.Failed(checks); failed > 0 {
		if !opts.json {
			fmt.Fprintf(env.Stderr, "autofix: error: %d %s failed\n", failed, plural(failed, "check", "checks"))
		}
		return errSilent
	}
	return nil
}

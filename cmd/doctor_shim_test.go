package cmd

import (
	"context"

	"github.com/autofix/autofix/doctor"
	"github.com/autofix/autofix/hook"
	"github.com/autofix/autofix/scope"
)

// The names the doctor tests use for what moved to package doctor.
const (
	checkOK   = doctor.OK
	checkWarn = doctor.Warn
	checkFail = doctor.Fail
)

func ollamaCheck(ctx context.Context, env *Env, cfg Config) doctor.Check {
	return doctor.Ollama(ctx, normalizeMode(env, cfg))
}

func hookBinary(a hook.Agent, command string) string { return doctor.HookBinary(a, command) }

func displayPath(env *Env, ws scope.Workspace, path string) string {
	return doctor.Paths{Home: env.Getenv("HOME"), Workspace: ws.Root}.Show(path)
}

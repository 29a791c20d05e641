package cmd

import (
	"context"
	"fmt"

	"github.com/autofix/autofix/hook"
	"github.com/autofix/autofix/setup"
)

// cursorHookInstalled says whether autofix's own Cursor hook is in a hooks
// file Cursor reads for this workspace (hook.CursorInstalled): the
// person's, or the project's at the workspace root or the root Cursor
// named.
func cursorHookInstalled(env *Env, cursorRoot string) bool {
	roots := []string{cursorRoot}
	if ws, err := env.workspace(); err == nil {
		roots = append(roots, ws.Root)
	}
	return hook.CursorInstalled(env.Getenv("HOME"), roots, env.Executable)
}

// syncCursorRules refreshes the Cursor rules file that 'setup cursor'
// wrote, the fallback for the IDE that may drop sessionStart's context: the
// in-force rules when trusted, only a notice when not. A failure is one line
// on stderr; the answer has gone out already.
func syncCursorRules(ctx context.Context, env *Env) {
	ws, err := env.workspace()
	if err != nil {
		return
	}
	content, err := cursorRulesFile(env, ws)
	if err == nil {
		_, err = setup.SyncRules(ctx, ws.Root, env.lockDir(), content)
	}
	if err != nil {
		hookFail(env, fmt.Errorf("refresh the Cursor rules file: %w", err))
	}
}

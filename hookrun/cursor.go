package hookrun

import (
	"context"
	"fmt"

	"github.com/autofix/autofix/hook"
	"github.com/autofix/autofix/scope"
	"github.com/autofix/autofix/setup"
)

// cursorHookInstalled says whether autofix's own Cursor hook is in a hooks
// file Cursor reads for this workspace (hook.CursorInstalled): the
// person's, or the project's at the workspace root or the root Cursor
// named.
func cursorHookInstalled(env *Env, cursorRoot string) bool {
	roots := []string{cursorRoot}
	if ws, err := env.Workspace(); err == nil {
		roots = append(roots, ws.Root)
	}
	return hook.CursorInstalled(env.Getenv("HOME"), roots, env.Executable)
}

// CursorRulesFile is the content of Cursor's .cursor/rules/autofix.mdc for
// ws: the in-force rules of a trusted ruleset, and of an untrusted one only
// the note of how many wait (the trust gate of LoadProjectRuleset). The
// Cursor hook passes it to [setup.SyncRules] at sessionStart.
func CursorRulesFile(env *Env, ws scope.Workspace) ([]byte, error) {
	root, err := OpenRoot(ws)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	p, err := env.LoadProjectRuleset(ws, root)
	if err != nil {
		return nil, err
	}
	return setup.CursorRulesOf(p), nil
}

// syncCursorRules refreshes the Cursor rules file that 'setup cursor'
// wrote, the fallback for the IDE that may drop sessionStart's context: the
// in-force rules when trusted, only a notice when not. A failure is one line
// on stderr; the answer has gone out already.
func syncCursorRules(ctx context.Context, env *Env) {
	ws, err := env.Workspace()
	if err != nil {
		return
	}
	content, err := CursorRulesFile(env, ws)
	if err == nil {
		_, err = setup.SyncRules(ctx, ws.Root, env.LockDir(), content)
	}
	if err != nil {
		Fail(env, fmt.Errorf("refresh the Cursor rules file: %w", err))
	}
}

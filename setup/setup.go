// Package setup installs autofix into an agent: the hooks in its settings,
// a learn command the person can type, and for Cursor a rules file.
//
// # What belongs to autofix
//
// Setup edits files that people also edit. In a settings file only
// autofix's own hook entries change (see [hook.Install]); every other byte
// keeps its place. A file setup writes whole (the learn command, the rules
// file) carries a marker with the SHA-256 of its content: a file whose
// content no longer matches its marker was edited by the person, and setup
// leaves it alone, as it does a file without a marker (someone else's).
//
// # Where
//
// Claude Code's project hooks go in .claude/settings.local.json, which is
// not committed: the hooks run one person's binary by its absolute path.
// [hook.Shared] writes the committed .claude/settings.json instead, with
// the bare command autofix that each person's PATH resolves. Hooks found
// in the other of the two files are handled so that autofix runs once:
// see [Run].
package setup

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/autofix/autofix/hook"
	"github.com/autofix/autofix/jsonfile"
)

// Options say what to set up.
type Options struct {
	Agent hook.Agent
	Scope hook.Scope
	// Home is the person's home directory and Project the workspace root,
	// both absolute (Project is unused in the Global scope).
	Home, Project string
	// CodexHome is Codex's home directory ($CODEX_HOME, else ~/.codex),
	// absolute; used for Codex alone (see [hook.Dirs]).
	CodexHome string
	// Exe is the absolute path of the autofix binary. The hooks run the
	// lean hook binary next to it when there is one ([LeanHook]), else Exe;
	// hooks of the Shared scope run [hook.SharedBinary] instead.
	Exe string
	// Remove takes autofix out again; DryRun computes every change and
	// writes nothing.
	Remove, DryRun bool
	// LockDir holds the lock files of [jsonfile.Update].
	LockDir string
	// Rules is the content of Cursor's rules file (see [CursorRules]); nil
	// writes no rules file.
	Rules []byte
}

// Part is what a [Step] is about.
type Part int

const (
	// Hooks are the hook entries in an agent's settings.
	Hooks Part = iota
	// LearnCommand is the agent's learn command file.
	LearnCommand
	// RulesFile is Cursor's .cursor/rules/autofix.mdc.
	RulesFile
)

// Action is what a [Step] did (or, in a dry run, would do).
type Action int

const (
	// Wrote: the file was created or changed.
	Wrote Action = iota
	// Unchanged: it already was as wanted.
	Unchanged
	// Removed: autofix's part was taken out (a file autofix wrote whole is
	// deleted).
	Removed
	// Absent: there was nothing of autofix's to remove.
	Absent
	// Edited: a file autofix wrote and the person edited since; left alone.
	Edited
	// Foreign: a file autofix did not write; left alone.
	Foreign
	// Covered: no hooks added, because the shared settings already run
	// autofix (Claude Code's .claude/settings.json).
	Covered
	// MovedOut: autofix's hooks were taken out of the other settings file
	// of the project, so that they run once.
	MovedOut
	// StillThere: autofix's hooks remain in the other settings file of the
	// project (after a removal from this one).
	StillThere
)

// Step is one file setup looked at.
type Step struct {
	Part   Part
	Path   string
	Action Action
	// Content is the file's new content when Action is Wrote or MovedOut
	// (what a dry run shows).
	Content []byte
	// Commands are the hook commands found or written: for Wrote and
	// Unchanged the command autofix's hooks run, for Covered, MovedOut and
	// StillThere the commands found in the other file.
	Commands []string
}

// maxFile bounds a settings or command file setup reads.
const maxFile = 1 << 20

// Run sets up (or removes) autofix's hooks and learn command for
// opts.Agent, and Cursor's rules file when opts.Rules is set, and returns
// one step per file it looked at, in order.
//
// Claude Code's project scopes keep autofix in one of the two project
// settings files. A local install into settings.local.json moves hooks of
// an earlier install that ran an absolute path out of the shared
// settings.json (MovedOut), and adds none when settings.json already runs
// the bare autofix (Covered). A shared install takes autofix's hooks out
// of settings.local.json (MovedOut). A removal from one file reports
// hooks left in the other (StillThere), and then keeps the learn command.
func Run(ctx context.Context, opts Options) ([]Step, error) {
	if !filepath.IsAbs(opts.Home) {
		return nil, fmt.Errorf("home directory %q is not absolute", opts.Home)
	}
	if opts.Scope != hook.Global && opts.Agent != hook.Codex && !filepath.IsAbs(opts.Project) {
		return nil, fmt.Errorf("project directory %q is not absolute", opts.Project)
	}
	if opts.Agent == hook.Codex && !filepath.IsAbs(opts.CodexHome) {
		return nil, fmt.Errorf("Codex's home directory %q is not absolute", opts.CodexHome)
	}
	var steps []Step
	hs, err := runHooks(ctx, opts)
	if err != nil {
		return nil, err
	}
	steps = append(steps, hs...)
	if opts.Remove && hs[len(hs)-1].Action == StillThere {
		// autofix still runs from the other settings file: its learn
		// command stays.
		return steps, nil
	}
	st, err := writeOwned(ctx, opts, LearnCommand, learnPath(opts), func() []byte { return learnCommand(opts.Agent) })
	if err != nil {
		return nil, err
	}
	steps = append(steps, st)
	if opts.Agent == hook.Cursor && opts.Scope != hook.Global && (opts.Rules != nil || opts.Remove) {
		st, err := writeOwned(ctx, opts, RulesFile, rulesPath(opts), func() []byte { return opts.Rules })
		if err != nil {
			return nil, err
		}
		steps = append(steps, st)
	}
	return steps, nil
}

func (o Options) dirs() hook.Dirs {
	return hook.Dirs{Home: o.Home, Codex: o.CodexHome, Project: o.Project}
}

func runHooks(ctx context.Context, opts Options) ([]Step, error) {
	path, err := hook.SettingsPath(opts.Agent, opts.Scope, opts.dirs())
	if err != nil {
		return nil, err
	}
	exe := opts.Exe
	if lean := LeanHook(opts.Exe); lean != "" {
		exe = lean
	}
	if opts.Scope == hook.Shared {
		exe = hook.SharedBinary
	}
	// The other project settings file of Claude Code, if any.
	var other string
	if opts.Agent == hook.ClaudeCode && opts.Scope != hook.Global {
		otherScope := hook.Shared
		if opts.Scope == hook.Shared {
			otherScope = hook.Local
		}
		if other, err = hook.SettingsPath(opts.Agent, otherScope, opts.dirs()); err != nil {
			return nil, err
		}
	}
	var steps []Step
	if other != "" {
		data, err := read(other)
		if err != nil {
			return nil, err
		}
		found, err := hook.Installed(opts.Agent, data, opts.Exe)
		if err != nil {
			return nil, settingsError(other, err)
		}
		switch {
		case len(found) == 0:
		case opts.Remove:
			steps = append(steps, Step{Part: Hooks, Path: other, Action: StillThere, Commands: found})
		case opts.Scope == hook.Local && runsShared(opts.Agent, found):
			// The team's shared settings run autofix from PATH: a local
			// copy would deliver every rule twice.
			st, err := editSettings(ctx, opts, path, func(old []byte) ([]byte, bool, error) { return hook.Remove(opts.Agent, old, opts.Exe) })
			if err != nil {
				return nil, err
			}
			steps := []Step{{Part: Hooks, Path: other, Action: Covered, Commands: found}}
			if st = st.asRemoval(path); st.Action == Removed {
				steps = append(steps, st)
			}
			return steps, nil
		default:
			st, err := editSettings(ctx, opts, other, func(old []byte) ([]byte, bool, error) { return hook.Remove(opts.Agent, old, opts.Exe) })
			if err != nil {
				return nil, err
			}
			if st.Action == Wrote {
				st.Action, st.Commands = MovedOut, found
				steps = append(steps, st)
			}
		}
	}
	st, err := editSettings(ctx, opts, path, func(old []byte) ([]byte, bool, error) {
		if opts.Remove {
			return hook.Remove(opts.Agent, old, opts.Exe)
		}
		return hook.Install(opts.Agent, old, exe)
	})
	if err != nil {
		return nil, err
	}
	if opts.Remove {
		st = st.asRemoval(path)
	} else {
		st.Commands = []string{hook.Command(opts.Agent, exe)}
	}
	// The file setup changes comes first, the other one after it.
	return append([]Step{st}, steps...), nil
}

// asRemoval names the result of a removal: Removed, or Absent when
// nothing changed.
func (s Step) asRemoval(path string) Step {
	s.Path = path
	if s.Action == Wrote {
		s.Action = Removed
	} else {
		s.Action = Absent
		s.Content = nil
	}
	return s
}

// runsShared reports whether one of cmds runs the bare [hook.SharedBinary].
func runsShared(a hook.Agent, cmds []string) bool {
	for _, c := range cmds {
		if c == hook.Command(a, hook.SharedBinary) {
			return true
		}
	}
	return false
}

// editSettings applies fn to the settings file at path (under the lock,
// atomically; only computed in a dry run).
func editSettings(ctx context.Context, opts Options, path string, fn func(old []byte) ([]byte, bool, error)) (Step, error) {
	st := Step{Part: Hooks, Path: path, Action: Unchanged}
	if opts.DryRun {
		old, err := read(path)
		if err != nil {
			return st, err
		}
		if old == nil && opts.Remove {
			return st, nil
		}
		out, changed, err := fn(old)
		if err != nil {
			return st, settingsError(path, err)
		}
		if changed {
			st.Action, st.Content = Wrote, out
		}
		return st, nil
	}
	errNoChange := errors.New("no change")
	err := update(ctx, opts, path, func(old []byte, exists bool) ([]byte, error) {
		if !exists && opts.Remove {
			return nil, errNoChange
		}
		out, changed, err := fn(old)
		if err != nil {
			return nil, err
		}
		if !changed {
			return nil, errNoChange
		}
		st.Action, st.Content = Wrote, out
		return out, nil
	})
	if err != nil && !errors.Is(err, errNoChange) {
		return st, settingsError(path, err)
	}
	return st, nil
}

// settingsError names path in err: path:line:col: for a positioned error.
func settingsError(path string, err error) error {
	var se *hook.SettingsError
	if errors.As(err, &se) {
		return fmt.Errorf("%s:%w", path, err)
	}
	return fmt.Errorf("%s: %w", path, err)
}

// read returns the content of the file at path, nil when it does not
// exist.
func read(path string) ([]byte, error) {
	root, err := os.OpenRoot(filepath.Dir(path))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	defer root.Close()
	data, err := jsonfile.Read(root, filepath.Base(path), maxFile)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	} else if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	return data, nil
}

// update runs [jsonfile.Update] on the file at path. The root is the
// nearest existing ancestor directory, so that the directories to create
// are created through it.
func update(ctx context.Context, opts Options, path string, fn func(old []byte, exists bool) ([]byte, error)) error {
	base := filepath.Dir(path)
	for {
		if fi, err := os.Stat(base); err == nil && fi.IsDir() {
			break
		}
		parent := filepath.Dir(base)
		if parent == base {
			break
		}
		base = parent
	}
	root, err := os.OpenRoot(base)
	if err != nil {
		return fmt.Errorf("open %s: %w", base, err)
	}
	defer root.Close()
	rel, err := filepath.Rel(base, path)
	if err != nil {
		return err
	}
	return jsonfile.Update(ctx, root, filepath.ToSlash(rel), jsonfile.Options{LockPath: jsonfile.LockPath(opts.LockDir, path)}, fn)
}

package hook

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/autofix/autofix/brief"
	"github.com/autofix/autofix/capture"
	"github.com/autofix/autofix/scope"
)

// SelfRepair is what a hook adds about learning (§9): the self-repair
// protocol at session start, and with a prompt that carries a durable rule
// the candidate and the command that records it. Nothing when capture is
// off, and nothing for a subagent, which does not talk to the person.
func SelfRepair(ctx context.Context, ev Event, capturing bool) string {
	if !capturing {
		return ""
	}
	switch ev.Kind {
	case SessionStart:
		return capture.Protocol
	case PromptSubmit:
		return capture.Block(capture.Detect(ctx, ev.Prompt))
	}
	return ""
}

// Compose builds the brief for req (brief.Compose) to go out under c with
// note after it (the self-repair note, never the part cut). Under a token
// cap (Codex) the budget is the room the note leaves, and the least
// relevant rules are taken out when the rendering still costs more by the
// agent's count, so that the brief itself says what it left out rather
// than [Cap.Fit] cutting its end.
func (c Cap) Compose(ctx context.Context, ws scope.Workspace, src brief.Sources, req brief.Request, note string) (brief.Composed, error) {
	if room := c.Budget(note); room > 0 && room < req.Budget {
		req.Budget = room
	}
	b, err := brief.Compose(ctx, ws, src, req)
	if err != nil {
		return b, err
	}
	if trimmed := c.Trim(b.Selection, note); len(trimmed.Rules) != len(b.Selection.Rules) {
		b.Selection, b.Text = trimmed, brief.Render(trimmed)
	}
	return b, nil
}

// Fresh is what a session is sent before a write: the rules of sel that
// apply to the files (a positive score) and that it has not received yet
// (seen, by [brief.Key]), so the agent is not flooded before every write.
func Fresh(sel brief.Selection, seen map[string]bool) brief.Selection {
	var fresh brief.Selection
	for _, r := range sel.Rules {
		if r.Score > 0 && !seen[brief.Key(r.Rule)] {
			fresh.Rules = append(fresh.Rules, r)
		}
	}
	return fresh
}

// CursorInstalled says whether autofix's own Cursor hook (run as exe) is
// in a hooks file Cursor reads: the person's ~/.cursor/hooks.json under
// home, or a project's .cursor/hooks.json under one of roots. A file that
// cannot be read or parsed counts as without it: Cursor cannot run it
// either. Paths that are not absolute are passed over.
func CursorInstalled(home string, roots []string, exe string) bool {
	var paths []string
	if filepath.IsAbs(home) {
		p, _ := SettingsPath(Cursor, Global, Dirs{Home: home})
		paths = append(paths, p)
	}
	for _, root := range roots {
		if filepath.IsAbs(root) {
			p, _ := SettingsPath(Cursor, Local, Dirs{Home: home, Project: root})
			paths = append(paths, p)
		}
	}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		if cmds, err := Installed(Cursor, data, exe); err == nil && len(cmds) > 0 {
			return true
		}
	}
	return false
}

// Relative is files as the project names them: an absolute path inside
// dir, the directory the agent works in, relative to it (an absolute
// prefix would lend its words to the match), all with forward slashes.
func Relative(dir string, files []string) []string {
	var out []string
	for _, f := range files {
		if filepath.IsAbs(f) {
			if rel, err := filepath.Rel(dir, f); err == nil && filepath.IsLocal(rel) {
				f = rel
			}
		}
		out = append(out, filepath.ToSlash(f))
	}
	return out
}

// Deliver records that ev's session received the rules of keys: a new,
// cleared or compacted session (SessionStart) holds only what it was just
// sent. A subagent's context is its own: what it was sent says nothing
// about what the session has received, so it is not recorded.
func (s Sessions) Deliver(ctx context.Context, ev Event, keys []string, now time.Time) error {
	if ev.Kind == SubagentStart {
		return nil
	}
	return s.Record(ctx, ev.SessionID, keys, ev.Kind == SessionStart, now)
}

// Preview is what agent receives for the task of req in ws, byte for
// byte, and the rules part of it, built and cut as its integration does
// it, with the cap it was cut to; b is the brief composed for req. The
// hooks build the brief under the agent's cap ([Cap.Compose]: for Codex's
// token cap a smaller budget, the least relevant rules out) and fit it
// with room for the self-repair note they append (the protocol with no
// task, the candidate rule when the task carries one); the MCP context
// tool ("mcp") cuts b's text under the character cap alone.
func Preview(ctx context.Context, agent string, capturing bool, ws scope.Workspace, src brief.Sources, req brief.Request, b brief.Composed) (text, rulesPart string, limit Cap, err error) {
	if agent == "mcp" {
		text = Fit(b.Text, Limit)
		return text, text, Cap{Chars: Limit}, nil
	}
	ev := Event{Agent: Agent(agent), Kind: SessionStart}
	if req.Task != "" {
		ev.Kind, ev.Prompt = PromptSubmit, req.Task
	}
	note := SelfRepair(ctx, ev, capturing)
	limit = CapOf(ev.Agent)
	if limit.Tokens > 0 {
		if b, err = limit.Compose(ctx, ws, src, req, note); err != nil {
			return "", "", limit, err
		}
	}
	text = limit.Fit(b.Text, note)
	if note == "" {
		return text, text, limit, nil
	}
	// Fit appends "\n" + note to the fitted rules.
	return text, strings.TrimSuffix(strings.TrimSuffix(text, note), "\n"), limit, nil
}

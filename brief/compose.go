package brief

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/autofix/autofix/activity"
	"github.com/autofix/autofix/me"
	"github.com/autofix/autofix/rules"
	"github.com/autofix/autofix/scope"
	"github.com/autofix/autofix/trust"
)

// Request asks for the brief of one task.
type Request struct {
	// Task is the task prompt; empty means no task (all rules in
	// precedence order).
	Task string
	// Files are the paths the task touches.
	Files []string
	// Budget is the token budget.
	Budget int
	// Limit caps the number of rules; 0 means no cap.
	Limit int
}

// Sources are the stores a brief is composed from and what else it reads,
// resolved by the caller.
type Sources struct {
	// Trust gates the project's ruleset.
	Trust trust.Store
	// PrefsDir is the directory of the personal preference store.
	PrefsDir string
	// Activity is the workspace's activity log, whose cached learned
	// weights order the rules; nil when there is none.
	Activity *activity.Store
	// EmbedModel names the embedding model; empty means lexical only.
	EmbedModel string
	// Embedder opens the embedding model; called only when EmbedModel is
	// set and there is a task.
	Embedder func() (Embedder, error)
	// CacheDir holds the cached embedding vectors (under "embeddings").
	CacheDir string
	// Now is the clock's reading for the learned weights.
	Now time.Time
}

// Composed is what an agent receives for one task, and how it was chosen.
type Composed struct {
	Workspace scope.Workspace
	// Work is the task's work type (activity.Classify); activity.AnyWork
	// when there is no task and no file.
	Work      activity.WorkType
	Selection Selection
	// Text is the markdown every integration sends, byte for byte; empty
	// when no rule is in force.
	Text string
	// Notes say what could not be delivered (an unreadable ruleset, skipped
	// entries) for people; integrations may log them.
	Notes []string
}

// Compose is the one place that decides which rules reach the agent for a
// task in ws: `me context`, the hooks and the MCP server all call it, so
// they all send exactly the same bytes. A broken ruleset or preference
// store does not fail it: the rules that can be read are delivered and the
// rest is noted.
func Compose(ctx context.Context, ws scope.Workspace, src Sources, req Request) (Composed, error) {
	out := Composed{Workspace: ws}
	// The preferences are loaded first so that the project's rules are
	// built with room for them: the merged list is never copied.
	personal, gone, notes, err := PersonalSource(ctx, src.PrefsDir, ws)
	if err != nil {
		return Composed{}, err
	}
	ts := src.Trust
	if ts.Parsed.Dir == "" && src.CacheDir != "" {
		// A hook parses the same ruleset on every prompt: once is enough.
		ts.Parsed.Dir = filepath.Join(src.CacheDir, "rulesets")
	}
	project, err := ProjectSource(ctx, ts, ws, len(personal))
	if err != nil {
		return Composed{}, err
	}
	out.Notes = append(out.Notes, project.Notes...)
	out.Notes = append(out.Notes, notes...)
	if err := ctx.Err(); err != nil {
		return Composed{}, err
	}
	all := append(project.Rules, personal...)
	task := Task{Text: req.Task, Files: req.Files}
	opts := Options{Budget: req.Budget, Limit: req.Limit}
	out.Work = activity.AnyWork
	if req.Task != "" || len(req.Files) > 0 {
		out.Work = activity.Classify(req.Task, req.Files)
	}
	// Learned weights come from the cache the last fold left: the hook
	// reads it and never folds (the commands that show weights fold first).
	if src.Activity != nil {
		learned, err := src.Activity.CachedFor(out.Work, src.Now)
		if err != nil {
			out.Notes = append(out.Notes, fmt.Sprintf("learned weights not used: %v", err))
		}
		if len(learned) > 0 {
			opts.Learned = learned
		}
	}
	if src.EmbedModel != "" && req.Task != "" {
		sims, err := similarity(ctx, src, all, task)
		if err != nil {
			if ctx.Err() != nil {
				return Composed{}, ctx.Err()
			}
			out.Notes = append(out.Notes, fmt.Sprintf("semantic matching skipped, lexical only: %v", err))
		}
		opts.Similarity = sims
	}
	out.Selection = Build(all, task, opts)
	out.Selection.Superseded = append(out.Selection.Superseded, gone...)
	if project.Notice != "" {
		out.Selection.Notices = append(out.Selection.Notices, project.Notice)
	}
	out.Text = Render(out.Selection)
	out.Selection.Tokens = EstimateTokens(out.Text)
	if need := out.Selection.TopNeeds; need > 0 {
		top := out.Selection.TopRule
		name := "#" + top.ID
		if top.Source == Personal {
			name = top.ID
		}
		out.Notes = append(out.Notes, fmt.Sprintf("the budget of %d tokens leaves no room for the highest-ranked rule %s: a brief with it needs %d; raise --budget (config: budget) to at least %d", req.Budget, name, need, need))
	}
	return out, nil
}

// embedDeadline bounds semantic matching: the brief is on the agent's
// critical path, so a slow model is skipped, not waited for. Vectors that
// arrived are cached, so the next brief has less to ask.
const embedDeadline = 750 * time.Millisecond

// similarity scores rules against the task with the embedding model, with
// vectors cached under the cache directory.
func similarity(ctx context.Context, src Sources, rules []Rule, task Task) (map[string]float64, error) {
	embedder, err := src.Embedder()
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, embedDeadline)
	defer cancel()
	e := Embeddings{
		Embedder: embedder,
		Model:    src.EmbedModel,
		CacheDir: filepath.Join(src.CacheDir, "embeddings"),
	}
	return e.Similarity(ctx, rules, task)
}

// ProjectRules is what the project contributes to a brief.
type ProjectRules struct {
	Rules []Rule
	// Notes are for people: what was skipped or could not be read.
	Notes []string
	// Notice is one line for the agent about project rules it does not
	// get (for the trust gate: how many wait, never their text).
	Notice string
}

// ProjectSource returns the project rules of ws, with explicit
// supersession from their Why. It is the one door project rules come in
// by: the repository trust gate belongs here. A missing ruleset is no
// rules; an unreadable one is no rules and a note; invalid entries are
// skipped with a note. Rules has room for extra more rules.
func ProjectSource(ctx context.Context, ts trust.Store, ws scope.Workspace, extra int) (ProjectRules, error) {
	var out ProjectRules
	if err := ctx.Err(); err != nil {
		return out, err
	}
	root, err := os.OpenRoot(ws.Root)
	if err != nil {
		out.Notes = append(out.Notes, fmt.Sprintf("project rules not delivered: %v", fmt.Errorf("open workspace %s: %w", ws.Root, err)))
		return out, nil
	}
	defer root.Close()
	p, err := ts.Gate(root, ws.Root)
	if err != nil {
		out.Notes = append(out.Notes, fmt.Sprintf("project rules not delivered: %v (run 'autofix rules check')", err))
		return out, nil
	}
	if p.Trust != trust.Trusted {
		// Repository trust gate (§8): how many rules wait, never their text.
		if out.Notice = p.Note(); out.Notice != "" {
			out.Notes = append(out.Notes, p.Hint())
		}
		return out, nil
	}
	rs := p.Rules
	if n := len(rs.Skipped); n > 0 {
		out.Notes = append(out.Notes, fmt.Sprintf("skipped %d invalid rule(s) of %s, first: %s (run 'autofix rules check')", n, rs.Name, rs.Skipped[0]))
	}
	supersedes := map[int][]string{}
	for old, by := range rules.Resolve(rs.Rules) {
		supersedes[by] = append(supersedes[by], strconv.Itoa(old))
	}
	out.Rules = make([]Rule, len(rs.Rules), len(rs.Rules)+extra)
	for i, r := range rs.Rules {
		out.Rules[i] = Rule{
			Source:      Project,
			ID:          strconv.Itoa(r.Number),
			Category:    r.Category,
			Instruction: r.Instruction,
			Why:         r.Why,
			Order:       r.Number,
			Scope:       ScopeProject,
			Supersedes:  supersedes[r.Number],
		}
	}
	return out, nil
}

// PersonalSource returns the preferences of the store in dir in force in
// ws, and those in its scope that newer preferences superseded (reported,
// not delivered). An unreadable store is no preferences and a note.
func PersonalSource(ctx context.Context, dir string, ws scope.Workspace) (active []Rule, superseded []Superseded, notes []string, err error) {
	if err := ctx.Err(); err != nil {
		return nil, nil, nil, err
	}
	store, err := me.Load(dir)
	if err != nil {
		return nil, nil, []string{fmt.Sprintf("personal preferences not delivered: %v", err)}, nil
	}
	for _, p := range store.All() {
		switch {
		case p.Status == me.Forgotten:
			// Never in use; skip Use, which would format why.
		case p.SupersededBy != "":
			// Never in use: reported where its scope covers ws.
			if p.Status != me.Active {
				break
			}
			if in, _ := p.Scope.Match(ws); in {
				superseded = append(superseded, Superseded{Rule: RuleOf(p), By: p.SupersededBy, Reason: "superseded by preference " + p.SupersededBy})
			}
		default:
			if ok, _ := store.Use(p, ws); ok {
				active = append(active, RuleOf(p))
			}
		}
	}
	return active, superseded, nil, nil
}

// RuleOf is preference p as a rule of the brief.
func RuleOf(p me.Preference) Rule {
	sc := ScopeGlobal
	if p.Scope.Kind == scope.Workspaces {
		sc = ScopeWorkspace
	}
	return Rule{
		Source:      Personal,
		ID:          p.ID,
		Category:    p.Category,
		Instruction: p.Instruction,
		Why:         p.Why,
		Order:       p.Seq(),
		Scope:       sc,
		Supersedes:  p.Supersedes,
	}
}

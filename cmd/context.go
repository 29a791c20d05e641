package cmd

import (
	"context"
	"fmt"
	"path/filepath"
	"strconv"
	"time"

	"github.com/autofix/autofix/activity"
	"github.com/autofix/autofix/brief"
	"github.com/autofix/autofix/me"
	"github.com/autofix/autofix/rules"
	"github.com/autofix/autofix/scope"
	"github.com/autofix/autofix/trust"
	"github.com/ollama/ollama/api"
)

// briefRequest asks for the brief of one task.
type briefRequest struct {
	// Dir is the directory the agent works in; empty means env.Dir.
	Dir string
	// Task is the task prompt; empty means no task (all rules in
	// precedence order).
	Task string
	// Files are the paths the task touches.
	Files []string
	// Budget is the token budget; 0 means cfg.Budget.
	Budget int
	// Limit caps the number of rules; 0 means no cap.
	Limit int
}

// builtBrief is what an agent receives for one task, and how it was
// chosen.
type builtBrief struct {
	Workspace scope.Workspace
	// Work is the task's work type (activity.Classify); activity.AnyWork
	// when there is no task and no file.
	Work      activity.WorkType
	Selection brief.Selection
	// Text is the markdown every integration sends, byte for byte; empty
	// when no rule is in force.
	Text string
	// Notes say what could not be delivered (an unreadable ruleset, skipped
	// entries) for people; integrations may log them.
	Notes []string
}

// buildBrief is the one place that decides what an agent receives: `me
// context`, the hooks and the MCP server all call it, so they all send
// exactly the same bytes. A broken ruleset or preference store does not
// fail it: the rules that can be read are delivered and the rest is noted.
func buildBrief(ctx context.Context, env *Env, cfg Config, req briefRequest) (builtBrief, error) {
	dir := req.Dir
	if dir == "" {
		dir = env.Dir
	}
	ws, err := scope.Detect(dir)
	if err != nil {
		return builtBrief{}, fmt.Errorf("find the workspace of %s: %w", dir, err)
	}
	out := builtBrief{Workspace: ws}
	// The preferences are loaded first so that the project's rules are
	// built with room for them: the merged list is never copied.
	personal, gone, notes, err := personalSource(ctx, env, ws)
	if err != nil {
		return builtBrief{}, err
	}
	project, err := projectSource(ctx, env, ws, len(personal))
	if err != nil {
		return builtBrief{}, err
	}
	out.Notes = append(out.Notes, project.Notes...)
	out.Notes = append(out.Notes, notes...)
	if err := ctx.Err(); err != nil {
		return builtBrief{}, err
	}
	budget := req.Budget
	if budget <= 0 {
		budget = cfg.Budget
	}
	all := append(project.Rules, personal...)
	task := brief.Task{Text: req.Task, Files: req.Files}
	opts := brief.Options{Budget: budget, Limit: req.Limit}
	out.Work = activity.AnyWork
	if req.Task != "" || len(req.Files) > 0 {
		out.Work = activity.Classify(req.Task, req.Files)
	}
	// Learned weights come from the cache the last fold left: the hook
	// reads it and never folds (the commands that show weights fold first).
	if store, ok := env.activityStore(ws); ok {
		learned, err := store.CachedFor(out.Work, env.Now())
		if err != nil {
			out.Notes = append(out.Notes, fmt.Sprintf("learned weights not used: %v", err))
		}
		if len(learned) > 0 {
			opts.Learned = learned
		}
	}
	if cfg.EmbedModel != "" && req.Task != "" {
		sims, err := similarity(ctx, env, cfg.EmbedModel, all, task)
		if err != nil {
			if ctx.Err() != nil {
				return builtBrief{}, ctx.Err()
			}
			out.Notes = append(out.Notes, fmt.Sprintf("semantic matching skipped, lexical only: %v", err))
		}
		opts.Similarity = sims
	}
	out.Selection = brief.Build(all, task, opts)
	out.Selection.Superseded = append(out.Selection.Superseded, gone...)
	if project.Notice != "" {
		out.Selection.Notices = append(out.Selection.Notices, project.Notice)
	}
	out.Text = brief.Render(out.Selection)
	out.Selection.Tokens = brief.EstimateTokens(out.Text)
	if need := out.Selection.TopNeeds; need > 0 {
		top := out.Selection.TopRule
		name := "#" + top.ID
		if top.Source == brief.Personal {
			name = top.ID
		}
		out.Notes = append(out.Notes, fmt.Sprintf("the budget of %d tokens leaves no room for the highest-ranked rule %s: a brief with it needs %d; raise --budget (config: budget) to at least %d", budget, name, need, need))
	}
	return out, nil
}

// embedDeadline bounds semantic matching: the brief is on the agent's
// critical path, so a slow model is skipped, not waited for. Vectors that
// arrived are cached, so the next brief has less to ask.
const embedDeadline = 750 * time.Millisecond

// similarity scores rules against the task with the embedding model, with
// vectors cached under the cache directory.
func similarity(ctx context.Context, env *Env, model string, rules []brief.Rule, task brief.Task) (map[string]float64, error) {
	client, err := env.Ollama()
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, embedDeadline)
	defer cancel()
	e := brief.Embeddings{
		Embedder: ollamaEmbedder{client: client, model: model},
		Model:    model,
		CacheDir: filepath.Join(env.CacheDir, "embeddings"),
	}
	return e.Similarity(ctx, rules, task)
}

// ollamaEmbedder is Ollama's /api/embed as a [brief.Embedder].
type ollamaEmbedder struct {
	client *api.Client
	model  string
}

func (o ollamaEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	resp, err := o.client.Embed(ctx, &api.EmbedRequest{Model: o.model, Input: texts})
	if err != nil {
		return nil, err
	}
	return resp.Embeddings, nil
}

// projectRules is what the project contributes to a brief.
type projectRules struct {
	Rules []brief.Rule
	// Notes are for people: what was skipped or could not be read.
	Notes []string
	// Notice is one line for the agent about project rules it does not
	// get (for the trust gate: how many wait, never their text).
	Notice string
}

// projectSource returns the project rules of ws, with explicit
// supersession from their Why. It is the one door project rules come in
// by: the repository trust gate belongs here. A missing ruleset is no
// rules; an unreadable one is no rules and a note; invalid entries are
// skipped with a note. Rules has room for extra more rules.
func projectSource(ctx context.Context, env *Env, ws scope.Workspace, extra int) (projectRules, error) {
	var out projectRules
	if err := ctx.Err(); err != nil {
		return out, err
	}
	root, err := openRoot(ws)
	if err != nil {
		out.Notes = append(out.Notes, fmt.Sprintf("project rules not delivered: %v", err))
		return out, nil
	}
	defer root.Close()
	p, err := loadProjectRuleset(env, ws, root)
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
	out.Rules = make([]brief.Rule, len(rs.Rules), len(rs.Rules)+extra)
	for i, r := range rs.Rules {
		out.Rules[i] = brief.Rule{
			Source:      brief.Project,
			ID:          strconv.Itoa(r.Number),
			Category:    r.Category,
			Instruction: r.Instruction,
			Why:         r.Why,
			Order:       r.Number,
			Scope:       brief.ScopeProject,
			Supersedes:  supersedes[r.Number],
		}
	}
	return out, nil
}

// personalSource returns the preferences in force in ws, and those in its
// scope that newer preferences superseded (reported, not delivered). An
// unreadable store is no preferences and a note.
func personalSource(ctx context.Context, env *Env, ws scope.Workspace) (active []brief.Rule, superseded []brief.Superseded, notes []string, err error) {
	if err := ctx.Err(); err != nil {
		return nil, nil, nil, err
	}
	store, err := loadPrefs(env)
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
				superseded = append(superseded, brief.Superseded{Rule: briefRule(p), By: p.SupersededBy, Reason: "superseded by preference " + p.SupersededBy})
			}
		default:
			if ok, _ := store.Use(p, ws); ok {
				active = append(active, briefRule(p))
			}
		}
	}
	return active, superseded, nil, nil
}

func briefRule(p me.Preference) brief.Rule {
	sc := brief.ScopeGlobal
	if p.Scope.Kind == scope.Workspaces {
		sc = brief.ScopeWorkspace
	}
	return brief.Rule{
		Source:      brief.Personal,
		ID:          p.ID,
		Category:    p.Category,
		Instruction: p.Instruction,
		Why:         p.Why,
		Order:       p.Seq(),
		Scope:       sc,
		Supersedes:  p.Supersedes,
	}
}

// Package brief builds the brief an agent receives before a task: the
// project rules and personal preferences that are in force, the ones that
// matter most for the task first, within a token budget, rendered as the
// exact markdown every agent integration sends.
//
// # Pipeline
//
//   - [Merge] resolves conflicts between all rules and preferences of a
//     workspace and keeps the active ones. Precedence: project rules over
//     workspace-scoped preferences over global preferences; within one
//     source and scope, newer over older. Explicit supersession
//     ([Rule.Supersedes], e.g. "(supersedes rule 1)") always applies; a
//     preference that contradicts a stronger rule ([normalize.Conflicts])
//     is superseded by it.
//   - [Select] scores every active rule for a [Task] (its text and the
//     files it touches) and fills the budget in score order; rules the
//     task gives no evidence for fill what is left in prior order. [Build]
//     is Merge then Select.
//   - [Render] writes the markdown block; [EstimateTokens] is the token
//     estimate used for the budget.
//   - [Compose] is the one place that decides which rules reach the agent
//     for a task in a workspace: it reads the project's gated ruleset and
//     the preferences ([Sources]), the learned weights and the embedding
//     scores, and builds and renders the brief. `me context`, every hook
//     and the MCP context tool call it.
//
// # Scoring
//
// Scoring is lexical and needs no model: words of the task and of the
// files' paths are lower-cased, accent-folded, split at case changes and
// punctuation, and stemmed (a light English stemmer that also suits other
// Latin-script languages); Chinese and Japanese text is split into
// character bigrams. A rule scores for every task term it shares and for
// every concept it shares (a small lexicon of software-engineering
// synonyms in English, German, French, Spanish and Japanese: "package" ~
// "dependency", "spec" ~ "test", "Testfälle" ~ "tests", "ページ送り" ~
// "pagination"; see lexicon.go), each weighted by its specificity over the
// rules being scored: inverse document frequency, saturated once more
// rules share it than a brief holds, so that a word like "test" in a tenth
// of a large ruleset cannot flood the brief. A Why counts half, without its
// boilerplate ("user said:", "(supersedes rule N)"). A task word that names
// no concept (a name of the domain: "product", "order") counts less than one
// of the field's vocabulary; a word used only inside a phrase of the lexicon
// counts as the phrase ("log in" is not about logs); the verb a rule opens
// with ("Never introduce …") counts half; function words ("during") and the
// source roots of paths ("src", "internal") count nothing. A rule is selected for
// the task only when that evidence reaches a minimum specificity; the
// category the task asks for ("commit" → PROCESS, "migration" → DATA), a
// task-independent prior and a learned weight ([Options.Learned]) only
// order rules. Semantic scores from an embedding model ([Embeddings]),
// when the caller has them, are task evidence too ([Options.Similarity]).
// When one to three rules stand out, the rules below them that share a
// rare word of theirs the task does not say move up a little among rules
// of weak evidence (feedback.go). [Selected.Parts] shows each component
// ([ScoreParts]).
//
// # Prior
//
// Without evidence from the task (at session start, say) and until learned
// weights exist, rules come in a documented prior order rather than by
// recency alone: precedence first (project rules, then workspace
// preferences, then global ones), and within each by importance, a
// prohibition ("Never …") and a rule about shared state (PROCESS, TOOL,
// DATA) highest, then code (CODE, ARCH), then STYLE, UX and OTHER; newer
// first among equals.
//
// # Cost
//
// Each rule's text is scanned once, with stemming and stopword checks done
// once per distinct word; for a task, only the words that may be its
// evidence are looked up at all (see sieve in corpus.go: on 1,000 rules,
// BenchmarkSelect -32% CPU, -88% allocations); contradiction tests are
// bounded per preference; nothing is built at init (the lexicon is built
// on first use).
package brief

import "github.com/autofix/autofix/normalize"

// Source says where a rule comes from.
type Source string

// Sources.
const (
	Project  Source = "project"  // the repository's autofix.json
	Personal Source = "personal" // the user's own preferences
)

// Scope is where a rule applies; it decides precedence.
type Scope int

// Scopes, from the strongest to the weakest.
const (
	ScopeProject   Scope = iota // a project rule: this repository
	ScopeWorkspace              // a preference scoped to this workspace
	ScopeGlobal                 // a preference for all workspaces
)

// Rule is one rule or preference, independent of how it is stored.
type Rule struct {
	Source Source
	// ID is "4" for project rule 4, "p2" for preference p2.
	ID          string
	Category    string
	Instruction string
	// Why is the rule's reason; it adds weak evidence to the score.
	Why string
	// Order is the creation order within the source (the rule number, the
	// preference number): higher is newer.
	Order int
	Scope Scope
	// Supersedes lists the IDs of rules this one replaces explicitly, e.g.
	// from "(supersedes rule 1)".
	Supersedes []string
}

// Superseded is a rule that is not delivered, and why.
type Superseded struct {
	Rule Rule
	// By is the ID of the rule that wins.
	By string
	// Reason says why, e.g. "superseded by project rule 7" or
	// "contradicts project rule 4, which takes precedence".
	Reason string
}

// Task is what the agent is about to do.
type Task struct {
	// Text is the task prompt; empty means no task.
	Text string
	// Files are the paths the task touches, slash- or OS-separated.
	Files []string
}

// DefaultBudget is the default token budget of a brief.
const DefaultBudget = 1500

// MinBudget is the smallest budget a brief can keep: its header, a section
// heading, one short rule and the line that counts the rules left out.
// Callers raise a smaller budget to it (and say so): below it no rule fits
// and the header alone overshoots.
const MinBudget = 150

// Options bound a selection.
type Options struct {
	// Budget is the token budget of the rendered brief ([EstimateTokens]);
	// zero means [DefaultBudget].
	Budget int
	// Limit caps the number of rules delivered; zero means no cap.
	Limit int
	// Similarity holds semantic scores in [0,1] by rule key ([Key]), from
	// an embedding model; nil means lexical scoring only.
	Similarity map[string]float64
	// Learned holds a learned weight in [-1,1] per rule by key ([Key]),
	// scaled by 2 into [ScoreParts.Learned]:
	// how much delivering the rule has helped before in the task's kind of
	// work (activity.Weights.For).
	// It orders rules like the prior does ([ScoreParts.Learned]); nil
	// means none yet.
	Learned map[string]float64
}

// Selected is a rule chosen for the brief.
type Selected struct {
	Rule
	// Score is the rule's relevance to the task, the sum of Parts, when
	// the rule is selected for the task; 0 when it only fills the budget.
	Score float64
	// Parts are the components of the score, also for a rule that only
	// fills the budget.
	Parts ScoreParts
	// Reason says why it was selected.
	Reason string
}

// ScoreParts are the components of a rule's score for a task, so that
// people and tests can see what chose it; --json shows them as
// score_parts. Lexical, Concept, Files and Semantic are the task evidence,
// which decides whether the rule is selected for the task; Intent, Prior
// and Learned only order rules.
type ScoreParts struct {
	// Lexical is for words the rule shares with the task's text.
	Lexical float64 `json:"lexical"`
	// Concept is for related words: the concept lexicon links "package" to
	// "dependency", "spec" to "test".
	Concept float64 `json:"concept"`
	// Files is for words and concepts of the paths the task touches.
	Files float64 `json:"files"`
	// Intent is for a task that asks for the rule's category ("commit" →
	// PROCESS).
	Intent float64 `json:"intent"`
	// Semantic is the embedding similarity, when there is one.
	Semantic float64 `json:"semantic"`
	// Prior is the rule's importance whatever the task: prohibitions, rules
	// about shared state, project rules first (see [Select]).
	Prior float64 `json:"prior"`
	// Learned is the learned weight ([Options.Learned]); 0 until one exists.
	Learned float64 `json:"learned"`
	// Related is for rare words the rule shares with the rules the task
	// matches best, when a few stand out (see feedback.go); not evidence
	// of its own: it only moves a rule selected for the task up among
	// others.
	Related float64 `json:"related"`
}

// Selection is the outcome for one task.
type Selection struct {
	// Rules are the delivered rules, most relevant first.
	Rules []Selected
	// Omitted are the active rules left out by the budget or the limit, in
	// the order they would have come.
	Omitted []Rule
	// Superseded are the rules not delivered because others win; set by
	// [Build], empty from [Select].
	Superseded []Superseded
	// Notices are lines for the agent about rules it does not get, such as
	// an untrusted ruleset; [Render] writes them after the header. Set by
	// the caller.
	Notices []string
	// Tokens is the estimated size of the rendered brief.
	Tokens int
	// TopNeeds is set when the budget left out the highest-ranked rule:
	// the budget a brief that carries it needs. Zero when it was
	// delivered, or left out by the limit.
	TopNeeds int
	// TopRule is the highest-ranked rule when TopNeeds is set.
	TopRule Rule
}

// Key identifies a rule across sources: "project:4", "personal:p2".
func Key(r Rule) string { return string(r.Source) + ":" + r.ID }

// Build merges rules and selects for task: [Merge] then [Select], with the
// superseded rules recorded in the selection.
func Build(rules []Rule, task Task, opts Options) Selection {
	q := analyse(task)
	c := newCorpus(rules, sieveFor(q, rules))
	active, superseded := mergeCorpus(c, normalize.ParseClaim, normalize.Claim.Conflicts)
	sel := c.selectFor(active, q, opts)
	sel.Superseded = superseded
	return sel
}

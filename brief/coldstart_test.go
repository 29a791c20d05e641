package brief

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
)

func TestWhyContent(t *testing.T) {
	tests := []struct{ in, want string }{
		{`user said: "stop using npm"`, `"stop using npm"`},
		{`User said: "no emojis" (supersedes p2)`, `"no emojis" `},
		{"user asked to switch from moment to date-fns (supersedes rule 3)", "switch from moment to date-fns "},
		{"user preference", ""},
		{"user preferences of the billing team", "user preferences of the billing team"}, // not the boilerplate word
		{"audit requirements", "audit requirements"},
		{"(Supersedes rules 3 and 5) keeps one format", " keeps one format"},
		{"never closed (supersedes rule 9", "never closed "},
		{"", ""},
	}
	for _, tt := range tests {
		if got := whyContent(tt.in); got != tt.want {
			t.Errorf("whyContent(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// Every preference's Why starts "user said:": that word must not tie a task
// about users to unrelated preferences.
func TestWhyBoilerplateNotMatched(t *testing.T) {
	withWhy := func(r Rule, why string) Rule { r.Why = why; return r }
	rules := []Rule{
		withWhy(pref(3, ScopeGlobal, "TOOL", "Always use pnpm instead of npm."), `user said: "we use pnpm here"`),
		withWhy(pref(2, ScopeGlobal, "PROCESS", "Never add emojis to commit messages."), `user said: "no emojis please" (supersedes p1)`),
		withWhy(pref(4, ScopeGlobal, "UX", "Always give images meaningful alt text."), `user said: "screen readers read the file name"`),
		withWhy(pref(5, ScopeGlobal, "CODE", "Never log request bodies."), "user preference"),
	}
	sel := Select(rules, Task{Text: "show the user's avatar in the header"}, Options{})
	if first := sel.Rules[0]; first.ID != "p4" || first.Score <= 0 {
		t.Errorf("first = %s (score %v, %q), want p4 (images) selected for the task", first.ID, first.Score, first.Reason)
	}
	for _, r := range sel.Rules[1:] {
		if r.Score != 0 || strings.Contains(r.Reason, `"user"`) {
			t.Errorf("%s selected for the task with score %v: %q; want a filler", r.ID, r.Score, r.Reason)
		}
	}
}

// genericRuleset returns n rules of which every tenth mentions tests in
// general, and one is about flaky tests.
func genericRuleset(n int) []Rule {
	subjects := []string{"billing", "search", "export", "upload", "session", "invoice", "report", "profile", "checkout", "catalog",
		"shipping", "pricing", "coupon", "review", "wishlist", "inventory", "refund", "payout", "ledger", "audit"}
	places := []string{"service", "module", "worker", "screen", "handler", "client", "gateway", "store", "queue", "adapter"}
	rules := make([]Rule, 0, n)
	for i := 1; i < n; i++ {
		s, p := subjects[i%len(subjects)], places[(i/len(subjects))%len(places)]
		instr := fmt.Sprintf("Always keep the %s %s documented in docs/%s-%d.md.", s, p, s, i)
		if i%10 == 0 {
			instr = fmt.Sprintf("Always run the %s %s test before merging.", s, p)
		}
		rules = append(rules, proj(i, "CODE", instr))
	}
	return append(rules, proj(n, "CODE", "Never retry flaky tests in CI; fix the race instead."))
}

// A word in a tenth of the rules ("test") cannot flood the selection: it
// does not make a rule selected for the task, and a rare word wins.
func TestGenericWordsDoNotFlood(t *testing.T) {
	rules := genericRuleset(1000)
	sel := Select(rules, Task{Text: "Fix the flaky parser test"}, Options{})
	if len(sel.Rules) < 20 {
		t.Fatalf("%d rules delivered, want the budget filled", len(sel.Rules))
	}
	if first := sel.Rules[0]; first.ID != "1000" || first.Score <= 0 {
		t.Errorf("first = %s (score %v), want 1000, the flaky-tests rule, selected for the task", first.ID, first.Score)
	}
	forTask := 0
	for _, r := range sel.Rules {
		if r.Score > 0 {
			forTask++
		}
	}
	if forTask > 1 {
		t.Errorf("%d rules selected for the task, want only the flaky-tests rule: a word 100 rules share is not enough", forTask)
	}
	// They still fill the budget before rules with no evidence at all.
	if r := sel.Rules[1]; !strings.Contains(r.Instruction, " test ") || !strings.Contains(r.Reason, "many rules") {
		t.Errorf("second = %s %q (%q), want a rule that shares only the common word", r.ID, r.Instruction, r.Reason)
	}
}

// Related words meet through the concept lexicon, in the five languages,
// when the task and the rule share no word.
func TestConceptsLinkParaphrases(t *testing.T) {
	distractors := []Rule{
		proj(1, "STYLE", "Always name helper functions in camelCase."),
		proj(2, "UX", "Always give icon-only buttons an aria-label."),
		proj(3, "DATA", "Always store timestamps in UTC."),
		proj(4, "PROCESS", "Always keep pull request descriptions short."),
	}
	tests := []struct{ task, rule string }{
		{"add the lodash package", "Never add a new dependency without asking."},
		{"pull in lodash", "Never add a new dependency without asking."},
		{"spin up the API on my laptop", "Always run local services with docker compose."},
		{"make the email column required", "Never add a NOT NULL column without a default."},
		{"Warn before they navigate away from a half-written post", "Always ask before discarding unsaved changes."},
		{"Two admins overwrite each other's edits", "Always use optimistic locking for editable records."},
		{"Die Fehlermeldungen verständlicher machen", "Always write messages that tell the user what to do next."},
		{"write specs for the cart reducer", "Always colocate tests with the code they cover."},
		{"commit the parser changes", "Never rewrite git history."},
		{"add a column to the orders table", "Always review schema changes with the DBA."},
		{"build the settings component", "Always keep UI state in the URL."},
		{"tweak the header style", "Always use Tailwind instead of CSS files."},
		{"Let customers pay in euros", "Always store money as integer cents."},
		{"Let users attach a PDF", "Always scan uploads for malware."},
		{"Schreib Testfälle für den Parser", "Always write table-driven tests."},
		{"Speichere die Benutzerdaten verschlüsselt", "Always keep account records minimal."},
		{"Ajoute une colonne à la table des commandes", "Always add an index for every foreign key in the database."},
		{"Guarda la contraseña de forma segura", "Always hash passwords with argon2id."},
		{"ユーザー一覧にページ送りを付けて", "Always paginate with cursors."},
		{"ログイン画面をダークモードに対応させて", "Always support dark mode in new screens."},
		{"Die App friert beim Start ein", "Never do disk I/O on the main thread."},
		{"Lösche die alten Rechnungen", "Always soft-delete records with deleted_at."},
		{"Prüfe die Abfragen auf den Tabellen", "Always review SQL queries with the DBA."},
		{"Traduis tous les textes de l'application", "Always keep translations in locale files."},
		{"Instala la librería de fechas", "Never add a dependency without asking."},
		{"La fonction réessaie l'appel sans pause", "Always add jitter to exponential backoff."},
		{"Llama al proveedor de envíos", "Always set timeouts on calls to external services."},
		{"Upgrade a package in the web client", "Always run the frontend on Node 20."},
		{"Write a one-off backfill for the old orders", "Always run data fixes inside a transaction."},
	}
	for _, tt := range tests {
		target := proj(9, "CODE", tt.rule)
		rules := append([]Rule{target}, distractors...)
		sel := Select(rules, Task{Text: tt.task}, Options{})
		first := sel.Rules[0]
		if first.ID != "9" || first.Score <= 0 || first.Parts.Concept <= 0 {
			t.Errorf("task %q: first = %s (score %v, parts %+v), want %q by a concept", tt.task, first.ID, first.Score, first.Parts, tt.rule)
		}
	}
}

// A phrase of a word and a stopword is matched as the phrase, never as the
// word alone: "on-call" is not about outbound calls, a spinner is not "spin
// up".
func TestStopwordPhrases(t *testing.T) {
	rules := []Rule{
		proj(2, "CODE", "Always set a timeout on outbound HTTP calls."),
		proj(1, "UX", "Always show a spinner while the page loads."),
	}
	for _, task := range []string{"page the on-call engineer", "spin up the database locally"} {
		sel := Select(rules, Task{Text: task}, Options{})
		for _, r := range sel.Rules {
			if r.Parts.Concept != 0 {
				t.Errorf("task %q: %s has parts %+v (%q), want no concept", task, r.ID, r.Parts, r.Reason)
			}
		}
	}
	// The phrase in a rule links it to the task.
	rules = append(rules, proj(3, "PROCESS", "Always page the on-call engineer before a data fix."))
	sel := Select(rules, Task{Text: "tell whoever holds the pager"}, Options{})
	if first := sel.Rules[0]; first.ID != "3" || first.Parts.Concept <= 0 {
		t.Errorf("first = %s with parts %+v, want 3 by the incident concept of \"on-call\"", first.ID, first.Parts)
	}
}

// A phrase of the task's text that names a concept counts like a word that
// does: "pull in a library" is more about dependencies than "a library".
func TestPhraseNamesConcept(t *testing.T) {
	rules := []Rule{
		proj(2, "TOOL", "Never add a dependency without asking."),
		proj(1, "STYLE", "Always name files in kebab-case."),
	}
	concept := func(task string) float64 {
		sel := Select(rules, Task{Text: task}, Options{})
		if sel.Rules[0].ID != "2" {
			t.Fatalf("task %q: first = %s, want 2", task, sel.Rules[0].ID)
		}
		return sel.Rules[0].Parts.Concept
	}
	if one, two := concept("a charting library"), concept("pull in a charting library"); two <= one {
		t.Errorf("concept part %v with the phrase, %v without; want more with it", two, one)
	}
	// A word and a stopword that make a phrase are two words naming it.
	if word, phrase := concept("lodash as a library"), concept("pull in lodash"); phrase <= word {
		t.Errorf("concept part %v for \"pull in\", %v for \"library\"; want more for the phrase", phrase, word)
	}
}

// A manifest's name and extension are one phrase of the lexicon: a task
// that touches go.mod or package.json is about dependencies.
func TestManifestFileNamesDependencies(t *testing.T) {
	rules := []Rule{
		proj(3, "CODE", "Always wrap errors with context."),
		proj(2, "TOOL", "Never add a dependency without a note in docs/deps.md."),
		proj(1, "STYLE", "Always name files in kebab-case."),
	}
	for _, file := range []string{"services/billing/go.mod", "web/package.json"} {
		sel := Select(rules, Task{Text: "parse YAML in the loader", Files: []string{file}}, Options{})
		if first := sel.Rules[0]; first.ID != "2" || first.Parts.Files <= 0 {
			t.Errorf("file %s: first = %s with parts %+v, want 2 by the dependency concept of the file", file, first.ID, first.Parts)
		}
	}
}

func TestScoreParts(t *testing.T) {
	rules := []Rule{
		proj(3, "STYLE", "Always name helper functions in camelCase."),
		proj(2, "DATA", "Never write SQL migrations by hand - generate them with drizzle-kit."),
		proj(1, "UX", "Always label buttons."),
	}
	sel := Select(rules, Task{Text: "write a migration for the orders table", Files: []string{"db/migrations/0004_orders.sql"}}, Options{})
	first := sel.Rules[0]
	p := first.Parts
	if first.ID != "2" || p.Lexical <= 0 || p.Files <= 0 || p.Intent <= 0 || p.Learned != 0 {
		t.Fatalf("first = %s with parts %+v, want 2 with lexical, files and intent parts and no learned weight", first.ID, p)
	}
	if sum := p.Lexical + p.Concept + p.Files + p.Intent + p.Semantic + p.Prior + p.Learned; math.Abs(sum-first.Score) > 0.05 {
		t.Errorf("parts sum to %v, score is %v", sum, first.Score)
	}
	// A learned weight orders rules the task gives no evidence for.
	sel = Select(rules, Task{}, Options{Learned: map[string]float64{"project:1": 0.9}})
	if first := sel.Rules[0]; first.ID != "1" || first.Parts.Learned != 1.8 || first.Score != 0 {
		t.Errorf("first = %s with parts %+v and score %v, want 1 by its learned weight, not selected for a task", first.ID, first.Parts, first.Score)
	}
}

func TestProhibition(t *testing.T) {
	yes := []string{"Never push to main.", "Don't add emojis.", "Do not log secrets.", "No default exports.", "Avoid any.",
		"Nie direkt pushen.", "Keine Emojis.", "Jamais de push direct.", "N'utilisez pas npm.", "Ne poussez jamais sur main.",
		"Nunca uses npm.", "mainに直接プッシュしない。", "npmの使用は禁止。"}
	no := []string{"Always use pnpm.", "Notify the team.", "Document the API.", "Nevertheless, keep it short.", "Prefer named exports.", "常にpnpmを使う。"}
	for _, s := range yes {
		if !prohibition(s) {
			t.Errorf("prohibition(%q) = false, want true", s)
		}
	}
	for _, s := range no {
		if prohibition(s) {
			t.Errorf("prohibition(%q) = true, want false", s)
		}
	}
}

// At session start (no task) with many rules, precedence and the prior
// choose, not recency alone: project rules before workspace preferences
// before global ones, and within each, prohibitions about shared state
// before code rules before style, newest first within the same importance.
func TestSessionStartPrior(t *testing.T) {
	var rules []Rule
	for i := 200; i >= 3; i-- {
		rules = append(rules, proj(i, "STYLE", fmt.Sprintf("Always format module %d with the shared config.", i)))
	}
	rules = append(rules,
		proj(2, "CODE", "Always wrap errors with context."),
		proj(1, "PROCESS", "Never force-push a shared branch."),
		pref(1, ScopeGlobal, "PROCESS", "Never commit without running the tests."),
		pref(2, ScopeWorkspace, "STYLE", "Always use tabs in this repository."),
	)
	active, _ := Merge(rules)
	sel := Select(active, Task{}, Options{Budget: 100000})
	var got []string
	for _, r := range sel.Rules {
		got = append(got, r.ID)
	}
	want := []string{"1", "2", "200", "199"}
	if len(got) != len(rules) || !slices.Equal(got[:4], want) || !slices.Equal(got[len(got)-3:], []string{"3", "p2", "p1"}) {
		t.Errorf("session start delivered %v…%v, want %v… and …[3 p2 p1]", got[:4], got[len(got)-3:], want)
	}
}

// Rules the task gives no evidence for but whose categories it asks for
// come in score order, and in precedence order when scores are equal, even
// across categories.
func TestIntentTiesInPrecedenceOrder(t *testing.T) {
	rules := []Rule{
		proj(5, "STYLE", "Always sort imports."),
		proj(4, "ARCH", "Always keep layers apart."),
		proj(3, "CODE", "Always keep functions short."),
		proj(2, "ARCH", "Always hide internals."),
		proj(1, "CODE", "Never panic in libraries."),
	}
	sel := Select(rules, Task{Text: "refactor this"}, Options{})
	var got []string
	for _, r := range sel.Rules {
		got = append(got, r.ID)
	}
	// "refactor" asks for ARCH and CODE work; 1 is a prohibition.
	if want := []string{"1", "4", "3", "2", "5"}; !slices.Equal(got, want) {
		t.Errorf("order = %v, want %v", got, want)
	}
	for _, r := range sel.Rules {
		if r.Score != 0 {
			t.Errorf("%s has score %v, want 0: the category alone does not select a rule for the task", r.ID, r.Score)
		}
	}
}

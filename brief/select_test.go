package brief

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestStem(t *testing.T) {
	// Pairs that must meet, and pairs that must not.
	same := [][2]string{
		{"migration", "migrate"}, {"migrations", "migrating"}, {"committing", "commit"},
		{"timestamps", "timestamp"}, {"bodies", "body"}, {"rebased", "rebase"},
		{"locally", "local"}, {"handlers", "handler"}, {"translation", "translate"},
		{"localization", "localize"}, {"caching", "cache"}, {"tests", "testing"},
		{"installed", "install"}, {"logger", "log"}, {"deleted", "delete"},
		{"bestellungen", "bestellung"}, {"abhangigkeiten", "abhangigkeit"}, {"migrationen", "migration"},
		{"workers", "work"}, {"parser", "parse"}, {"faster", "fast"}, {"customers", "customer"}, {"containers", "container"},
		{"filtered", "filter"}, {"clusters", "clustered"}, {"locales", "locale"}, {"states", "state"},
	}
	for _, p := range same {
		a, b := string(stem([]byte(p[0]))), string(stem([]byte(p[1])))
		if a != b {
			t.Errorf("stem(%q) = %q, stem(%q) = %q; want equal", p[0], a, p[1], b)
		}
	}
	differ := [][2]string{{"class", "clas"}, {"status", "state"}, {"go", "got"},
		// A noun in -er whose stem is another word.
		{"customer", "custom"}, {"container", "contain"}, {"headers", "head"}, {"folder", "fold"}, {"number", "numb"},
		{"center", "cents"}, {"players", "play"}, {"composer", "compose"},
		// A noun in -ing whose stem is another word.
		{"shipping", "ship"}, {"settings", "sets"}, {"heading", "head"},
		// A word in -e whose stem is another word.
		{"locale", "local"}, {"locales", "locally"}, {"state", "stats"}, {"plane", "plan"}, {"modes", "mod"}}
	for _, p := range differ {
		if a, b := string(stem([]byte(p[0]))), string(stem([]byte(p[1]))); a == b {
			t.Errorf("stem(%q) = stem(%q) = %q; want different", p[0], p[1], a)
		}
	}
}

func terms(s string) []string {
	var sc scanner
	var out []string
	sc.scan(s, func(term []byte, kind termKind) {
		if kind != kindCJKRun && kind != kindMixed {
			out = append(out, string(term))
		}
	})
	return out
}

func TestScan(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"Always use pnpm instead of npm", []string{"pnpm", "npm"}},
		{"IconButton", []string{"iconbutton", "icon", "button"}},
		{"src/components/IconButton/icon-button.tsx", []string{"src", "component", "iconbutton", "icon", "button", "icon", "button", "tsx"}},
		{"console.log(x)", []string{"consol", "log"}},
		{"Verwende immer Dataclasses für Daten", []string{"dataclass", "daten"}},
		// Spanish -ción is -tion: "migración" meets "migration".
		{"Migración de la base de datos", []string{"migrat", "bas", "dato"}},
		{"Configuraciones", []string{"configurat"}},
		{"コミットする", []string{"コミ", "ミッ", "ット", "トす", "する"}},
		{"Pythonの慣習", []string{"python", "の慣", "慣習"}},
		// A letter joined to one character by "+" or "/" is one term.
		{"Avoid N+1 queries and blocking I/O", []string{"n+1", "query", "block", "i/o"}},
		{"a/b c+d/e", []string{"a/b", "c+d"}},
	}
	for _, tt := range tests {
		if got := terms(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("terms(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestSelect(t *testing.T) {
	rules := []Rule{
		proj(4, "TOOL", "Always use pnpm instead of npm or yarn."),
		proj(3, "PROCESS", "Never add emojis to commit messages."),
		proj(2, "DATA", "Never write SQL migrations by hand - generate them with drizzle-kit."),
		proj(1, "CODE", "Always use named exports for React components."),
		pref(2, ScopeWorkspace, "CODE", "Always prefer incremental refactors over rewrites."),
		pref(1, ScopeGlobal, "STYLE", "Always write Go doc comments as full sentences."),
	}
	tests := []struct {
		name  string
		task  Task
		opts  Options
		first []string // IDs expected first, in order
		count int
	}{
		// Prior: prohibitions about shared state, then tools, code; project
		// rules before preferences; precedence within a prior.
		{"no task orders by prior", Task{}, Options{}, []string{"3", "2", "4", "1", "p2", "p1"}, 6},
		{"task words", Task{Text: "install the date-fns package"}, Options{}, []string{"4"}, 6},
		{"category intent", Task{Text: "commit this"}, Options{}, []string{"3"}, 6},
		{"file path and extension", Task{Files: []string{"src/components/Nav/nav.tsx"}}, Options{}, []string{"1"}, 6},
		{"Go file reaches the Go preference", Task{Text: "finish this", Files: []string{"internal/x/x.go"}}, Options{}, []string{"p1"}, 6},
		{"multilingual task", Task{Text: "Schreibe eine Migration für die Tabelle"}, Options{}, []string{"2"}, 6},
		{"Japanese task", Task{Text: "変更をコミットして"}, Options{}, []string{"3"}, 6},
		{"limit", Task{Text: "schema migration"}, Options{Limit: 2}, []string{"2"}, 2},
		{"small budget", Task{}, Options{Budget: EstimateTokens(header) + sectionTokens + 25}, []string{"3"}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sel := Select(rules, tt.task, tt.opts)
			var got []string
			for _, r := range sel.Rules {
				got = append(got, r.ID)
			}
			if len(got) != tt.count || !slices.Equal(got[:len(tt.first)], tt.first) {
				t.Fatalf("selected %v, want %d starting with %v", got, tt.count, tt.first)
			}
			if len(sel.Rules)+len(sel.Omitted) != len(rules) {
				t.Errorf("%d selected + %d omitted, want %d", len(sel.Rules), len(sel.Omitted), len(rules))
			}
			budget := tt.opts.Budget
			if budget == 0 {
				budget = DefaultBudget
			}
			if text := Render(sel); sel.Tokens != EstimateTokens(text) || sel.Tokens > budget {
				t.Errorf("tokens = %d, rendered %d, budget %d", sel.Tokens, EstimateTokens(text), budget)
			}
			if tt.task.Text != "" && sel.Rules[0].Score <= 0 {
				t.Errorf("first rule has score %v, want > 0", sel.Rules[0].Score)
			}
			for _, r := range sel.Rules {
				if r.Reason == "" {
					t.Errorf("rule %s has no reason", r.ID)
				}
			}
		})
	}
}

func TestSelectReason(t *testing.T) {
	rules := []Rule{proj(7, "DATA", "Always add an index on every foreign key column."), proj(8, "UX", "Always label buttons.")}
	sel := Select(rules, Task{Text: "add a migration for the orders table"}, Options{})
	r := sel.Rules[0]
	if r.ID != "7" || !strings.Contains(r.Reason, "DATA work") || !strings.Contains(r.Reason, "related to") {
		t.Errorf("first = %s with reason %q, want 7 related by concept and DATA intent", r.ID, r.Reason)
	}
	if last := sel.Rules[1]; last.Score != 0 || !strings.Contains(last.Reason, "precedence") {
		t.Errorf("second = %s %v %q, want a zero-score filler", last.ID, last.Score, last.Reason)
	}
}

func TestSelectSimilarity(t *testing.T) {
	rules := []Rule{proj(2, "CODE", "Always a."), proj(1, "CODE", "Always b.")}
	sel := Select(rules, Task{Text: "something unrelated"}, Options{Similarity: map[string]float64{"project:1": 0.8}})
	if sel.Rules[0].ID != "1" || !strings.Contains(sel.Rules[0].Reason, "semantic similarity 0.80") {
		t.Errorf("first = %s %q, want 1 by similarity", sel.Rules[0].ID, sel.Rules[0].Reason)
	}
}

// TestMinBudget: at MinBudget the highest-ranked short rule is delivered
// within the budget, even with a thousand rules left out.
func TestMinBudget(t *testing.T) {
	var rs []Rule
	for i := 1; i <= 1000; i++ {
		rs = append(rs, Rule{Source: Project, ID: strconv.Itoa(i), Category: "TOOL", Instruction: "Always use pnpm instead of npm or yarn.", Order: i, Scope: ScopeProject})
	}
	for _, task := range []Task{{}, {Text: "install with pnpm"}} {
		sel := Select(rs, task, Options{Budget: MinBudget})
		if len(sel.Rules) == 0 || sel.Tokens > MinBudget || sel.TopNeeds != 0 {
			t.Errorf("task %q: %d rules, %d tokens, top needs %d; want the top rule within %d", task.Text, len(sel.Rules), sel.Tokens, sel.TopNeeds, MinBudget)
		}
	}
}

// TestTopNeeds: a highest-ranked rule too long for the budget is named by
// the budget it needs, which is enough to carry it.
func TestTopNeeds(t *testing.T) {
	long := "Always run the full pnpm test suite " + strings.Repeat("with coverage and the race detector enabled ", 12) + "before pushing."
	rs := []Rule{
		{Source: Project, ID: "1", Category: "TOOL", Instruction: long, Order: 1, Scope: ScopeProject},
		{Source: Project, ID: "2", Category: "STYLE", Instruction: "Never use tabs.", Order: 2, Scope: ScopeProject},
	}
	task := Task{Text: "run the pnpm test suite with coverage"}
	sel := Select(rs, task, Options{Budget: MinBudget})
	if sel.TopNeeds <= MinBudget {
		t.Fatalf("top needs %d, want more than %d (rules %v)", sel.TopNeeds, MinBudget, sel.Rules)
	}
	again := Select(rs, task, Options{Budget: sel.TopNeeds})
	if len(again.Rules) == 0 || again.Rules[0].ID != "1" || again.TopNeeds != 0 || again.Tokens > sel.TopNeeds {
		t.Errorf("with budget %d: rules %v, tokens %d, top needs %d; want rule 1 first", sel.TopNeeds, again.Rules, again.Tokens, again.TopNeeds)
	}
	if fit := Select(rs, task, Options{Budget: DefaultBudget}); fit.TopNeeds != 0 {
		t.Errorf("default budget: top needs %d, want 0", fit.TopNeeds)
	}
	if lim := Select(rs, task, Options{Budget: DefaultBudget, Limit: 1}); lim.TopNeeds != 0 {
		t.Errorf("limit: top needs %d, want 0", lim.TopNeeds)
	}
}

// A directory the task touches ("db/migrations/") is what it works in: its
// last name counts like a file's name, not like a directory above a file.
func TestDirectoryTouchedCountsAsName(t *testing.T) {
	rules := []Rule{
		proj(2, "DATA", "Always write migrations that can be rolled back."),
		proj(1, "STYLE", "Always name files in kebab-case."),
	}
	files := func(path string) float64 {
		sel := Select(rules, Task{Text: "add a discount field", Files: []string{path}}, Options{})
		if sel.Rules[0].ID != "2" {
			t.Fatalf("files %s: first = %s, want 2", path, sel.Rules[0].ID)
		}
		return sel.Rules[0].Parts.Files
	}
	dir, inDir, bare := files("db/migrations/"), files("db/migrations/0004_orders.sql"), files("db/migrations")
	if dir <= inDir || dir != bare {
		t.Errorf("files part %v for the directory, %v for a file in it, %v without the slash; want the directory above the file and the same without the slash", dir, inDir, bare)
	}
}

// A word of the task that is only part of a phrase of the lexicon means
// what the phrase means: alone it counts less, unless the rule shares the
// phrase's concept too.
func TestPhraseWordAlone(t *testing.T) {
	rules := []Rule{
		proj(3, "CODE", "Always use records for DTOs."),
		proj(2, "PROCESS", "Always write commit messages in the imperative."),
		proj(1, "STYLE", "Always name files in kebab-case."),
	}
	sel := Select(rules, Task{Text: "record my changes"}, Options{})
	if first := sel.Rules[0]; first.ID != "2" {
		t.Errorf("record my changes: first = %s (%q), want 2, the commit rule", first.ID, first.Reason)
	}
	lexical := func(task string, rule Rule) float64 {
		sel := Select([]Rule{rule, proj(1, "STYLE", "Always name files in kebab-case.")}, Task{Text: task}, Options{})
		return sel.Rules[0].Parts.Lexical
	}
	pr := proj(9, "PROCESS", "Always link the ticket in the pull request.")
	if alone, word := lexical("pull in lodash", pr), lexical("pull the branch", pr); alone >= word {
		t.Errorf("pull request rule: lexical part %v for \"pull in\", %v for \"pull\" alone; want less in the phrase", alone, word)
	}
	dep := proj(9, "TOOL", "Never pull in a package without asking.")
	if alone, word := lexical("pull in lodash", dep), lexical("pull the branch", dep); alone != word {
		t.Errorf("dependency rule: lexical part %v for \"pull in\", %v for \"pull\"; want the same, the rule shares the phrase", alone, word)
	}
}

// A concept that only a word inside a phrase names, in its own sense, is
// not what the task is about: a "push notification" is not a git push.
func TestPhraseWordConceptCountsLess(t *testing.T) {
	rules := []Rule{
		proj(3, "PROCESS", "Always rebase onto origin before merging."),
		proj(2, "UX", "Always let users mute alerts."),
		proj(1, "STYLE", "Always name files in kebab-case."),
	}
	concept := func(task, id string) float64 {
		for _, r := range Select(rules, Task{Text: task}, Options{}).Rules {
			if r.ID == id {
				return r.Parts.Concept
			}
		}
		return 0
	}
	sel := Select(rules, Task{Text: "send a push notification for new replies"}, Options{})
	if first := sel.Rules[0]; first.ID != "2" {
		t.Errorf("first = %s (%+v, %q), want 2, the rule about alerts", first.ID, first.Parts, first.Reason)
	}
	if inPhrase, alone := concept("send a push notification for new replies", "3"), concept("push the replies", "3"); inPhrase >= alone || inPhrase <= 0 {
		t.Errorf("git rule: concept part %v for \"push notification\", %v for \"push\" alone; want less, not nothing", inPhrase, alone)
	}
}

// The last directory and the name of a path are read as one phrase: a
// framework's conventional directory ("db/migrate/" of Rails) names it.
func TestConventionalDirectoryNamesStack(t *testing.T) {
	rules := []Rule{
		proj(3, "DATA", "Always keep migrations small."),
		proj(2, "DATA", "Always make Rails migrations reversible."),
		proj(1, "STYLE", "Always name files in kebab-case."),
	}
	sel := Select(rules, Task{Text: "drop the fax attribute", Files: []string{"db/migrate/"}}, Options{})
	if first := sel.Rules[0]; first.ID != "2" || first.Parts.Files <= 0 {
		t.Errorf("first = %s with parts %+v, want 2 by the Rails concept of db/migrate", first.ID, first.Parts)
	}
}

// A word of the domain that names no concept ("product") says less about
// the rule a task needs than a word of the field's vocabulary that does.
func TestDomainWordCountsLessThanSubject(t *testing.T) {
	rules := []Rule{
		proj(3, "UX", "Always use the product glossary in UI copy."),
		proj(2, "CODE", "Always scan uploads for malware."),
		proj(1, "STYLE", "Always name files in kebab-case."),
	}
	sel := Select(rules, Task{Text: "let shoppers attach a receipt to the product"}, Options{})
	if first := sel.Rules[0]; first.ID != "2" {
		t.Errorf("first = %s (%+v, %q), want 2, the rule about uploads", first.ID, first.Parts, first.Reason)
	}
}

// The two words of a phrase a rule shares ("merge request") are one piece
// of evidence: together they count like one word.
func TestTwoWordPhraseCountsOnce(t *testing.T) {
	rules := []Rule{proj(2, "PROCESS", "Keep merge requests small."), proj(1, "STYLE", "Always name files in kebab-case.")}
	lexical := func(task string) float64 { return Select(rules, Task{Text: task}, Options{}).Rules[0].Parts.Lexical }
	// (Not "merge the branch": "branch" names the concept of "merge" too,
	// which then outweighs the word; see textWord.)
	if phrase, word := lexical("open a merge request"), lexical("merge it"); math.Abs(phrase-word) > 0.01 {
		t.Errorf("lexical part %v for \"merge request\", %v for \"merge\" alone; want the same", phrase, word)
	}
}

// TestNamedTwice: a concept that two words of the task name weighs
// namedFactor(2) times its weight for one, in text with spaces and in a
// CJK run alike; an entry inside a longer one of the same run ("ユーザ" in
// "ユーザー") is not a second word.
func TestNamedTwice(t *testing.T) {
	weight := func(text, entry string) (float64, float64) {
		t.Helper()
		q := analyse(Task{Text: text})
		cs := lex().word(string(stem([]byte(entry)))).concepts
		if isCJKString(entry) {
			for _, e := range lex().cjk {
				if e.term == entry {
					cs = []uint16{e.concept}
				}
			}
		}
		if len(cs) == 0 {
			t.Fatalf("%q names no concept", entry)
		}
		f := q.concepts[cs[0]]
		if f < 0 {
			t.Fatalf("%q: concept of %q not found", text, entry)
		}
		return q.feats[f].weight, q.feats[f].base
	}
	for _, tt := range []struct {
		text, entry string
		named       int
	}{
		{"show the euro balance in dollars", "euro", 2},
		{"show the balance in euro", "euro", 1},
		{"設定値を環境ごとに切り替える", "設定", 2},
		{"ユーザーの一覧", "ユーザー", 1},
	} {
		w, base := weight(tt.text, tt.entry)
		if want := base * namedFactor(tt.named); math.Abs(w-want) > 1e-9 {
			t.Errorf("%q: weight of the concept of %q = %.3f, want %.3f (named %d)", tt.text, tt.entry, w, want, tt.named)
		}
	}
	if namedFactor(2) <= namedFactor(1) || namedFactor(10) != namedCap {
		t.Errorf("namedFactor: 1 → %.2f, 2 → %.2f, 10 → %.2f; want rising to %.2f", namedFactor(1), namedFactor(2), namedFactor(10), namedCap)
	}
}

// TestDotDirectoryNamesTool: a directory with a leading dot (".github")
// is a tool's configuration and counts like a file's name; other
// directories ("workflows") count weightPath.
func TestDotDirectoryNamesTool(t *testing.T) {
	q := analyse(Task{Files: []string{".github/workflows/ci.yml"}})
	for term, want := range map[string]float64{"github": weightFile * weightTerm, "workflow": weightFile * weightPath} {
		f, ok := q.terms[term]
		if !ok {
			t.Fatalf("no term %q in %v", term, q.terms)
		}
		if got := q.feats[f].weight; got != want {
			t.Errorf("weight of %q = %v, want %v", term, got, want)
		}
	}
}

// A file's extension names its language: a rule that writes the extension
// ("scripts/*.py") is no more about the task's file than one that names
// the language, so it scores no more for it, and a rule the text asks for
// comes first.
func TestExtensionCountsAsLanguage(t *testing.T) {
	rules := []Rule{
		proj(6, "TOOL", "Always run management scripts as scripts/*.py, never from the repository root."),
		proj(5, "CODE", "Always round every discount to whole cents."),
		proj(4, "CODE", "Always add type hints to Python functions."),
		proj(3, "STYLE", "Always format Python code with ruff."),
		proj(2, "CODE", "Never use mutable default arguments in Python."),
		proj(1, "STYLE", "Always name files in kebab-case."),
	}
	sel := Select(rules, Task{Text: "apply the discount", Files: []string{"billing/invoice.py"}}, Options{})
	files := map[string]float64{}
	for _, r := range sel.Rules {
		files[r.ID] = r.Parts.Files
	}
	if files["6"] <= 0 || files["6"] > files["4"] {
		t.Errorf("files part %v for the rule that writes .py, %v for one that says Python; want no more, and more than 0", files["6"], files["4"])
	}
	if first := sel.Rules[0]; first.ID != "5" {
		t.Errorf("first = %s (%+v, %q), want 5, the rule about discounts", first.ID, first.Parts, first.Reason)
	}
}

// A rule that shares a word of the task's text scores at least what a rule
// that only has the word's concept scores, though the concept weighs more
// when several words of the text name it ("secret key").
func TestSharedWordAtLeastItsConcept(t *testing.T) {
	rules := []Rule{
		proj(5, "CODE", "Never commit passwords to the repository."),
		proj(4, "PROCESS", "Always rotate a leaked secret at once."),
		proj(3, "TOOL", "Always keep secret values in the vault."),
		proj(2, "CODE", "Always validate request bodies."),
		proj(1, "STYLE", "Always name files in kebab-case."),
	}
	sel := Select(rules, Task{Text: "someone put the secret key in here, fix it"}, Options{})
	score := map[string]float64{}
	for _, r := range sel.Rules {
		score[r.ID] = r.Score
	}
	if score["4"] < score["5"] || score["5"] <= 0 {
		t.Errorf("score %v for the rule that says \"secret\", %v for the one that says \"passwords\"; want at least as much", score["4"], score["5"])
	}
}

// Rules the task's evidence scores alike come longer instruction first:
// the one that says more about its matter carries more the agent could
// not have guessed. Precedence decides among rules of the same length.
func TestEqualScoresLongerFirst(t *testing.T) {
	short := proj(3, "CODE", "Always cache catalog pages.")
	long := proj(2, "CODE", "Always cache catalog pages for ten minutes at most, keyed by locale and tenant.")
	rules := []Rule{short, long, proj(1, "STYLE", "Always name files in kebab-case.")}
	sel := Select(rules, Task{Text: "cache the catalog"}, Options{})
	if len(sel.Rules) < 2 || sel.Rules[0].Score != sel.Rules[1].Score || sel.Rules[0].Score <= 0 {
		t.Fatalf("rules %+v, want the two catalog rules first with equal scores", sel.Rules)
	}
	if sel.Rules[0].ID != long.ID {
		t.Errorf("first = %s, want %s, the longer of two equal scores", sel.Rules[0].ID, long.ID)
	}
	same := proj(2, "CODE", "Always cache catalog pages!")
	if sel := Select([]Rule{short, same}, Task{Text: "cache the catalog"}, Options{}); sel.Rules[0].ID != short.ID {
		t.Errorf("same length: first = %s, want %s, first in precedence order", sel.Rules[0].ID, short.ID)
	}
}

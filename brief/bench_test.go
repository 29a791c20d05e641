package brief

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/autofix/autofix/rules"
	"github.com/autofix/autofix/scope"
	"github.com/autofix/autofix/trust"
)

// genRuleset returns an autofix.json of n rules built from a vocabulary of
// tools, subjects and places, so words repeat as they do in real rulesets.
func genRuleset(n int) []byte {
	cats := []string{"STYLE", "CODE", "ARCH", "TOOL", "PROCESS", "DATA", "UX", "OTHER"}
	verbs := []string{"Always use", "Never use", "Always prefer", "Never call", "Always run", "Always keep"}
	things := []string{"pnpm", "axios", "zod schemas", "named exports", "vitest", "drizzle-kit", "Redis keys", "fmt.Errorf", "table-driven tests",
		"aria-label", "ISO 8601 timestamps", "kebab-case file names", "docker compose", "the logger module", "feature flags", "UUIDv7 keys",
		"context.Context", "CHANGELOG.md entries", "Conventional Commits", "skeleton loaders", "i18n helpers", "Terraform modules", "buf generate"}
	places := []string{"in src/components", "for every API route handler", "in internal/service", "in SQL migrations", "before committing",
		"in the checkout flow", "for background jobs", "in docs/", "in the billing module", "for the mobile app", "in Go packages"}
	type entry struct {
		Number      int    `json:"Rule_number"`
		Category    string `json:"Category"`
		Instruction string `json:"Instruction"`
		Why         string `json:"Why"`
	}
	rules := make([]entry, n)
	for i := range rules {
		rules[i] = entry{
			Number:      i + 1,
			Category:    cats[i%len(cats)],
			Instruction: fmt.Sprintf("%s %s %s (variant %d).", verbs[i%len(verbs)], things[(i/3)%len(things)], places[(i/7)%len(places)], i),
			Why:         "team convention " + strconv.Itoa(i%97),
		}
	}
	data, err := json.Marshal(rules)
	if err != nil {
		panic(err)
	}
	return data
}

// BenchmarkBrief measures the whole `me context` path on generated
// rulesets: decode autofix.json, merge with a few preferences, score for a
// task, select and render.
func BenchmarkBrief(b *testing.B) {
	prefs := []Rule{
		pref(1, ScopeGlobal, "CODE", "Always prefer incremental refactors over big rewrites."),
		pref(2, ScopeWorkspace, "PROCESS", "Never add emojis to commit messages."),
		pref(3, ScopeGlobal, "STYLE", "Always write Go doc comments as full sentences."),
	}
	task := Task{Text: "Add retry logic to the Go payment client and commit it", Files: []string{"internal/payments/client.go"}}
	for _, n := range []int{100, 1000, 10000} {
		data := genRuleset(n)
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(data)))
			start := cpuTime()
			for b.Loop() {
				var raw []struct {
					Number      int    `json:"Rule_number"`
					Category    string `json:"Category"`
					Instruction string `json:"Instruction"`
					Why         string `json:"Why"`
				}
				if err := json.Unmarshal(data, &raw); err != nil {
					b.Fatal(err)
				}
				rules := make([]Rule, 0, len(raw)+len(prefs))
				for _, r := range raw {
					rules = append(rules, Rule{Source: Project, ID: strconv.Itoa(r.Number), Category: r.Category, Instruction: r.Instruction, Why: r.Why, Order: r.Number})
				}
				rules = append(rules, prefs...)
				sel := Build(rules, task, Options{Budget: DefaultBudget})
				if Render(sel) == "" {
					b.Fatal("empty brief")
				}
			}
			b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
		})
	}
}

// BenchmarkStages splits the 10,000-rule path into its stages.
func BenchmarkStages(b *testing.B) {
	data := genRuleset(10000)
	var raw []struct {
		Number      int    `json:"Rule_number"`
		Category    string `json:"Category"`
		Instruction string `json:"Instruction"`
		Why         string `json:"Why"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		b.Fatal(err)
	}
	rules := make([]Rule, 0, len(raw))
	for _, r := range raw {
		rules = append(rules, Rule{Source: Project, ID: strconv.Itoa(r.Number), Category: r.Category, Instruction: r.Instruction, Why: r.Why, Order: r.Number})
	}
	task := Task{Text: "Add retry logic to the Go payment client and commit it", Files: []string{"internal/payments/client.go"}}
	b.Run("decode", func(b *testing.B) {
		b.ReportAllocs()
		start := cpuTime()
		defer func() { b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op") }()
		for b.Loop() {
			var raw []struct {
				Number      int    `json:"Rule_number"`
				Category    string `json:"Category"`
				Instruction string `json:"Instruction"`
				Why         string `json:"Why"`
			}
			if err := json.Unmarshal(data, &raw); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("merge", func(b *testing.B) {
		b.ReportAllocs()
		start := cpuTime()
		defer func() { b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op") }()
		for b.Loop() {
			Merge(rules)
		}
	})
	active, _ := Merge(rules)
	b.Run("select", func(b *testing.B) {
		b.ReportAllocs()
		start := cpuTime()
		defer func() { b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op") }()
		for b.Loop() {
			Select(active, task, Options{})
		}
	})
}

// BenchmarkPath measures the `me context` path as cmd's buildBrief runs
// it, from the bytes of autofix.json: the strict ruleset parser
// (rules.Parse), explicit supersession (rules.Resolve), conversion, merge
// with a few preferences, scoring, selection, rendering and the token
// count. Only file reading and the preference store are left out (cmd's
// BenchmarkContext has them; a 10,000-rule file of this size is over
// rules.MaxFileSize, so only this benchmark reaches 10,000).
func BenchmarkPath(b *testing.B) {
	prefs := []Rule{
		pref(1, ScopeGlobal, "CODE", "Always prefer incremental refactors over big rewrites."),
		pref(2, ScopeWorkspace, "PROCESS", "Never add emojis to commit messages."),
		pref(3, ScopeGlobal, "STYLE", "Always write Go doc comments as full sentences."),
	}
	task := Task{Text: "Add retry logic to the Go payment client and commit it", Files: []string{"internal/payments/client.go"}}
	for _, n := range []int{100, 1000, 10000} {
		data := genRuleset(n)
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(data)))
			start := cpuTime()
			for b.Loop() {
				rs, err := rules.Parse("autofix.json", data)
				if err != nil || len(rs.Rules) != n {
					b.Fatal(err)
				}
				supersedes := map[int][]string{}
				for old, by := range rules.Resolve(rs.Rules) {
					supersedes[by] = append(supersedes[by], strconv.Itoa(old))
				}
				all := make([]Rule, len(rs.Rules), len(rs.Rules)+len(prefs))
				for i, r := range rs.Rules {
					all[i] = Rule{Source: Project, ID: strconv.Itoa(r.Number), Category: r.Category, Instruction: r.Instruction, Why: r.Why,
						Order: r.Number, Scope: ScopeProject, Supersedes: supersedes[r.Number]}
				}
				all = append(all, prefs...)
				sel := Build(all, task, Options{Budget: DefaultBudget})
				text := Render(sel)
				if text == "" || EstimateTokens(text) == 0 {
					b.Fatal("empty brief")
				}
			}
			b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
		})
	}
}

// BenchmarkSelect measures scoring and selection alone (no decoding, no
// merge) on generated rulesets: the part of the hook path this package's
// scoring changes.
func BenchmarkSelect(b *testing.B) {
	task := Task{Text: "Add retry logic to the Go payment client and commit it", Files: []string{"internal/payments/client.go"}}
	for _, n := range []int{1000, 10000} {
		var raw []struct {
			Number      int    `json:"Rule_number"`
			Category    string `json:"Category"`
			Instruction string `json:"Instruction"`
			Why         string `json:"Why"`
		}
		if err := json.Unmarshal(genRuleset(n), &raw); err != nil {
			b.Fatal(err)
		}
		rules := make([]Rule, 0, len(raw))
		for _, r := range raw {
			rules = append(rules, Rule{Source: Project, ID: strconv.Itoa(r.Number), Category: r.Category, Instruction: r.Instruction, Why: r.Why, Order: r.Number})
		}
		active, _ := Merge(rules)
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			start := cpuTime()
			for b.Loop() {
				if sel := Select(active, task, Options{}); len(sel.Rules) == 0 {
					b.Fatal("nothing selected")
				}
			}
			b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
		})
	}
}

// BenchmarkFirstPrompt measures what this package does in one `autofix
// hook` process, which answers one prompt: build the lexicon and the
// stopwords (once per process, so afresh in every iteration here), then
// build and render the brief of 1,000 rules. BenchmarkSelect and
// BenchmarkPath leave the one-time builds out.
func BenchmarkFirstPrompt(b *testing.B) {
	var raw []struct {
		Number      int    `json:"Rule_number"`
		Category    string `json:"Category"`
		Instruction string `json:"Instruction"`
		Why         string `json:"Why"`
	}
	if err := json.Unmarshal(genRuleset(1000), &raw); err != nil {
		b.Fatal(err)
	}
	all := make([]Rule, 0, len(raw))
	for _, r := range raw {
		all = append(all, Rule{Source: Project, ID: strconv.Itoa(r.Number), Category: r.Category, Instruction: r.Instruction, Why: r.Why, Order: r.Number})
	}
	task := Task{Text: "Add retry logic to the Go payment client and commit it", Files: []string{"internal/payments/client.go"}}
	defer func() {
		lex, stopwords, stopStart = sync.OnceValue(loadLexicon), sync.OnceValue(buildStopwords), sync.OnceValue(buildStopStart)
	}()
	b.ReportAllocs()
	start := cpuTime()
	for b.Loop() {
		lex, stopwords, stopStart = sync.OnceValue(loadLexicon), sync.OnceValue(buildStopwords), sync.OnceValue(buildStopStart)
		if Render(Build(all, task, Options{Budget: DefaultBudget})) == "" {
			b.Fatal("empty brief")
		}
	}
	b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
}

// BenchmarkLexicon measures loading the compiled lexicon, which every hook
// process does once (see BenchmarkFirstPrompt); BenchmarkCompileLexicon,
// compiling it from its tables, which a process did before
// lexicon_table.go.
func BenchmarkLexicon(b *testing.B) {
	b.ReportAllocs()
	start := cpuTime()
	for b.Loop() {
		if l := loadLexicon(); len(l.words) == 0 {
			b.Fatal("empty lexicon")
		}
	}
	b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
}

func BenchmarkCompileLexicon(b *testing.B) {
	b.ReportAllocs()
	start := cpuTime()
	for b.Loop() {
		if l := compileLexicon(); len(l.words) == 0 {
			b.Fatal("empty lexicon")
		}
	}
	b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
}

// BenchmarkCompose measures Compose as a hook process runs it for its one
// prompt: the trusted ruleset of 1,000 rules read from disk, parsed and
// checked against the trust record, the preferences, the lexicon and the
// stopwords built afresh (see BenchmarkFirstPrompt), the brief selected
// and rendered.
func BenchmarkCompose(b *testing.B) {
	dir := b.TempDir()
	root := filepath.Join(dir, "ws")
	if err := os.MkdirAll(filepath.Join(root, ".agents"), 0o755); err != nil {
		b.Fatal(err)
	}
	data := genRuleset(1000)
	if err := os.WriteFile(filepath.Join(root, ".agents", "autofix.json"), data, 0o644); err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	ts := trust.Store{Dir: filepath.Join(dir, "config"), LockDir: filepath.Join(dir, "cache")}
	if _, err := ts.Trust(ctx, trust.RealPath(root, ".agents/autofix.json"), data, time.Now()); err != nil {
		b.Fatal(err)
	}
	ws := scope.Workspace{Root: root, ID: root, Name: "ws"}
	src := Sources{Trust: ts, PrefsDir: ts.Dir, CacheDir: ts.LockDir}
	req := Request{Task: "Add retry logic to the Go payment client and commit it", Files: []string{"internal/payments/client.go"}, Budget: DefaultBudget}
	defer func() {
		lex, stopwords, stopStart = sync.OnceValue(loadLexicon), sync.OnceValue(buildStopwords), sync.OnceValue(buildStopStart)
	}()
	b.ReportAllocs()
	start := cpuTime()
	for b.Loop() {
		lex, stopwords, stopStart = sync.OnceValue(loadLexicon), sync.OnceValue(buildStopwords), sync.OnceValue(buildStopStart)
		out, err := Compose(ctx, ws, src, req)
		if err != nil || len(out.Selection.Rules) == 0 || len(out.Notes) > 0 {
			b.Fatalf("compose: %v, %d rules, notes %q", err, len(out.Selection.Rules), out.Notes)
		}
	}
	b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
}

// BenchmarkSelectTasks measures selection for every task of a real dev
// set (testdata/coldstart15.json: 339 rules, 49 tasks) per op: unlike the
// generated rulesets of BenchmarkSelect, whose many near-identical rules
// leave no rule standing out, its tasks run the feedback pass
// (feedback.go) when their evidence allows.
func BenchmarkSelectTasks(b *testing.B) {
	data, err := os.ReadFile(filepath.Join("testdata", "coldstart15.json"))
	if err != nil {
		b.Fatal(err)
	}
	var set evalSet
	if err := json.Unmarshal(data, &set); err != nil {
		b.Fatal(err)
	}
	active, _ := Merge(set.projectRules())
	b.ReportAllocs()
	start := cpuTime()
	for b.Loop() {
		for _, task := range set.Tasks {
			if sel := Select(active, Task{Text: task.Task, Files: task.Files}, Options{}); len(sel.Rules) == 0 {
				b.Fatal("nothing selected")
			}
		}
	}
	b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
}

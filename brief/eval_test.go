package brief

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
)

// evalSet is the shape of ../shared/eval/context.dev.json.
type evalSet struct {
	Rules []struct {
		Number      int    `json:"Rule_number"`
		Category    string `json:"Category"`
		Instruction string `json:"Instruction"`
		Why         string `json:"Why"`
	} `json:"rules"`
	Tasks []evalTask `json:"tasks"`
}

type evalTask struct {
	ID    string   `json:"id"`
	Task  string   `json:"task"`
	Files []string `json:"files"`
	Must  []int    `json:"must"`
}

func (s evalSet) projectRules() []Rule {
	out := make([]Rule, len(s.Rules))
	for i, r := range s.Rules {
		out[i] = Rule{Source: Project, ID: strconv.Itoa(r.Number), Category: r.Category, Instruction: r.Instruction, Why: r.Why, Order: r.Number, Scope: ScopeProject}
	}
	return out
}

// recall runs every task at limit and returns the recall of the must-rules,
// the mean number delivered and the misses.
func recall(t *testing.T, set evalSet, limit int) (float64, float64, []string) {
	r, mean, _, misses := recallScored(t, set, limit)
	return r, mean, misses
}

// recallScored is recall that also returns the mean number of delivered
// rules that scored for the task (the rest only fill the budget).
func recallScored(t *testing.T, set evalSet, limit int) (float64, float64, float64, []string) {
	t.Helper()
	active, _ := Merge(set.projectRules())
	var hit, total, delivered, scored int
	var misses []string
	for _, task := range set.Tasks {
		sel := Select(active, Task{Text: task.Task, Files: task.Files}, Options{Limit: limit})
		delivered += len(sel.Rules)
		var got []string
		for _, r := range sel.Rules {
			got = append(got, r.ID)
			if r.Score > 0 {
				scored++
			}
		}
		for _, m := range task.Must {
			total++
			if slices.Contains(got, strconv.Itoa(m)) {
				hit++
			} else {
				misses = append(misses, task.ID+": #"+strconv.Itoa(m)+" not in "+strconv.Quote(task.Task)+" → "+joinIDs(got))
			}
		}
	}
	n := float64(len(set.Tasks))
	return float64(hit) / float64(total), float64(delivered) / n, float64(scored) / n, misses
}

func joinIDs(ids []string) string {
	s := ""
	for i, id := range ids {
		if i > 0 {
			s += ","
		}
		s += id
	}
	return s
}

// TestEvalDev measures selection on the dev set: the recall of the rules
// each task must receive, at --limit 8. testdata/context.dev.json is a copy
// of the team's shared eval/context.dev.json (the selection dev set), kept
// here so that a plain clone runs it; refresh it from there when it changes.
func TestEvalDev(t *testing.T) {
	path := filepath.Join("testdata", "context.dev.json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var set evalSet
	if err := json.Unmarshal(data, &set); err != nil {
		t.Fatalf("parse %s: %v", path, err)
	}
	for _, limit := range []int{3, 5, 8} {
		r, mean, scored, misses := recallScored(t, set, limit)
		t.Logf("dev set: limit %d: recall %.3f of must-rules, mean delivered %.2f, of which scored for the task %.2f (%d rules, %d tasks)", limit, r, mean, scored, len(set.Rules), len(set.Tasks))
		if limit == 8 {
			for _, m := range misses {
				t.Logf("miss: %s", m)
			}
			if r < devFloor {
				t.Errorf("recall at limit 8 = %.3f, want ≥ %.2f", r, devFloor)
			}
		}
	}
}

// TestEvalHeldOut measures selection on cases written for this package,
// never used to tune it: other stacks and other languages.
func TestEvalHeldOut(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "heldout.json"))
	if err != nil {
		t.Fatal(err)
	}
	var set evalSet
	if err := json.Unmarshal(data, &set); err != nil {
		t.Fatal(err)
	}
	for _, limit := range []int{3, 5, 8} {
		r, mean, misses := recall(t, set, limit)
		t.Logf("held-out set: limit %d: recall %.3f of must-rules, mean delivered %.2f (%d rules, %d tasks)", limit, r, mean, len(set.Rules), len(set.Tasks))
		if limit == 8 {
			for _, m := range misses {
				t.Logf("miss: %s", m)
			}
			if r < heldOutFloor {
				t.Errorf("held-out recall at limit 8 = %.3f, want ≥ %.2f", r, heldOutFloor)
			}
		}
	}
}

// TestEvalColdStart measures selection on testdata/coldstart.json, written
// before the cold-start work of issue 12 (item 7) to mimic the hidden
// held-out set: one large mixed ruleset where many rules share generic
// words, and paraphrased tasks (some in Japanese, German, French, Spanish)
// that mostly do not reuse the words of the rules they need. Its misses
// were looked at during that work, so it is a dev set now.
func TestEvalColdStart(t *testing.T) {
	evalFile(t, "coldstart.json", coldStartFloor)
}

// TestEvalColdStart2 measures selection on testdata/coldstart2.json: other
// stacks, written after that work and not tuned on until the ranking
// round (branch tune) scored it with the other dev sets: 0.882 before,
// 0.912 after.
func TestEvalColdStart2(t *testing.T) {
	evalFile(t, "coldstart2.json", coldStart2Floor)
}

// TestEvalColdStart3 measures selection on testdata/coldstart3.json, written
// after all of that work and measured once for its report: never tuned on.
func TestEvalColdStart3(t *testing.T) {
	evalFile(t, "coldstart3.json", coldStart3Floor)
}

// TestEvalColdStart4 measures selection on testdata/coldstart4.json, a web
// product ruleset like the dev set's, written after all of that work and
// measured once for its report: never tuned on.
func TestEvalColdStart4(t *testing.T) {
	evalFile(t, "coldstart4.json", coldStart4Floor)
}

// TestEvalColdStart5 measures selection on testdata/coldstart5.json, a web
// product ruleset written after all of that work and measured once for its
// report: never tuned on.
func TestEvalColdStart5(t *testing.T) {
	evalFile(t, "coldstart5.json", coldStart5Floor)
}

// TestEvalColdStart6 measures selection on testdata/coldstart6.json, a
// 312-rule multi-stack set written blind before the second round of
// cold-start work: scored untouched first, then its misses were studied, so
// it is a dev set now. The paraphrase concepts raised it from 0.882 to 0.941.
func TestEvalColdStart6(t *testing.T) {
	evalFile(t, "coldstart6.json", coldStart6Floor)
}

// TestEvalColdStart7 measures selection on testdata/coldstart7.json, a
// 301-rule multi-stack set written blind with coldstart6.json and kept
// untouched until the end of that work: measured once for its report,
// never tuned on.
func TestEvalColdStart7(t *testing.T) {
	evalFile(t, "coldstart7.json", coldStart7Floor)
}

// TestEvalColdStart8 measures selection on testdata/coldstart8.json, a
// 315-rule multi-stack set written blind before the wt-select3 changes and
// kept untouched until the end of that work: measured once for its report
// (0.647 before and after), never tuned on; the everyday-wording concepts
// (concepts_everyday.go) raised it to 0.706 without its misses being read.
func TestEvalColdStart8(t *testing.T) {
	evalFile(t, "coldstart8.json", coldStart8Floor)
}

// TestEvalColdStart9 measures selection on testdata/coldstart9.json (blind
// set A): a 333-rule marketplace ruleset (Next.js, React Native, Go,
// Kafka, Terraform) written by another engineer without seeing this
// package's lexicon or eval sets, copied here unchanged. Scored untouched
// before its misses were looked at: 0.408 at limit 8 (0.327 at 5; 0.367
// with the code before the wt-select round of issue 12). The paraphrase
// concepts (concepts_paraphrase.go) raised it from 0.857 to 0.878.
func TestEvalColdStart9(t *testing.T) {
	evalFile(t, "coldstart9.json", coldStart9Floor)
}

// TestEvalColdStart10 measures selection on testdata/coldstart10.json
// (blind set B): a 333-rule telehealth ruleset (Django, FastAPI, Vue,
// Kotlin, Swift, GitLab CI, Vault) written like coldstart9.json and scored
// untouched in the same way: 0.429 at limit 8 (0.408 at 5; 0.408 before
// the wt-select round). The paraphrase concepts raised it from 0.776 to
// 0.816.
func TestEvalColdStart10(t *testing.T) {
	evalFile(t, "coldstart10.json", coldStart10Floor)
}

// TestEvalColdStart11 measures selection on testdata/coldstart11.json
// (blind set C): a 334-rule B2B payouts ruleset (Java and Spring, Rust,
// Angular, Flutter, Kafka, Jenkins, Azure) written with coldstart9.json and
// kept from everyone who changed the selection: 0.580 at limit 8 (0.480 at
// 5) on the code before that round, 0.600 (0.480) after it, the figure
// for text the selection has not been tuned on. Its misses were read only
// after that, in the select2 round (issue 12), which raised it to 0.700:
// a dev set now. The ranking round (branch tune) raised it to 0.720, the
// paraphrase concepts (branch lexen) with it to 0.800. The feedback pass
// (branch prf) costs it one rule (0.780: a rule sharing "report" with the
// best match passes a must-rule of equal evidence) for six more on the
// other dev sets and two on the blind sets, so its floor is 0.78.
func TestEvalColdStart11(t *testing.T) {
	evalFile(t, "coldstart11.json", coldStart11Floor)
}

// TestEvalColdStart12 and TestEvalColdStart13 measure selection on
// testdata/coldstart12.json (a 337-rule logistics ruleset: Kotlin and
// Spring, PostGIS, React, mobile, Airflow, Terraform) and coldstart13.json
// (a 335-rule publishing ruleset: Rails, Phoenix, Svelte, MySQL,
// Elasticsearch, Lambda), written blind by another engineer after every
// selection change of that round and scored once, untouched: 0.562 and
// 0.643 at limit 8 (0.479 and 0.524 at 5), against 0.500 and 0.548 (0.458
// and 0.500) for the code before the round. Their misses were read in the
// select2 round (issue 12), which raised them to 0.688 and 0.667: dev sets
// now. After the third selection round, 0.688 and 0.690; after the ranking
// round (branch tune), 0.708 and 0.714; the paraphrase concepts (branch
// lexen) alone raised them to 0.729 and 0.738.
func TestEvalColdStart12(t *testing.T) {
	evalFile(t, "coldstart12.json", coldStart12Floor)
}

func TestEvalColdStart13(t *testing.T) {
	evalFile(t, "coldstart13.json", coldStart13Floor)
}

// TestEvalColdStart14 and TestEvalColdStart15 measure selection on
// testdata/coldstart14.json (a 354-rule online-education ruleset: Django
// and Celery, Next.js, React Native, Go workers, AWS CDK) and
// coldstart15.json (a 339-rule games back office: .NET, Unity tooling,
// Vue, SQL Server, Azure), written blind by another engineer and kept from
// everyone who changed the selection. Untouched at limit 8: 0.580 and
// 0.633 on the code before the two selection rounds of that session, 0.660
// and 0.633 after the first, 0.680 and 0.653 after the second (0.560 and
// 0.592 at 5). Dev sets since; 0.720 and 0.694 before the ranking round
// (branch tune), 0.760 and 0.714 after it. Their misses were read in the
// paraphrase round (branch lexen), which alone raised them to 0.800 and
// 0.735.
func TestEvalColdStart14(t *testing.T) {
	evalFile(t, "coldstart14.json", coldStart14Floor)
}

func TestEvalColdStart15(t *testing.T) {
	evalFile(t, "coldstart15.json", coldStart15Floor)
}

// TestEvalColdStart16 and TestEvalColdStart17 measure selection on
// testdata/coldstart16.json (a 378-rule travel-booking ruleset: NestJS,
// Angular, Swift and Kotlin, MongoDB and PostgreSQL, RabbitMQ, CircleCI)
// and coldstart17.json (a 345-rule insurance ruleset: Quarkus and Python,
// React, Oracle, Kafka, Camunda, GitLab CI), written blind by another
// engineer and kept from everyone who changed the selection. Untouched at
// limit 8: 0.656 and 0.633 on the code before that session's selection
// rounds, 0.719 and 0.667 after its second, the same after its third
// (0.594 and 0.633 at 5). Their misses are unread.
func TestEvalColdStart16(t *testing.T) {
	evalFile(t, "coldstart16.json", coldStart16Floor)
}

func TestEvalColdStart17(t *testing.T) {
	evalFile(t, "coldstart17.json", coldStart17Floor)
}

// TestEvalBlind measures selection on testdata/coldstart18.json …
// coldstart24.json (blind sets J–P): seven rulesets of 331–333 rules and
// 24 tasks each, for an agritech SaaS (Go, React Native, TimescaleDB,
// Terraform), a real-estate marketplace (Next.js, FastAPI, Elasticsearch,
// MySQL), a smart-home company (ESP32 and Zephyr firmware, Rust, Flutter,
// MQTT), a food-delivery platform (Rails to Phoenix, Swift, Kotlin,
// Sidekiq), an HR and payroll SaaS (Spring, Angular, Kafka), a
// developer-tools company (Go CLI, VS Code extension) and a
// public-transport app (Kotlin Multiplatform, Django, Scala, GTFS). Each
// was written by another engineer who read only the shared dev set's
// format and never this package, and each was scored untouched before any
// of its misses was read. Recall at limit 8 untouched, on the code before
// that session's selection work: J 0.424, K 0.667, L 0.426, M 0.585, N
// 0.531, O 0.413, P 0.492; after it (ranking, paraphrase and
// other-language concepts, feedback): J 0.458, K 0.667, L 0.426, M 0.604,
// N 0.578, O 0.429, P 0.508 (0.288 0.467 0.315 0.453 0.391 0.302 0.311 at
// limit 3). The concept work of that session, which raised the sets it
// studied by 0.02–0.08, moved these by nothing at limit 8; the ranking
// and feedback changes moved them. The misses of J–M and O were then read by one engineer
// looking for ranking changes (none generalized); N and P were read by no
// one. They are dev sets from now on; new blind sets are written for each
// round of selection work.
func TestEvalBlind(t *testing.T) {
	for _, c := range blindFloors {
		t.Run(c.file, func(t *testing.T) { evalFile(t, c.file, c.floor) })
	}
}

// blindFloors are the recalls at limit 8 the blind sets J–P
// (TestEvalBlind) are known to reach.
var blindFloors = []struct {
	file  string
	floor float64
}{
	{"coldstart18.json", 0.45}, // J
	{"coldstart19.json", 0.66}, // K
	{"coldstart20.json", 0.42}, // L
	{"coldstart21.json", 0.60}, // M
	{"coldstart22.json", 0.57}, // N
	{"coldstart23.json", 0.42}, // O
	{"coldstart24.json", 0.50}, // P
}

// evalFile logs the recall at limits 3, 5 and 8 of the set in testdata/name
// and fails when the recall at limit 8 is below floor.
func evalFile(t *testing.T, name string, floor float64) {
	t.Helper()
	set := loadEvalSet(t, name)
	for _, limit := range []int{3, 5, 8} {
		r, mean, scored, misses := recallScored(t, set, limit)
		t.Logf("%s: limit %d: recall %.3f of must-rules, mean delivered %.2f, of which scored for the task %.2f (%d rules, %d tasks)", name, limit, r, mean, scored, len(set.Rules), len(set.Tasks))
		if limit == 8 {
			for _, m := range misses {
				t.Logf("miss: %s", m)
			}
			if r < floor {
				t.Errorf("%s: recall at limit 8 = %.3f, want ≥ %.2f", name, r, floor)
			}
		}
	}
}

// Recall floors this package is known to reach at limit 8; a change that
// lowers one is a regression.
const (
	coldStartFloor   = 0.87
	coldStart2Floor  = 0.91
	coldStart3Floor  = 1.0
	coldStart4Floor  = 0.96
	coldStart5Floor  = 0.89
	coldStart6Floor  = 0.94
	coldStart7Floor  = 0.92
	coldStart8Floor  = 1.0
	coldStart9Floor  = 0.87
	coldStart10Floor = 0.83
	coldStart11Floor = 0.78
	coldStart12Floor = 0.75
	coldStart13Floor = 0.78
	coldStart14Floor = 0.84
	coldStart15Floor = 0.79
	coldStart16Floor = 0.81
	coldStart17Floor = 0.66
)

// heldOutFloor is the held-out recall this package is known to reach; a
// change that lowers it is a regression.
const heldOutFloor = 1.0

// devFloor is the dev-set recall this package is known to reach.
const devFloor = 1.0

// translatedSet is the shape of testdata/translated_*.json: tasks of other
// sets written in another language, each naming its source set and task.
type translatedSet struct {
	Lang  string `json:"lang"`
	Tasks []struct {
		Set  string `json:"set"`
		ID   string `json:"id"`
		Task string `json:"task"`
	} `json:"tasks"`
}

// loadEvalSet reads testdata/name.
func loadEvalSet(t *testing.T, name string) evalSet {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	var set evalSet
	if err := json.Unmarshal(data, &set); err != nil {
		t.Fatalf("parse %s: %v", name, err)
	}
	return set
}

// loadTranslated reads testdata/name and returns, for each source set in
// the order first met, that set's rules with two task lists: the
// translated tasks and the source tasks they translate (same ids, files and
// must-rules). A task id its source set does not have is an error.
func loadTranslated(t *testing.T, name string) (lang string, sets []string, translated, english map[string]evalSet) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	var tr translatedSet
	if err := json.Unmarshal(data, &tr); err != nil {
		t.Fatalf("parse %s: %v", name, err)
	}
	translated, english = map[string]evalSet{}, map[string]evalSet{}
	sources := map[string]evalSet{}
	for _, task := range tr.Tasks {
		src, ok := sources[task.Set]
		if !ok {
			src = loadEvalSet(t, task.Set)
			sources[task.Set] = src
			sets = append(sets, task.Set)
			translated[task.Set] = evalSet{Rules: src.Rules}
			english[task.Set] = evalSet{Rules: src.Rules}
		}
		i := slices.IndexFunc(src.Tasks, func(e evalTask) bool { return e.ID == task.ID })
		if i < 0 {
			t.Fatalf("%s: task %s is not in %s", name, task.ID, task.Set)
		}
		en, out := english[task.Set], translated[task.Set]
		en.Tasks = append(en.Tasks, src.Tasks[i])
		tt := src.Tasks[i]
		tt.Task = task.Task
		out.Tasks = append(out.Tasks, tt)
		english[task.Set], translated[task.Set] = en, out
	}
	return tr.Lang, sets, translated, english
}

// TestEvalTranslated measures selection on the English tasks of the dev
// sets coldstart9.json … coldstart15.json written in German, French,
// Spanish and Japanese (testdata/translated_*.json, written for this test
// from the English tasks, never from the lexicon): the recall at limit 8 of
// each language next to that of the same tasks in English (291 must-rules
// in 147 tasks). Before the lexicon work on other languages (branch
// lexintl): English 0.739, German 0.543, French 0.540, Spanish 0.467,
// Japanese 0.478; after it, English the same, German 0.660, French 0.674,
// Spanish 0.639, Japanese 0.625; merged with the ranking round (branch
// tune) and the paraphrase concepts (branch lexen), English 0.808, German
// 0.691, French 0.698, Spanish 0.663, Japanese 0.649. Its misses were read
// for that work: a dev set, like its sources.
func TestEvalTranslated(t *testing.T) {
	for _, c := range []struct {
		file  string
		floor float64
	}{
		{"translated_de.json", translatedDEFloor},
		{"translated_fr.json", translatedFRFloor},
		{"translated_es.json", translatedESFloor},
		{"translated_ja.json", translatedJAFloor},
	} {
		lang, sets, translated, english := loadTranslated(t, c.file)
		var hit, enHit, total float64
		for _, name := range sets {
			r, _, misses := recall(t, translated[name], 8)
			en, _, _ := recall(t, english[name], 8)
			n := float64(countMust(translated[name]))
			hit, enHit, total = hit+r*n, enHit+en*n, total+n
			t.Logf("%s %s: recall %.3f at limit 8, English %.3f (%d tasks)", lang, name, r, en, len(translated[name].Tasks))
			for _, m := range misses {
				t.Logf("miss: %s", m)
			}
		}
		r := hit / total
		t.Logf("%s: recall %.3f at limit 8, the same tasks in English %.3f (%d must-rules)", lang, r, enHit/total, int(total))
		if r < c.floor {
			t.Errorf("%s: recall at limit 8 = %.3f, want ≥ %.2f", c.file, r, c.floor)
		}
	}
}

func countMust(s evalSet) int {
	n := 0
	for _, task := range s.Tasks {
		n += len(task.Must)
	}
	return n
}

// Recall floors at limit 8 of the translated tasks (TestEvalTranslated).
const (
	translatedDEFloor = 0.70
	translatedFRFloor = 0.70
	translatedESFloor = 0.66
	translatedJAFloor = 0.65
)

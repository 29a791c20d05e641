package brief

import (
	"math"
	"strings"
	"testing"
)

// feedbackRules is a ruleset in which a task that exports the invoices
// ledger matches rule 1 strongly, and rules 3–6 only through "invoices",
// which several rules share; rule 6 is of rule 1's subject (the Quartzline
// warehouse), which the task does not name.
func feedbackRules() []Rule {
	rs := []Rule{
		proj(1, "DATA", "Always export the ledger to the Quartzline warehouse nightly."),
		proj(2, "CODE", "Always review ledger rounding with the finance team."),
		proj(3, "CODE", "Always keep invoices immutable once they have been sent to a customer."),
		proj(4, "CODE", "Always send invoices as PDF attachments, never as inline HTML."),
		proj(5, "CODE", "Always number invoices sequentially within each year."),
		proj(6, "CODE", "Always keep Quartzline credentials out of invoices."),
	}
	for i, s := range []string{
		"Always use pnpm for the web app.", "Never log access tokens.", "Always run gofmt before committing.",
		"Always write commit messages in English.", "Always keep React components small.", "Never call the payment API from the browser.",
		"Always add alt text to images.", "Always pin Docker base images by digest.", "Never store secrets in the repository.",
		"Always use UTC timestamps in logs.", "Always paginate list endpoints.", "Always tag releases with semantic versions.",
		"Never use floats for money.", "Always name Kafka topics in kebab-case.", "Always add a changelog entry for user-visible changes.",
		"Always prefer composition over inheritance.", "Always cache static assets for a year.", "Never block the UI thread.",
	} {
		rs = append(rs, proj(7+i, "OTHER", s))
	}
	return rs
}

// rankOf returns the place (from 1) of rule id in sel, or 0.
func rankOf(sel Selection, id string) int {
	for i, r := range sel.Rules {
		if r.ID == id {
			return i + 1
		}
	}
	return 0
}

func TestFeedback(t *testing.T) {
	task := Task{Text: "Export the invoices ledger"}
	cases := []struct {
		name string
		// edit changes the ruleset of feedbackRules.
		edit func([]Rule) []Rule
		task Task
		// like is the reason's note for rule 6, "" for none; rank is rule
		// 6's place.
		like string
		rank int
	}{
		{
			// Rule 6 shares only "invoices" with the task, like rules 3–5,
			// which precede it; it shares "Quartzline" with rule 1, the one
			// rule the task matches strongly, and comes first of the four
			// after the places kept.
			name: "lifts a rule of the seed's subject",
			task: task, like: `; like #1 (shares "quartzline")`, rank: 4,
		},
		{
			// Four rules match the task as strongly as rule 1: no seed.
			name: "ambiguous top",
			edit: func(rs []Rule) []Rule {
				return append(rs, proj(30, "DATA", "Always export the ledger as CSV."), proj(31, "DATA", "Always export the ledger with totals."),
					proj(32, "DATA", "Always export the ledger in UTF-8."))
			},
			task: task, rank: 9,
		},
		{
			// The task's best evidence is a word five rules share.
			name: "weak top",
			task: Task{Text: "Check the invoices"}, rank: 4,
		},
		{
			// "Quartzline" in more than fbMaxDF rules says nothing.
			name: "common word",
			edit: func(rs []Rule) []Rule {
				for i := range fbMaxDF {
					rs = append(rs, proj(40+i, "OTHER", "Always monitor the Quartzline cluster "+itoa(i)+"."))
				}
				return rs
			},
			task: task, rank: 6,
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rs := feedbackRules()
			if tc.edit != nil {
				rs = tc.edit(rs)
			}
			sel := Select(rs, tc.task, Options{})
			got := rankOf(sel, "6")
			if got != tc.rank {
				t.Errorf("rule 6 ranks %d, want %d", got, tc.rank)
			}
			for i, r := range sel.Rules {
				note := ""
				if j := strings.Index(r.Reason, "; like #"); j >= 0 {
					note = r.Reason[j:]
				}
				if r.ID == "6" {
					if note != tc.like {
						t.Errorf("rule 6's reason %q, want the note %q", r.Reason, tc.like)
					}
				} else if note != "" {
					t.Errorf("rule %s's reason %q: feedback lifted it", r.ID, r.Reason)
				}
				// (Lifted to a tie with the last place kept, rule 6 adds 0.)
				if note == "" && r.Parts.Related != 0 || r.Parts.Related < 0 {
					t.Errorf("rule %s: reason %q with the related part %.2f", r.ID, r.Reason, r.Parts.Related)
				}
				if p := r.Parts; r.Score > 0 && math.Abs(r.Score-(p.Lexical+p.Concept+p.Files+p.Intent+p.Semantic+p.Prior+p.Learned+p.Related)) > 0.05 {
					t.Errorf("rule %s scores %.2f, not the sum of its parts %+v", r.ID, r.Score, p)
				}
				if i > 0 && r.Score > sel.Rules[i-1].Score {
					t.Errorf("rule %s at %d scores %.2f, more than the rule before it (%.2f)", r.ID, i+1, r.Score, sel.Rules[i-1].Score)
				}
			}
		})
	}
}

// TestFeedbackKeepsHeadAndFillers: feedback moves only rules selected for
// the task on their own evidence, and never into the first places.
func TestFeedbackKeepsHeadAndFillers(t *testing.T) {
	rs := append(feedbackRules(),
		// Of rule 1's subject, but nothing of the task's.
		proj(50, "DATA", "Always rotate Quartzline keys monthly."),
		// Of rule 1's subject, and scoring for "invoices" like rule 2
		// scores for "ledger": it stays below the places kept.
		proj(51, "CODE", "Always reconcile Quartzline invoices weekly."))
	sel := Select(rs, Task{Text: "Export the invoices ledger"}, Options{})
	if r := sel.Rules[rankOf(sel, "50")-1]; r.Score != 0 || strings.Contains(r.Reason, "like #") {
		t.Errorf("rule 50 (no evidence of its own) scored %.2f, %q", r.Score, r.Reason)
	}
	for i, id := range []string{"1", "2", "3"} {
		if got := rankOf(sel, id); got != i+1 {
			t.Errorf("rule %s ranks %d, want %d (the places feedback keeps)", id, got, i+1)
		}
	}
	if got, other := rankOf(sel, "51"), rankOf(sel, "4"); got > other {
		t.Errorf("rule 51 ranks %d, after rule 4 (%d)", got, other)
	}
}

func TestRelatedReason(t *testing.T) {
	c := &corpus{rules: []Rule{{ID: "12"}, {ID: "3"}}}
	idx := []int32{0, 1}
	cases := []struct {
		name  string
		words []sharedSeed
		want  string
		bonus float64
	}{
		{"none", nil, "", 0},
		{"one word", []sharedSeed{{0, "migration", 0.4}}, `; like #12 (shares "migration")`, 0.4},
		{"two words of one seed", []sharedSeed{{0, "flyway", 0.25}, {0, "migration", 0.5}},
			`; like #12 (shares "migration", "flyway")`, 0.75},
		{"two seeds", []sharedSeed{{0, "migration", 0.5}, {1, "celery", 0.25}},
			`; like #12 (shares "migration"); like #3 (shares "celery")`, 0.75},
		{"the two that add most", []sharedSeed{{0, "a", 0.125}, {1, "b", 0.5}, {0, "c", 0.25}},
			`; like #3 (shares "b"); like #12 (shares "c")`, 0.75},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var r related
			for _, w := range tc.words {
				r.add(w)
			}
			if got := r.reason(c, idx); got != tc.want {
				t.Errorf("reason = %q, want %q", got, tc.want)
			}
			if r.bonus != tc.bonus {
				t.Errorf("bonus = %v, want %v", r.bonus, tc.bonus)
			}
		})
	}
}

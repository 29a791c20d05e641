package brief

import (
	"cmp"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Weights of the evidence a rule scores for. A shared word counts most; a
// shared concept less, since it is indirect; a word in the rule's Why
// counts half; a category that fits the task adds a fixed amount, enough to
// order rules that share nothing else but less than one rare shared word.
const (
	weightTerm    = 1.0
	weightBigram  = 0.5 // a CJK character bigram
	weightConcept = 0.6
	// weightFileConcept is a concept named by a file the task touches (its
	// language, its framework): the rules about it apply to the task.
	weightFileConcept = 1.0
	weightWhy         = 0.5
	weightIntent      = 1.0
	// weightSimilarity scales an embedding similarity in [0,1].
	weightSimilarity = 4.0
)

type featureKind uint8

const (
	featTerm featureKind = iota
	featConcept
)

type feature struct {
	label  string
	kind   featureKind
	weight float64
}

// query is a task, analysed once.
type query struct {
	terms    map[string]int // term → feature
	concepts []int          // concept → feature, -1 when absent
	feats    []feature
	intents  uint8 // category bits
}

func (q *query) addTerm(term []byte, label string, w float64) {
	if f, ok := q.terms[string(term)]; ok {
		q.feats[f].weight = max(q.feats[f].weight, w)
		return
	}
	q.terms[string(term)] = len(q.feats)
	q.feats = append(q.feats, feature{label: label, kind: featTerm, weight: w})
}

func (q *query) addConcept(c uint16, label string, w float64) {
	if f := q.concepts[c]; f >= 0 {
		q.feats[f].weight = max(q.feats[f].weight, w)
		return
	}
	q.concepts[c] = len(q.feats)
	q.feats = append(q.feats, feature{label: label, kind: featConcept, weight: w})
}

// analyse turns a task into features: its words, the words of its files'
// paths (so "src/components/IconButton/icon-button.tsx" yields
// "component", "icon", "button", "tsx"), the concepts they name and the
// categories they ask for.
func analyse(task Task) *query {
	l := lex()
	q := &query{terms: make(map[string]int), concepts: make([]int, l.nConcepts)}
	for i := range q.concepts {
		q.concepts[i] = -1
	}
	var sc scanner
	var prev []byte
	prevStarts, prevLabel := false, ""
	conceptW := weightConcept
	visit := func(term []byte, kind termKind) {
		switch kind {
		case kindCJKRun:
			run := string(term)
			for _, e := range l.cjk {
				if strings.Contains(run, e.term) {
					q.addConcept(e.concept, e.term, conceptW)
				}
			}
			for _, e := range l.cjkIntents {
				if strings.Contains(run, e.term) {
					q.intents |= e.cats
				}
			}
			prevStarts = false
			return
		case kindCJK:
			q.addTerm(term, string(term), weightBigram)
			prevStarts = false
			return
		}
		label := string(sc.surface)
		q.addTerm(term, label, weightTerm)
		e := l.words[string(term)]
		for _, c := range e.concepts {
			q.addConcept(c, label, conceptW)
		}
		q.intents |= e.intents
		if prevStarts {
			phrase := string(prev) + " " + string(term)
			pe := l.words[phrase]
			for _, c := range pe.concepts {
				q.addConcept(c, prevLabel+" "+label, conceptW)
			}
			q.intents |= pe.intents
		}
		prev, prevStarts, prevLabel = append(prev[:0], term...), e.phraseStart, label
	}
	sc.scan(task.Text, visit)
	conceptW = weightFileConcept
	for _, f := range task.Files {
		prevStarts = false
		sc.scan(strings.ReplaceAll(f, "\\", "/"), visit)
	}
	return q
}

// ruleMatch is one piece of evidence for one rule.
type ruleMatch struct {
	feat   int32
	weight float32
}

// score returns the score of the rules c.rules[i] for i in idx, and the
// evidence behind each: rule k's matches are matches[offsets[k]:offsets[k+1]].
func (c *corpus) score(idx []int32, q *query, sim map[string]float64) (scores []float64, matches []ruleMatch, offsets []int32) {
	// Map the query's terms to the corpus's term ids.
	featOf := make([]int32, len(c.lexOf))
	for i := range featOf {
		featOf[i] = -1
	}
	for term, f := range q.terms {
		if id, ok := c.ids.get([]byte(term)); ok {
			featOf[id] = int32(f)
		}
	}
	df := make([]int, len(q.feats))
	offsets = make([]int32, len(idx)+1)
	scores = make([]float64, len(idx))
	if len(q.feats) > 0 {
		for k, i := range idx {
			for _, e := range c.evidenceOf(int(i)) {
				var f int32
				if e.concept {
					f = int32(q.concepts[e.id])
				} else {
					f = featOf[e.id]
				}
				if f < 0 {
					continue
				}
				w := float32(1)
				if e.why {
					w = weightWhy
				}
				df[f]++
				matches = append(matches, ruleMatch{f, w})
			}
			offsets[k+1] = int32(len(matches))
		}
	}
	n := float64(len(idx))
	idf := make([]float64, len(q.feats))
	for f, d := range df {
		if d > 0 {
			idf[f] = math.Log(1 + n/float64(d))
		}
	}
	for k, i := range idx {
		var sum float64
		for _, m := range matches[offsets[k]:offsets[k+1]] {
			sum += q.feats[m.feat].weight * float64(m.weight) * idf[m.feat]
		}
		r := &c.rules[i]
		if q.intents&categoryMask(r.Category) != 0 {
			sum += weightIntent
		}
		if sim != nil {
			sum += weightSimilarity * sim[Key(*r)]
		}
		scores[k] = sum
	}
	return scores, matches, offsets
}

func categoryMask(cat string) uint8 {
	if b, ok := categoryBit(cat); ok {
		return 1 << b
	}
	return 0
}

// minLineTokens is the least a rule's line can cost: "- [X] y (personal p1)".
const minLineTokens = 6

// Select chooses the rules to deliver for task. active must be in
// precedence order, as [Merge] returns it. Rules that score for the task
// come first, highest score first (ties in precedence order); the rest
// follow in precedence order. Rules are taken while the rendered brief fits
// opts.Budget and until opts.Limit; the others are omitted. With no task
// text and no files every rule scores 0, so the brief is the active rules
// in precedence order.
func Select(active []Rule, task Task, opts Options) Selection {
	idx := make([]int32, len(active))
	for i := range idx {
		idx[i] = int32(i)
	}
	return newCorpus(active).selectFor(idx, task, opts)
}

// selectFor selects among c.rules[i] for i in idx, which is in precedence
// order.
func (c *corpus) selectFor(idx []int32, task Task, opts Options) Selection {
	budget := opts.Budget
	if budget <= 0 {
		budget = DefaultBudget
	}
	q := analyse(task)
	scores, matches, offsets := c.score(idx, q, opts.Similarity)
	// Highest score first, ties in precedence order: the rules that score
	// (usually few) are sorted, the rest keep their order after them.
	rank := make([]int32, 0, len(idx))
	for k := range idx {
		if scores[k] > 0 {
			rank = append(rank, int32(k))
		}
	}
	scored := len(rank)
	for k := range idx {
		if !(scores[k] > 0) {
			rank = append(rank, int32(k))
		}
	}
	slices.SortFunc(rank[:scored], func(a, b int32) int {
		sa, sb := scores[a], scores[b]
		switch {
		case sa > sb:
			return -1
		case sa < sb:
			return 1
		}
		return cmp.Compare(a, b) // keys are distinct: as stable as a stable sort
	})
	sel := Selection{Rules: []Selected{}, Omitted: make([]Rule, 0, len(idx))}
	used := EstimateTokens(header) + sectionTokens
	for _, k := range rank {
		r := c.rules[idx[k]]
		if opts.Limit > 0 && len(sel.Rules) >= opts.Limit {
			sel.Omitted = append(sel.Omitted, r)
			continue
		}
		if budget-used < minLineTokens {
			sel.Omitted = append(sel.Omitted, r)
			continue
		}
		t := int(c.lineTok[idx[k]])
		if used+t > budget {
			sel.Omitted = append(sel.Omitted, r)
			continue
		}
		used += t
		sel.Rules = append(sel.Rules, Selected{
			Rule:   r,
			Score:  math.Round(scores[k]*100) / 100,
			Reason: reason(r, q, scores[k], matches[offsets[k]:offsets[k+1]], opts.Similarity),
		})
	}
	// The estimate above leaves out the omitted-rules line; drop the last
	// rules until the whole brief fits.
	for {
		sel.Tokens = EstimateTokens(Render(sel))
		if sel.Tokens <= budget || len(sel.Rules) == 0 {
			break
		}
		last := sel.Rules[len(sel.Rules)-1]
		sel.Rules = sel.Rules[:len(sel.Rules)-1]
		sel.Omitted = slices.Insert(sel.Omitted, 0, last.Rule)
	}
	if len(rank) > 0 && (opts.Limit <= 0 || len(sel.Rules) < opts.Limit) {
		top := c.rules[idx[rank[0]]]
		if len(sel.Rules) == 0 || Key(sel.Rules[0].Rule) != Key(top) {
			// Left out by the budget: say what a brief with it costs.
			with := Selection{Rules: []Selected{{Rule: top}}, Omitted: make([]Rule, 0, len(rank)-1)}
			for _, k := range rank[1:] {
				with.Omitted = append(with.Omitted, c.rules[idx[k]])
			}
			// The larger of the rendered size and the estimate the
			// loop above admits rules by.
			sel.TopRule = top
			sel.TopNeeds = max(EstimateTokens(Render(with)), EstimateTokens(header)+sectionTokens+int(c.lineTok[idx[rank[0]]]))
		}
	}
	return sel
}

// reason says in words why a rule was selected.
func reason(r Rule, q *query, score float64, ms []ruleMatch, sim map[string]float64) string {
	if score <= 0 {
		return "in force; fills the budget in precedence order"
	}
	var words, concepts []string
	for _, m := range ms {
		f := q.feats[m.feat]
		if f.kind == featTerm {
			words = append(words, strconv.Quote(f.label))
		} else {
			concepts = append(concepts, strconv.Quote(f.label))
		}
	}
	var parts []string
	if len(words) > 0 {
		parts = append(parts, "shares "+strings.Join(words, ", ")+" with the task")
	}
	if len(concepts) > 0 {
		parts = append(parts, "related to "+strings.Join(concepts, ", "))
	}
	if q.intents&categoryMask(r.Category) != 0 {
		parts = append(parts, "the task is "+r.Category+" work")
	}
	if s := sim[Key(r)]; s > 0 {
		parts = append(parts, "semantic similarity "+strconv.FormatFloat(s, 'f', 2, 64))
	}
	return strings.Join(parts, "; ")
}

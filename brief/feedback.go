package brief

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
)

// Feedback: the rules of one subject share its words ("migration",
// "Celery", "Android"), and a task often names the subject only through
// the one rule it matches strongly: "Export the invoices ledger" shares
// two words with "Always export the ledger to the Quartzline warehouse
// nightly" and only "invoices", which many rules have, with "Always keep
// Quartzline credentials out of invoices" (TestFeedback). After
// the first scoring, when a few rules stand out with evidence of their own
// (the seeds), a rule further down that shares with a seed a word that few
// rules have and that the task does not say is of the seed's subject: it
// scores a little more (its two best such words, each by its specificity
// times fbWeight, well below a shared word of the task), so that it moves
// up among rules whose direct evidence is about as weak as its own
// (pseudo-relevance feedback, inside the ruleset).
//
// Precision comes first. Nothing happens when the first pass is weak (the
// top's evidence below fbMinTop times that of a word only one rule has)
// or ambiguous (more than fbMaxSeeds rules within fbSeedShare of the
// top's evidence); only rules selected for the task on their own evidence
// move, fillers never; the first fbMaxSeeds places stay as direct
// evidence ranked them, and a rule lifted past the rules after them
// scores at most what the last of those places does; a word more than
// fbMaxDF rules have says nothing.
//
// Cost: the seeds' instructions and those of at most fbDepth candidates
// are read again, and for the words a candidate shares with a seed the
// rules whose instruction has them are counted by substring search, each
// until more than fbMaxDF have it; nothing is prepared in advance.
const (
	fbMaxSeeds  = 3
	fbSeedShare = 0.75
	fbMinTop    = 1.3
	// fbMaxDF is about 4% of a ruleset of 300 rules, about a brief and a
	// half of rules.
	fbMaxDF = 12
	// fbWeight scales the specificity of the shared word: a word only the
	// seed and the rule have adds 0.15 of one rare shared word of the task,
	// about the difference between two rules' weak evidence.
	fbWeight = 0.15
	// fbDepth bounds the candidates: the rules ranked after the places
	// kept, up to fbMaxSeeds+fbDepth.
	fbDepth = 20
	// fbWords is how many shared words count: two say the rule is of the
	// seeds' subject more surely than one.
	fbWords = 2
	// fbMinLen is the shortest seed word that counts (stemmed): "app",
	// "web", "hub" (of "GitHub") say little about a subject.
	fbMinLen = 4
)

// related is what feedback found for one rule: the words it shares with
// the seeds (the fbWords that count most), and the score they add.
type related struct {
	words [fbWords]sharedSeed
	bonus float64
}

// sharedSeed is a word a rule shares with seed (an index in idx), and what
// it adds.
type sharedSeed struct {
	seed  int32
	label string
	v     float64
}

// add counts w if it is among the fbWords that add most.
func (r *related) add(w sharedSeed) {
	for i := range r.words {
		if w.v > r.words[i].v {
			copy(r.words[i+1:], r.words[i:])
			r.words[i] = w
			break
		}
	}
	r.bonus = 0
	for _, x := range r.words {
		r.bonus += x.v
	}
}

// reason is the note feedback adds to a rule's reason: `; like #12 (shares
// "migration")`, one for each seed.
func (r related) reason(c *corpus, idx []int32) string {
	var b strings.Builder
	for i, w := range r.words {
		if w.v == 0 {
			break
		}
		if i > 0 && w.seed == r.words[i-1].seed {
			b.WriteString(", " + strconv.Quote(w.label))
			continue
		}
		if i > 0 {
			b.WriteString(")")
		}
		b.WriteString("; like #" + c.rules[idx[w.seed]].ID + " (shares " + strconv.Quote(w.label))
	}
	if b.Len() > 0 {
		b.WriteString(")")
	}
	return b.String()
}

// seedWord is a word of a seed's instruction that the task does not say.
type seedWord struct {
	stem, needle, label string
	seed                int32
	df                  int // rules whose instruction has it, -1 until counted
}

// feedback re-orders rank (see above) and returns what it found, by index
// in idx. rank is [corpus.rank]'s.
func (c *corpus) feedback(idx []int32, q *query, sc scoring, rank []ranked) ([]ranked, map[int32]related) {
	if len(rank) == 0 || !rank[0].pass {
		return rank, nil
	}
	parts := sc.parts
	n := float64(len(idx))
	unit := specificity(1, n)
	top := parts[rank[0].k].evidence()
	if top < fbMinTop*unit {
		return rank, nil
	}
	seeds := 0
	for seeds < len(rank) && rank[seeds].pass && parts[rank[seeds].k].evidence() >= fbSeedShare*top {
		seeds++
	}
	if seeds > fbMaxSeeds {
		return rank, nil
	}
	pass := 0
	for pass < len(rank) && rank[pass].pass {
		pass++
	}
	from, end := fbMaxSeeds, min(pass, fbMaxSeeds+fbDepth)
	if from >= end {
		return rank, nil
	}
	var (
		words   []seedWord
		scan    scanner
		verbBuf = make([]byte, 0, 32)
	)
	for _, rk := range rank[:seeds] {
		r := &c.rules[idx[rk.k]]
		verb := openingVerb(r.Instruction, verbBuf)
		scan.scan(r.Instruction, func(term []byte, kind termKind) {
			if kind != kindWord || len(term) < fbMinLen || !ascii(term) || functionWord(scan.surface) || string(term) == verb {
				return
			}
			if _, ok := q.terms[string(term)]; ok {
				return
			}
			for i := range words {
				if words[i].stem == string(term) {
					return
				}
			}
			// The needle is the part the stem and the word as written
			// share, without its first letter (capital or not).
			p := 0
			for p < len(term) && p < len(scan.surface) && term[p] == scan.surface[p] {
				p++
			}
			if p < fbMinLen {
				return
			}
			label := string(scan.surface)
			words = append(words, seedWord{stem: string(term), needle: label[1:p], label: label, seed: rk.k, df: -1})
		})
	}
	if len(words) == 0 {
		return rank, nil
	}
	// The candidates: which seed words each shares.
	shares := make([][]int32, end-from)
	counted := 0
	for j, rk := range rank[from:end] {
		scan.scan(c.rules[idx[rk.k]].Instruction, func(term []byte, kind termKind) {
			if kind != kindWord {
				return
			}
			for i := range words {
				if words[i].stem == string(term) && !slices.Contains(shares[j], int32(i)) {
					shares[j] = append(shares[j], int32(i))
					if words[i].df < 0 {
						words[i].df = 0
						counted++
					}
				}
			}
		})
	}
	if counted == 0 {
		return rank, nil
	}
	// How many rules have each shared word, until more than fbMaxDF do.
	for _, i := range idx {
		s := c.rules[i].Instruction
		for w := range words {
			if sw := &words[w]; sw.df >= 0 && sw.df <= fbMaxDF && strings.Contains(s, sw.needle) {
				if sw.df++; sw.df > fbMaxDF {
					counted--
				}
			}
		}
		if counted == 0 {
			break
		}
	}
	found := map[int32]related{}
	for j, ws := range shares {
		k := rank[from+j].k
		var r related
		for _, w := range ws {
			sw := &words[w]
			d := max(2, sw.df) // the seed and the candidate have it
			if d <= fbMaxDF {
				r.add(sharedSeed{sw.seed, sw.label, fbWeight * specificity(float64(d), n)})
			}
		}
		if r.bonus > 0 {
			found[k] = r
			rank[from+j].key += r.bonus
		}
	}
	if len(found) == 0 {
		return rank, nil
	}
	slices.SortStableFunc(rank[from:pass], func(a, b ranked) int { return cmp.Compare(b.key, a.key) })
	// Never above the places kept: a lifted rule scores at most what the
	// last of them does.
	for i := from; i < pass && rank[i].key > rank[from-1].key; i++ {
		rank[i].key = rank[from-1].key
	}
	for _, rk := range rank[from:pass] {
		if _, ok := found[rk.k]; ok {
			p := &parts[rk.k]
			p.Related = rk.key - p.sum()
		}
	}
	return rank, found
}

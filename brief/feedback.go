package brief

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
)

// Feedback: the rules of one subject share its words ("migration",
// "Celery", "Android"), and a task often names the subject only through
// the one rule it matches strongly ("write the EF Core migration that adds
// a column" shares "migration" with three rules, but "idempotent SQL
// script" with one). After the first scoring, when a few rules stand out
// with evidence of their own (the seeds), a rule further down that shares
// a word with a seed that few rules have, and that the task does not say,
// is of the seed's subject: it scores a little more, well below a shared
// word of the task, so that it moves up among rules whose direct evidence
// is about as weak as its own (pseudo-relevance feedback, inside the
// ruleset).
//
// Precision comes first. Nothing happens when the first pass is weak (the
// top's evidence below fbMinTop of one rare word) or ambiguous (more than
// fbMaxSeeds rules within fbSeedShare of the top); only rules selected
// for the task on their own evidence move; the first fbMaxSeeds places
// stay as direct evidence ranked them, so feedback never puts a rule
// above a seed; and a word shared by more than fbMaxDF rules says nothing.
//
// Cost: the seeds' and at most fbDepth candidates' instructions are read
// again, and for the few words they share with a seed the rules that have
// them are counted by a substring search; nothing is prepared in advance.
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
	// fbMinLen is the shortest seed word that counts (stemmed): "app",
	// "web", "hub" (of "GitHub") say little about a subject.
	fbMinLen = 4
)

// related is what feedback found for one rule: the word it shares with a
// seed, and the score it adds.
type related struct {
	seed  int32 // index in idx of the seed
	word  string
	bonus float64
}

// reason is the note feedback adds to a rule's reason.
func (r related) reason(c *corpus, idx []int32) string {
	if r.bonus == 0 {
		return ""
	}
	return "; like #" + c.rules[idx[r.seed]].ID + " (shares " + strconv.Quote(r.word) + ")"
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
			words = append(words, seedWord{stem: string(term), needle: string(scan.surface[1:p]), label: string(scan.surface), seed: rk.k, df: -1})
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
	// How many rules have each shared word.
	for _, i := range idx {
		s := c.rules[i].Instruction
		for w := range words {
			if words[w].df >= 0 && strings.Contains(s, words[w].needle) {
				words[w].df++
			}
		}
	}
	found := map[int32]related{}
	for j, ws := range shares {
		k := rank[from+j].k
		best := related{}
		for _, w := range ws {
			sw := &words[w]
			d := max(2, sw.df) // the seed and the candidate have it
			if d > fbMaxDF {
				continue
			}
			if v := fbWeight * specificity(float64(d), n); v > best.bonus {
				best = related{seed: sw.seed, word: sw.label, bonus: v}
			}
		}
		if best.bonus > 0 {
			found[k] = best
			rank[from+j].key += best.bonus
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
	return rank, found
}

func ascii(b []byte) bool {
	for _, c := range b {
		if c >= 0x80 {
			return false
		}
	}
	return true
}

package brief

import (
	"cmp"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Weights of the evidence a rule scores for. A shared word counts most; a
// shared concept less, since it is indirect; a word in the rule's Why
// counts half; a category that fits the task adds a fixed amount, enough to
// order rules that share nothing else but less than one rare shared word.
const (
	weightTerm    = 1.0
	weightBigram  = 0.5 // a CJK character bigram
	weightConcept = 0.8
	// The words of a file the task touches: its name and extension count
	// like words of the text (the extension names its language, whose rules
	// apply); its directories are structure more than subject ("src",
	// "internal", "components") and count weightPath.
	weightPath   = 0.5
	weightFile   = 1.0
	weightWhy    = 0.5
	weightIntent = 1.0
	// weightPlain scales a word of the task's text that names no concept
	// of the lexicon: most often a name of the domain ("product",
	// "order", "patient") that rules about every kind of subject share, it
	// says less about which rule the task needs than a word of the field
	// ("cache", "migration", "upload") does. (A CJK bigram, a piece of a
	// word, names none either.)
	weightPlain = 0.7
	// weightVerb scales a word the task shares with a rule when it is the
	// verb the rule opens with (see openingVerb).
	weightVerb = 0.5
	// weightSimilarity scales an embedding similarity in [0,1].
	weightSimilarity = 4.0
	// weightLearned scales a learned weight in [-1,1] ([Options.Learned]):
	// at most 2, above the whole prior (0.42) so that what was learned
	// orders the rules the task gives no evidence for, below one rare
	// shared word, so that it re-orders the rules selected for the task but
	// never makes or unmakes a selection.
	weightLearned = 2.0
)

// Specificity. A piece of evidence (a word, a concept, the category) that
// many rules share says little about which of them the task needs: its
// weight is its inverse document frequency over the rules being scored
// (BM25's form, which falls to nearly 0 for a word every rule has), and it
// saturates once more rules share it than a brief has room for, by
// sqrt(saturationDF/df): "test" in 49 of 1,000 rules then weighs less than
// a concept only three rules name. A rule is selected for the task only when
// its task evidence (words, concepts, files, semantic similarity; not the
// category alone) reaches minSpecific of the weight of a word only one
// rule has; rules below it fill the budget, weak evidence first.
const (
	saturationDF = 8
	minSpecific  = 0.25
)

// specificity returns the weight of evidence that df of n rules share.
func specificity(df, n float64) float64 {
	if df <= 0 {
		return 0
	}
	w := math.Log(1 + (n-df+0.5)/(df+0.5))
	if df > saturationDF {
		w *= math.Sqrt(saturationDF / df)
	}
	return w
}

type featureKind uint8

const (
	featTerm featureKind = iota
	featConcept
)

type feature struct {
	label  string
	kind   featureKind
	weight float64
	// from are the term features of the task words that name a concept:
	// a rule that shares one of them scores for the word, not twice. The
	// more words of the task's text name a concept, the more the task is
	// about it: each one after the first adds namedStep of the concept's
	// weight, up to namedCap times it (a file's words repeat its extension,
	// so they do not).
	from []int32
	// file says the feature comes only from the task's file paths, not
	// from its text (the "files" part of the score); ext, that it is a
	// term only ever read as a file's extension.
	file, ext bool
	base      float64 // a concept's weight for one word
	named     int     // how many words of the task's text name the concept
	// uses counts a term's occurrences in the task's text, phrased those
	// that are part of a phrase of the lexicon (see phraseWord).
	uses, phrased int
	// plain is set on a term feature of a word that names no concept; term
	// is its stemmed word.
	plain bool
	term  string
	// senses are the concept features of the phrases that take the word:
	// a rule that shares the word and one of them uses it in the
	// phrase's sense, and the word of a phrase of a word and a stopword
	// ("pull in") then counts in full.
	senses []int32
	// wordPhrase is set on a term of a phrase of two words ("merge
	// request"): the rule that shares the phrase shares each word at
	// phraseWord, the two of them together like one word.
	wordPhrase bool
}

// query is a task, analysed once.
type query struct {
	terms    map[string]int // term → feature
	concepts []int          // concept → feature, -1 when absent
	feats    []feature
	intents  uint8 // category bits
	// inFiles is set while the task's file paths are analysed, inExt
	// while a file's extension is.
	inFiles, inExt bool
}

func (q *query) addTerm(term []byte, label string, w float64) {
	if f, ok := q.terms[string(term)]; ok {
		q.feats[f].weight = max(q.feats[f].weight, w)
		q.feats[f].file = q.feats[f].file && q.inFiles
		q.feats[f].ext = q.feats[f].ext && q.inExt
		return
	}
	q.terms[string(term)] = len(q.feats)
	t := string(term)
	q.feats = append(q.feats, feature{label: label, kind: featTerm, weight: w, file: q.inFiles, ext: q.inExt, term: t,
		plain: len(lex().word(t).concepts) == 0})
}

func (q *query) addConcept(c uint16, label string, w float64, from int) {
	f := q.concepts[c]
	if f < 0 {
		f = len(q.feats)
		q.concepts[c] = f
		q.feats = append(q.feats, feature{label: label, kind: featConcept, weight: w, file: q.inFiles, base: w})
	}
	ft := &q.feats[f]
	ft.file = ft.file && q.inFiles
	ft.base = max(ft.base, w)
	if from >= 0 && !slices.Contains(ft.from, int32(from)) {
		ft.from = append(ft.from, int32(from))
		if !q.inFiles {
			ft.named++
		}
	} else if from < 0 && !q.inFiles {
		// A phrase, a compound or CJK text names it: a word of the text
		// with no term feature of its own.
		ft.named++
	}
	ft.weight = ft.base * namedFactor(ft.named)
}

// nameAgain counts one more word of the task's text that names concept c:
// a phrase of the lexicon is two words that name it ("record changes",
// "pull in": the stopword is what makes "pull" mean a dependency), as sure
// a sign of what the task is about as two words that each name it.
func (q *query) nameAgain(c uint16) {
	if q.inFiles {
		return
	}
	ft := &q.feats[q.concepts[c]]
	ft.named++
	ft.weight = ft.base * namedFactor(ft.named)
}

// A concept that several words of the task's text name is what the task
// is about, more than a word it shares with a rule by chance ("euro" and
// "dollars" name money; "monthly" is shared with "6 months in advance"):
// each word after the first adds namedStep of the concept's weight, up to
// namedCap times it.
const (
	namedStep = 0.75
	namedCap  = 2.5
)

// namedFactor scales the weight of a concept that named words of the
// task's text name.
func namedFactor(named int) float64 { return min(namedCap, 1+namedStep*float64(max(0, named-1))) }

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
	sc := scanner{stops: true, cues: true}
	var prev, stop []byte
	prevStarts, prevLabel := false, ""
	// prevFeat is the term feature of the word before the current one,
	// prevPhrased whether a phrase of the lexicon already took it.
	prevFeat, prevPhrased := -1, false
	// phrased marks the occurrence of a word that a phrase of the lexicon
	// takes, once.
	phrased := func(f int, done bool, concepts []uint16) bool {
		if f < 0 || q.inFiles {
			return true
		}
		ft := &q.feats[f]
		if !done {
			ft.phrased++
		}
		for _, c := range concepts {
			if cf := int32(q.concepts[c]); !slices.Contains(ft.senses, cf) {
				ft.senses = append(ft.senses, cf)
			}
		}
		return true
	}
	// stop is the stopword just before the current word when it begins a
	// phrase of the lexicon ("on" of "on call").
	stopStarts := false
	var cjkSeen []uint16
	var cjkFound []int32
	termW, conceptW := weightTerm, weightConcept
	// inDir is set while the directories of a file's path are read.
	inDir := false
	visit := func(term []byte, kind termKind) {
		switch kind {
		case kindCJKRun:
			run := string(term)
			seen := cjkSeen[:0]
			cjkFound = l.cjkIn(cjkFound[:0], run)
			for _, i := range cjkFound {
				// An entry inside a longer one is not a word of its own
				// ("ユーザー" contains "ユーザ", see cjkEntry.in); two
				// entries of one concept that are words of their own are
				// two words that name it, as in text with spaces
				// ("設定値を環境ごとに": settings, per environment).
				e := &l.cjk[i]
				if !e.in(run) {
					continue
				}
				if slices.Contains(seen, e.concept) {
					q.nameAgain(e.concept)
					continue
				}
				seen = append(seen, e.concept)
				q.addConcept(e.concept, e.term, conceptW, -1)
			}
			cjkSeen = seen
			for _, e := range l.cjkIntents {
				if strings.Contains(run, e.term) {
					q.intents |= e.cats
				}
			}
			prevStarts, stopStarts = false, false
			return
		case kindMixed:
			// A word and a CJK run written together ("APIキー"): the
			// entries that mix the scripts, which neither holds alone.
			cjkFound = l.cjkIn(cjkFound[:0], string(term))
			for _, i := range cjkFound {
				if e := &l.cjk[i]; e.mixed() {
					q.addConcept(e.concept, e.term, conceptW, -1)
				}
			}
			return
		case kindCJK:
			q.addTerm(term, string(term), weightBigram)
			prevStarts, stopStarts = false, false
			return
		case kindStop:
			// Stopwords are skipped ("mot de passe" is "mot passe"), except
			// in a phrase of a word and a stopword ("pull in", "on call").
			label := string(sc.surface)
			if prevStarts {
				pe := l.word(string(prev) + " " + string(term))
				for _, c := range pe.concepts {
					q.addConcept(c, prevLabel+" "+label, conceptW, -1)
					q.nameAgain(c)
				}
				if len(pe.concepts) > 0 || pe.intents != 0 {
					prevPhrased = phrased(prevFeat, prevPhrased, pe.concepts)
				}
				q.intents |= pe.intents
			}
			if stopStarts = len(l.word(string(term)).next) > 0; stopStarts {
				stop = append(stop[:0], term...)
			}
			return
		}
		label := string(sc.surface)
		if functionWord(sc.surface) || inDir && sourceRoot(sc.surface) {
			q.addTerm(term, label, 0)
		} else {
			q.addTerm(term, label, termW)
		}
		from := q.terms[string(term)]
		if !q.inFiles {
			q.feats[from].uses++
		}
		curPhrased := false
		e := l.word(string(term))
		for _, c := range e.concepts {
			q.addConcept(c, label, conceptW, from)
		}
		if len(e.concepts) == 0 && e.intents == 0 {
			if pe := l.inflected(term); len(pe.concepts) > 0 {
				e = pe
				for _, c := range pe.concepts {
					q.addConcept(c, label, conceptW, from)
				}
			}
		}
		if len(e.concepts) == 0 && e.intents == 0 {
			// A compound ("Benutzerdaten", "Datenbankmigration", "username")
			// names the concept of its longest known first part, and
			// ("Fehlermeldungen", "Kundentabelle") of its longest known
			// last part, the head of a German compound, which must be
			// longer (minCompoundHead) so that "username" is not a name.
			for n := len(term) - minCompoundPart; n >= minCompoundPart; n-- {
				if pe := l.word(string(term[:n])); len(pe.concepts) > 0 {
					for _, c := range pe.concepts {
						q.addConcept(c, label, conceptW, -1)
					}
					break
				}
			}
			head := false
			for n := minCompoundPart; n <= len(term)-minCompoundHead; n++ {
				if pe := l.word(string(term[n:])); len(pe.concepts) > 0 {
					for _, c := range pe.concepts {
						q.addConcept(c, label, conceptW, -1)
					}
					head = true
					break
				}
			}
			// A shorter head after the linking s of a German compound
			// ("Willkommens|mail", "Integrations|test"): the s says where
			// the compound joins, which "username" does not.
			for n := len(term) - minCompoundHead + 1; !head && n <= len(term)-minCompoundPart; n++ {
				if n-1 < minCompoundPart || term[n-1] != 's' {
					continue
				}
				if pe := l.word(string(term[n:])); len(pe.concepts) > 0 {
					for _, c := range pe.concepts {
						q.addConcept(c, label, conceptW, -1)
					}
					head = true
				}
			}
			// A compound of the two words of a phrase ("Screenreader",
			// "Featureflag") names what the phrase names, as the phrase
			// does.
			for _, c := range l.compoundPhrase(term).concepts {
				q.addConcept(c, label, conceptW, -1)
				q.nameAgain(c)
			}
		}
		q.intents |= e.intents
		if stopStarts {
			pe := l.word(string(stop) + " " + string(term))
			for _, c := range pe.concepts {
				q.addConcept(c, string(stop)+" "+label, conceptW, -1)
				q.nameAgain(c)
			}
			if len(pe.concepts) > 0 || pe.intents != 0 {
				curPhrased = phrased(from, curPhrased, pe.concepts)
			}
			q.intents |= pe.intents
			stopStarts = false
		}
		if prevStarts {
			phrase := string(prev) + " " + string(term)
			pe := l.word(phrase)
			for _, c := range pe.concepts {
				q.addConcept(c, prevLabel+" "+label, conceptW, -1)
				q.nameAgain(c)
			}
			if len(pe.concepts) > 0 || pe.intents != 0 {
				prevPhrased = phrased(prevFeat, prevPhrased, pe.concepts)
				curPhrased = phrased(from, curPhrased, pe.concepts)
				if !q.inFiles {
					// Two words of one phrase are one piece of evidence,
					// even for a rule that says the phrase too.
					q.feats[from].wordPhrase = true
					if prevFeat >= 0 {
						q.feats[prevFeat].wordPhrase = true
					}
				}
			}
			q.intents |= pe.intents
		}
		prev, prevStarts, prevLabel = append(prev[:0], term...), len(e.next) > 0, label
		prevFeat, prevPhrased = from, curPhrased
	}
	sc.scan(task.Text, visit)
	l.separableVerbs(task.Text, func(e lexEntry, label string) {
		for _, c := range e.concepts {
			q.addConcept(c, label, conceptW, -1)
		}
		q.intents |= e.intents
	})
	for i := range q.feats {
		// A word that is only ever part of a phrase of the lexicon means
		// what the phrase means ("pull in" a library is not a pull
		// request, to "record changes" is not a database record): alone,
		// it counts phraseWord.
		if f := &q.feats[i]; f.kind == featTerm && f.uses > 0 && f.phrased >= f.uses {
			f.weight *= phraseWord
		} else {
			f.senses = nil
		}
	}
	for i := range q.feats {
		// So does a concept only such words name, unless a phrase names
		// it too ("log in" is not about logs, a "push notification" not
		// about git, data "at rest" not about REST).
		f := &q.feats[i]
		if f.kind != featConcept || len(f.from) == 0 || f.named > len(f.from) {
			continue
		}
		otherSense := true
		for _, w := range f.from {
			if wf := &q.feats[w]; wf.senses == nil || slices.Contains(wf.senses, int32(i)) {
				otherSense = false
				break
			}
		}
		if otherSense {
			f.weight *= phraseWord
		}
	}
	q.inFiles = true
	for _, f := range task.Files {
		f = strings.ReplaceAll(f, "\\", "/")
		// A directory the task touches ("db/migrations/") is what it
		// works in: its last name counts like a file's name.
		f = strings.TrimRight(f, "/")
		ext := ""
		if dot := strings.LastIndexByte(f, '.'); dot > strings.LastIndexByte(f, '/') {
			f, ext = f[:dot], f[dot+1:]
		}
		base := f
		if slash := strings.LastIndexByte(f, '/'); slash >= 0 {
			prevStarts, stopStarts = false, false
			conceptW = weightFile * weightConcept
			inDir = true
			for dir := range strings.SplitSeq(f[:slash], "/") {
				// A directory named with a leading dot (".github",
				// ".circleci", ".husky") is a tool's configuration, not
				// the project's structure: it names what the file is.
				termW = weightFile * weightPath
				if strings.HasPrefix(dir, ".") {
					termW = weightFile * weightTerm
				}
				sc.scan(dir, visit)
			}
			inDir = false
			base = f[slash+1:]
		} else {
			prevStarts = false
		}
		// The last directory and the name are read as one phrase too
		// ("db/migrate/").
		stopStarts = false
		termW, conceptW = weightFile*weightTerm, weightFile*weightConcept
		sc.scan(base, visit)
		// The name and extension are read as one phrase ("go.mod",
		// "package.json").
		stopStarts = false
		q.inExt = true
		sc.scan(ext, visit)
		q.inExt = false
	}
	return q
}

// phraseWord is the weight of a word of the task alone when it is only
// used in phrases of the lexicon.
const phraseWord = 0.5

// minCompoundPart is the shortest part of a compound word that names a
// concept.
const minCompoundPart = 4

// minCompoundHead is the shortest last part of a compound word that names a
// concept.
const minCompoundHead = 6

// ruleMatch is one piece of evidence for one rule.
type ruleMatch struct {
	feat   int32
	weight float32
}

// score returns the parts of the score of the rules c.rules[i] for i in
// idx, and the evidence behind each: rule k's matches are
// matches[offsets[k]:offsets[k+1]].
func (c *corpus) score(idx []int32, q *query, opts Options) scoring {
	var (
		parts       []ScoreParts
		minEvidence float64
		matches     []ruleMatch
		offsets     []int32
	)
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
	parts = make([]ScoreParts, len(idx))
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
	minEvidence = minSpecific * specificity(1, n)
	spec := make([]float64, len(q.feats))
	for f, d := range df {
		spec[f] = q.feats[f].weight * specificity(float64(d), n)
		if ft := &q.feats[f]; ft.plain && !ft.file {
			spec[f] *= weightPlain
		}
	}
	languageCap(q, spec)
	// The category is evidence like a word: shared by many rules, it
	// weighs less.
	var intentW [8]float64
	if q.intents != 0 {
		var perCat [8]int
		for _, i := range idx {
			if b, ok := categoryBit(c.rules[i].Category); ok {
				perCat[b]++
			}
		}
		for b, d := range perCat {
			if q.intents&(1<<b) != 0 && d > 0 {
				intentW[b] = weightIntent * min(1, math.Sqrt(saturationDF/float64(d)))
			}
		}
	}
	// shared[f] is 2k+2 when rule k has term feature f in its instruction,
	// 2k+1 when only in its Why. A concept named by a task word the rule
	// shares counts once, with the word: a concept of the instruction
	// yields to the word in the instruction, a concept of the Why to the
	// word anywhere (words of the instruction come first in a rule's
	// evidence); for a word of the text, the better of the two counts (see
	// textWord).
	shared := make([]int32, len(q.feats))
	var best []bestConcept
	verbBuf := make([]byte, 0, 32)
	for k, i := range idx {
		p := &parts[k]
		ms := matches[offsets[k]:offsets[k+1]]
		inWhy, inInstr := int32(2*k+1), int32(2*k+2)
		for _, m := range ms {
			if q.feats[m.feat].kind == featTerm {
				shared[m.feat] = inInstr
				if m.weight != 1 {
					shared[m.feat] = inWhy
				}
			}
		}
		best = best[:0]
		verb, verbRead := "", false
		for _, m := range ms {
			f := &q.feats[m.feat]
			if f.kind == featConcept {
				if w := sharedWord(f.from, shared, inWhy, inInstr, m.weight != 1); w >= 0 {
					// The word itself is shared: counted once, as the
					// word, or as the concept when the text's words make
					// that weigh more (see textWord).
					if !q.feats[w].file {
						best = keepBest(best, bestConcept{textWord(w), int32(m.feat), spec[m.feat] * float64(m.weight)})
					}
					continue
				}
			}
			v := spec[m.feat] * float64(m.weight)
			if f.plain && m.weight == 1 {
				// The verb the rule opens with ("Never introduce …") is
				// what it asks to do, not what it is about: a task that
				// shares only that word shares little.
				if !verbRead {
					verb, verbRead = openingVerb(c.rules[i].Instruction, verbBuf), true
				}
				if verb == f.term {
					v *= weightVerb
				}
			}
			if len(f.senses) > 0 && !f.wordPhrase && inSense(f.senses, ms) {
				v /= phraseWord
			}
			if f.kind == featConcept && len(f.from) == 1 {
				// One task word that names several concepts the rule has
				// ("tsx": React, TypeScript, JavaScript) is one piece of
				// evidence: its best concept counts.
				best = keepBest(best, bestConcept{f.from[0], int32(m.feat), v})
				continue
			}
			if f.kind == featTerm && !f.file {
				best = keepBest(best, bestConcept{textWord(m.feat), int32(m.feat), v})
				continue
			}
			p.add(f, v)
		}
		for _, b := range best {
			p.add(&q.feats[b.feat], b.v)
		}
		r := &c.rules[i]
		if q.intents != 0 {
			if b, ok := categoryBit(r.Category); ok && q.intents&(1<<b) != 0 {
				p.Intent = intentW[b]
			}
		}
		p.Prior = float64(priorLevel(r)) * priorStep
		if opts.Similarity != nil {
			p.Semantic = weightSimilarity * opts.Similarity[Key(*r)]
		}
		if opts.Learned != nil {
			p.Learned = weightLearned * max(-1, min(1, opts.Learned[Key(*r)]))
		}
	}
	return scoring{parts: parts, minEvidence: minEvidence, matches: matches, offsets: offsets}
}

// add counts v for feature f in the part it belongs to.
func (p *ScoreParts) add(f *feature, v float64) {
	switch {
	case f.file:
		p.Files += v
	case f.kind == featTerm:
		p.Lexical += v
	default:
		p.Concept += v
	}
}

// bestConcept is the best concept match of one task word for one rule.
// word is the word's term feature for the concepts it names that the rule
// has without the word, textWord(feature) for the word itself and the
// concepts it names that the rule has with it.
type bestConcept struct {
	word, feat int32
	v          float64
}

// textWord is the key in [bestConcept] of a word of the task's text that a
// rule shares, which competes with the concepts the word names. A concept
// weighs more the more words of the text name it (namedFactor), a word
// does not: a rule that says the text's own word ("secret" of "the secret
// key") would score less than one that only has a word of its concept
// ("credentials"). So the shared word counts as the better of itself and
// its concept, still once. A word only of the task's paths keeps its own
// weight: the text says what the work is, and a rule that shares a
// directory's name does not take the weight the text gives the concept.
func textWord(f int32) int32 { return ^f }

// keepBest records b unless a better match of the same word is recorded.
func keepBest(best []bestConcept, b bestConcept) []bestConcept {
	for i := range best {
		if best[i].word == b.word {
			if b.v > best[i].v {
				best[i] = b
			}
			return best
		}
	}
	return append(best, b)
}

// scoring is the outcome of [corpus.score].
type scoring struct {
	parts []ScoreParts
	// minEvidence is the task evidence a rule needs to be selected for the
	// task (minSpecific).
	minEvidence float64
	// Rule k's matches are matches[offsets[k]:offsets[k+1]].
	matches []ruleMatch
	offsets []int32
}

// inSense reports whether a rule's matches ms include one of the concept
// features senses.
func inSense(senses []int32, ms []ruleMatch) bool {
	for _, m := range ms {
		if slices.Contains(senses, m.feat) {
			return true
		}
	}
	return false
}

// sharedWord returns the word of from (term features) that the rule shares
// so that a concept it names counts as the word, or -1: a word of the
// instruction, or for a concept only in the Why, a word anywhere.
func sharedWord(from, shared []int32, inWhy, inInstr int32, conceptInWhy bool) int32 {
	for _, f := range from {
		if s := shared[f]; s == inInstr || conceptInWhy && s == inWhy {
			return f
		}
	}
	return -1
}

// languageCap lowers the weight spec[w] of a term read only as a file's
// extension to that of the best language concept it names ("py": Python, "tsx": React,
// TypeScript) that some rule has. The extension says what language the
// task's file is in, and every rule about the language applies alike; as a
// word it is rare among rules only because few rules write file names
// ("settings/<env>.py"), and such a rule is no more about the task than
// one that says "Python". An extension that names no concept keeps its
// weight.
func languageCap(q *query, spec []float64) {
	for w := range q.feats {
		if !q.feats[w].ext || !q.feats[w].file {
			continue
		}
		langW, found := 0.0, false
		for c := range q.feats {
			if f := &q.feats[c]; f.kind == featConcept && spec[c] > 0 && slices.Contains(f.from, int32(w)) {
				langW, found = max(langW, spec[c]), true
			}
		}
		if found {
			spec[w] = min(spec[w], langW)
		}
	}
}

// Prior: what decides among rules the task gives no evidence for (at
// session start, say), until learned weights ([Options.Learned]) exist.
// Precedence comes first, as when rules conflict: project rules, then
// workspace preferences, then global ones. Within one of those, importance
// rather than recency: a rule whose violation is costly and hard to undo
// comes first, a prohibition ("Never …") and a rule about shared state
// (PROCESS, TOOL, DATA: pushing, installing, migrating), then a rule about
// code (CODE, ARCH), then one a reviewer catches at a glance (STYLE, UX,
// OTHER); newer first within the same importance. The prior is at most
// 14 steps of priorStep (0.42), below one shared word, so it orders but
// never outweighs evidence; whole steps let the fillers be ordered by a
// counting sort ([corpus.rank]).
const (
	priorStep       = 0.03
	importanceSteps = 5 // importance is 0…4
)

func priorLevel(r *Rule) int {
	importance := 0
	if prohibition(r.Instruction) {
		importance += 2
	}
	switch r.Category {
	case "PROCESS", "TOOL", "DATA":
		importance += 2
	case "CODE", "ARCH":
		importance++
	}
	tier := 0
	switch {
	case r.Source != Personal:
		tier = 2
	case r.Scope == ScopeWorkspace:
		tier = 1
	}
	return tier*importanceSteps + importance
}

// prohibition reports whether instruction forbids something, in the five
// languages rules are written in: it opens with "Never", "Don't", "Do
// not", "No", "Avoid" (and "Nie", "Niemals", "Kein", "Jamais", "Ne", "N'",
// "Nunca", "Evita"), or, in Japanese, says "禁止" or "しない". It reads only
// the first word, without allocating.
func prohibition(instruction string) bool {
	s := instruction
	for len(s) > 0 && (s[0] == ' ' || s[0] == '\t') {
		s = s[1:]
	}
	var w [8]byte
	n := 0
	for n < len(s) && n < len(w) && ('a' <= s[n]|0x20 && s[n]|0x20 <= 'z') {
		w[n] = s[n] | 0x20
		n++
	}
	rest := s[n:]
	switch string(w[:n]) {
	case "never", "no", "avoid", "nie", "niemals", "kein", "keine", "jamais", "ne", "nunca", "evita", "dont":
		return true
	case "don", "n":
		return strings.HasPrefix(rest, "'") || strings.HasPrefix(rest, "’")
	case "do":
		return len(rest) >= 4 && strings.EqualFold(rest[:4], " not")
	}
	if n > 0 && len(rest) > 0 && rest[0] < utf8.RuneSelf {
		return false // a Latin-script sentence ("Always …")
	}
	return japaneseProhibition(s)
}

// japaneseProhibition reports whether s says "禁止" (forbidden) or "しない"
// / "ないで" (do not); only text with the UTF-8 lead byte of 禁 (0xE7) or of
// kana (0xE3) is searched.
func japaneseProhibition(s string) bool {
	if strings.IndexByte(s, 0xE3) < 0 && strings.IndexByte(s, 0xE7) < 0 {
		return false
	}
	return strings.Contains(s, "禁止") || strings.Contains(s, "しない") || strings.Contains(s, "ないで")
}

// minLineTokens is the least a rule's line can cost: "- [X] y (personal p1)".
const minLineTokens = 6

// Select chooses the rules to deliver for task. active must be in
// precedence order, as [Merge] returns it. Rules selected for the task
// (enough task evidence, see minSpecific) come first, highest score first;
// the rest follow in the order of their weak evidence, the category the
// task asks for, the prior and a learned weight, and in precedence order
// among equals. Rules are taken while the rendered brief fits opts.Budget
// and until opts.Limit; the others are omitted. With no task text and no
// files there is no evidence, so the brief is the active rules in prior
// order (see [ScoreParts.Prior]).
func Select(active []Rule, task Task, opts Options) Selection {
	idx := make([]int32, len(active))
	for i := range idx {
		idx[i] = int32(i)
	}
	q := analyse(task)
	return newCorpus(active, sieveFor(q, nil)).selectFor(idx, q, opts)
}

// ranked is a rule's place in the ranking.
type ranked struct {
	k    int32   // index in idx
	pass bool    // selected for the task
	key  float64 // the sum of its score's parts
}

// selectFor selects among c.rules[i] for i in idx, which is in precedence
// order, for the task q.
func (c *corpus) selectFor(idx []int32, q *query, opts Options) Selection {
	budget := opts.Budget
	if budget <= 0 {
		budget = DefaultBudget
	}
	sc := c.score(idx, q, opts)
	parts, matches, offsets := sc.parts, sc.matches, sc.offsets
	rank, like := c.feedback(idx, q, sc, c.rank(idx, sc))
	sel := Selection{Rules: []Selected{}, Omitted: make([]Rule, 0, len(idx))}
	used := EstimateTokens(header) + sectionTokens
	for _, rk := range rank {
		k := rk.k
		r := c.rules[idx[k]]
		if opts.Limit > 0 && len(sel.Rules) >= opts.Limit {
			sel.Omitted = append(sel.Omitted, r)
			continue
		}
		if budget-used < minLineTokens {
			sel.Omitted = append(sel.Omitted, r)
			continue
		}
		t := lineTokens(r)
		if used+t > budget {
			sel.Omitted = append(sel.Omitted, r)
			continue
		}
		used += t
		score := 0.0
		if rk.pass {
			score = round2(rk.key)
		}
		sel.Rules = append(sel.Rules, Selected{
			Rule:   r,
			Score:  score,
			Parts:  parts[k].rounded(),
			Reason: reason(r, q, rk.pass, &parts[k], matches[offsets[k]:offsets[k+1]], opts.Similarity) + like[k].reason(c, idx),
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
		top := c.rules[idx[rank[0].k]]
		if len(sel.Rules) == 0 || Key(sel.Rules[0].Rule) != Key(top) {
			// Left out by the budget: say what a brief with it costs.
			with := Selection{Rules: []Selected{{Rule: top}}, Omitted: make([]Rule, 0, len(rank)-1)}
			for _, rk := range rank[1:] {
				with.Omitted = append(with.Omitted, c.rules[idx[rk.k]])
			}
			// The larger of the rendered size and the estimate the
			// loop above admits rules by.
			sel.TopRule = top
			sel.TopNeeds = max(EstimateTokens(Render(with)), EstimateTokens(header)+sectionTokens+lineTokens(top))
		}
	}
	return sel
}

func round2(x float64) float64 { return math.Round(x*100) / 100 }

// evidence is the part of the score that comes from the task itself.
func (p *ScoreParts) evidence() float64 { return p.Lexical + p.Concept + p.Files + p.Semantic }

// sum is the whole score.
func (p *ScoreParts) sum() float64 { return p.evidence() + p.Intent + p.Prior + p.Learned + p.Related }

func (p ScoreParts) rounded() ScoreParts {
	return ScoreParts{Lexical: round2(p.Lexical), Concept: round2(p.Concept), Files: round2(p.Files), Intent: round2(p.Intent),
		Semantic: round2(p.Semantic), Prior: round2(p.Prior), Learned: round2(p.Learned), Related: round2(p.Related)}
}

// rank orders the rules: those selected for the task (usually few) are
// sorted, by the sum of their parts; among equal sums the longer
// instruction first, then precedence order. Equal sums mean the task's
// evidence cannot tell the rules apart (the same words and concepts, the
// same category and prior), and a rule that says more about its matter
// (the tool, the path, the limit, the exception) carries more that the
// agent could not have guessed. The others
// (weak evidence, the task's category, the prior, a learned weight) fill
// the budget after them in the order of the same sum, rounded to
// priorStep so that a counting sort suffices, precedence order within a
// step: small differences between fillers mean nothing.
func (c *corpus) rank(idx []int32, sc scoring) []ranked {
	parts := sc.parts
	const passed = 0xFF
	step := make([]uint8, len(idx)) // fillSteps-1-(sum/priorStep), or passed
	var count [fillSteps + 1]int32
	var pass []ranked
	for k := range idx {
		p := &parts[k]
		if ev := p.evidence(); ev > 0 && ev >= sc.minEvidence {
			pass = append(pass, ranked{int32(k), true, p.sum()})
			step[k] = passed
			continue
		}
		s := fillSteps - 1 - min(fillSteps-1, max(0, int(math.Round(p.sum()/priorStep))))
		step[k] = uint8(s)
		count[s+1]++
	}
	slices.SortFunc(pass, func(a, b ranked) int {
		if c := cmp.Compare(b.key, a.key); c != 0 {
			return c
		}
		if d := cmp.Compare(len(c.rules[idx[b.k]].Instruction), len(c.rules[idx[a.k]].Instruction)); d != 0 {
			return d
		}
		return cmp.Compare(a.k, b.k)
	})
	for s := 1; s <= fillSteps; s++ {
		count[s] += count[s-1]
	}
	rank := make([]ranked, len(pass)+int(count[fillSteps]))
	copy(rank, pass)
	fill := rank[len(pass):]
	for k := range idx {
		if s := step[k]; s != passed {
			fill[count[s]] = ranked{k: int32(k)}
			count[s]++
		}
	}
	return rank
}

// fillSteps bounds the sums a filler's place distinguishes (up to
// (fillSteps-1)*priorStep; more ranks as that).
const fillSteps = 255

// reason says in words why a rule was selected.
func reason(r Rule, q *query, pass bool, p *ScoreParts, ms []ruleMatch, sim map[string]float64) string {
	if !pass {
		if p.evidence() > 0 {
			return "in force; fills the budget (shares only words that many rules have with the task)"
		}
		return "in force; fills the budget in prior and precedence order"
	}
	var words, concepts []string
	for _, m := range ms {
		f := q.feats[m.feat]
		if f.weight == 0 {
			continue // a function word or a source root: not evidence
		}
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
	if p.Intent > 0 {
		parts = append(parts, "the task is "+r.Category+" work")
	}
	if s := sim[Key(r)]; s > 0 {
		parts = append(parts, "semantic similarity "+strconv.FormatFloat(s, 'f', 2, 64))
	}
	return strings.Join(parts, "; ")
}

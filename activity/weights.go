package activity

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"syscall"
	"time"
)

// HalfLife is how long it takes a learned count to halve.
const HalfLife = 30 * 24 * time.Hour

// PriorCount is the pseudo-count of a weight's denominator: how many
// outcomes it takes to learn half of what can be learned.
const PriorCount = 4.0

// BadOutcome is how much a bad outcome counts against a rule, against 1
// for a good one.
const BadOutcome = 0.5

// MinWeight is the lowest a learned weight goes.
const MinWeight = -0.5

// MaxTallies bounds the rule × work type pairs a cache keeps.
const MaxTallies = 1024

// AnyWork is the pseudo work type every outcome also counts for.
const AnyWork WorkType = "any"

// Tally is what was learned about one rule for one work type: the decayed
// counts of good and bad outcomes as of At.
type Tally struct {
	Good float64
	Bad  float64
	At   time.Time
}

// decay returns t's counts as of now.
func (t Tally) decay(now time.Time) Tally {
	if !now.After(t.At) {
		return t
	}
	f := math.Exp2(-float64(now.Sub(t.At)) / float64(HalfLife))
	return Tally{Good: t.Good * f, Bad: t.Bad * f, At: now}
}

// add counts good and bad outcomes of time at.
func (t Tally) add(good, bad float64, at time.Time) Tally {
	if at.Before(t.At) {
		f := math.Exp2(-float64(t.At.Sub(at)) / float64(HalfLife))
		good, bad = good*f, bad*f
	} else {
		t = t.decay(at)
	}
	t.Good += good
	t.Bad += bad
	return t
}

// Weight is the learned weight as of now, in [MinWeight, 1].
func (t Tally) Weight(now time.Time) float64 {
	d := t.decay(now)
	w := (d.Good - d.Bad) / (d.Good + d.Bad + PriorCount)
	return max(MinWeight, min(1, w))
}

// Weights are the learned weights of a workspace.
type Weights struct {
	// Rules holds a tally per rule key (brief.Key) and work type.
	Rules map[string]map[WorkType]Tally
	// Outcomes counts the outcomes folded in; Last is when the latest
	// happened.
	Outcomes int
	Last     time.Time
}

// For returns the weights of work at now, by rule key, for
// brief.Options.Learned: those of [AnyWork] when work is empty. Rules
// nothing was learned about are absent.
func (w Weights) For(work WorkType, now time.Time) map[string]float64 {
	if work == "" {
		work = AnyWork
	}
	out := map[string]float64{}
	for key, byWork := range w.Rules {
		if t, ok := byWork[work]; ok {
			out[key] = t.Weight(now)
		}
	}
	return out
}

// Of returns rule key's weights at now by work type, [AnyWork] included;
// nil when nothing was learned about it.
func (w Weights) Of(key string, now time.Time) map[WorkType]float64 {
	byWork := w.Rules[key]
	if len(byWork) == 0 {
		return nil
	}
	out := make(map[WorkType]float64, len(byWork))
	for work, t := range byWork {
		out[work] = math.Round(t.Weight(now)*100) / 100
	}
	return out
}

// Layer is the feed health of the weights layer at now.
func (w Weights) Layer(now time.Time) Layer {
	l := Layer{Name: LayerWeights, Count: w.Outcomes, Last: w.Last}
	switch {
	case w.Outcomes == 0:
		l.State, l.Last = Never, time.Time{}
	case now.Sub(w.Last) > QuietAfter:
		l.State = Quiet
	default:
		l.State = Fresh
	}
	return l
}

// learnTurn folds in the outcomes of the windows one turn's end closed: a
// rule counts once per turn, for the work type of its latest delivery.
func (w *Weights) learnTurn(closed []*Window) {
	seen := map[string]bool{}
	for i := len(closed) - 1; i >= 0; i-- {
		w.learn(closed[i], seen)
	}
}

// learn folds a closed window's outcomes in (see the package's "Learned
// weights"), but for the rules in seen, which it adds to.
func (w *Weights) learn(win *Window, seen map[string]bool) {
	if win.Closed == nil || len(win.Referenced) == 0 {
		return
	}
	good, bad := 0.0, 0.0
	switch {
	case len(win.Failures) == 0:
		good = 1
	case failedOnTied(win):
		bad = BadOutcome
	default:
		return // failures elsewhere: ambiguous
	}
	work := win.Work
	if work == "" {
		work = OtherWork
	}
	if w.Rules == nil {
		w.Rules = map[string]map[WorkType]Tally{}
	}
	for _, key := range win.Referenced {
		if seen[key] {
			continue
		}
		seen[key] = true
		byWork := w.Rules[key]
		if byWork == nil {
			byWork = map[WorkType]Tally{}
			w.Rules[key] = byWork
		}
		byWork[work] = byWork[work].add(good, bad, *win.Closed)
		byWork[AnyWork] = byWork[AnyWork].add(good, bad, *win.Closed)
		w.Outcomes++
	}
	if win.Closed.After(w.Last) {
		w.Last = *win.Closed
	}
}

// failedOnTied says whether the window's turn failed on the files its
// rules are tied to.
func failedOnTied(win *Window) bool {
	tied := win.Files
	if win.Via != ViaFile {
		tied = win.Edited
	}
	for _, f := range win.FailedFiles {
		if slices.Contains(tied, f) {
			return true
		}
	}
	if !win.EndFailed {
		return false
	}
	for _, f := range tied {
		if slices.Contains(win.Edited, f) {
			return true
		}
	}
	return false
}

// bound keeps the MaxTallies strongest tallies (by decayed count at now).
func (w *Weights) bound(now time.Time) {
	n := 0
	for _, byWork := range w.Rules {
		n += len(byWork)
	}
	if n <= MaxTallies {
		return
	}
	type entry struct {
		key  string
		work WorkType
		mass float64
	}
	all := make([]entry, 0, n)
	for key, byWork := range w.Rules {
		for work, t := range byWork {
			d := t.decay(now)
			all = append(all, entry{key, work, d.Good + d.Bad})
		}
	}
	slices.SortFunc(all, func(a, b entry) int {
		if a.mass != b.mass {
			if a.mass < b.mass {
				return -1
			}
			return 1
		}
		if a.key != b.key {
			if a.key < b.key {
				return -1
			}
			return 1
		}
		if a.work < b.work {
			return -1
		}
		return 1
	})
	for _, e := range all[:n-MaxTallies] {
		delete(w.Rules[e.key], e.work)
		if len(w.Rules[e.key]) == 0 {
			delete(w.Rules, e.key)
		}
	}
}

// foldState is the fold's state: how far the log was folded, and into
// what.
type foldState struct {
	// Read is how many bytes of each segment were folded.
	Read    map[string]int64 `json:"read"`
	Windows windowFold       `json:"windows"`
	Weights Weights          `json:"-"`
}

const (
	// cacheFile holds the fold's state and the learned weights (see
	// [Store.Fold] for its format).
	cacheFile = "weights.tsv"
	// cacheHead is its first line.
	cacheHead = "autofix-weights\t1\n"
	// openFor is how long a window waits for its turn's end in the cache.
	openFor = 24 * time.Hour
)

// CachedWeights reads the weights the last fold left, without folding.
// No cache (never folded, or forgotten), or one of another format, is no
// weights.
func (s Store) CachedWeights() (Weights, error) {
	st, err := s.readCache("")
	return st.Weights, err
}

// CachedFor reads the weights of work at now that the last fold left,
// without folding: what the hook uses before it selects. Only the lines of
// that work type are parsed.
func (s Store) CachedFor(work WorkType, now time.Time) (map[string]float64, error) {
	if work == "" {
		work = AnyWork
	}
	st, err := s.readCache(work)
	return st.Weights.For(work, now), err
}

// readCache reads the cache; with only set, the state line is skipped and
// only the tallies of that work type are read. Missing, unreadable lines
// or another format: an empty state.
func (s Store) readCache(only WorkType) (foldState, error) {
	st := foldState{Read: map[string]int64{}}
	data, err := os.ReadFile(filepath.Join(s.Dir, cacheFile))
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
		// No cache, or no folder for one (what is in its place is the
		// log's problem, reported when it is written).
		return st, nil
	}
	if err != nil {
		return st, fmt.Errorf("read the learned weights: %w", err)
	}
	rest, ok := bytes.CutPrefix(data, []byte(cacheHead))
	if !ok {
		return st, nil
	}
	stateLine, rest, _ := bytes.Cut(rest, []byte("\n"))
	var head struct {
		foldState
		Outcomes int   `json:"outcomes"`
		Last     int64 `json:"last"`
	}
	if only == "" {
		if json.Unmarshal(stateLine, &head) != nil {
			return foldState{Read: map[string]int64{}}, nil
		}
		st = head.foldState
		if st.Read == nil {
			st.Read = map[string]int64{}
		}
		st.Weights.Outcomes = head.Outcomes
		if head.Last != 0 {
			st.Weights.Last = time.Unix(head.Last, 0).UTC()
		}
	}
	st.Weights.Rules = map[string]map[WorkType]Tally{}
	for len(rest) > 0 {
		var line []byte
		line, rest, _ = bytes.Cut(rest, []byte("\n"))
		key, line, ok1 := bytes.Cut(line, []byte("\t"))
		work, line, ok2 := bytes.Cut(line, []byte("\t"))
		if !ok1 || !ok2 || only != "" && string(work) != string(only) {
			continue
		}
		good, line, _ := bytes.Cut(line, []byte("\t"))
		bad, at, _ := bytes.Cut(line, []byte("\t"))
		g, err1 := strconv.ParseFloat(string(good), 64)
		b, err2 := strconv.ParseFloat(string(bad), 64)
		t, err3 := strconv.ParseInt(string(at), 10, 64)
		if err1 != nil || err2 != nil || err3 != nil {
			continue
		}
		byWork := st.Weights.Rules[string(key)]
		if byWork == nil {
			byWork = map[WorkType]Tally{}
			st.Weights.Rules[string(key)] = byWork
		}
		byWork[WorkType(work)] = Tally{Good: g, Bad: b, At: time.UnixMilli(t).UTC()}
	}
	return st, nil
}

// writeCache saves the state: written whole to a temporary file and
// renamed, so that a reader sees the old cache or the new one.
func (s Store) writeCache(st foldState) error {
	head := struct {
		foldState
		Outcomes int   `json:"outcomes"`
		Last     int64 `json:"last"`
	}{foldState: st, Outcomes: st.Weights.Outcomes}
	if !st.Weights.Last.IsZero() {
		head.Last = st.Weights.Last.Unix()
	}
	state, err := json.Marshal(head)
	if err != nil {
		return fmt.Errorf("save the learned weights: %w", err)
	}
	buf := make([]byte, 0, len(cacheHead)+len(state)+64*len(st.Weights.Rules))
	buf = append(append(append(buf, cacheHead...), state...), '\n')
	for _, key := range slices.Sorted(maps.Keys(st.Weights.Rules)) {
		byWork := st.Weights.Rules[key]
		for _, work := range slices.Sorted(maps.Keys(byWork)) {
			t := byWork[work]
			buf = append(append(append(append(buf, key...), '\t'), work...), '\t')
			buf = strconv.AppendFloat(buf, t.Good, 'g', -1, 64)
			buf = append(buf, '\t')
			buf = strconv.AppendFloat(buf, t.Bad, 'g', -1, 64)
			buf = append(buf, '\t')
			buf = strconv.AppendInt(buf, t.At.UnixMilli(), 10)
			buf = append(buf, '\n')
		}
	}
	f, err := os.CreateTemp(s.Dir, cacheFile+".*.tmp")
	if err != nil {
		return fmt.Errorf("save the learned weights: %w", err)
	}
	_, werr := f.Write(buf)
	cerr := f.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("save the learned weights: %w", err)
	}
	if err := os.Rename(f.Name(), filepath.Join(s.Dir, cacheFile)); err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("save the learned weights: %w", err)
	}
	return nil
}

// Weights folds what the log gained since the last fold into the learned
// weights and returns them: [Store.Fold] without a bound.
func (s Store) Weights(now time.Time) (Weights, error) {
	return s.Fold(now, 0)
}

// Fold folds at most maxBytes (0: all) of what the log gained since the
// last fold into the learned weights, saves them when they changed, and
// returns them. A cache that does not parse or is of another format is
// rebuilt from the log. Two processes folding at once each write a whole
// cache (a temporary file, renamed): the later one wins, consistent with
// the bytes it read, and what it had not read is folded the next time;
// nothing is counted twice.
func (s Store) Fold(now time.Time, maxBytes int64) (Weights, error) {
	st, err := s.readCache("")
	if err != nil {
		return Weights{}, err
	}
	segs, err := s.segments()
	if err != nil {
		return Weights{}, err
	}
	changed := false
	present := map[string]bool{}
	budget := maxBytes
	for _, e := range segs {
		name := e.Name()
		present[name] = true
		if maxBytes > 0 && budget <= 0 {
			break
		}
		fi, err := e.Info()
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return Weights{}, fmt.Errorf("read the activity folder: %w", err)
		}
		from := st.Read[name]
		if fi.Size() <= from {
			continue
		}
		n, err := s.foldSegment(&st, name, from, fi.Size(), budget, maxBytes > 0)
		if err != nil {
			return Weights{}, err
		}
		if n > 0 {
			st.Read[name] = from + n
			budget -= n
			changed = true
		}
	}
	for name := range st.Read {
		if !present[name] {
			delete(st.Read, name) // pruned: what it taught stays, decaying
			changed = true
		}
	}
	if !changed {
		return st.Weights, nil
	}
	for session, ws := range st.Windows.Open {
		if len(ws) == 0 || now.Sub(ws[len(ws)-1].Opened) > openFor {
			delete(st.Windows.Open, session)
		}
	}
	st.Weights.bound(now)
	if err := s.writeCache(st); err != nil {
		return Weights{}, err
	}
	return st.Weights, nil
}

// foldSegment folds the whole lines of segment name from byte from to
// size (at most budget bytes when bounded) and returns how many bytes it
// folded.
func (s Store) foldSegment(st *foldState, name string, from, size, budget int64, bounded bool) (int64, error) {
	f, err := os.Open(filepath.Join(s.Dir, name))
	if errors.Is(err, fs.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("read the activity log: %w", err)
	}
	defer f.Close()
	n := size - from
	if bounded && n > budget {
		n = budget
	}
	data := make([]byte, n)
	if _, err := io.ReadFull(io.NewSectionReader(f, from, n), data); err != nil {
		return 0, fmt.Errorf("read the activity log: %w", err)
	}
	end := bytes.LastIndexByte(data, '\n') + 1
	if end == 0 && bounded && n < size-from {
		// One line larger than the budget: fold it anyway.
		return s.foldSegment(st, name, from, size, size-from, false)
	}
	log := Log{}
	log.parse(data[:end])
	for _, r := range log.Records {
		_, closed := st.Windows.add(r)
		st.Weights.learnTurn(closed)
	}
	return int64(end), nil
}

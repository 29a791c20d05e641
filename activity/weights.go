package activity

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
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

// weightsVersion is the format version of the cache files; another one is
// rebuilt from the log.
const weightsVersion = 1

// Tally is what was learned about one rule for one work type: the decayed
// counts of good and bad outcomes as of At.
type Tally struct {
	Good float64   `json:"g"`
	Bad  float64   `json:"b"`
	At   time.Time `json:"t"`
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
	V int `json:"v"`
	// Rules holds a tally per rule key (brief.Key) and work type.
	Rules map[string]map[WorkType]Tally `json:"rules"`
	// Outcomes counts the outcomes folded in; Last is when the latest
	// happened.
	Outcomes int       `json:"outcomes"`
	Last     time.Time `json:"last"`
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

// foldState is fold.json: how far the log was folded, and into what.
type foldState struct {
	V int `json:"v"`
	// Read is how many bytes of each segment were folded.
	Read    map[string]int64 `json:"read"`
	Windows windowFold       `json:"windows"`
	Weights Weights          `json:"weights"`
}

const (
	foldFile    = "fold.json"
	weightsFile = "weights.json"
	// openFor is how long a window waits for its turn's end in the cache.
	openFor = 24 * time.Hour
)

// CachedWeights reads the weights the last fold left, without folding:
// what the hook uses. No cache (never folded, or forgotten), or one of
// another format, is no weights.
func (s Store) CachedWeights() (Weights, error) {
	data, err := os.ReadFile(filepath.Join(s.Dir, weightsFile))
	if errors.Is(err, fs.ErrNotExist) {
		return Weights{}, nil
	}
	if err != nil {
		return Weights{}, fmt.Errorf("read the learned weights: %w", err)
	}
	var w Weights
	if json.Unmarshal(data, &w) != nil || w.V != weightsVersion {
		return Weights{}, nil
	}
	return w, nil
}

// Weights folds what the log gained since the last fold into the learned
// weights and returns them: [Store.Fold] without a bound.
func (s Store) Weights(now time.Time) (Weights, error) {
	return s.Fold(now, 0)
}

// Fold folds at most maxBytes (0: all) of what the log gained since the
// last fold into the learned weights, saves them when they changed, and
// returns them. A cache that does not parse or is of another format is
// rebuilt from the log; so are the folds of two processes at once, the
// later one's cache winning whole (each is written to a temporary file and
// renamed).
func (s Store) Fold(now time.Time, maxBytes int64) (Weights, error) {
	st := s.readFold()
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
	if err := s.writeFold(st); err != nil {
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

// readFold reads fold.json; missing, unreadable or of another format, it
// starts over.
func (s Store) readFold() foldState {
	st := foldState{}
	if data, err := os.ReadFile(filepath.Join(s.Dir, foldFile)); err == nil {
		if json.Unmarshal(data, &st) != nil || st.V != weightsVersion {
			st = foldState{}
		}
	}
	st.V, st.Weights.V = weightsVersion, weightsVersion
	if st.Read == nil {
		st.Read = map[string]int64{}
	}
	return st
}

// writeFold saves fold.json, then weights.json.
func (s Store) writeFold(st foldState) error {
	if err := writeFileAtomic(s.Dir, foldFile, st); err != nil {
		return err
	}
	return writeFileAtomic(s.Dir, weightsFile, st.Weights)
}

func writeFileAtomic(dir, name string, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("save the learned weights: %w", err)
	}
	f, err := os.CreateTemp(dir, name+".*.tmp")
	if err != nil {
		return fmt.Errorf("save the learned weights: %w", err)
	}
	_, werr := f.Write(data)
	cerr := f.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("save the learned weights: %w", err)
	}
	if err := os.Rename(f.Name(), filepath.Join(dir, name)); err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("save the learned weights: %w", err)
	}
	return nil
}

package activity

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// segments lists the store's segment files, oldest first.
func (s Store) segments() ([]fs.DirEntry, error) {
	entries, err := os.ReadDir(s.Dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read the activity folder: %w", err)
	}
	var segs []fs.DirEntry
	for _, e := range entries {
		if e.Type().IsRegular() && strings.HasSuffix(e.Name(), ".jsonl") {
			segs = append(segs, e)
		}
	}
	// Names are dates: lexical order is time order.
	slices.SortFunc(segs, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return segs, nil
}

// Prune deletes the segments older than the store's MaxAge at now, then
// the oldest while the total size is over MaxBytes. The newest segment is
// never deleted for size: it is the one being written.
func (s Store) Prune(now time.Time) error {
	segs, err := s.segments()
	if err != nil {
		return err
	}
	limits := s.limits()
	oldest := segmentName(now.Add(-limits.MaxAge))
	type seg struct {
		name string
		size int64
	}
	var kept []seg
	var total int64
	for _, e := range segs {
		if e.Name() < oldest {
			if err := remove(filepath.Join(s.Dir, e.Name())); err != nil {
				return err
			}
			continue
		}
		fi, err := e.Info()
		if errors.Is(err, fs.ErrNotExist) {
			continue // pruned by another session
		}
		if err != nil {
			return fmt.Errorf("read the activity folder: %w", err)
		}
		kept = append(kept, seg{e.Name(), fi.Size()})
		total += fi.Size()
	}
	for i := 0; total > limits.MaxBytes && i < len(kept)-1; i++ {
		if err := remove(filepath.Join(s.Dir, kept[i].name)); err != nil {
			return err
		}
		total -= kept[i].size
	}
	return nil
}

func remove(path string) error {
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("prune the activity log: %w", err)
	}
	return nil
}

// Log is what [Store.Read] found.
type Log struct {
	// Records are the records of the current version, in the order written
	// (oldest segment first).
	Records []Record
	// Skipped counts the lines left out: of another format version, or
	// that do not parse (a line torn by a crash, say).
	Skipped int
}

// Read reads every segment of the store.
func (s Store) Read() (Log, error) {
	segs, err := s.segments()
	if err != nil {
		return Log{}, err
	}
	var log Log
	for _, e := range segs {
		data, err := os.ReadFile(filepath.Join(s.Dir, e.Name()))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return Log{}, fmt.Errorf("read the activity log: %w", err)
		}
		log.parse(data)
	}
	return log, nil
}

// parse adds the records of data, whole lines of a segment, to l.
func (l *Log) parse(data []byte) {
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for sc.Scan() {
		line := sc.Bytes()
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		r, ok := decode(line)
		if !ok {
			l.Skipped++
			// A line torn by a crash runs into the next record:
			// that one is whole, from its own start.
			i := bytes.LastIndex(line, []byte(`{"v":`))
			if i <= 0 {
				continue
			}
			if r, ok = decode(line[i:]); !ok {
				continue
			}
		}
		l.Records = append(l.Records, r)
	}
	if sc.Err() != nil {
		// A line over a megabyte: not one of ours.
		l.Skipped++
	}
}

// decode reads one line; false when it does not parse or is of another
// version.
func decode(line []byte) (Record, bool) {
	var r Record
	if json.Unmarshal(line, &r) != nil || r.V != Version {
		return Record{}, false
	}
	return r, true
}

// Layer is the feed health of one derived layer.
type Layer struct {
	Name string `json:"name"`
	// State is [Fresh], [Quiet] or [Never].
	State string `json:"state"`
	// Last is when the layer was last fed; zero when never.
	Last time.Time `json:"last"`
	// Count is how many records fed it.
	Count int `json:"count"`
}

// The states of a layer.
const (
	Fresh = "fresh"
	Quiet = "quiet"
	Never = "never"
)

// QuietAfter is how long without a record makes a layer quiet.
const QuietAfter = 7 * 24 * time.Hour

// The layers a fold reports.
const (
	LayerDeliveries = "deliveries"
	LayerOutcomes   = "outcomes"
	LayerWeights    = "weights"
	LayerGuardrails = "guardrails"
)

// Health folds the log into each layer's feed health at now: deliveries
// (records that delivered rules), outcomes (tool calls and turn ends),
// weights (the outcomes folded into w, see [Weights.Layer]) and guardrails
// (tool calls a check denied or warned about; see [Log.Guarded]).
// [Log.Skipped] feeds none of them.
func (l Log) Health(now time.Time, w Weights) []Layer {
	layers := []Layer{{Name: LayerDeliveries}, {Name: LayerOutcomes}, {Name: LayerGuardrails}}
	for _, r := range l.Records {
		var ly *Layer
		switch {
		case len(r.Rules) > 0:
			ly = &layers[0]
		case r.Event == Tool || r.Event == Stop:
			ly = &layers[1]
		case r.Event == Guard:
			ly = &layers[2]
		default:
			continue
		}
		ly.Count++
		if r.Time.After(ly.Last) {
			ly.Last = r.Time
		}
	}
	for i := range layers {
		ly := &layers[i]
		switch {
		case ly.Count == 0:
			ly.State = Never
		case now.Sub(ly.Last) > QuietAfter:
			ly.State = Quiet
		default:
			ly.State = Fresh
		}
	}
	return []Layer{layers[0], layers[1], w.Layer(now), layers[2]}
}

// Guarded counts the tool calls that guardrails denied and those they only
// warned about.
func (l Log) Guarded() (denied, warned int) {
	for _, r := range l.Records {
		if r.Event != Guard {
			continue
		}
		if len(r.Denied) > 0 {
			denied++
		} else if len(r.Warned) > 0 {
			warned++
		}
	}
	return denied, warned
}

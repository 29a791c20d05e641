// Package cochange derives which workspace files change together: from the
// local git history (files of one commit) and from the activity log (files
// edited in one agent session). A pair counts from [MinCount] co-changes
// on, and fades once it stops changing together: each co-change weighs
// half as much every [HalfLife] before the newest change of its source, and
// a pair whose weight falls under [MinWeight] is dropped.
//
// The graph is small and cached (see [Graph]), so the hook reads it
// instead of reading git's history on every call.
package cochange

import (
	"bufio"
	"cmp"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/autofix/autofix/activity"
)

// The sources of a co-change.
const (
	Git      = "git"
	Sessions = "sessions"
)

const (
	// MaxCommits is how many of the newest commits are read.
	MaxCommits = 500
	// MaxFiles skips a change of more files (a mass rename, a format run):
	// it says nothing about which files belong together.
	MaxFiles = 30
	// MinCount is the noise floor: one co-change is coincidence.
	MinCount = 2
	// HalfLife is how fast a co-change fades.
	HalfLife = 60 * 24 * time.Hour
	// MinWeight drops a pair whose co-changes have faded.
	MinWeight = 1.0
	// MaxNeighbours bounds the neighbours kept per file.
	MaxNeighbours = 20
)

// Change is one set of files changed together.
type Change struct {
	Time   time.Time
	Source string
	Files  []string
}

// GitLogArgs are the arguments of the git log whose output [ParseGitLog]
// reads.
var GitLogArgs = []string{"-c", "core.quotePath=false", "log", "-n", strconv.Itoa(MaxCommits), "--no-merges", "--no-renames", "--name-only", "--format=%x00%ct"}

// ParseGitLog reads the output of git with [GitLogArgs]: one change per
// commit.
func ParseGitLog(r io.Reader) ([]Change, error) {
	var out []Change
	var cur *Change
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "\x00") {
			sec, err := strconv.ParseInt(strings.TrimSpace(line[1:]), 10, 64)
			if err != nil {
				continue
			}
			out = append(out, Change{Time: time.Unix(sec, 0).UTC(), Source: Git})
			cur = &out[len(out)-1]
			continue
		}
		if line = strings.TrimSpace(line); line != "" && cur != nil {
			cur.Files = append(cur.Files, line)
		}
	}
	return out, sc.Err()
}

// FromActivity turns the log into changes: the files each session edited
// (tool calls that wrote and did not fail).
func FromActivity(records []activity.Record) []Change {
	bySession := map[string]*Change{}
	var order []string
	for _, r := range records {
		if r.Event != activity.Tool || !r.Wrote || r.Outcome != activity.OK && r.Outcome != "" || r.Session == "" {
			continue
		}
		c := bySession[r.Session]
		if c == nil {
			c = &Change{Source: Sessions}
			bySession[r.Session] = c
			order = append(order, r.Session)
		}
		c.Time = r.Time
		for _, p := range r.Paths {
			if !slices.Contains(c.Files, p) {
				c.Files = append(c.Files, p)
			}
		}
	}
	out := make([]Change, 0, len(order))
	for _, s := range order {
		out = append(out, *bySession[s])
	}
	return out
}

// Neighbour is a file that changes together with another.
type Neighbour struct {
	File   string `json:"file"`
	Count  int    `json:"count"`
	Source string `json:"source"`
}

// Graph is the co-change graph: each file's neighbours, most co-changes
// first, at most MaxNeighbours each. It is what the cache holds.
type Graph struct {
	Built      time.Time              `json:"built"`
	Neighbours map[string][]Neighbour `json:"neighbours"`
	// Delivered are the rule keys the hooks delivered for each file.
	Delivered map[string][]string `json:"delivered,omitempty"`
	// Changes counts the changes read, by source; Last is the newest.
	Changes map[string]int `json:"changes"`
	Last    time.Time      `json:"last"`
}

type pair struct{ a, b, source string }

// Build folds changes into the graph at now.
func Build(changes []Change, now time.Time) Graph {
	newest := map[string]time.Time{}
	for _, c := range changes {
		if c.Time.After(newest[c.Source]) {
			newest[c.Source] = c.Time
		}
	}
	count := map[pair]int{}
	weight := map[pair]float64{}
	g := Graph{Built: now, Neighbours: map[string][]Neighbour{}, Changes: map[string]int{}}
	for _, c := range changes {
		g.Changes[c.Source]++
		if c.Time.After(g.Last) {
			g.Last = c.Time
		}
		files := slices.Compact(slices.Sorted(slices.Values(c.Files)))
		if len(files) < 2 || len(files) > MaxFiles {
			continue
		}
		w := math.Pow(0.5, float64(newest[c.Source].Sub(c.Time))/float64(HalfLife))
		for i, a := range files {
			for _, b := range files[i+1:] {
				p := pair{a, b, c.Source}
				count[p]++
				weight[p] += w
			}
		}
	}
	for p, n := range count {
		if n < MinCount || weight[p] < MinWeight {
			continue
		}
		g.Neighbours[p.a] = append(g.Neighbours[p.a], Neighbour{File: p.b, Count: n, Source: p.source})
		g.Neighbours[p.b] = append(g.Neighbours[p.b], Neighbour{File: p.a, Count: n, Source: p.source})
	}
	for f, ns := range g.Neighbours {
		slices.SortFunc(ns, func(x, y Neighbour) int {
			return cmp.Or(cmp.Compare(y.Count, x.Count), strings.Compare(x.File, y.File), strings.Compare(x.Source, y.Source))
		})
		if len(ns) > MaxNeighbours {
			ns = ns[:MaxNeighbours]
		}
		g.Neighbours[f] = ns
	}
	return g
}

// DeliveredFor maps each file to the keys of the rules the hooks delivered
// before it was written, each once, at most 20 per file.
func DeliveredFor(records []activity.Record) map[string][]string {
	out := map[string][]string{}
	for _, r := range records {
		if r.Event != activity.FileEdit || len(r.Rules) == 0 {
			continue
		}
		for _, p := range r.Paths {
			for _, k := range r.Rules {
				if len(out[p]) < 20 && !slices.Contains(out[p], k) {
					out[p] = append(out[p], k)
				}
			}
		}
	}
	return out
}

// Keep drops the files for which exists is false, as files and as
// neighbours: a file deleted since is no longer edited with anything.
func (g *Graph) Keep(exists func(file string) bool) {
	known := map[string]bool{}
	ok := func(f string) bool {
		v, seen := known[f]
		if !seen {
			v = exists(f)
			known[f] = v
		}
		return v
	}
	for f, ns := range g.Neighbours {
		if !ok(f) {
			delete(g.Neighbours, f)
			continue
		}
		kept := ns[:0]
		for _, n := range ns {
			if ok(n.File) {
				kept = append(kept, n)
			}
		}
		if len(kept) == 0 {
			delete(g.Neighbours, f)
		} else {
			g.Neighbours[f] = kept
		}
	}
}

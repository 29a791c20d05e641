package cochange

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
)

// The cache is one line of JSON for the graph's header, then one line per
// file: the file's path, a tab, and its neighbours and the rules delivered
// for it as JSON. The hook looks up the few files it needs by the path
// before the tab, and decodes only their lines.

type header struct {
	Built   time.Time      `json:"built"`
	Last    time.Time      `json:"last"`
	Changes map[string]int `json:"changes"`
}

type fileLine struct {
	Neighbours []Neighbour `json:"n,omitempty"`
	Delivered  []string    `json:"d,omitempty"`
}

// Encode renders g as the cache file. A path with a tab or a newline is
// left out.
func Encode(g Graph) ([]byte, error) {
	var b bytes.Buffer
	h, err := json.Marshal(header{Built: g.Built, Last: g.Last, Changes: g.Changes})
	if err != nil {
		return nil, fmt.Errorf("encode the co-change graph: %w", err)
	}
	b.Write(h)
	b.WriteByte('\n')
	files := map[string]bool{}
	for f := range g.Neighbours {
		files[f] = true
	}
	for f := range g.Delivered {
		files[f] = true
	}
	for _, f := range slices.Sorted(func(yield func(string) bool) {
		for f := range files {
			if !yield(f) {
				return
			}
		}
	}) {
		if strings.ContainsAny(f, "\t\n") {
			continue
		}
		line, err := json.Marshal(fileLine{Neighbours: g.Neighbours[f], Delivered: g.Delivered[f]})
		if err != nil {
			return nil, fmt.Errorf("encode the co-change graph: %w", err)
		}
		b.WriteString(f)
		b.WriteByte('\t')
		b.Write(line)
		b.WriteByte('\n')
	}
	return b.Bytes(), nil
}

// Decode reads a whole cache file.
func Decode(data []byte) (Graph, error) { return decode(data, nil) }

// Lookup reads from a cache file only what a write of the edited files
// needs: their neighbours, and the rules delivered for those.
func Lookup(data []byte, edited []string) (Graph, error) {
	want := map[string]bool{}
	for _, f := range edited {
		want[f] = true
	}
	g, err := decode(data, want)
	if err != nil {
		return g, err
	}
	more := map[string]bool{}
	for _, ns := range g.Neighbours {
		for _, n := range ns {
			more[n.File] = true
		}
	}
	if len(more) == 0 {
		return g, nil
	}
	nb, err := decode(data, more)
	if err != nil {
		return g, err
	}
	for f, d := range nb.Delivered {
		g.Delivered[f] = d
	}
	return g, nil
}

var errCorrupt = errors.New("the co-change cache does not parse")

// decode reads the header and the lines of the files in want (all when
// want is nil).
func decode(data []byte, want map[string]bool) (Graph, error) {
	i := bytes.IndexByte(data, '\n')
	if i < 0 {
		return Graph{}, errCorrupt
	}
	var h header
	if json.Unmarshal(data[:i], &h) != nil {
		return Graph{}, errCorrupt
	}
	g := Graph{Built: h.Built, Last: h.Last, Changes: h.Changes, Neighbours: map[string][]Neighbour{}, Delivered: map[string][]string{}}
	for rest := data[i+1:]; len(rest) > 0; {
		line := rest
		if j := bytes.IndexByte(rest, '\n'); j >= 0 {
			line, rest = rest[:j], rest[j+1:]
		} else {
			rest = nil
		}
		tab := bytes.IndexByte(line, '\t')
		if tab < 0 {
			return Graph{}, errCorrupt
		}
		if want != nil && !want[string(line[:tab])] {
			continue
		}
		var fl fileLine
		if json.Unmarshal(line[tab+1:], &fl) != nil {
			return Graph{}, errCorrupt
		}
		f := string(line[:tab])
		if len(fl.Neighbours) > 0 {
			g.Neighbours[f] = fl.Neighbours
		}
		if len(fl.Delivered) > 0 {
			g.Delivered[f] = fl.Delivered
		}
	}
	return g, nil
}

package brief

// wordTable maps words to int32 values and keeps the keys in the order
// they were first put, so that an id given in that order finds its key
// again (see [corpus.term]).
//
// It was an open-addressing table with a byte arena and a cache of short
// keys in front. Replaced by a map together with the 8-byte scans of
// plainLen and rules.printableASCII, the hook path measured the same
// (medians of 6, interleaved, 2 shared cores): BenchmarkPath CPU time
// -3% geomean, cmd's BenchmarkContext +4% geomean, neither significant;
// the 20% a hand-made structure must win was not there.
type wordTable struct {
	vals map[string]int32
	keys []string
}

func newWordTable(size int) *wordTable {
	return &wordTable{vals: make(map[string]int32, size), keys: make([]string, 0, size)}
}

// get returns the value of w, if w is in the table.
func (t *wordTable) get(w []byte) (int32, bool) {
	v, ok := t.vals[string(w)]
	return v, ok
}

// put sets the value of w.
func (t *wordTable) put(w []byte, val int32) {
	if _, ok := t.vals[string(w)]; ok {
		t.vals[string(w)] = val
		return
	}
	k := string(w)
	t.keys = append(t.keys, k)
	t.vals[k] = val
}

// key returns the key of the k-th entry put in the table.
func (t *wordTable) key(k int32) string { return t.keys[k] }

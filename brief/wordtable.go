package brief

import "hash/maphash"

// wordTable maps words (byte strings) to int32 values: an open-addressing
// hash table that stores its keys in one byte arena, so that a lookup
// costs no allocation and an insert no string of its own. The hash is
// seeded per table, so that a hostile ruleset cannot choose words that
// collide.
type wordTable struct {
	seed  maphash.Seed
	slots []int32 // index+1 into ents; 0 is empty; len is a power of 2
	ents  []wordEnt
	keys  []byte
}

type wordEnt struct {
	off, n int32
	hash   uint32
	val    int32
}

func newWordTable(size int) *wordTable {
	n := 64
	for n < 2*size {
		n *= 2
	}
	return &wordTable{
		seed:  maphash.MakeSeed(),
		slots: make([]int32, n),
		ents:  make([]wordEnt, 0, size),
		keys:  make([]byte, 0, 8*size),
	}
}

// get returns the value of w, if w is in the table.
func (t *wordTable) get(w []byte) (int32, bool) {
	h := uint32(maphash.Bytes(t.seed, w))
	_, e := t.find(w, h)
	if e == nil {
		return 0, false
	}
	return e.val, true
}

// find returns the slot of w and its entry, or nil and the empty slot
// where w would go.
func (t *wordTable) find(w []byte, h uint32) (int, *wordEnt) {
	mask := len(t.slots) - 1
	for i := int(h) & mask; ; i = (i + 1) & mask {
		s := t.slots[i]
		if s == 0 {
			return i, nil
		}
		e := &t.ents[s-1]
		if e.hash == h && int(e.n) == len(w) && string(t.keys[e.off:e.off+e.n]) == string(w) {
			return i, e
		}
	}
}

// put sets the value of w.
func (t *wordTable) put(w []byte, val int32) {
	h := uint32(maphash.Bytes(t.seed, w))
	i, e := t.find(w, h)
	if e != nil {
		e.val = val
		return
	}
	t.keys = append(t.keys, w...)
	t.ents = append(t.ents, wordEnt{off: int32(len(t.keys) - len(w)), n: int32(len(w)), hash: h, val: val})
	t.slots[i] = int32(len(t.ents))
	if 4*len(t.ents) >= 3*len(t.slots) {
		t.grow()
	}
}

func (t *wordTable) grow() {
	t.slots = make([]int32, 2*len(t.slots))
	mask := len(t.slots) - 1
	for k, e := range t.ents {
		i := int(e.hash) & mask
		for t.slots[i] != 0 {
			i = (i + 1) & mask
		}
		t.slots[i] = int32(k + 1)
	}
}

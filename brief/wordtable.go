package brief

import (
	"encoding/binary"
	"hash/maphash"
)

// wordTable maps words (byte strings) to int32 values: an open-addressing
// hash table that stores its keys in one byte arena, so that a lookup
// costs no allocation and an insert no string of its own. The hash is
// seeded per table, so that a hostile ruleset cannot choose words that
// collide.
type wordTable struct {
	seed maphash.Seed
	// slots hold the hash of an entry's key in the high 32 bits and its
	// index+1 in ents in the low ones (0 is empty), so that most misses
	// are decided without reading the entry; len is a power of 2.
	slots []uint64
	ents  []wordEnt
	keys  []byte
	// recent is a small direct-mapped cache of short keys in front of the
	// table: the frequent words of a ruleset are found there without the
	// seeded hash or a cache miss on the big table. A hostile choice of
	// words can only make it miss.
	recent [recentSize]recentEnt
}

const recentSize = 1024

type recentEnt struct {
	key [recentKey]byte
	n   uint8 // length of key; 0 is empty
	val int32
}

const recentKey = 16 // longest key kept in recent

// recentSlot returns the slot of w in recent, or -1 when w is too long.
func recentSlot(w []byte) int {
	if len(w) == 0 || len(w) > recentKey {
		return -1
	}
	var x uint64
	if len(w) >= 8 {
		x = binary.LittleEndian.Uint64(w) ^ binary.LittleEndian.Uint64(w[len(w)-8:])<<1
	} else {
		for i, c := range w {
			x |= uint64(c) << (8 * i)
		}
	}
	x ^= uint64(len(w))
	return int((x * 0x9E3779B97F4A7C15) >> (64 - 10))
}

type wordEnt struct {
	off, n int32
	hash   uint32
	val    int32
}

func newWordTable(size int) *wordTable {
	n := 64
	for 3*n < 4*size+4 {
		n *= 2
	}
	return &wordTable{
		seed:  maphash.MakeSeed(),
		slots: make([]uint64, n),
		ents:  make([]wordEnt, 0, size),
		keys:  make([]byte, 0, 8*size),
	}
}

// get returns the value of w, if w is in the table.
func (t *wordTable) get(w []byte) (int32, bool) {
	r := recentSlot(w)
	if r >= 0 {
		if c := &t.recent[r]; int(c.n) == len(w) && string(c.key[:c.n]) == string(w) {
			return c.val, true
		}
	}
	h := uint32(maphash.Bytes(t.seed, w))
	_, e := t.find(w, h)
	if e == nil {
		return 0, false
	}
	if r >= 0 {
		t.remember(r, w, e.val)
	}
	return e.val, true
}

func (t *wordTable) remember(r int, w []byte, val int32) {
	c := &t.recent[r]
	copy(c.key[:], w)
	c.n, c.val = uint8(len(w)), val
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
		if uint32(s>>32) != h {
			continue
		}
		e := &t.ents[uint32(s)-1]
		if int(e.n) == len(w) && string(t.keys[e.off:e.off+e.n]) == string(w) {
			return i, e
		}
	}
}

// put sets the value of w.
func (t *wordTable) put(w []byte, val int32) {
	h := uint32(maphash.Bytes(t.seed, w))
	if r := recentSlot(w); r >= 0 {
		t.remember(r, w, val)
	}
	i, e := t.find(w, h)
	if e != nil {
		e.val = val
		return
	}
	t.keys = append(t.keys, w...)
	t.ents = append(t.ents, wordEnt{off: int32(len(t.keys) - len(w)), n: int32(len(w)), hash: h, val: val})
	t.slots[i] = uint64(h)<<32 | uint64(len(t.ents))
	if 4*len(t.ents) >= 3*len(t.slots) {
		t.grow()
	}
}

func (t *wordTable) grow() {
	t.slots = make([]uint64, 2*len(t.slots))
	mask := len(t.slots) - 1
	for k, e := range t.ents {
		i := int(e.hash) & mask
		for t.slots[i] != 0 {
			i = (i + 1) & mask
		}
		t.slots[i] = uint64(e.hash)<<32 | uint64(k+1)
	}
}

// key returns the key of the k-th entry put in the table.
func (t *wordTable) key(k int32) []byte {
	e := &t.ents[k]
	return t.keys[e.off : e.off+e.n : e.off+e.n]
}

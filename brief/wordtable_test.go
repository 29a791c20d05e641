package brief

import (
	"strconv"
	"testing"
)

// TestWordTable fills a table far past its first size with short, medium
// and long keys, and checks every key, its value, its place in insertion
// order and misses.
func TestWordTable(t *testing.T) {
	word := func(i int) string {
		return []string{"w", "medium-", "a-rather-long-word-"}[i%3] + strconv.Itoa(i)
	}
	tab := newWordTable(1)
	const n = 6000
	for i := range n {
		tab.put([]byte(word(i)), int32(i))
	}
	for i := range n {
		if v, ok := tab.get([]byte(word(i))); !ok || v != int32(i) {
			t.Fatalf("get(%q) = %d, %v", word(i), v, ok)
		}
	}
	tab.put([]byte(word(7)), -1) // a new value, not a new entry
	for i := range n {
		w := word(i)
		want := int32(i)
		if i == 7 {
			want = -1
		}
		if v, ok := tab.get([]byte(w)); !ok || v != want {
			t.Fatalf("get(%q) = %d, %v; want %d", w, v, ok, want)
		}
		if k := string(tab.key(int32(i))); k != w {
			t.Fatalf("key(%d) = %q, want %q", i, k, w)
		}
	}
	for _, w := range []string{"", "w", "w6000", "x1", "medium-2", "a-rather-long-word-0"} {
		if _, ok := tab.get([]byte(w)); ok {
			t.Errorf("get(%q) found a key never put", w)
		}
	}
}

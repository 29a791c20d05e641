package brief

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// slowPlainLen is the byte-by-byte check.
func slowPlainLen(s string) (int, bool) {
	s = strings.TrimSpace(s)
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf || c < ' ' || c == 0x7f || c == ' ' && s[i+1] == ' ' {
			return 0, false
		}
	}
	return len(s), true
}

// FuzzPlainLen compares plainLen with the byte-by-byte check it replaces.
func FuzzPlainLen(f *testing.F) {
	f.Add("Always use  pnpm in src/components (variant 12).")
	f.Add("a b c d e f g h i j k l m n o p")
	f.Fuzz(func(t *testing.T, s string) {
		a, b := slowPlainLen(s)
		c, d := plainLen(s)
		if a != c || b != d {
			t.Fatalf("%q: %d %v vs %d %v", s, a, b, c, d)
		}
	})
}

// TestPlainLenRandom compares plainLen with the byte-by-byte check on strings
// dense in spaces, control and non-ASCII bytes.
func TestPlainLenRandom(t *testing.T) {
	alpha := []byte{'a', ' ', ' ', ' ', 0x1f, 0x7f, '~', '!', 0x80, 'Z'}
	seed := uint64(1)
	for n := 0; n < 400000; n++ {
		seed = seed*6364136223846793005 + 1442695040888963407
		l := int(seed>>58) % 26
		b := make([]byte, l)
		x := seed
		for i := range b {
			x = x*6364136223846793005 + 1442695040888963407
			b[i] = alpha[(x>>60)%uint64(len(alpha))]
		}
		a, c := slowPlainLen(string(b))
		d, e := plainLen(string(b))
		if a != d || c != e {
			t.Fatalf("%q", b)
		}
	}
}

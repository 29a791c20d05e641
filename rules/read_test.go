package rules

import (
	"reflect"
	"strings"
	"testing"
)

// FuzzRead checks that reading a ruleset element by element (Parse) finds
// exactly the rules, problems and errors of reading it whole (as Append
// does).
func FuzzRead(f *testing.F) {
	f.Add([]byte(good))
	f.Add([]byte(`[{"Rule_number": 2, "Category": "[ux]", "Instruction": "Always \u00e9 <a>", "Why": "", "x": [1, {"y": null}]}, 3, {"Rule_number": 2}]`))
	f.Add([]byte(`[{"Rule_number": 1, "Category": "TOOL", "Instruction": "a", "Why": ""}, {"Rule_number": 1, "Category": "TOOL", "Instruction": "b", "Why": ""}] x`))
	f.Add([]byte(`{"Rule_number": 1}`))
	for _, tc := range handEdits {
		f.Add([]byte(tc.data))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		whole, err1 := read("autofix.json", data, true)
		each, err2 := read("autofix.json", data, false)
		if (err1 == nil) != (err2 == nil) || err1 != nil && err1.Error() != err2.Error() {
			t.Fatalf("errors differ: %v, %v", err1, err2)
		}
		if err1 != nil {
			return
		}
		if !reflect.DeepEqual(whole.rules, each.rules) || !reflect.DeepEqual(whole.problems, each.problems) || whole.highest != each.highest {
			t.Fatalf("results differ:\n%+v %+v\n%+v %+v", whole.rules, whole.problems, each.rules, each.problems)
		}
	})
}

// TestPrintableASCII checks the 8-bytes-at-a-time test against the plain
// one, for every byte value at every position of strings of several
// lengths.
func TestPrintableASCII(t *testing.T) {
	for _, n := range []int{1, 7, 8, 9, 16, 17} {
		for c := range 256 {
			for pos := range n {
				b := []byte(strings.Repeat("a", n))
				b[pos] = byte(c)
				want := c >= 0x20 && c < 0x7f
				if got := printableASCII(string(b)); got != want {
					t.Errorf("printableASCII(%q) = %v, want %v", b, got, want)
				}
			}
		}
	}
}

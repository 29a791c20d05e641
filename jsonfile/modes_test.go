package jsonfile

import (
	"reflect"
	"testing"
)

// deepCopy copies a parsed value out of the parser's memory, which
// ParseEach may reuse after each element.
func deepCopy(v *Value) *Value {
	if v == nil {
		return nil
	}
	out := *v
	out.Elems = nil
	for i := range v.Elems {
		out.Elems = append(out.Elems, *deepCopy(&v.Elems[i]))
	}
	return &out
}

// FuzzParseModes checks that the two ways the strict parser runs agree
// exactly: Parse builds the tree; ParseEach hands out the elements of a
// top-level array one at a time. They accept the same inputs, report the same errors at
// the same positions, and see the same values.
func FuzzParseModes(f *testing.F) {
	for _, s := range []string{
		`[{"a":[1,{"b":[2,3]}],"c":"x"},[4,[5]],{},[],"s",{"d":{"e":null}}]`, `[[[[1]]],[2]]`,
		`{"a":[1,2,{"b":null}]}`, `{"a":1,"a":2}`, "[1,]", `"\ud83d\ude00"`, "\ufeff[]", `[1e5, -0.0, "x\u0000"]`,
		`[{"k":"v"}, {"k":"w", "k":"x"}]`, `[1] 2`, `[true, false, null, "\u00e9\"\\"]`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		whole, err := Parse(data)
		var elems []Value
		root, err2 := ParseEach(data, func(i int, e *Value) {
			if i != len(elems) {
				t.Fatalf("element %d handed out as %d", len(elems), i)
			}
			elems = append(elems, *deepCopy(e))
		})
		if (err2 == nil) != (err == nil) || err2 != nil && err2.Error() != err.Error() {
			t.Fatalf("errors differ: Parse %v, ParseEach %v", err, err2)
		}
		if err != nil {
			return
		}
		want := deepCopy(whole)
		if whole.Kind != Array {
			if len(elems) > 0 || !reflect.DeepEqual(want, deepCopy(root)) {
				t.Fatalf("ParseEach of a non-array differs for %q", data)
			}
			return
		}
		if !reflect.DeepEqual(want.Elems, elems) {
			t.Fatalf("ParseEach elements differ for %q", data)
		}
		want.Elems = nil
		if !reflect.DeepEqual(want, deepCopy(root)) {
			t.Fatalf("ParseEach array differs for %q", data)
		}
	})
}

package normalize

import (
	"context"
	"os"
	"strings"
	"testing"
)

func TestScratch(t *testing.T) {
	in := os.Getenv("SCRATCH")
	if in == "" {
		t.Skip()
	}
	for _, l := range strings.Split(in, "\n") {
		if l == "" {
			continue
		}
		r, err := Normalize(context.Background(), l, nil, Options{})
		t.Logf("%q\n    → [%s] %q  why=%q err=%v", l, r.Category, r.Instruction, r.Why, err)
	}
}

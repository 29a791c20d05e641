package hint

import (
	"errors"
	"fmt"
	"testing"
)

func TestWrap(t *testing.T) {
	if Wrap(nil, "x") != nil {
		t.Error("Wrap(nil) is not nil")
	}
	base := errors.New("base")
	err := fmt.Errorf("outer: %w", Wrap(base, "run %s", "it"))
	var h interface{ Hint() string }
	if !errors.As(err, &h) || h.Hint() != "run it" || !errors.Is(err, base) || err.Error() != "outer: base" {
		t.Errorf("err %v, hint %v", err, h)
	}
}

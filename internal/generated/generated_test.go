package generated

import (
	"os"
	"path/filepath"
	"testing"
)

// fakeT records a failure instead of stopping the test.
type fakeT struct {
	testing.TB
	failed string
}

func (f *fakeT) Helper() {}
func (f *fakeT) Fatalf(format string, args ...any) {
	f.failed = format
	panic(f)
}

// check reports whether Check failed.
func check(path string, src []byte) (failed bool) {
	f := &fakeT{}
	defer func() {
		if r := recover(); r != nil && r != f {
			panic(r)
		}
		failed = f.failed != ""
	}()
	Check(f, path, "pkg", src)
	return false
}

// TestCheck: a file that holds the source as gofmt formats it passes; a
// stale one fails.
func TestCheck(t *testing.T) {
	path := filepath.Join(t.TempDir(), "table.go")
	if err := os.WriteFile(path, []byte("package x\n\nvar a = 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if check(path, []byte("package x\n\nvar a =   1\n")) {
		t.Error("a file that holds the source, formatted, was refused")
	}
	if !check(path, []byte("package x\n\nvar a = 2\n")) {
		t.Error("a stale file was accepted")
	}
}

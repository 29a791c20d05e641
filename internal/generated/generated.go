// Package generated checks the Go files that tests generate from tables in
// the code (the compiled lexicons of brief and capture): a test renders
// what the file must hold, [Check] compares it with the file and, when the
// test runs with -update-generated (`go generate`), writes it.
package generated

import (
	"bytes"
	"flag"
	"go/format"
	"os"
	"testing"
)

var update = flag.Bool("update-generated", false, "write the generated files from their tables")

// Check fails t when the file at path does not hold src, formatted as
// gofmt does, and says to run `go generate pkg`; with -update-generated
// it writes the file instead.
func Check(t testing.TB, path, pkg string, src []byte) {
	t.Helper()
	want, err := format.Source(src)
	if err != nil {
		t.Fatalf("format %s: %v", path, err)
	}
	if *update {
		if err := os.WriteFile(path, want, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s/%s is not generated from the tables as they are now: run go generate ./%s", pkg, path, pkg)
	}
}

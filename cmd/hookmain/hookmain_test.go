package hookmain

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestAutofixBinary: the autofix next to the lean binary comes first, then
// PATH's, and the lean binary is never its own delegate.
func TestAutofixBinary(t *testing.T) {
	dir := t.TempDir()
	lean := filepath.Join(dir, "autofix-hook")
	next := filepath.Join(dir, "autofix")
	if err := os.WriteFile(lean, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	onPath := func(string) (string, error) { return "/usr/local/bin/autofix", nil }
	noPath := func(string) (string, error) { return "", errors.New("not found") }

	if got := autofixBinary(lean, onPath); got != "/usr/local/bin/autofix" {
		t.Errorf("nothing next to it: %q, want PATH's", got)
	}
	if got := autofixBinary(lean, noPath); got != "" {
		t.Errorf("none anywhere: %q, want none", got)
	}
	if err := os.WriteFile(next, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if got := autofixBinary(lean, onPath); got != next {
		t.Errorf("next to it: %q, want %q", got, next)
	}
	if got := autofixBinary(next, noPath); got != "" {
		t.Errorf("autofix as its own delegate: %q", got)
	}
	if err := os.Remove(next); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(next, 0o755); err != nil {
		t.Fatal(err)
	}
	if got := autofixBinary(lean, noPath); got != "" {
		t.Errorf("a directory named autofix: %q, want none", got)
	}
}

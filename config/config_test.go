package config

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestRead(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "config.json"), []byte(`{"model":"off","budgett":100}`), 0o600); err != nil {
		t.Fatal(err)
	}
	var warn bytes.Buffer
	cfg, err := Read(Sources{Dir: dir, Environ: func() []string { return []string{"AUTOFIX_MODEL_TIMEOUT=5s", "AUTOFIX_ACTIVITY_PROMPTS=false"} }, Warn: &warn})
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Model != "off" || cfg.ModelTimeout != 5*time.Second || cfg.Activity.Prompts || cfg.DefaultModel != DefaultModel || cfg.Source != filepath.Join(dir, "config.json") {
		t.Errorf("cfg = %+v", cfg)
	}
	if !strings.Contains(warn.String(), `unknown key "budgett" is ignored; did you mean "budget"?`) {
		t.Errorf("warnings %q", warn.String())
	}
	for _, env := range []string{"AUTOFIX_CAPTURE=maybe", "AUTOFIX_GUARD=loud", "AUTOFIX_BUDGET=-1", "AUTOFIX_MODEL_TIMEOUT=0s"} {
		_, err := Read(Sources{Dir: t.TempDir(), Environ: func() []string { return []string{env} }})
		var ve *ValueError
		if !errors.As(err, &ve) {
			t.Errorf("%s: err = %v, want a ValueError", env, err)
		}
	}
	if d := EditDistance("budgett", "budget"); d != 1 {
		t.Errorf("EditDistance = %d", d)
	}
}

// TestReadYAML: a YAML config file needs the caller's YAML parser; without
// one it is an ErrNoYAML error that says what to do.
func TestReadYAML(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "config.yaml"), []byte("capture: off\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := Read(Sources{Dir: dir})
	var h interface{ Hint() string }
	if !errors.Is(err, ErrNoYAML) || !errors.As(err, &h) || !strings.Contains(h.Hint(), "config.json") {
		t.Fatalf("Read without a YAML parser: %v, want ErrNoYAML with a hint", err)
	}
	parsed := false
	cfg, err := Read(Sources{Dir: dir, YAML: func(b []byte) (map[string]any, error) {
		parsed = string(b) == "capture: off\n"
		return map[string]any{"capture": "off"}, nil
	}})
	if err != nil || !parsed || cfg.Capture != CaptureOff || cfg.Source != filepath.Join(dir, "config.yaml") {
		t.Errorf("Read with a YAML parser: %+v, %v (parsed %v)", cfg, err, parsed)
	}
}

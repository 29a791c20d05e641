package setup

import (
	"errors"
	"fmt"
	"path/filepath"

	"github.com/pelletier/go-toml/v2"
)

// Feature is the state of Codex's hooks feature flag.
type Feature int

const (
	// FeatureUnset: config.toml (or its [features] table) does not set
	// codex_hooks. Codex 0.124 and later run hooks by default; older ones
	// need the flag.
	FeatureUnset Feature = iota
	// FeatureOn: codex_hooks = true.
	FeatureOn
	// FeatureOff: codex_hooks = false turns hooks off.
	FeatureOff
)

// CodexFeatureLine is what config.toml needs for Codex before 0.124 to
// run hooks.
const CodexFeatureLine = "[features]\ncodex_hooks = true"

// CodexConfigPath is Codex's configuration file under home.
func CodexConfigPath(home string) string {
	return filepath.Join(home, ".codex", "config.toml")
}

// CodexHooksFeature reads Codex's config.toml at path and says whether it
// sets the hooks feature. A missing file is FeatureUnset; a file that is
// not TOML is an error with its line and column.
func CodexHooksFeature(path string) (Feature, error) {
	data, err := read(path)
	if err != nil || data == nil {
		return FeatureUnset, err
	}
	var cfg struct {
		Features map[string]any `toml:"features"`
	}
	if err := toml.Unmarshal(data, &cfg); err != nil {
		var de *toml.DecodeError
		if errors.As(err, &de) {
			line, col := de.Position()
			return FeatureUnset, fmt.Errorf("%s:%d:%d: %v", path, line, col, de.Error())
		}
		return FeatureUnset, fmt.Errorf("%s: %w", path, err)
	}
	switch v, ok := cfg.Features["codex_hooks"]; {
	case !ok:
		return FeatureUnset, nil
	case v == true:
		return FeatureOn, nil
	case v == false:
		return FeatureOff, nil
	}
	return FeatureUnset, fmt.Errorf("%s: features.codex_hooks is %v, not true or false", path, cfg.Features["codex_hooks"])
}

package setup

import (
	"errors"
	"fmt"
	"path/filepath"

	"github.com/pelletier/go-toml/v2"
)

// Codex's hooks feature flag, as read in openai/codex (codex-rs/features/src,
// lib.rs at commit 009bd870 and legacy.rs):
//
//   - The flag is Feature::CodexHooks. PR #19012 ("Mark codex_hooks stable",
//     merged 2026-04-22) made it Stage::Stable and default_enabled: true;
//     it shipped in 0.124.0 (its release notes: "Hooks marked as stable").
//     Before it, hooks ran only with the flag set.
//   - PR #20522 ("Alias codex_hooks feature as hooks", merged 2026-04-30)
//     renamed its key from codex_hooks to hooks and kept codex_hooks as a
//     legacy alias (legacy.rs ALIASES; tests.rs
//     codex_hooks_is_legacy_alias_for_hooks), which Codex honours with a
//     deprecation warning. Releases before it know codex_hooks alone.
//   - Features.apply_map applies the [features] table in key order (a
//     BTreeMap), so when both keys are set, hooks (applied after
//     codex_hooks) decides.

// Feature is the state of Codex's hooks feature flag.
type Feature int

const (
	// FeatureUnset: config.toml (or its [features] table) sets neither
	// hooks nor codex_hooks. Codex 0.124 and later run hooks by default;
	// older ones need codex_hooks = true.
	FeatureUnset Feature = iota
	// FeatureOn: the flag is true.
	FeatureOn
	// FeatureOff: the flag is false, which turns hooks off.
	FeatureOff
)

// Keys of Codex's hooks feature flag in config.toml's [features] table.
const (
	// CodexHooksKey is the flag's name since openai/codex PR #20522.
	CodexHooksKey = "hooks"
	// CodexHooksLegacyKey is its older name, the only one Codex before that
	// PR (and so every Codex before 0.124, which needs the flag) reads.
	CodexHooksLegacyKey = "codex_hooks"
)

// CodexFeatureLine is what config.toml needs for Codex before 0.124 to
// run hooks: the older key, the only one those releases know.
const CodexFeatureLine = "[features]\n" + CodexHooksLegacyKey + " = true"

// CodexHooks is what Codex's config.toml says of the hooks feature.
type CodexHooks struct {
	State Feature
	// Key is the [features] key that decides it ([CodexHooksKey] or
	// [CodexHooksLegacyKey]); "" when neither is set.
	Key string
}

// CodexConfigPath is Codex's configuration file in Codex's home directory
// codexHome ($CODEX_HOME, else ~/.codex).
func CodexConfigPath(codexHome string) string {
	return filepath.Join(codexHome, "config.toml")
}

// CodexHooksFeature reads Codex's config.toml at path and says whether it
// sets the hooks feature, and under which key. A missing file sets
// nothing; a file that is not TOML is an error with its line and column,
// and so is a flag that is not a boolean.
func CodexHooksFeature(path string) (CodexHooks, error) {
	data, err := read(path)
	if err != nil || data == nil {
		return CodexHooks{}, err
	}
	var cfg struct {
		Features map[string]any `toml:"features"`
	}
	if err := toml.Unmarshal(data, &cfg); err != nil {
		var de *toml.DecodeError
		if errors.As(err, &de) {
			line, col := de.Position()
			return CodexHooks{}, fmt.Errorf("%s:%d:%d: %v", path, line, col, de.Error())
		}
		return CodexHooks{}, fmt.Errorf("%s: %w", path, err)
	}
	for _, key := range []string{CodexHooksKey, CodexHooksLegacyKey} {
		switch v, ok := cfg.Features[key]; {
		case !ok:
			continue
		case v == true:
			return CodexHooks{FeatureOn, key}, nil
		case v == false:
			return CodexHooks{FeatureOff, key}, nil
		default:
			return CodexHooks{}, fmt.Errorf("%s: features.%s is %v, not true or false", path, key, v)
		}
	}
	return CodexHooks{}, nil
}

// Fix is what turns the hooks back on when h is [FeatureOff], for the
// config file shown as shown.
func (h CodexHooks) Fix(shown string) string {
	if h.Key == CodexHooksKey {
		return fmt.Sprintf("delete hooks = false under [features] in %s, or set it to true", shown)
	}
	return fmt.Sprintf("delete codex_hooks = false under [features] in %s (Codex 0.124 and later run hooks by default; older ones need codex_hooks = true)", shown)
}

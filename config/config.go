// Package config merges autofix's configuration for one invocation:
// defaults, the config file (config.json, .yaml, .yml or .toml in the
// config directory), AUTOFIX_* environment variables, command-line flags
// (later wins). The caller passes the directory, the environment and the
// flags in; a value that is not allowed is a [*ValueError].
package config

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/autofix/autofix/brief"
	"github.com/autofix/autofix/guard"
	"github.com/autofix/autofix/hint"
	"github.com/autofix/autofix/jsonfile"
	"github.com/knadh/koanf/parsers/json"
	"github.com/knadh/koanf/parsers/toml/v2"
	"github.com/knadh/koanf/parsers/yaml"
	"github.com/knadh/koanf/providers/confmap"
	kenv "github.com/knadh/koanf/providers/env/v2"
	"github.com/knadh/koanf/providers/file"
	"github.com/knadh/koanf/providers/posflag"
	"github.com/knadh/koanf/v2"
	"github.com/spf13/pflag"
)

// DefaultModel is the Ollama model used in auto mode: small, no thinking
// mode, reliable with JSON output.
const DefaultModel = "qwen2.5:3b"

// Config is autofix's configuration, merged in this order (later wins):
// defaults, $XDG_CONFIG_HOME/autofix/config.{json,yaml,toml}, AUTOFIX_*
// environment variables, command-line flags.
type Config struct {
	// Model is "auto" (Ollama with DefaultModel when it answers, else the
	// built-in normalizer), "off" (built-in only) or a model name (Ollama
	// only, fail when unavailable).
	Model string `koanf:"model"`
	// DefaultModel is the model auto mode asks for.
	DefaultModel string `koanf:"default_model"`
	// ModelTimeout bounds one model call.
	ModelTimeout time.Duration `koanf:"model_timeout"`
	// EmbedModel is the Ollama embedding model for semantic context
	// matching; empty means lexical matching only.
	EmbedModel string `koanf:"embed_model"`
	// Budget is the token budget of the context block.
	Budget int `koanf:"budget"`
	// Capture is "suggest" (the hooks send the self-repair protocol at
	// session start and a candidate rule with a prompt that carries one) or
	// "off" (neither).
	Capture string `koanf:"capture"`
	// Activity configures what the hooks record (see the activity package).
	Activity Activity `koanf:"activity"`
	// Guard is how the hooks enforce rules that carry a check: "deny"
	// (a check with action deny stops the tool call), "warn" (every
	// matching check only warns) or "off".
	Guard guard.Mode `koanf:"guard"`
	// Source is the config file that was read, if any.
	Source string `koanf:"-"`
}

// Activity is the activity section of the configuration.
type Activity struct {
	// Prompts keeps the first 200 characters of each prompt in the
	// activity log; false drops them.
	Prompts bool `koanf:"prompts"`
}

// defaults are the value of every known key.
var defaults = map[string]any{
	"activity.prompts": true,
	"model":            "auto",
	"default_model":    DefaultModel,
	"model_timeout":    "60s",
	"embed_model":      "",
	"budget":           brief.DefaultBudget,
	"capture":          CaptureSuggest,
	"guard":            string(guard.Deny),
}

// The values of the capture key.
const (
	CaptureSuggest = "suggest"
	CaptureOff     = "off"
)

// ValueError is a configured value that is not allowed: a mistake in the
// command line, the environment or the file.
type ValueError struct{ msg string }

func (e *ValueError) Error() string { return e.msg }

func valueErrorf(format string, a ...any) error {
	return &ValueError{fmt.Sprintf(format, a...)}
}

// Sources are where the configuration comes from.
type Sources struct {
	// Dir is the config directory.
	Dir string
	// Environ lists the environment (os.Environ).
	Environ func() []string
	// Flags are the command-line flags; nil for none. Only flags the user
	// set override the file and the environment.
	Flags *pflag.FlagSet
	// Warn receives warnings (unknown keys, a budget raised); nil drops
	// them.
	Warn io.Writer
}

// Load merges the configuration for one invocation.
func Load(src Sources) (Config, error) {
	k := koanf.New(".")
	if err := k.Load(confmap.Provider(defaults, "."), nil); err != nil {
		return Config{}, err
	}
	var cfg Config
	for _, c := range []struct {
		name   string
		parser koanf.Parser
	}{{"config.json", json.Parser()}, {"config.yaml", yaml.Parser()}, {"config.yml", yaml.Parser()}, {"config.toml", toml.Parser()}} {
		p := filepath.Join(src.Dir, c.name)
		_, err := os.Stat(p)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return Config{}, unreadableConfig(src.Dir, p, err)
		}
		fk := koanf.New(".")
		if err := fk.Load(file.Provider(p), c.parser); err != nil {
			if errors.Is(err, fs.ErrPermission) {
				return Config{}, unreadableConfig(src.Dir, p, err)
			}
			return Config{}, hint.Wrap(configFileError(p, err), "fix the file or move it aside")
		}
		warnUnknownKeys(src.Warn, p, fk.Keys())
		if err := k.Merge(fk); err != nil {
			return Config{}, err
		}
		cfg.Source = p
		break
	}
	envp := kenv.Provider(".", kenv.Opt{
		Prefix: "AUTOFIX_",
		TransformFunc: func(key, v string) (string, any) {
			key = strings.ToLower(strings.TrimPrefix(key, "AUTOFIX_"))
			if section, name, ok := strings.Cut(key, "_"); ok && section == "activity" {
				// AUTOFIX_ACTIVITY_PROMPTS is activity.prompts.
				key = section + "." + name
			}
			return key, v
		},
		EnvironFunc: src.Environ,
	})
	if err := k.Load(envp, nil); err != nil {
		return Config{}, fmt.Errorf("read AUTOFIX_* environment: %w", err)
	}
	if src.Flags != nil {
		if err := k.Load(posflag.Provider(src.Flags, ".", k), nil); err != nil {
			return Config{}, err
		}
	}
	source := cfg.Source
	if raw := k.Get("budget"); raw != nil {
		// Said in words: the decoder would quote strconv.
		if _, err := strconv.Atoi(strings.TrimSpace(fmt.Sprint(raw))); err != nil {
			return Config{}, hint.Wrap(fmt.Errorf("invalid configuration: budget %q is not a whole number of tokens", fmt.Sprint(raw)), "set budget (or AUTOFIX_BUDGET, --budget) to a number such as %d", brief.DefaultBudget)
		}
	}
	if err := k.UnmarshalWithConf("", &cfg, koanf.UnmarshalConf{Tag: "koanf", FlatPaths: false}); err != nil {
		// The decoder's message spans several lines; one is enough.
		msg := strings.Join(strings.Fields(strings.TrimPrefix(err.Error(), "decoding failed due to the following error(s):")), " ")
		return Config{}, hint.Wrap(fmt.Errorf("invalid configuration: %s", msg), "check the values in %s and the AUTOFIX_* variables", filepath.Join(src.Dir, "config.json"))
	}
	cfg.Source = source
	if cfg.Budget <= 0 {
		return Config{}, valueErrorf("budget must be a positive number of tokens, not %d", cfg.Budget)
	}
	if cfg.Budget < brief.MinBudget {
		// Below it the header alone overshoots and no rule fits: raised,
		// and said, so that the brief always has room for the top rule.
		if src.Warn != nil {
			fmt.Fprintf(src.Warn, "autofix: warning: budget %d is below the least a brief needs (%d tokens: its header and one rule); using %d\n", cfg.Budget, brief.MinBudget, brief.MinBudget)
		}
		cfg.Budget = brief.MinBudget
	}
	if cfg.Capture != CaptureSuggest && cfg.Capture != CaptureOff {
		return Config{}, valueErrorf("capture must be %q or %q, not %q", CaptureSuggest, CaptureOff, cfg.Capture)
	}
	if strings.TrimSpace(string(cfg.Guard)) == "" {
		cfg.Guard = guard.Deny // set but empty, as AUTOFIX_GUARD= is
	}
	mode, err := guard.ParseMode(string(cfg.Guard))
	if err != nil {
		return Config{}, valueErrorf("guard must be %q, %q or %q, not %q", guard.Deny, guard.Warn, guard.Off, k.String("guard"))
	}
	cfg.Guard = mode
	if cfg.ModelTimeout <= 0 {
		return Config{}, valueErrorf("model_timeout must be positive, not %s", cfg.ModelTimeout)
	}
	return cfg, nil
}

// unreadableConfig explains a config file that cannot be read: when the
// folder itself is closed to the person, the folder is what to fix.
func unreadableConfig(dir, path string, err error) error {
	if _, derr := os.ReadDir(dir); errors.Is(derr, syscall.ENOTDIR) {
		return hint.Wrap(fmt.Errorf("autofix's config folder %s is a file, not a folder", dir),
			"move the file aside (mv %s %s.bak); autofix keeps its config, preferences and trust records in that folder", dir, dir)
	} else if derr != nil {
		return hint.Wrap(fmt.Errorf("cannot read autofix's config folder %s: %w", dir, derr),
			"give yourself access to the folder (chmod u+rwx %s); it also holds your preferences and trust records", dir)
	}
	return hint.Wrap(fmt.Errorf("cannot read config %s: %w", path, err), "give yourself read access to the file (chmod u+rw %s), or move it aside", path)
}

// warnUnknownKeys warns, one line each, about keys of the config file at
// path that autofix does not know (a typo is otherwise silently ignored),
// naming the nearest known key.
func warnUnknownKeys(w io.Writer, path string, keys []string) {
	if w == nil {
		return
	}
	known := slices.Sorted(maps.Keys(defaults))
	for _, key := range keys {
		if _, ok := defaults[key]; ok {
			continue
		}
		best, dist := "", 0
		for _, k := range known {
			if d := EditDistance(strings.ToLower(key), k); best == "" || d < dist {
				best, dist = k, d
			}
		}
		if dist <= max(2, len(key)/3) {
			fmt.Fprintf(w, "autofix: warning: %s: unknown key %q is ignored; did you mean %q?\n", path, key, best)
		} else {
			fmt.Fprintf(w, "autofix: warning: %s: unknown key %q is ignored (known keys: %s)\n", path, key, strings.Join(known, ", "))
		}
	}
}

// EditDistance is the Levenshtein distance between a and b, in bytes
// (config keys are ASCII).
func EditDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// configFileError says where a config file is broken: for JSON, the line
// and column from the strict parser, like every other file autofix reads.
func configFileError(path string, err error) error {
	if strings.HasSuffix(path, ".json") {
		if data, rerr := os.ReadFile(path); rerr == nil {
			var se *jsonfile.SyntaxError
			if _, perr := jsonfile.Parse(data); errors.As(perr, &se) {
				return fmt.Errorf("%s:%d:%d: %s", path, se.Line, se.Col, se.Msg)
			}
		}
	}
	return fmt.Errorf("read config %s: %w", path, err)
}

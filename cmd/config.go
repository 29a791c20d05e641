package cmd

import (
	"errors"
	"fmt"
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

// defaultModel is the Ollama model used in auto mode: small, no thinking
// mode, reliable with JSON output.
const defaultModel = "qwen2.5:3b"

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
	Activity ActivityConfig `koanf:"activity"`
	// Guard is how the hooks enforce rules that carry a check: "deny"
	// (a check with action deny stops the tool call), "warn" (every
	// matching check only warns) or "off".
	Guard guard.Mode `koanf:"guard"`
	// Source is the config file that was read, if any.
	Source string `koanf:"-"`
}

// ActivityConfig is the activity section of the configuration.
type ActivityConfig struct {
	// Prompts keeps the first 200 characters of each prompt in the
	// activity log; false drops them.
	Prompts bool `koanf:"prompts"`
}

var configDefaults = map[string]any{
	"activity.prompts": true,
	"model":            "auto",
	"default_model":    defaultModel,
	"model_timeout":    "60s",
	"embed_model":      "",
	"budget":           brief.DefaultBudget,
	"capture":          captureSuggest,
	"guard":            string(guard.Deny),
}

// The values of the capture key.
const (
	captureSuggest = "suggest"
	captureOff     = "off"
)

// loadConfig merges the configuration for one invocation. flags may be nil;
// only flags the user set override the file and the environment.
func loadConfig(env *Env, flags *pflag.FlagSet) (Config, error) {
	k := koanf.New(".")
	if err := k.Load(confmap.Provider(configDefaults, "."), nil); err != nil {
		return Config{}, err
	}
	var cfg Config
	for _, c := range []struct {
		name   string
		parser koanf.Parser
	}{{"config.json", json.Parser()}, {"config.yaml", yaml.Parser()}, {"config.yml", yaml.Parser()}, {"config.toml", toml.Parser()}} {
		p := filepath.Join(env.ConfigDir, c.name)
		_, err := os.Stat(p)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return Config{}, unreadableConfig(env.ConfigDir, p, err)
		}
		fk := koanf.New(".")
		if err := fk.Load(file.Provider(p), c.parser); err != nil {
			if errors.Is(err, fs.ErrPermission) {
				return Config{}, unreadableConfig(env.ConfigDir, p, err)
			}
			return Config{}, withHint(configFileError(p, err), "fix the file or move it aside")
		}
		warnUnknownKeys(env, p, fk.Keys())
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
		EnvironFunc: env.Environ,
	})
	if err := k.Load(envp, nil); err != nil {
		return Config{}, fmt.Errorf("read AUTOFIX_* environment: %w", err)
	}
	if flags != nil {
		if err := k.Load(posflag.Provider(flags, ".", k), nil); err != nil {
			return Config{}, err
		}
	}
	src := cfg.Source
	if raw := k.Get("budget"); raw != nil {
		// Said in words: the decoder would quote strconv.
		if _, err := strconv.Atoi(strings.TrimSpace(fmt.Sprint(raw))); err != nil {
			return Config{}, withHint(fmt.Errorf("invalid configuration: budget %q is not a whole number of tokens", fmt.Sprint(raw)), "set budget (or AUTOFIX_BUDGET, --budget) to a number such as %d", brief.DefaultBudget)
		}
	}
	if err := k.UnmarshalWithConf("", &cfg, koanf.UnmarshalConf{Tag: "koanf", FlatPaths: false}); err != nil {
		// The decoder's message spans several lines; one is enough.
		msg := strings.Join(strings.Fields(strings.TrimPrefix(err.Error(), "decoding failed due to the following error(s):")), " ")
		return Config{}, withHint(fmt.Errorf("invalid configuration: %s", msg), "check the values in %s and the AUTOFIX_* variables", filepath.Join(env.ConfigDir, "config.json"))
	}
	cfg.Source = src
	if cfg.Budget <= 0 {
		return Config{}, usageErrorf("budget must be a positive number of tokens, not %d", cfg.Budget)
	}
	if cfg.Budget < brief.MinBudget {
		// Below it the header alone overshoots and no rule fits: raised,
		// and said, so that the brief always has room for the top rule.
		if env.Stderr != nil {
			fmt.Fprintf(env.Stderr, "autofix: warning: budget %d is below the least a brief needs (%d tokens: its header and one rule); using %d\n", cfg.Budget, brief.MinBudget, brief.MinBudget)
		}
		cfg.Budget = brief.MinBudget
	}
	if cfg.Capture != captureSuggest && cfg.Capture != captureOff {
		return Config{}, usageErrorf("capture must be %q or %q, not %q", captureSuggest, captureOff, cfg.Capture)
	}
	if strings.TrimSpace(string(cfg.Guard)) == "" {
		cfg.Guard = guard.Deny // set but empty, as AUTOFIX_GUARD= is
	}
	mode, err := guard.ParseMode(string(cfg.Guard))
	if err != nil {
		return Config{}, usageErrorf("guard must be %q, %q or %q, not %q", guard.Deny, guard.Warn, guard.Off, k.String("guard"))
	}
	cfg.Guard = mode
	if cfg.ModelTimeout <= 0 {
		return Config{}, usageErrorf("model_timeout must be positive, not %s", cfg.ModelTimeout)
	}
	return cfg, nil
}

// unreadableConfig explains a config file that cannot be read: when the
// folder itself is closed to the person, the folder is what to fix.
func unreadableConfig(dir, path string, err error) error {
	if _, derr := os.ReadDir(dir); errors.Is(derr, syscall.ENOTDIR) {
		return withHint(fmt.Errorf("autofix's config folder %s is a file, not a folder", dir),
			"move the file aside (mv %s %s.bak); autofix keeps its config, preferences and trust records in that folder", dir, dir)
	} else if derr != nil {
		return withHint(fmt.Errorf("cannot read autofix's config folder %s: %w", dir, derr),
			"give yourself access to the folder (chmod u+rwx %s); it also holds your preferences and trust records", dir)
	}
	return withHint(fmt.Errorf("cannot read config %s: %w", path, err), "give yourself read access to the file (chmod u+rw %s), or move it aside", path)
}

// warnUnknownKeys warns, one line each, about keys of the config file at
// path that autofix does not know (a typo is otherwise silently ignored),
// naming the nearest known key.
func warnUnknownKeys(env *Env, path string, keys []string) {
	if env.Stderr == nil {
		return
	}
	known := slices.Sorted(maps.Keys(configDefaults))
	for _, key := range keys {
		if _, ok := configDefaults[key]; ok {
			continue
		}
		best, dist := "", 0
		for _, k := range known {
			if d := editDistance(strings.ToLower(key), k); best == "" || d < dist {
				best, dist = k, d
			}
		}
		if dist <= max(2, len(key)/3) {
			fmt.Fprintf(env.Stderr, "autofix: warning: %s: unknown key %q is ignored; did you mean %q?\n", path, key, best)
		} else {
			fmt.Fprintf(env.Stderr, "autofix: warning: %s: unknown key %q is ignored (known keys: %s)\n", path, key, strings.Join(known, ", "))
		}
	}
}

// editDistance is the Levenshtein distance between a and b, in bytes
// (config keys are ASCII).
func editDistance(a, b string) int {
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

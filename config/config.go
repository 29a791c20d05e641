// Package config merges autofix's configuration for one invocation:
// defaults, the config file (config.json, .yaml, .yml or .toml in the
// config directory), AUTOFIX_* environment variables (later wins). The
// caller passes the directory, the environment and the YAML parser in; a
// value that is not allowed is a [*ValueError]. Package config/withflags
// adds command-line flags over them with koanf; [Read] is the same merge
// without flags, for the hooks, and links neither koanf's core, nor net,
// nor a YAML parser (see cmd/autofix-hook).
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
	kmaps "github.com/knadh/koanf/maps"
	"github.com/knadh/koanf/parsers/json"
	"github.com/knadh/koanf/parsers/toml/v2"
	kenv "github.com/knadh/koanf/providers/env/v2"
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
	// Warn receives warnings (unknown keys, a budget raised); nil drops
	// them.
	Warn io.Writer
	// YAML parses config.yaml and config.yml (koanf's YAML parser, which
	// the caller links: package config does not, so that the lean hook
	// binary need not); nil makes such a file an [ErrNoYAML] error.
	YAML func([]byte) (map[string]any, error)
}

// ErrNoYAML is matched (errors.Is) by the error for a YAML config file
// read without a YAML parser.
var ErrNoYAML = errors.New("no YAML parser")

// noYAML is the parser of a YAML file when Sources has none.
type noYAML struct{}

func (noYAML) Unmarshal([]byte) (map[string]any, error) {
	return nil, fmt.Errorf("autofix-hook reads no YAML (%w): install autofix next to it, or write the configuration as config.json", ErrNoYAML)
}

// yamlParser is Sources.YAML as a parser.
type yamlParser func([]byte) (map[string]any, error)

func (p yamlParser) Unmarshal(b []byte) (map[string]any, error) { return p(b) }

// Defaults are the value of every known key, with flat keys
// ("activity.prompts"); the caller must not change them.
func Defaults() map[string]any { return defaults }

// Layers are the sources of one invocation's configuration before they
// are merged, each as koanf's parsers and providers read them.
type Layers struct {
	// File is the config file's content, nested; nil when there is none.
	File map[string]any
	// Path is the config file read; empty when there is none.
	Path string
	// Env are the AUTOFIX_* variables, nested.
	Env map[string]any
}

// parser is what koanf's parsers have in common.
type parser interface {
	Unmarshal([]byte) (map[string]any, error)
}

// ReadLayers reads the config file (the first of config.json, .yaml, .yml
// and .toml that exists) and the AUTOFIX_* variables, and warns about the
// file's unknown keys on src.Warn.
func ReadLayers(src Sources) (Layers, error) {
	var l Layers
	var yml parser = noYAML{}
	if src.YAML != nil {
		yml = yamlParser(src.YAML)
	}
	for _, c := range []struct {
		name   string
		parser parser
	}{{"config.json", json.Parser()}, {"config.yaml", yml}, {"config.yml", yml}, {"config.toml", toml.Parser()}} {
		p := filepath.Join(src.Dir, c.name)
		_, err := os.Stat(p)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return Layers{}, unreadableConfig(src.Dir, p, err)
		}
		data, err := os.ReadFile(p)
		var m map[string]any
		if err == nil {
			m, err = c.parser.Unmarshal(data)
		}
		if errors.Is(err, ErrNoYAML) {
			return Layers{}, hint.Wrap(fmt.Errorf("read config %s: %w", p, err), "install autofix next to autofix-hook (go install github.com/autofix/autofix/cmd/...@latest), or write the configuration as config.json")
		}
		if err != nil {
			if errors.Is(err, fs.ErrPermission) {
				return Layers{}, unreadableConfig(src.Dir, p, err)
			}
			return Layers{}, hint.Wrap(configFileError(p, err), "fix the file or move it aside")
		}
		kmaps.IntfaceKeysToStrings(m)
		flat, _ := kmaps.Flatten(m, nil, ".")
		warnUnknownKeys(src.Warn, p, slices.Sorted(maps.Keys(flat)))
		l.File, l.Path = m, p
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
	env, err := envp.Read()
	if err != nil {
		return Layers{}, fmt.Errorf("read AUTOFIX_* environment: %w", err)
	}
	l.Env = env
	return l, nil
}

// Read merges the configuration for one invocation without command-line
// flags: what [Layers] read over the defaults, decoded as koanf decodes it
// for config/withflags (weakly typed: "900" is a budget, "5s" or "1d" a
// timeout), without linking koanf's core or net.
func Read(src Sources) (Config, error) {
	l, err := ReadLayers(src)
	if err != nil {
		return Config{}, err
	}
	// Merged as koanf merges (its maps package), without its deep copies:
	// Unflatten builds new maps, and the layers are this call's own.
	conf := kmaps.Unflatten(defaults, ".")
	for _, m := range []map[string]any{l.File, l.Env} {
		if m != nil {
			kmaps.IntfaceKeysToStrings(m)
			kmaps.Merge(m, conf)
		}
	}
	if err := CheckBudget(conf["budget"]); err != nil {
		return Config{}, err
	}
	cfg, err := decode(conf)
	if err != nil {
		return Config{}, DecodeError(src.Dir, err.Error())
	}
	cfg.Source = l.Path
	rawGuard := ""
	if v := conf["guard"]; v != nil {
		rawGuard = fmt.Sprintf("%v", v) // as koanf's String says it
	}
	return Finish(cfg, rawGuard, src.Warn)
}

// CheckBudget refuses a budget that is not a whole number, in words (a
// decoder would quote strconv); raw is the merged value, nil when unset.
func CheckBudget(raw any) error {
	if raw == nil {
		return nil
	}
	if _, err := strconv.Atoi(strings.TrimSpace(fmt.Sprint(raw))); err != nil {
		return hint.Wrap(fmt.Errorf("invalid configuration: budget %q is not a whole number of tokens", fmt.Sprint(raw)), "set budget (or AUTOFIX_BUDGET, --budget) to a number such as %d", brief.DefaultBudget)
	}
	return nil
}

// DecodeError is the error for a value the decoder could not convert, msg
// its message.
func DecodeError(dir, msg string) error {
	// The decoder's message spans several lines; one is enough.
	msg = strings.Join(strings.Fields(strings.TrimPrefix(msg, "decoding failed due to the following error(s):")), " ")
	return hint.Wrap(fmt.Errorf("invalid configuration: %s", msg), "check the values in %s and the AUTOFIX_* variables", filepath.Join(dir, "config.json"))
}

// Finish checks the decoded cfg and settles what may be settled: a budget
// below [brief.MinBudget] is raised (and said on warn), an empty guard is
// deny. rawGuard is the guard value as given, for the message. A value
// that is not allowed is a [*ValueError].
func Finish(cfg Config, rawGuard string, warn io.Writer) (Config, error) {
	if cfg.Budget <= 0 {
		return Config{}, valueErrorf("budget must be a positive number of tokens, not %d", cfg.Budget)
	}
	if cfg.Budget < brief.MinBudget {
		// Below it the header alone overshoots and no rule fits: raised,
		// and said, so that the brief always has room for the top rule.
		if warn != nil {
			fmt.Fprintf(warn, "autofix: warning: budget %d is below the least a brief needs (%d tokens: its header and one rule); using %d\n", cfg.Budget, brief.MinBudget, brief.MinBudget)
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
		return Config{}, valueErrorf("guard must be %q, %q or %q, not %q", guard.Deny, guard.Warn, guard.Off, rawGuard)
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

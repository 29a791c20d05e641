package cmd

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/autofix/autofix/brief"
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
	// Source is the config file that was read, if any.
	Source string `koanf:"-"`
}

var configDefaults = map[string]any{
	"model":         "auto",
	"default_model": defaultModel,
	"model_timeout": "60s",
	"embed_model":   "",
	"budget":        brief.DefaultBudget,
}

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
		if _, err := os.Stat(p); errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err := k.Load(file.Provider(p), c.parser); err != nil {
			return Config{}, withHint(configFileError(p, err), "fix the file or move it aside")
		}
		cfg.Source = p
		break
	}
	envp := kenv.Provider(".", kenv.Opt{
		Prefix: "AUTOFIX_",
		TransformFunc: func(key, v string) (string, any) {
			return strings.ToLower(strings.TrimPrefix(key, "AUTOFIX_")), v
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
	if err := k.UnmarshalWithConf("", &cfg, koanf.UnmarshalConf{Tag: "koanf", FlatPaths: false}); err != nil {
		// The decoder's message spans several lines; one is enough.
		msg := strings.Join(strings.Fields(strings.TrimPrefix(err.Error(), "decoding failed due to the following error(s):")), " ")
		return Config{}, withHint(fmt.Errorf("invalid configuration: %s", msg), "check the values in %s and the AUTOFIX_* variables", filepath.Join(env.ConfigDir, "config.json"))
	}
	cfg.Source = src
	if cfg.Budget <= 0 {
		return Config{}, usageErrorf("budget must be a positive number of tokens, not %d", cfg.Budget)
	}
	if cfg.ModelTimeout <= 0 {
		return Config{}, usageErrorf("model_timeout must be positive, not %s", cfg.ModelTimeout)
	}
	return cfg, nil
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

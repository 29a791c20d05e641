// Package withflags merges autofix's configuration for a command line:
// what package config reads (defaults, the config file, AUTOFIX_*
// variables) with the command-line flags the person set over it, merged
// and decoded by koanf. The hooks, which take no flags, use [config.Read].
package withflags

import (
	"github.com/autofix/autofix/config"
	"github.com/knadh/koanf/parsers/yaml"
	"github.com/knadh/koanf/providers/confmap"
	"github.com/knadh/koanf/providers/posflag"
	"github.com/knadh/koanf/v2"
	"github.com/spf13/pflag"
)

// Load merges the configuration for one invocation. flags may be nil;
// only flags the user set override the file and the environment. A YAML
// config file is read with koanf's YAML parser when src has none.
func Load(src config.Sources, flags *pflag.FlagSet) (config.Config, error) {
	if src.YAML == nil {
		src.YAML = yaml.Parser().Unmarshal
	}
	l, err := config.ReadLayers(src)
	if err != nil {
		return config.Config{}, err
	}
	k := koanf.New(".")
	if err := k.Load(confmap.Provider(config.Defaults(), "."), nil); err != nil {
		return config.Config{}, err
	}
	for _, m := range []map[string]any{l.File, l.Env} {
		if m != nil {
			if err := k.Load(confmap.Provider(m, ""), nil); err != nil {
				return config.Config{}, err
			}
		}
	}
	if flags != nil {
		if err := k.Load(posflag.Provider(flags, ".", k), nil); err != nil {
			return config.Config{}, err
		}
	}
	if err := config.CheckBudget(k.Get("budget")); err != nil {
		return config.Config{}, err
	}
	var cfg config.Config
	if err := k.UnmarshalWithConf("", &cfg, koanf.UnmarshalConf{Tag: "koanf", FlatPaths: false}); err != nil {
		return config.Config{}, config.DecodeError(src.Dir, err.Error())
	}
	cfg.Source = l.Path
	return config.Finish(cfg, k.String("guard"), src.Warn)
}

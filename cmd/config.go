package cmd

import (
	"errors"

	"github.com/autofix/autofix/config"
	"github.com/autofix/autofix/config/withflags"
	"github.com/spf13/pflag"
)

// defaultModel is the Ollama model used in auto mode.
const defaultModel = config.DefaultModel

// Config is autofix's configuration (see package config).
type Config = config.Config

// The values of the capture key.
const (
	captureSuggest = config.CaptureSuggest
	captureOff     = config.CaptureOff
)

// loadConfig merges the configuration for one invocation. flags may be nil;
// only flags the user set override the file and the environment. A value
// that is not allowed is a usage error.
func loadConfig(env *Env, flags *pflag.FlagSet) (Config, error) {
	cfg, err := withflags.Load(config.Sources{Dir: env.ConfigDir, Environ: env.Environ, Warn: env.Stderr}, flags)
	var ve *config.ValueError
	if errors.As(err, &ve) {
		return cfg, &usageError{err}
	}
	return cfg, err
}

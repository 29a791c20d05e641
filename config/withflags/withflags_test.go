package withflags

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/autofix/autofix/config"
	"github.com/knadh/koanf/parsers/yaml"
	"github.com/spf13/pflag"
)

// TestReadAsLoad: config.Read, the hooks' koanf-free merge, gives what
// Load gives without flags, for every kind of value and mistake: the same
// Config, the same error, the same warnings.
func TestReadAsLoad(t *testing.T) {
	for _, tc := range []struct {
		name, file, content string
		environ             []string
	}{
		{name: "defaults"},
		{name: "json", file: "config.json", content: `{"model": "off", "budget": 900, "activity": {"prompts": false}, "guard": "warn", "capture": "off"}`},
		{name: "json numbers as strings", file: "config.json", content: `{"model": 7, "default_model": true, "budget": "1200", "model_timeout": 5000000000}`},
		{name: "json float budget", file: "config.json", content: `{"budget": 900.0}`},
		{name: "json days", file: "config.json", content: `{"model_timeout": "1.5d"}`},
		{name: "json null", file: "config.json", content: `{"model": null, "activity": null}`},
		{name: "json upper-case key", file: "config.json", content: `{"Model": "off", "BUDGET": 700}`},
		{name: "json unknown key", file: "config.json", content: `{"modle": "off", "colour": 1}`},
		{name: "json bad duration", file: "config.json", content: `{"model_timeout": "soon"}`},
		{name: "json bad unit", file: "config.json", content: `{"model_timeout": "5 parsecs"}`},
		{name: "json bad bool", file: "config.json", content: `{"activity": {"prompts": "maybe"}}`},
		{name: "json activity not a map", file: "config.json", content: `{"activity": true}`},
		{name: "json model a map", file: "config.json", content: `{"model": {"name": "x"}}`},
		{name: "json model a list", file: "config.json", content: `{"model": ["x"], "capture": ["y"]}`},
		{name: "json guard a bool", file: "config.json", content: `{"guard": true}`},
		{name: "json guard empty", file: "config.json", content: `{"guard": ""}`},
		{name: "json budget low", file: "config.json", content: `{"budget": 10}`},
		{name: "json budget words", file: "config.json", content: `{"budget": "lots"}`},
		{name: "json broken", file: "config.json", content: `{"model": `},
		{name: "yaml", file: "config.yaml", content: "model: llama3.2:3b\nmodel_timeout: 5s\nactivity:\n  prompts: no\nbudget: 800\n"},
		{name: "yml", file: "config.yml", content: "guard: off\nactivity:\n  prompts: 0\n"},
		{name: "yaml broken", file: "config.yaml", content: "model: [\n"},
		{name: "toml", file: "config.toml", content: "budget = 700\nmodel_timeout = \"2m\"\n[activity]\nprompts = false\n"},
		{name: "toml int timeout", file: "config.toml", content: "model_timeout = 3000000000\ncapture = \"suggest\"\n"},
		{name: "env over file", file: "config.json", content: `{"model": "off"}`, environ: []string{"AUTOFIX_MODEL=qwen2.5:7b", "AUTOFIX_BUDGET=800", "OTHER=1", "AUTOFIX_ACTIVITY_PROMPTS=false"}},
		{name: "env bad values", environ: []string{"AUTOFIX_CAPTURE=maybe"}},
		{name: "env bad guard", environ: []string{"AUTOFIX_GUARD=loud"}},
		{name: "env empty guard", environ: []string{"AUTOFIX_GUARD="}},
		{name: "env negative budget", environ: []string{"AUTOFIX_BUDGET=-1"}},
		{name: "env zero timeout", environ: []string{"AUTOFIX_MODEL_TIMEOUT=0s"}},
		{name: "env bad timeout and bool", environ: []string{"AUTOFIX_MODEL_TIMEOUT=x", "AUTOFIX_ACTIVITY_PROMPTS=perhaps"}},
		{name: "env empty bool", environ: []string{"AUTOFIX_ACTIVITY_PROMPTS="}},
		{name: "env hex budget", environ: []string{"AUTOFIX_BUDGET=0x400"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if tc.file != "" {
				if err := os.WriteFile(filepath.Join(dir, tc.file), []byte(tc.content), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			var lw, rw bytes.Buffer
			environ := func() []string { return tc.environ }
			want, werr := Load(config.Sources{Dir: dir, Environ: environ, Warn: &lw}, pflag.NewFlagSet("none", pflag.ContinueOnError))
			got, gerr := config.Read(config.Sources{Dir: dir, Environ: environ, Warn: &rw, YAML: yaml.Parser().Unmarshal})
			if (werr == nil) != (gerr == nil) || (werr != nil && werr.Error() != gerr.Error()) {
				t.Fatalf("Read error %v, Load error %v", gerr, werr)
			}
			if got != want {
				t.Errorf("Read %+v\nLoad %+v", got, want)
			}
			if rw.String() != lw.String() {
				t.Errorf("Read warned %q, Load %q", rw.String(), lw.String())
			}
		})
	}
}

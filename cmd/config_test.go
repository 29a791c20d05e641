package cmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/autofix/autofix/hookrun"
	"github.com/spf13/pflag"
)

// TestLoadConfig: defaults, then the config file, then AUTOFIX_*
// variables, then flags the user set; unset flags override nothing.
func TestLoadConfig(t *testing.T) {
	for _, tc := range []struct {
		name      string
		file      string // config file name
		content   string
		environ   []string
		args      []string // flags given
		wantModel string
		wantBudg  int
		wantTO    time.Duration
	}{
		{name: "defaults", wantModel: "auto", wantBudg: 1500, wantTO: 60 * time.Second},
		{name: "json file", file: "config.json", content: `{"model": "off", "budget": 900}`, wantModel: "off", wantBudg: 900, wantTO: 60 * time.Second},
		{name: "yaml file", file: "config.yaml", content: "model: llama3.2:3b\nmodel_timeout: 5s\n", wantModel: "llama3.2:3b", wantBudg: 1500, wantTO: 5 * time.Second},
		{name: "toml file", file: "config.toml", content: "budget = 700\n", wantModel: "auto", wantBudg: 700, wantTO: 60 * time.Second},
		{name: "env over file", file: "config.json", content: `{"model": "off"}`, environ: []string{"AUTOFIX_MODEL=qwen2.5:7b", "AUTOFIX_BUDGET=800", "OTHER=1"}, wantModel: "qwen2.5:7b", wantBudg: 800, wantTO: 60 * time.Second},
		{name: "flag over env", environ: []string{"AUTOFIX_MODEL=qwen2.5:7b"}, args: []string{"--model", "off"}, wantModel: "off", wantBudg: 1500, wantTO: 60 * time.Second},
		{name: "unset flag keeps env", environ: []string{"AUTOFIX_BUDGET=321"}, wantModel: "auto", wantBudg: 321, wantTO: 60 * time.Second},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := &Env{Env: hookrun.Env{ConfigDir: t.TempDir(), Environ: func() []string { return tc.environ }}}
			if tc.file != "" {
				if err := os.WriteFile(filepath.Join(env.ConfigDir, tc.file), []byte(tc.content), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			flags := pflag.NewFlagSet("test", pflag.ContinueOnError)
			flags.String("model", "", "")
			flags.Int("budget", 1500, "")
			if err := flags.Parse(tc.args); err != nil {
				t.Fatal(err)
			}
			cfg, err := loadConfig(env, flags)
			if err != nil {
				t.Fatal(err)
			}
			if cfg.Model != tc.wantModel || cfg.Budget != tc.wantBudg || cfg.ModelTimeout != tc.wantTO {
				t.Errorf("got model %q budget %d timeout %s; want %q %d %s", cfg.Model, cfg.Budget, cfg.ModelTimeout, tc.wantModel, tc.wantBudg, tc.wantTO)
			}
			if tc.file != "" && cfg.Source != filepath.Join(env.ConfigDir, tc.file) {
				t.Errorf("Source = %q, want the file", cfg.Source)
			}
		})
	}
}

// TestLoadConfigErrors: a broken file is reported with its line and
// column, and a bad value in one line with a hint.
func TestLoadConfigErrors(t *testing.T) {
	for _, tc := range []struct {
		name, file, content string
		environ             []string
		want                string
		usage               bool
	}{
		{name: "json syntax", file: "config.json", content: "{\n  \"model\": \"off\"\n  \"budget\": 3\n}\n", want: "config.json:3:3: "},
		{name: "bad number", environ: []string{"AUTOFIX_BUDGET=lots"}, want: "invalid configuration: "},
		{name: "negative budget", environ: []string{"AUTOFIX_BUDGET=-5"}, want: "budget must be a positive number", usage: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := &Env{Env: hookrun.Env{ConfigDir: t.TempDir(), Environ: func() []string { return tc.environ }}}
			if tc.file != "" {
				if err := os.WriteFile(filepath.Join(env.ConfigDir, tc.file), []byte(tc.content), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			_, err := loadConfig(env, nil)
			if err == nil {
				t.Fatal("no error")
			}
			if !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
				t.Errorf("error %q: want one line containing %q", err, tc.want)
			}
			if tc.usage != (exitCode(t.Context(), err) == exitUsage) {
				t.Errorf("exit code %d for %v", exitCode(t.Context(), err), err)
			}
		})
	}
}

func TestEditDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"budget", "budget", 0},
		{"budgett", "budget", 1},
		{"modle", "model", 2},
		{"", "model", 5},
		{"embedmodel", "embed_model", 1},
	} {
		if got := editDistance(tc.a, tc.b); got != tc.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}

// TestLoadConfigUnreadableDir: a config folder the person cannot read is
// what the hint names, not the file.
func TestLoadConfigUnreadableDir(t *testing.T) {
	if os.Getuid() == 0 {
		t.Skip("root reads every folder")
	}
	dir := filepath.Join(t.TempDir(), "autofix")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "config.json"), []byte(`{}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(dir, 0o700) })
	_, err := loadConfig(&Env{Env: hookrun.Env{ConfigDir: dir, Environ: func() []string { return nil }}}, nil)
	if err == nil || !strings.Contains(err.Error(), "config folder") || !strings.Contains(hintOf(err), "chmod u+rwx "+dir) {
		t.Fatalf("err = %v, hint %q; want the folder named with chmod", err, hintOf(err))
	}
}

// TestLoadConfigCapture: the capture key defaults to suggest, is read from
// the file and the environment, and refuses other values.
func TestLoadConfigCapture(t *testing.T) {
	for _, tc := range []struct {
		name, file string
		environ    []string
		want       string
		wantErr    string
	}{
		{name: "default", want: "suggest"},
		{name: "file", file: `{"capture": "off"}`, want: "off"},
		{name: "env over file", file: `{"capture": "off"}`, environ: []string{"AUTOFIX_CAPTURE=suggest"}, want: "suggest"},
		{name: "invalid", environ: []string{"AUTOFIX_CAPTURE=auto"}, wantErr: `capture must be "suggest" or "off", not "auto"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := &Env{Env: hookrun.Env{ConfigDir: t.TempDir(), Environ: func() []string { return tc.environ }}}
			if tc.file != "" {
				if err := os.WriteFile(filepath.Join(env.ConfigDir, "config.json"), []byte(tc.file), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			cfg, err := loadConfig(env, nil)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err = %v, want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if cfg.Capture != tc.want {
				t.Errorf("capture = %q, want %q", cfg.Capture, tc.want)
			}
		})
	}
}

package stale

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/autofix/autofix/rules"
)

func checkout() *Checkout {
	return &Checkout{FS: fstest.MapFS{
		"package.json":            {Data: []byte(`{"scripts":{"lint":"eslint ."},"dependencies":{"zod":"^3"},"devDependencies":{"@tanstack/react-query":"5"}}`)},
		"go.mod":                  {Data: []byte("module example.com/m\n\nrequire (\n\tgithub.com/spf13/cobra v1.10.2 // indirect\n)\n")},
		"requirements-dev.txt":    {Data: []byte("# dev\nPyYAML>=6\n-r base.txt\n")},
		"Cargo.toml":              {Data: []byte("[dependencies]\nserde = \"1\"\n")},
		"pyproject.toml":          {Data: []byte("[project]\ndependencies = [\"requests>=2; python_version>'3'\"]\n")},
		"Makefile":                {Data: []byte("VAR := 1\ncheck test: build\n\tgo test ./...\n")},
		"src/new/app.ts":          {Data: []byte("x")},
		"src/components/ui/b.tsx": {Data: []byte("x")},
		"dist":                    {Mode: 0o755 | 1<<31},
	}, Ignored: func(ps []string) map[string]bool { return map[string]bool{"build/": slices.Contains(ps, "build/")} }}
}

func TestCheck(t *testing.T) {
	tests := []struct {
		instruction string
		reason      string // "" = not stale
		suggestion  string
	}{
		{"Always edit `src/old/app.ts` for the app shell.", "the path `src/old/app.ts` does not exist", `autofix rules add --supersedes 1 --category CODE "Always edit ` + "`src/new/app.ts`" + ` for the app shell."`},
		{"Always put widgets in `src/widgets/`.", "the directory `src/widgets/` does not exist", "or retire it"},
		{"Always put primitives in `components/ui/`.", "", ""},
		{"Always keep build output in `build/`.", "", ""},
		{"Always name stories `src/**/*.stories.tsx`.", "no file matches `src/**/*.stories.tsx`", ""},
		{"Always keep components as `src/**/*.tsx`.", "", ""},
		{"Always use the `yup` library for forms.", "no manifest lists the package `yup`", ""},
		{"Always use the `zod` library for forms.", "", ""},
		{"Always use the `@tanstack/react-query` package for fetching.", "", ""},
		{"Always use the `pyyaml` package for config.", "", ""},
		{"Always use the `requests` library for HTTP.", "", ""},
		{"Always use the `serde` crate for JSON.", "", ""},
		{"Always use the `github.com/spf13/cobra/doc` package for man pages.", "", ""},
		{"Always run `npm run lint` first.", "", ""},
		{"Always run `npm run format` first.", "package.json has no script `format`", ""},
		{"Always run `make test` first.", "", ""},
		{"Always run `make release` first.", "Makefile has no target `release`", ""},
		{"Never use the `moment` library.", "", ""},
	}
	for _, tt := range tests {
		got := Check(checkout(), []rules.Rule{{Number: 1, Category: "CODE", Instruction: tt.instruction}})
		if tt.reason == "" {
			if len(got) != 0 {
				t.Errorf("%q: stale %+v, want not", tt.instruction, got)
			}
			continue
		}
		if len(got) != 1 || !strings.HasPrefix(got[0].Reason, tt.reason) || !strings.Contains(got[0].Suggestion, tt.suggestion) {
			t.Errorf("%q: got %+v, want reason %q, suggestion with %q", tt.instruction, got, tt.reason, tt.suggestion)
		}
	}
}

func TestCheckWithoutManifest(t *testing.T) {
	co := &Checkout{FS: fstest.MapFS{"a.go": {Data: []byte("x")}}}
	got := Check(co, []rules.Rule{{Number: 1, Instruction: "Always use the `yup` library."}, {Number: 2, Instruction: "Always run `npm run x`."}})
	if len(got) != 0 {
		t.Errorf("without a manifest nothing can be checked, got %+v", got)
	}
}

func TestCheckMonorepo(t *testing.T) {
	co := &Checkout{FS: fstest.MapFS{
		"package.json":                {Data: []byte(`{"private":true,"scripts":{"build":"turbo build"}}`)},
		"apps/web/package.json":       {Data: []byte(`{"scripts":{"storybook":"x"},"dependencies":{"yup":"1"}}`)},
		"Makefile":                    {Data: []byte("all:\n")},
		"services/api/Makefile":       {Data: []byte("migrate:\n\tx\n")},
		"node_modules/x/package.json": {Data: []byte(`{"dependencies":{"left-pad":"1"}}`)},
	}}
	rs := []rules.Rule{
		{Number: 1, Instruction: "Always use the `yup` library for forms."},
		{Number: 2, Instruction: "Always run `npm run storybook` to review UI."},
		{Number: 3, Instruction: "Always run `make migrate` after pulling."},
		{Number: 4, Instruction: "Always use the `left-pad` package."},
	}
	got := Check(co, rs)
	if len(got) != 1 || got[0].Rule != 4 {
		t.Errorf("a package's manifest counts, node_modules does not: got %+v", got)
	}
}

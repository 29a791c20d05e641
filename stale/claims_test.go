package stale

import (
	"slices"
	"testing"
)

func TestClaims(t *testing.T) {
	tests := []struct {
		instruction string
		want        []Claim
	}{
		{"Always put API handlers in `src/api/`.", []Claim{{Kind: KindPath, Token: "src/api/"}}},
		{"Always edit src/config/app.ts, not the generated copy.", []Claim{{Kind: KindPath, Token: "src/config/app.ts"}}},
		{"Always name tests `*.test.ts` next to the code.", []Claim{{Kind: KindGlob, Token: "*.test.ts"}}},
		{"Always run `npm run lint` before committing.", []Claim{{Kind: KindScript, Token: "lint", Runner: "npm run"}}},
		{"Always run pnpm run typecheck before pushing.", []Claim{{Kind: KindScript, Token: "typecheck", Runner: "pnpm run"}}},
		{"Always run `make check` before a release.", []Claim{{Kind: KindTarget, Token: "check"}}},
		{"Always use the `zod` library for validation.", []Claim{{Kind: KindPackage, Token: "zod"}}},
		{"Always use the `github.com/pkg/errors` module for wrapping.", []Claim{{Kind: KindPackage, Token: "github.com/pkg/errors"}}},
		{"Always read settings from `.env.local`.", []Claim{{Kind: KindPath, Token: ".env.local"}}},
		// Absence is what these ask for.
		{"Never use `moment`; the library is too big.", nil},
		{"Never edit `src/generated/` by hand.", nil},
		{"Always use pnpm instead of `npm run build`.", nil},
		{"Do not import the `lodash` package.", nil},
		// Prose and code, never claims.
		{"Always make sure the client/server split and/or the API stay clear.", nil},
		{"Always use `pnpm` for installs.", nil},
		{"Always wrap errors with `fmt.Errorf` and %w.", nil},
		{"Always prefer `useEffect` cleanup.", nil},
		{"Always build the frontend with `Next.js`.", nil},
		{"Always check https://example.com/docs/a.md first.", nil},
		{"Always log with `console.log` only in scripts.", nil},
		// Single and double quotes name paths and commands, not packages.
		{"Always place API route handlers in 'src/server/routes/', never in 'src/api/'.", []Claim{{Kind: KindPath, Token: "src/server/routes/"}}},
		{"Always run 'make lint' before committing Go code.", []Claim{{Kind: KindTarget, Token: "lint"}}},
		{`Always read "config/app.yaml" at start.`, []Claim{{Kind: KindPath, Token: "config/app.yaml"}}},
		{"Never use 'any' in TypeScript; don't use the 'zod' library's 'x'.", nil},
		// Examples claim nothing.
		{"Always name files in kebab-case, e.g. src/user-profile.tsx.", nil},
		{"Always keep fixtures small, like `testdata/a.json`.", nil},
		// A clause after the negation's ends again.
		{"Never use `moment`; use the `dayjs` library.", []Claim{{Kind: KindPackage, Token: "dayjs"}}},
	}
	for _, tt := range tests {
		got := Claims(tt.instruction)
		if !slices.Equal(got, tt.want) {
			t.Errorf("Claims(%q) = %+v, want %+v", tt.instruction, got, tt.want)
		}
	}
}

func TestGlobRegexp(t *testing.T) {
	tests := []struct {
		glob, path string
		want       bool
	}{
		{"src/**/*.ts", "src/a/b/c.ts", true},
		{"src/**/*.ts", "src/c.ts", true},
		{"src/*.ts", "src/a/c.ts", false},
		{"*.{ts,tsx}", "a.tsx", true},
		{"docs/[ab].md", "docs/c.md", false},
	}
	for _, tt := range tests {
		re, err := globRegexp(tt.glob)
		if err != nil {
			t.Fatal(err)
		}
		if got := re.MatchString(tt.path); got != tt.want {
			t.Errorf("%s ~ %s = %v, want %v", tt.glob, tt.path, got, tt.want)
		}
	}
}

func TestNames(t *testing.T) {
	tests := []struct {
		instruction, file string
		want              bool
	}{
		{"Never edit `src/gen/` by hand.", "src/gen/api.ts", true},
		{"Always keep `docs/openapi.yaml` current.", "docs/openapi.yaml", true},
		{"Always keep `openapi.yaml` current.", "docs/openapi.yaml", true},
		{"Always keep `docs/openapi.yaml` current.", "docs/other.yaml", false},
		{"Always name tests `*.test.ts`.", "src/a/b.test.ts", true},
		{"Always put styles in `src/**/*.css`.", "src/a/b.ts", false},
		{"Always make the client/server split clear.", "client/server", false},
	}
	for _, tt := range tests {
		got := false
		for _, c := range Mentions(tt.instruction) {
			got = got || Names(c, tt.file)
		}
		if got != tt.want {
			t.Errorf("%q names %s = %v, want %v", tt.instruction, tt.file, got, tt.want)
		}
	}
}

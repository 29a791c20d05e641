package cmd

import (
	"errors"
	"strings"
	"testing"

	"github.com/autofix/autofix/guard"
)

func TestCheckFlagsResolve(t *testing.T) {
	for _, tc := range []struct {
		name        string
		flags       checkFlags
		instruction string
		want        *guard.Check // nil: no check
		usage, err  string       // a usage error, another error
	}{
		{"proposed", checkFlags{}, "Always use pnpm instead of npm.", &guard.Check{Tool: "Bash", Target: "command"}, "", ""},
		{"nothing to propose", checkFlags{}, "Always write tests first.", nil, "", ""},
		{"no-check", checkFlags{none: true}, "Always use pnpm instead of npm.", nil, "", ""},
		{"by hand, command by default", checkFlags{pattern: `^make\s+release\b`}, "Never cut a release by hand.", &guard.Check{Tool: "Bash", Target: "command", Pattern: `^make\s+release\b`, Action: "deny"}, "", ""},
		{"by hand, content target", checkFlags{pattern: `TODO\(`, target: "content", action: "warn"}, "Never leave TODOs.", &guard.Check{Tool: "Write|Edit", Target: "content", Pattern: `TODO\(`, Action: "warn"}, "", ""},
		{"by hand, Write tool", checkFlags{pattern: `^secrets/`, tool: "Write", target: "path"}, "Never write secrets.", &guard.Check{Tool: "Write", Target: "path", Pattern: `^secrets/`, Action: "deny"}, "", ""},
		{"by hand, too broad", checkFlags{pattern: `s`}, "Never x.", nil, "", `matches the harmless command "ls"`},
		{"by hand, not RE2", checkFlags{pattern: `(?<=x)y`}, "Never x.", nil, "", "not RE2"},
		{"no-check with check", checkFlags{none: true, pattern: "x"}, "Never x.", nil, "--no-check cannot be combined", ""},
		{"tool without check", checkFlags{tool: "Bash"}, "Never x.", nil, "need --check PATTERN", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.flags.resolve(tc.instruction)
			var ue *usageError
			switch {
			case tc.usage != "":
				if !errors.As(err, &ue) || !strings.Contains(err.Error(), tc.usage) {
					t.Fatalf("err %v, want a usage error saying %q", err, tc.usage)
				}
				return
			case tc.err != "":
				if err == nil || errors.As(err, &ue) || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("err %v, want an error saying %q", err, tc.err)
				}
				return
			case err != nil:
				t.Fatal(err)
			}
			if (got == nil) != (tc.want == nil) {
				t.Fatalf("check %+v, want %+v", got, tc.want)
			}
			if got == nil {
				return
			}
			if got.Tool != tc.want.Tool || got.Target != tc.want.Target || tc.want.Pattern != "" && (got.Pattern != tc.want.Pattern || got.Action != tc.want.Action) {
				t.Errorf("check %+v, want %+v", got, tc.want)
			}
		})
	}
}

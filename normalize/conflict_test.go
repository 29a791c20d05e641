package normalize

import (
	"errors"
	"strings"
	"testing"
)

func TestConflicts(t *testing.T) {
	tests := []struct {
		newer, older string
		want         bool
	}{
		{"Always use fetch", "Always use axios", true},
		{"Never use npm", "Always use npm", true},
		{"Always use npm", "Never use npm", true},
		{"Always use pnpm instead of npm or yarn", "Always use npm", true},
		{"Always use pnpm — never use npm here", "Always use yarn", true},
		{"Immer pnpm statt npm verwenden", "Always use npm", true},
		{"Niemals Axios benutzen — stattdessen das native fetch nehmen", "Always use axios for HTTP requests", true},
		{"Always use vitest, not jest", "Always run the tests with jest", true},
		{"Never force-push to main", "Always force-push to main after a rebase", true},
		{"Always prefer named exports over default exports", "Always use default exports", true},
		{"常にyarnではなくbunを使うこと", "Always use yarn", true},
		{"Always use tabs for indentation", "Always use spaces for indentation", true},
		{"Use spaces for indentation", "Always use tabs for indentation", true},
		{"Never use npm", "Always use npm in CI", true},
		{"Never use default exports", "Always use default exports for Next.js pages", true},
		{"Always use vitest in CI", "Always use jest in CI", true},
		// Qualifiers: a narrower rule never supersedes a general one, and
		// different qualifiers never conflict.
		{"Never run tests in CI on forks", "Always run tests before commit", false},
		{"Always use default exports for Next.js pages", "Never use default exports", false},
		{"Always use npm ci in the Dockerfile", "Always use pnpm", false},
		{"Always use tabs for indentation", "Always use spaces", false},
		{"Never push to main on Fridays", "Always push to main after review", false},
		{"Always use yarn in the docs site", "Always use pnpm in the app", false},
		{"Nunca usar npm en CI", "Siempre usar npm para los scripts locales", false},
		// Different subjects, or the same direction.
		{"Always use zod", "Always use pnpm", false},
		{"Always use pnpm", "Always use pnpm in CI", false},
		{"Never use any in TypeScript", "Always use TypeScript", false},
		{"Never use npm", "Never use yarn", false},
		{"Never add emojis to commit messages", "Always add emojis to release notes", false},
		{"Always use camelCase for helper functions", "Always use snake_case for database columns", false},
		{"Always document public endpoints as a markdown table", "Always use pnpm", false},
		{"Never use fetch directly", "Always use zod for validating request bodies", false},
	}
	for _, tt := range tests {
		if got := Conflicts(tt.newer, tt.older); got != tt.want {
			t.Errorf("Conflicts(%q, %q) = %v, want %v (newer %+v, older %+v)", tt.newer, tt.older, got, tt.want, ParseClaim(tt.newer), ParseClaim(tt.older))
		}
	}
}

func TestCheckInstruction(t *testing.T) {
	tests := []struct {
		s     string
		ok    bool
		vague bool
	}{
		{"Always use pnpm instead of npm", true, false},
		{"Never add emojis to commit messages - because the changelog is generated from them", true, false},
		{"Niemals Axios benutzen", true, false},
		{"Ne jamais utiliser d'émojis dans la documentation", true, false},
		{"Nunca usar any en TypeScript", true, false},
		{"決してコミットメッセージに絵文字を入れないこと", true, false},
		{"Use pnpm", false, false},
		{"always use pnpm", false, false},
		{"You should always use pnpm", false, false},
		{"Always use pnpm?", false, false},
		{"Always write clean code", false, true},
		{"Never be worse", false, true},
		{"Always", false, false},
		{"", false, false},
		{"Always use pnpm\nNever use npm", false, false},
		{" Always use pnpm", false, false},
		{"Always " + string(make([]byte, 600)), false, false},
	}
	for _, tt := range tests {
		err := CheckInstruction(tt.s)
		if (err == nil) != tt.ok {
			t.Errorf("CheckInstruction(%q) = %v, want ok=%v", tt.s, err, tt.ok)
			continue
		}
		if err == nil {
			continue
		}
		var ie *InstructionError
		if !errors.As(err, &ie) || !errors.Is(err, ErrNotImperative) || ie.Hint() == "" {
			t.Errorf("CheckInstruction(%q) = %#v, want an InstructionError with a hint", tt.s, err)
		}
		if errors.Is(err, ErrVague) != tt.vague {
			t.Errorf("CheckInstruction(%q): vague=%v, want %v", tt.s, errors.Is(err, ErrVague), tt.vague)
		}
	}
}

// TestCheckInstructionReason checks that the opening is checked before the
// length: what "use npm" lacks is the Always/Never, not characters.
func TestCheckInstructionReason(t *testing.T) {
	tests := []struct{ s, reason string }{
		{"use npm", "does not start with"},
		{"npm", "does not start with"},
		{"Never", "is too short"},
		{"Never x", "is too short"},
	}
	for _, tt := range tests {
		var ie *InstructionError
		if err := CheckInstruction(tt.s); !errors.As(err, &ie) || !strings.HasPrefix(ie.Reason, tt.reason) {
			t.Errorf("CheckInstruction(%q) = %v, want the reason %q", tt.s, err, tt.reason)
		}
	}
}

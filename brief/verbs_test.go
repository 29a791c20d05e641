package brief

import "testing"

func TestOpeningVerb(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Never introduce a circular import.", "introduc"},
		{"Always show prices with the currency.", "show"},
		{"Don't start a goroutine without a way to stop it.", "start"},
		{"Do not accept interfaces.", "accept"},
		{"Always use pnpm.", ""},
		{"Always keep handlers thin.", ""},
		{"Prefer named exports.", ""},
		{"Nie direkt pushen.", "direkt"},
		{"Ne poussez jamais sur main.", "poussez"},
		{"常にpnpmを使う。", ""},
		{"", ""},
	}
	for _, tt := range tests {
		if got := openingVerb(tt.in, nil); got != tt.want {
			t.Errorf("openingVerb(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

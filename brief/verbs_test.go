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

// A task that shares only the verb a rule opens with shares less than one
// that shares what the rule is about.
func TestOpeningVerbCountsLess(t *testing.T) {
	rules := []Rule{
		proj(3, "CODE", "Never introduce a circular import between packages."),
		proj(2, "CODE", "Always add new database columns as nullable."),
		proj(1, "STYLE", "Always name files in kebab-case."),
	}
	sel := Select(rules, Task{Text: "Introduce a discount column"}, Options{})
	if first := sel.Rules[0]; first.ID != "2" {
		t.Errorf("first = %s (%+v, %q), want 2, the rule about columns", first.ID, first.Parts, first.Reason)
	}
	var verb Selected
	for _, r := range sel.Rules {
		if r.ID == "3" {
			verb = r
		}
	}
	if verb.Parts.Lexical <= 0 {
		t.Errorf("rule 3 has parts %+v, want the shared verb to count, less", verb.Parts)
	}
}

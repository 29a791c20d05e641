package capture

import (
	"reflect"
	"testing"
)

func TestTokenize(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"No, use @acme/ui — not moment.js.", []string{"no", ",", "use", "@acme/ui", "—", "not", "moment.js"}},
		{"wrap errors with %w - always", []string{"wrap", "errors", "with", "%w", "—", "always"}},
		{"N’utilise pas async/await", []string{"n'utilise", "pas", "async/await"}},
		{"Don't add 'quotes'", []string{"don't", "add", "quotes"}},
	} {
		var got []string
		for _, tk := range tokenize(tc.in) {
			got = append(got, tk.s)
			if !tk.punct && lower(tc.in[tk.start:tk.end]) != tk.s && tk.s != "n'utilise" {
				t.Errorf("%q: token %q spans %q", tc.in, tk.s, tc.in[tk.start:tk.end])
			}
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("tokenize(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestSplitSentences(t *testing.T) {
	got := []string{}
	for _, s := range splitSentences("Thanks! Use moment.js? No; see src/app.ts.\nコミットしないで。次") {
		got = append(got, s.text)
	}
	want := []string{"Thanks!", "Use moment.js?", "No;", "see src/app.ts.", "コミットしないで。", "次"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("splitSentences = %q, want %q", got, want)
	}
}

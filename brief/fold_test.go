package brief

import (
	"testing"
	"unicode"
)

// TestAppendFolded checks accent folding letter by letter: decomposable
// letters (Latin-1 and beyond it: č, ő, ŕ, Greek and Cyrillic accents),
// the letters without a decomposition that are folded by hand (ł, đ, ø,
// ß), a lone combining accent, and letters that must stay as they are.
func TestAppendFolded(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"é", "e"}, {"à", "a"}, {"ñ", "n"}, {"ç", "c"}, {"ü", "u"}, {"ÿ", "y"},
		{"č", "c"}, {"ő", "o"}, {"ű", "u"}, {"ř", "r"}, {"ś", "s"}, {"ž", "z"}, {"ą", "a"}, {"ę", "e"},
		{"ł", "l"}, {"đ", "d"}, {"ø", "o"}, {"ß", "ss"}, {"ı", "i"},
		{"ά", "α"}, {"ё", "е"}, {"ǖ", "u"}, {"ệ", "e"}, {"\u0301", ""},
		{"a", "a"}, {"æ", "æ"}, {"ð", "ð"}, {"þ", "þ"}, {"я", "я"}, {"ω", "ω"},
		{"\u0915\u093c", "\u0915\u093c"}, // Devanagari: its marks are not accents
	} {
		var b []byte
		for _, r := range tc.in {
			b = appendFolded(b, unicode.ToLower(r))
		}
		if string(b) != tc.want {
			t.Errorf("fold(%q) = %q, want %q", tc.in, b, tc.want)
		}
	}
}

// TestScanFoldsAccents: words that differ only in accents give the same
// terms, whether the accent is precomposed or combining.
func TestScanFoldsAccents(t *testing.T) {
	terms := func(s string) []string {
		var out []string
		var sc scanner
		sc.scan(s, func(term []byte, kind termKind) { out = append(out, string(term)) })
		return out
	}
	for _, pair := range [][2]string{
		{"Złoty łódź", "zloty lodz"}, {"Číslo účtu", "cislo uctu"}, {"Gyűrű főnök", "gyuru fonok"},
		{"migración", "migracio\u0301n"}, {"Straße", "strasse"},
	} {
		a, b := terms(pair[0]), terms(pair[1])
		if len(a) == 0 || len(a) != len(b) || a[0] != b[0] || a[len(a)-1] != b[len(b)-1] {
			t.Errorf("scan(%q) = %q, scan(%q) = %q", pair[0], a, pair[1], b)
		}
	}
}

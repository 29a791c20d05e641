package brief

// openingVerb returns the stemmed word that follows a rule's opening
// "Always", "Never", "Do not", "Don't" (and "Immer", "Nie", "Toujours",
// "Jamais", "Siempre", "Nunca"): the action the rule asks for ("Never
// introduce …", "Always show …"). It returns "" when a stopword follows
// ("Always use …": what follows is the subject) or the rule opens
// otherwise. It reads the first words only, without the scanner.
func openingVerb(instruction string, buf []byte) string {
	s := instruction
	for {
		w, rest := firstWord(s)
		if w == "" {
			return ""
		}
		if !modal(w) {
			buf = append(buf[:0], w...)
			for i, c := range buf {
				if 'A' <= c && c <= 'Z' {
					buf[i] = c + ('a' - 'A')
				}
			}
			if isStopword(buf) {
				return ""
			}
			return string(stem(buf))
		}
		s = rest
	}
}

// firstWord returns the first run of ASCII letters of s, after spaces
// and apostrophes ("Don't" is "Don", then "t"), and what follows it; ""
// when s opens with anything else.
func firstWord(s string) (string, string) {
	i := 0
	for i < len(s) && (s[i] == ' ' || s[i] == '\'' || s[i] == '\t') {
		i++
	}
	j := i
	for j < len(s) && ('a' <= s[j]|0x20 && s[j]|0x20 <= 'z') {
		j++
	}
	if j < len(s) && s[j] >= 0x80 {
		return "", "" // a word with a letter beyond ASCII: not read here
	}
	return s[i:j], s[j:]
}

// modal reports whether w (as written) opens a rule's instruction before
// its verb.
func modal(w string) bool {
	switch len(w) {
	case 1, 2, 3, 4, 5, 6, 7, 8:
	default:
		return false
	}
	var b [8]byte
	for i := 0; i < len(w); i++ {
		b[i] = w[i] | 0x20
	}
	switch string(b[:len(w)]) {
	case "always", "never", "don", "dont", "t", "do", "not", "avoid", "only", "immer", "nie", "niemals", "nicht",
		"toujours", "jamais", "ne", "siempre", "nunca":
		return true
	}
	return false
}

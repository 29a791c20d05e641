package normalize

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// ruleJapanese writes the rule for Japanese text: "常に…こと" or
// "決して…ないこと", converting the polite request forms (〜てください,
// 〜ないでください) to the plain form a rule uses.
func ruleJapanese(t string) string {
	var cs []clause
	for _, s := range splitJapanese(t) {
		c := analyzeJapanese(s)
		if c.body == "" {
			continue
		}
		cs = append(cs, c)
	}
	if len(cs) == 0 {
		return ""
	}
	for _, c := range cs {
		if !endsWithJapaneseVerb(strings.TrimSuffix(c.body, "こと")) {
			// 正しくは src/lib です: no verb to make a rule of; refuse
			// rather than write "常に正しくは src/libこと".
			return ""
		}
	}
	lead := 0
	for i, c := range cs {
		if c.explicit {
			lead = i
			break
		}
	}
	var b strings.Builder
	if cs[lead].pol == polNever {
		b.WriteString("決して")
	} else {
		b.WriteString("常に")
	}
	b.WriteString(strings.TrimSuffix(cs[lead].body, "こと"))
	b.WriteString("こと")
	for i, c := range cs {
		if i == lead {
			continue
		}
		b.WriteString("。")
		if c.explicit && c.pol == polNever {
			b.WriteString("決して")
		}
		b.WriteString(strings.TrimSuffix(c.body, "こと"))
		b.WriteString("こと")
	}
	return b.String()
}

func splitJapanese(t string) []string {
	var out []string
	for _, s := range strings.FieldsFunc(t, func(r rune) bool {
		return r == '。' || r == '！' || r == '!' || r == '？' || r == '?' || r == '\n' || r == '．'
	}) {
		// "Xを使わないで、Yを使って": a rejection, then the alternative.
		for _, sep := range []string{"ないでください、", "ないで、", "ずに、"} {
			if i := strings.Index(s, sep); i > 0 && i+len(sep) < len(s) {
				cut := i + len(sep) - len("、")
				head := s[:cut]
				if sep == "ずに、" {
					head = s[:i] + "ないで"
				}
				out = append(out, head)
				s = s[i+len(sep):]
				break
			}
		}
		out = append(out, s)
	}
	return out
}

func analyzeJapanese(s string) clause {
	s = strings.TrimSpace(s)
	for _, p := range []string{"いいえ、", "いや、", "違う、", "ちがう、", "そうじゃなくて、", "ダメ、", "だめ、", "それと、", "また、"} {
		s = strings.TrimPrefix(s, p)
	}
	c := clause{}
	for _, m := range []string{"常に", "必ず", "いつも", "絶対に"} {
		if strings.Contains(s, m) {
			s = strings.Replace(s, m, "", 1)
			c.pol, c.explicit = polAlways, true
		}
	}
	s = strings.TrimRight(s, "？?")
	for _, suf := range []string{"くれますか", "くれない", "くれる", "もらえない", "もらえる", "です", "ね", "よ", "ください", "下さい", "くれ", "ほしい", "欲しい", "もらえますか", "お願いします", "お願い"} {
		s = strings.TrimSuffix(s, suf)
	}
	for _, p := range []string{"正しくは", "正解は", "正しいのは"} {
		// 正しくは src/lib です: "the right one is src/lib", so use it.
		if rest, ok := strings.CutPrefix(s, p); ok && endsWithLatin(rest) && !strings.ContainsAny(rest, "はがをに") {
			s = strings.TrimSpace(rest) + "を使う"
		}
	}
	if rest, ok := strings.CutSuffix(s, "で"); ok && endsWithLatin(rest) {
		// pnpmでお願いします: "with pnpm, please" asks to use it.
		s = rest + "を使う"
	}
	switch {
	case hasAnySuffix(s, "を忘れないで", "を忘れないこと", "を忘れずに", "忘れないで"):
		// CHANGELOGの更新を忘れないで: "don't forget" asks to always do it.
		c.pol, c.explicit = polAlways, true
		for _, suf := range []string{"を忘れないで", "を忘れないこと", "を忘れずに", "忘れないで"} {
			if strings.HasSuffix(s, suf) {
				s = strings.TrimSuffix(s, suf) + "を忘れない"
				break
			}
		}
	case hasAnySuffix(s, "は好きじゃない", "が好きじゃない", "は好きではない", "が好きではない", "は好きじゃありません",
		"が好きじゃありません", "は好きではありません", "が好きではありません", "は嫌い", "が嫌い", "はいらない", "はいりません", "は要らない"):
		// 絵文字は好きじゃない: a dislike is a rejection.
		c.pol, c.explicit = polNever, true
		s = s[:strings.LastIndexAny(s, "はが")] + "を使わない"
	case strings.HasSuffix(s, "な") && godanNegative(strings.TrimSuffix(s, "な")) != "":
		// npmは使うな: a prohibitive.
		c.pol, c.explicit = polNever, true
		s = godanNegative(strings.TrimSuffix(s, "な"))
	case hasAnySuffix(s, "わない", "かない", "がない", "さない", "たない", "まない", "ばない", "らない", "なくていい"):
		// Already a plain negative: 使わない, 書かない.
		c.pol, c.explicit = polNever, true
	case hasAnySuffix(s, "のはやめて", "のをやめて", "のはやめること") && godanNegative(s[:strings.LastIndex(s, "の")]) != "":
		// テストをスキップするのはやめて: stop doing it, so never do it.
		c.pol, c.explicit = polNever, true
		s = godanNegative(s[:strings.LastIndex(s, "の")])
	case hasAnySuffix(s, "ないで", "ないこと", "ないように", "ません", "するな", "禁止", "厳禁", "はやめて", "をやめて", "やめて", "しない"):
		c.pol, c.explicit = polNever, true
		for _, r := range []struct{ from, to string }{
			{"ないで", "ない"}, {"ないこと", "ない"}, {"ないように", "ない"}, {"しません", "しない"}, {"ません", "ない"},
			{"するな", "しない"}, {"は禁止", "を使わない"}, {"禁止", "を使わない"}, {"厳禁", "を使わない"},
			{"はやめて", "をしない"}, {"をやめて", "をしない"}, {"やめて", "をしない"},
		} {
			if strings.HasSuffix(s, r.from) {
				s = strings.TrimSuffix(s, r.from) + r.to
				break
			}
		}
	case hasAnySuffix(s, "が好み", "が好き", "を好む", "がいい", "の方がいい", "のほうがいい", "が良い", "を優先して", "を優先"):
		c.pol, c.explicit = polAlways, true
		for _, suf := range []string{"の方がいい", "のほうがいい", "が好み", "が好き", "を好む", "がいい", "が良い", "を優先して", "を優先"} {
			if strings.HasSuffix(s, suf) {
				s = strings.TrimSuffix(s, suf) + "を優先する"
				break
			}
		}
	default:
		if c.pol == polNone {
			c.pol = polAlways
		}
		s = plainJapanese(s)
	}
	c.body = s
	return c
}

func hasAnySuffix(s string, sufs ...string) bool {
	for _, x := range sufs {
		if strings.HasSuffix(s, x) {
			return true
		}
	}
	return false
}

// plainJapanese turns a te-form or masu-form ending into the dictionary
// form: 使って → 使う, 命名して → 命名する, 含めて → 含める, 書いて → 書く.
func plainJapanese(s string) string {
	for _, r := range []struct{ from, to string }{{"ています", "て"}, {"ている", "て"}, {"てる", "て"}, {"でいます", "で"}, {"でいる", "で"}} {
		// 書いています (what we do) is a habit: the rule is 書く.
		if rest, ok := strings.CutSuffix(s, r.from); ok && rest != "" {
			return plainJapanese(rest + r.to)
		}
	}
	if strings.HasSuffix(s, "して") {
		// 返して → 返す (a godan verb), but 命名して → 命名する and
		// ラップして → ラップする (a noun + する).
		rs := []rune(strings.TrimSuffix(s, "して"))
		n := len(rs)
		if n >= 1 && unicode.Is(unicode.Han, rs[n-1]) && (n == 1 || !unicode.In(rs[n-2], unicode.Han, unicode.Katakana)) {
			return string(rs) + "す"
		}
		return string(rs) + "する"
	}
	if strings.HasSuffix(s, "って") {
		// 使って → 使う, but 取って → 取る and 待って → 待つ.
		stem := strings.TrimSuffix(s, "って")
		last, _ := utf8.DecodeLastRuneInString(stem)
		switch {
		case strings.ContainsRune("取作送切守走残戻触知入終変始帰握貼", last):
			return stem + "る"
		case strings.ContainsRune("待持立保打勝", last):
			return stem + "つ"
		}
		return stem + "う"
	}
	for _, r := range []struct{ from, to string }{
		{"します", "する"}, {"して", "する"}, {"って", "う"}, {"んで", "む"}, {"いて", "く"}, {"いで", "ぐ"},
		{"います", "う"}, {"ます", "る"}, {"て", "る"},
	} {
		if strings.HasSuffix(s, r.from) {
			return strings.TrimSuffix(s, r.from) + r.to
		}
	}
	return s
}

// godanNegative turns a verb in dictionary form at the end of s into its
// plain negative (使う → 使わない, 書く → 書かない, 入れる → 入れない),
// or returns "" when s does not end in a verb.
func godanNegative(s string) string {
	rs := []rune(s)
	n := len(rs)
	if n < 2 {
		return ""
	}
	prev := rs[n-2]
	if !unicode.In(prev, unicode.Han, unicode.Hiragana) {
		return ""
	}
	stem := string(rs[:n-1])
	switch rs[n-1] {
	case 'う':
		return stem + "わない"
	case 'く':
		return stem + "かない"
	case 'ぐ':
		return stem + "がない"
	case 'す':
		return stem + "さない"
	case 'つ':
		return stem + "たない"
	case 'む':
		return stem + "まない"
	case 'ぶ':
		return stem + "ばない"
	case 'る':
		if stem == "す" || strings.HasSuffix(stem, "す") {
			return strings.TrimSuffix(stem, "す") + "しない" // する → しない
		}
		if strings.ContainsRune("えけげせぜてでねへべぺめれいきぎしじちぢにひびぴみり", prev) {
			return stem + "ない" // ichidan: 入れる → 入れない
		}
		return stem + "らない"
	}
	return ""
}

// endsWithJapaneseVerb reports a clause that ends with a verb in
// dictionary or plain negative form (使う, 書く, する, 入れる, 使わない).
func endsWithJapaneseVerb(s string) bool {
	r, _ := utf8.DecodeLastRuneInString(s)
	return strings.ContainsRune("うくぐすつぬむぶるい", r)
}

// endsWithLatin reports a clause that ends with a Latin-script word, such
// as a tool name (or the placeholder of a protected one).
func endsWithLatin(s string) bool {
	r, _ := utf8.DecodeLastRuneInString(strings.TrimSpace(s))
	return r == phClose || r < 0x80 && (unicode.IsLetter(r) || unicode.IsDigit(r))
}

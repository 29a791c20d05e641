package cmd

import (
	"strings"

	"github.com/autofix/autofix/rules"
)

// checkWords refuses a person's words that carry characters no rule may
// hold (bidirectional overrides, zero-width, tag and other invisible
// characters, which hide text from people but not from agents), before
// they are normalized or stored. It is the check rules apply to what
// reaches autofix.json (rules.CheckChars), shared by learn, me teach and
// their MCP tools; line breaks and tabs in pasted text are fine.
func checkWords(text string) error {
	flat := strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' || r == '\t' {
			return ' '
		}
		return r
	}, text)
	if err := rules.CheckChars("the text", flat); err != nil {
		return withHint(err, "remove the character and try again; invisible or reordering characters would show an agent something other than what people read")
	}
	return nil
}

// checkRule refuses a normalized rule or preference that autofix.json
// would refuse (rules.Validate): learn checks it before a dry run shows
// it, me teach before it stores it.
func checkRule(category, instruction, why string) error {
	_, err := rules.Validate(rules.Rule{Category: category, Instruction: instruction, Why: why})
	return err
}

package capture

import (
	"fmt"
	"strings"
)

// Protocol is the self-repair instruction sent to an agent at session
// start, after the rules (and alone when there are none yet): the five
// triggers, how to record a rule, what to do after, and the one rule never
// to record. It is at most [MaxProtocol] characters.
const Protocol = "## Self-repair (autofix)\n" +
	"Record a rule at once when the person corrects you, rejects a file, approach or pattern, states a personal or team preference, " +
	"when a bug came from a wrong assumption of yours, or on /learn. " +
	"Project conventions: run `autofix learn \"<the person's words>\"`; personal taste: `autofix me teach \"<the person's words>\"` " +
	"(or the MCP tools `learn`/`teach` when connected). " +
	"Relay the printed line to the person, then redo the current work under the new rule. " +
	"Never record a rule about editing the ruleset itself.\n"

// MaxProtocol bounds [Protocol]: it is sent with every session.
const MaxProtocol = 700

// Block is the note added to a prompt's context when r captured a rule:
// the candidate and the exact command that records it. It is empty when r
// captured nothing.
func Block(r Result) string {
	if !r.Capture || r.Rule == nil {
		return ""
	}
	whose := "a project rule"
	if r.Target == Personal {
		whose = "a personal preference"
	}
	var b strings.Builder
	b.WriteString("## Candidate rule (autofix)\n")
	fmt.Fprintf(&b, "This prompt reads as a lasting %s, %s:\n", r.Kind, whose)
	fmt.Fprintf(&b, "- [%s] %s\n", r.Rule.Category, r.Rule.Instruction)
	b.WriteString("If the person meant it as a rule, record it now with this exact command, relay the printed line, then continue under the rule:\n\n")
	// An indented code block: the command may hold a backtick.
	fmt.Fprintf(&b, "    %s\n", r.Command)
	return b.String()
}

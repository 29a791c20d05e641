// Package category defines the categories of a rule, in one place for the
// rules file and the normalizer: STYLE (formatting, naming, import order,
// comments), CODE (language patterns, library choice, types, error
// handling), ARCH (directories, module boundaries, layers), TOOL (CLI
// commands, build tools, package managers, test frameworks), PROCESS (git
// workflow, commit messages, PR requirements, test gates), DATA (schemas,
// migrations, caching, state shapes), UX (UI behaviour, copy,
// accessibility) and OTHER.
package category

import "strings"

// Category is the category of a rule, written as its bare upper-case name.
type Category string

// The categories, in the order of the specification.
const (
	Style   Category = "STYLE"
	Code    Category = "CODE"
	Arch    Category = "ARCH"
	Tool    Category = "TOOL"
	Process Category = "PROCESS"
	Data    Category = "DATA"
	UX      Category = "UX"
	Other   Category = "OTHER"
)

// All lists the categories in the order of the specification.
var All = []Category{Style, Code, Arch, Tool, Process, Data, UX, Other}

// Names are the names of All, for messages and string fields.
func Names() []string {
	out := make([]string, len(All))
	for i, c := range All {
		out[i] = string(c)
	}
	return out
}

// Parse accepts a category as people and models write it ("TOOL", "tool",
// "[TOOL]", " Tool ") and returns its canonical form.
func Parse(s string) (Category, bool) {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "[") && strings.HasSuffix(s, "]") {
		s = strings.TrimSpace(s[1 : len(s)-1])
	}
	s = strings.ToUpper(s)
	for _, c := range All {
		if s == string(c) {
			return c, true
		}
	}
	return "", false
}

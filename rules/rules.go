// Package rules owns the project ruleset, autofix.json. (Placeholder API:
// the ruleset engine issue replaces the bodies; the names stay.)
package rules

import (
	"context"
	"errors"
	"os"
)

// Categories lists the valid categories in SPEC order.
var Categories = []string{"STYLE", "CODE", "ARCH", "TOOL", "PROCESS", "DATA", "UX", "OTHER"}

// Rule is one entry of autofix.json.
type Rule struct {
	Number      int
	Category    string
	Instruction string
	Why         string
}

// Ruleset is a loaded autofix.json.
type Ruleset struct {
	// Name is the slash-separated path relative to the workspace root where
	// the ruleset was found, or where it would be created.
	Name   string
	Exists bool
	// Rules are the valid rules in file order.
	Rules []Rule
	// Skipped describes entries that were not valid rules.
	Skipped []string
}

// Load locates and reads the ruleset of the workspace whose root is root.
func Load(root *os.Root) (*Ruleset, error) { return nil, errors.New("rules: not built yet") }

// Append adds rules atomically and returns them with their numbers.
func Append(ctx context.Context, root *os.Root, lockDir string, add ...Rule) (*Ruleset, []Rule, error) {
	return nil, nil, errors.New("rules: not built yet")
}

// Resolve maps each superseded rule number to the number that supersedes it.
func Resolve(rs []Rule) map[int]int { return nil }

package cmd

import (
	"strconv"
	"strings"

	"github.com/autofix/autofix/hook"
	"github.com/autofix/autofix/me"
	"github.com/autofix/autofix/rules"
	"github.com/spf13/cobra"
)

// Dynamic shell completion ('autofix completion bash|zsh|fish|powershell').
// A completion function runs on every <Tab>: it reads at most one small
// file, never writes, never asks a model, and on any error completes
// nothing instead of printing one.

// completeFunc is the signature cobra calls for arguments and flag values.
type completeFunc = func(c *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective)

// completePrefIDs completes one preference id, with its instruction as
// the description. all includes forgotten preferences (for me explain).
func completePrefIDs(env *Env, all bool) completeFunc {
	return func(c *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		if len(args) > 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		store, err := loadPrefs(env)
		if err != nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		var out []cobra.Completion
		for _, p := range store.All() {
			if !all && p.Status == me.Forgotten {
				continue
			}
			if strings.HasPrefix(p.ID, toComplete) {
				out = append(out, cobra.CompletionWithDesc(p.ID, describe(p.Category, p.Instruction)))
			}
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
}

// completeRuleNumbers completes the number of a project rule in force
// (for --supersedes), with its instruction as the description.
func completeRuleNumbers(env *Env) completeFunc {
	return func(c *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		_, root, err := env.openWorkspace()
		if err != nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		defer root.Close()
		rs, err := rules.Load(root)
		if err != nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		var out []cobra.Completion
		for _, r := range rules.InForce(rs.Rules) {
			if n := strconv.Itoa(r.Number); strings.HasPrefix(n, toComplete) {
				out = append(out, cobra.CompletionWithDesc(n, describe(r.Category, r.Instruction)))
			}
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
}

// completeCategories completes a category name.
func completeCategories(c *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	var out []cobra.Completion
	for _, k := range rules.Categories {
		if strings.HasPrefix(k, strings.ToUpper(toComplete)) {
			out = append(out, k)
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// completeAgents completes an agent name.
func completeAgents(c *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	var out []cobra.Completion
	for _, a := range hook.Agents {
		if strings.HasPrefix(string(a), toComplete) {
			out = append(out, string(a))
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// describe is a completion's description: "[TOOL] Always use pnpm…", on
// one line and short enough for a shell menu.
func describe(category, instruction string) string {
	s := "[" + category + "] " + strings.Join(strings.Fields(instruction), " ")
	if r := []rune(s); len(r) > 60 {
		s = string(r[:59]) + "…"
	}
	return s
}

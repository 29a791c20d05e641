package cmd

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/autofix/autofix/capture"
	"github.com/spf13/cobra"
)

type detectOptions struct {
	env  *Env
	text string
	json bool
}

func newDetectCmd(env *Env) *cobra.Command {
	opts := &detectOptions{env: env}
	c := &cobra.Command{
		Use:   "detect [--json] TEXT|-",
		Short: "Tell whether a prompt carries a rule worth recording",
		Long: `Detect decides whether TEXT (a prompt typed to an agent, quoted or not; "-"
reads it from stdin) carries a durable rule: a correction, a rejection, a preference, a
lesson from a bug, or an explicit "/learn …" or "remember …". Ordinary tasks,
questions, thanks and one-off redirects ("no, the other file", "skip the
tests this time", "for now", "never mind") carry none.

When it finds one it prints the candidate rule and the exact command that
records it: 'autofix learn "…"' for a project convention, 'autofix me teach
"…"' for first-person taste ("I prefer…"). It uses the built-in rules only
(English, Japanese, German, French, Spanish): deterministic, no model, no
network, microseconds. When in doubt it does not capture.

--json prints {"capture", "kind", "target", "rule", "command"}: kind is
correction, rejection, preference, lesson, learn or none; target is project
or personal (empty when nothing is captured); rule is {"category",
"instruction", "why"} or null.

Exit status, as grep's: 0 when TEXT carries a rule, 1 when it does not (or
on an error, which is printed), 2 on a usage error. With --json too, so
'if autofix detect -- "$prompt" >/dev/null; then …' works either way.`,
		Example: `  autofix detect "no, we use vitest here, not jest"
  autofix detect --json "I prefer small pull requests"
  echo "don't add emojis to commit messages" | autofix detect -
  autofix detect "skip the tests this time"      # exit status 1`,
		// TEXT is free text: quoted, or its words joined, as for learn.
		Args: func(c *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usageErrorf("%s needs the text to check (or \"-\" for stdin) (see '%s --help')", c.CommandPath(), c.CommandPath())
			}
			return nil
		},
		RunE: func(c *cobra.Command, args []string) error {
			opts.text = strings.Join(args, " ")
			return runDetect(c.Context(), opts)
		},
	}
	c.Flags().BoolVar(&opts.json, "json", false, "print the decision as JSON")
	return c
}

// maxDetectInput bounds what detect reads from stdin: a prompt, not a file.
const maxDetectInput = 1 << 20

func runDetect(ctx context.Context, opts *detectOptions) error {
	env := opts.env
	text := opts.text
	if text == "-" {
		data, err := io.ReadAll(io.LimitReader(env.Stdin, maxDetectInput+1))
		if err != nil {
			return fmt.Errorf("read the text from stdin: %w", err)
		}
		if len(data) > maxDetectInput {
			return withHint(fmt.Errorf("stdin holds more than %d bytes", maxDetectInput), "pass one prompt, not a file")
		}
		text = string(data)
	}
	if strings.TrimSpace(text) == "" {
		return usageErrorf("the text to check is empty")
	}
	res := capture.Detect(ctx, text)
	if opts.json {
		enc := json.NewEncoder(env.Stdout)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if err := enc.Encode(res); err != nil {
			return err
		}
	} else if res.Capture {
		whose := "project rule"
		if res.Target == capture.Personal {
			whose = "personal preference"
		}
		fmt.Fprintf(env.Stdout, "Detected a %s (%s): [%s] %s\n", res.Kind, whose, res.Rule.Category, res.Rule.Instruction)
		fmt.Fprintf(env.Stdout, "Record it with: %s\n", res.Command)
	} else {
		fmt.Fprintln(env.Stdout, "No durable rule in this text.")
	}
	if !res.Capture {
		return errSilent
	}
	return nil
}

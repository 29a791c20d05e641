package cmd

import (
	"context"
	"fmt"
	"strings"

	"github.com/autofix/autofix/episode"
	"github.com/spf13/cobra"
)

type episodesOptions struct {
	env   *Env
	query string
	json  bool
}

func newEpisodesCmd(env *Env) *cobra.Command {
	opts := &episodesOptions{env: env}
	c := &cobra.Command{
		Use:   "episodes [QUERY] [--json]",
		Short: "Show how something was done before in this workspace",
		Long: `episodes joins the turns the hooks recorded in this workspace into
episodes: consecutive turns of one session, of the same work type, whose
edited files overlap. Each has when it started, its first prompt (as
recorded: the first 200 characters, none with activity.prompts: false),
the work type, the files edited, the outcome (the outcome code of the last
tool call, "no_tools", or "open" while the turn has not ended) and the
rules delivered.

With QUERY, only the episodes whose prompt or files share a word with it
(of three letters or more, leaving out a question's function words), the
rarest shared words first: "how did we add a migration last time".
Without, all of them, newest first.`,
		Example: `  autofix episodes "add a migration"
  autofix episodes --json`,
		Args: cobra.ArbitraryArgs,
		RunE: func(c *cobra.Command, args []string) error {
			opts.query = strings.Join(args, " ")
			return runEpisodes(c.Context(), opts)
		},
	}
	c.Flags().BoolVar(&opts.json, "json", false, "print JSON")
	return c
}

type episodesResult struct {
	Episodes []episode.Episode `json:"episodes"`
}

func runEpisodes(ctx context.Context, opts *episodesOptions) error {
	env := opts.env
	ws, err := env.workspace()
	if err != nil {
		return err
	}
	log, err := env.activityLog(ws)
	if err != nil {
		return err
	}
	res := episodesResult{Episodes: episode.Find(episode.Join(log.Records), opts.query)}
	if res.Episodes == nil {
		res.Episodes = []episode.Episode{}
	}
	if opts.json {
		return writeJSON(env.Stdout, res)
	}
	if len(res.Episodes) == 0 {
		if opts.query != "" {
			fmt.Fprintf(env.Stdout, "No episode matches %q.\n", opts.query)
		} else {
			fmt.Fprintln(env.Stdout, "No episodes recorded in this workspace.")
		}
		return nil
	}
	for _, e := range res.Episodes {
		prompt := e.Prompt
		if prompt == "" {
			prompt = "(prompt not recorded)"
		}
		fmt.Fprintf(env.Stdout, "%s  %-10s  %-12s  %s\n  files: %s; rules: %s\n", e.Started.UTC().Format("2006-01-02 15:04"),
			e.WorkType, e.Outcome, strings.Join(strings.Fields(prompt), " "), listOrNone(e.Files), listOrNone(e.Rules))
	}
	return nil
}

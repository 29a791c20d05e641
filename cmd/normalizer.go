package cmd

import (
	"cmp"
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/autofix/autofix/normalize"
	"github.com/autofix/autofix/normalize/ollama"
)

// normalizeText normalizes text with the configured mode (cfg.Model: auto,
// off or a model name); ollama.Select decides which normalizer answers
// and what the person is told, and this prints it on stderr. A spinner
// runs on stderr during a model call, on a terminal only.
func normalizeText(ctx context.Context, env *Env, cfg Config, text string, existing []normalize.Existing) (normalize.Result, error) {
	sel, err := ollama.Select(ctx, normalizeMode(env, cfg))
	if err != nil {
		return normalize.Result{}, err
	}
	printNotice(env, sel.Notice)
	printNotice(env, sel.Warning)
	var notice string
	res, err := withSpinner(env, sel.Model(), func() (normalize.Result, error) {
		var r normalize.Result
		var err error
		r, notice, err = sel.Normalize(ctx, text, existing)
		return r, err
	})
	printNotice(env, notice)
	return res, err
}

// probeTimeout bounds auto mode's check that Ollama answers (a variable so
// tests on a loaded machine can be patient).
var probeTimeout = ollama.ProbeTimeout

// normalizeMode is the normalizer mode of the configuration and the
// environment (OLLAMA_HOST).
func normalizeMode(env *Env, cfg Config) ollama.Mode {
	m := ollama.Mode{
		Model:        cfg.Model,
		DefaultModel: cmp.Or(strings.TrimSpace(cfg.DefaultModel), defaultModel),
		Timeout:      cfg.ModelTimeout,
		ProbeTimeout: probeTimeout,
		Client:       env.Ollama,
	}
	if env.Getenv != nil {
		m.Host = env.Getenv("OLLAMA_HOST")
	}
	return m
}

// printNotice writes a line the normalizer selection returned, if any.
func printNotice(env *Env, line string) {
	if line != "" {
		fmt.Fprintln(env.Stderr, line)
	}
}

// withSpinner runs f, showing a spinner on stderr when it is a terminal
// and a model is asked.
func withSpinner(env *Env, model string, f func() (normalize.Result, error)) (normalize.Result, error) {
	if !env.StderrTTY || model == "" {
		return f()
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		frames := []rune("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")
		t := time.NewTicker(100 * time.Millisecond)
		defer t.Stop()
		for i := 0; ; i++ {
			fmt.Fprintf(env.Stderr, "\r%c normalizing with %s…", frames[i%len(frames)], model)
			select {
			case <-stop:
				fmt.Fprint(env.Stderr, "\r\033[K")
				return
			case <-t.C:
			}
		}
	}()
	res, err := f()
	close(stop)
	wg.Wait()
	return res, err
}

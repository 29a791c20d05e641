package cmd

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/autofix/autofix/normalize"
)

// normalizeText normalizes text with the configured mode (cfg.Model: auto,
// off or a model name):
//   - off: the built-in normalizer;
//   - auto: Ollama with cfg.DefaultModel when it answers quickly and has the
//     model, else the built-in normalizer with a one-line notice on stderr;
//   - a model name: Ollama with that model, failing clearly (with the
//     `ollama pull` command) when it is not available.
//
// A spinner runs on stderr during a model call, on a terminal only; a
// non-loopback OLLAMA_HOST gets a warning before any text is sent.
func normalizeText(ctx context.Context, env *Env, cfg Config, text string, existing []normalize.Existing) (normalize.Result, error) {
	mode := strings.TrimSpace(cfg.Model)
	switch strings.ToLower(mode) {
	case "off", "builtin", "built-in", "none":
		return normalize.Normalize(ctx, text, existing, normalize.Options{})
	case "", "auto":
		model := cmpOr(strings.TrimSpace(cfg.DefaultModel), defaultModel)
		opts, err := modelOptions(env, cfg, model)
		if err == nil {
			err = normalize.Probe(ctx, opts)
		}
		if err != nil {
			if ctx.Err() != nil {
				return normalize.Result{}, ctx.Err()
			}
			fallbackNotice(env, model, err)
			return normalize.Normalize(ctx, text, existing, normalize.Options{})
		}
		warnRemoteHost(env)
		res, err := withSpinner(env, model, func() (normalize.Result, error) {
			return normalize.Normalize(ctx, text, existing, opts)
		})
		if errors.Is(err, normalize.ErrModelUnavailable) && ctx.Err() == nil {
			// The server went away between the probe and the call.
			fallbackNotice(env, model, err)
			return normalize.Normalize(ctx, text, existing, normalize.Options{})
		}
		return res, err
	default:
		opts, err := modelOptions(env, cfg, mode)
		if err != nil {
			return normalize.Result{}, err
		}
		warnRemoteHost(env)
		return withSpinner(env, mode, func() (normalize.Result, error) {
			return normalize.Normalize(ctx, text, existing, opts)
		})
	}
}

// probeTimeout bounds auto mode's check that Ollama answers (a variable so
// tests on a loaded machine can be patient).
var probeTimeout = normalize.ProbeTimeout

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// modelOptions builds the normalizer options for an Ollama model.
func modelOptions(env *Env, cfg Config, model string) (normalize.Options, error) {
	if env.Ollama == nil {
		return normalize.Options{}, &normalize.UnavailableError{Err: errors.New("no Ollama client configured")}
	}
	client, err := env.Ollama()
	if err != nil {
		return normalize.Options{}, &normalize.UnavailableError{Host: ollamaHost(env), Err: err}
	}
	return normalize.Options{Client: client, Model: model, Timeout: cfg.ModelTimeout, Host: ollamaHost(env), ProbeTimeout: probeTimeout}, nil
}

// fallbackNotice is auto mode's one line on stderr when the model is not
// used.
func fallbackNotice(env *Env, model string, err error) {
	var reason string
	var nf *normalize.ModelNotFoundError
	switch {
	case errors.As(err, &nf):
		reason = fmt.Sprintf("Ollama has no model %s (ollama pull %s)", model, model)
	default:
		reason = fmt.Sprintf("Ollama is not available at %s", ollamaHost(env))
	}
	fmt.Fprintf(env.Stderr, "autofix: notice: %s; using the built-in normalizer\n", reason)
}

// ollamaHost is the Ollama server as configured, for messages.
func ollamaHost(env *Env) string {
	h := ""
	if env.Getenv != nil {
		h = strings.TrimSpace(env.Getenv("OLLAMA_HOST"))
	}
	if h == "" {
		return "127.0.0.1:11434"
	}
	return h
}

// warnRemoteHost warns when OLLAMA_HOST is not this machine: the text
// leaves it.
func warnRemoteHost(env *Env) {
	h := ollamaHost(env)
	if !isLoopbackHost(h) {
		fmt.Fprintf(env.Stderr, "autofix: warning: OLLAMA_HOST is %s, not this machine: your text will be sent there\n", h)
	}
}

// isLoopbackHost parses OLLAMA_HOST in the forms Ollama accepts (host,
// host:port, scheme://host:port/path) and reports whether it is this
// machine.
func isLoopbackHost(h string) bool {
	if !strings.Contains(h, "://") {
		h = "http://" + h
	}
	u, err := url.Parse(h)
	if err != nil {
		return false
	}
	host := u.Hostname()
	switch strings.ToLower(host) {
	case "", "localhost", "0.0.0.0", "::":
		return true
	}
	if strings.HasSuffix(strings.ToLower(host), ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// withSpinner runs f, showing a spinner on stderr when it is a terminal.
func withSpinner(env *Env, model string, f func() (normalize.Result, error)) (normalize.Result, error) {
	if !env.StderrTTY {
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

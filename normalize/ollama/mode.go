package ollama

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"strings"
	"time"

	"github.com/autofix/autofix/normalize"
	"github.com/ollama/ollama/api"
)

// DefaultHost is the Ollama server when OLLAMA_HOST is not set.
const DefaultHost = "127.0.0.1:11434"

// Mode is the configured choice of normalizer: which one answers, and
// what the person is told when the model does not. The caller reads the
// configuration and the environment and passes them in.
type Mode struct {
	// Model is auto (or empty), off (builtin, built-in, none) or an Ollama
	// model name.
	Model string
	// DefaultModel is the model auto mode asks for.
	DefaultModel string
	// Timeout bounds each model call (Options.Timeout).
	Timeout time.Duration
	// ProbeTimeout bounds auto mode's check that Ollama answers.
	ProbeTimeout time.Duration
	// Host is OLLAMA_HOST as set; empty means [DefaultHost].
	Host string
	// Client returns the Ollama client; nil means none is configured.
	Client func() (*api.Client, error)
}

// Off reports whether the mode names the built-in normalizer.
func (m Mode) Off() bool {
	switch strings.ToLower(strings.TrimSpace(m.Model)) {
	case "off", "builtin", "built-in", "none":
		return true
	}
	return false
}

// Auto reports whether the mode is auto: the model when it is there, else
// the built-in normalizer.
func (m Mode) Auto() bool {
	switch strings.ToLower(strings.TrimSpace(m.Model)) {
	case "", "auto":
		return true
	}
	return false
}

// ModelName is the Ollama model the mode asks for: the one named, or the
// default model in auto mode.
func (m Mode) ModelName() string {
	if m.Auto() {
		return strings.TrimSpace(m.DefaultModel)
	}
	return strings.TrimSpace(m.Model)
}

// HostName is the Ollama server as configured, for messages.
func (m Mode) HostName() string {
	return cmp.Or(strings.TrimSpace(m.Host), DefaultHost)
}

// Options builds the normalizer options for the mode's model.
func (m Mode) Options() (Options, error) {
	if m.Client == nil {
		return Options{}, &normalize.UnavailableError{Err: errors.New("no Ollama client configured")}
	}
	client, err := m.Client()
	if err != nil {
		return Options{}, &normalize.UnavailableError{Host: m.HostName(), Err: err}
	}
	return Options{Client: client, Model: m.ModelName(), Timeout: m.Timeout, Host: m.HostName(), ProbeTimeout: m.ProbeTimeout}, nil
}

// Probe checks that the mode's model server answers and has the model,
// and returns the options to ask it with.
func (m Mode) Probe(ctx context.Context) (Options, error) {
	opts, err := m.Options()
	if err == nil {
		err = Probe(ctx, opts)
	}
	return opts, err
}

// Remote reports whether the model server is not this machine: the text
// sent to it leaves the machine.
func (m Mode) Remote() bool { return !IsLoopback(m.HostName()) }

// Selection is the normalizer a [Mode] chose, with what to tell the person.
type Selection struct {
	// Options asks the model; a nil Client is the built-in normalizer.
	Options Options
	// Notice, when set, says auto mode uses the built-in normalizer and why.
	Notice string
	// Warning, when set, says the text will leave this machine.
	Warning string

	mode Mode
}

// Select chooses the normalizer: off is the built-in one; auto is the
// model when the server answers quickly and has it, else the built-in
// one with a notice; a model name is that model, or an error (with the
// `ollama pull` hint) when it cannot be reached.
func Select(ctx context.Context, m Mode) (Selection, error) {
	s := Selection{mode: m}
	switch {
	case m.Off():
		return s, nil
	case m.Auto():
		opts, err := m.Probe(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return Selection{}, ctx.Err()
			}
			s.Notice = FallbackNotice(m.ModelName(), m.HostName(), err)
			return s, nil
		}
		s.Options = opts
	default:
		opts, err := m.Options()
		if err != nil {
			return Selection{}, err
		}
		s.Options = opts
	}
	if m.Remote() {
		s.Warning = RemoteWarning(m.HostName())
	}
	return s, nil
}

// Model is the model the selection asks, or "" for the built-in
// normalizer.
func (s Selection) Model() string {
	if s.Options.Client == nil {
		return ""
	}
	return s.Options.Model
}

// Normalize normalizes text with the selected normalizer. In auto mode a
// server that went away since [Select] is the built-in normalizer, and
// notice says so.
func (s Selection) Normalize(ctx context.Context, text string, existing []normalize.Existing) (res normalize.Result, notice string, err error) {
	var opts normalize.Options
	if s.Options.Client != nil {
		opts.Model = s.Options
	}
	res, err = normalize.Normalize(ctx, text, existing, opts)
	if s.Options.Client != nil && s.mode.Auto() && errors.Is(err, normalize.ErrModelUnavailable) && ctx.Err() == nil {
		notice = FallbackNotice(s.Options.Model, s.mode.HostName(), err)
		res, err = normalize.Normalize(ctx, text, existing, normalize.Options{})
		return res, notice, err
	}
	return res, "", err
}

// FallbackNotice is auto mode's one line when the model is not used.
func FallbackNotice(model, host string, err error) string {
	reason := fmt.Sprintf("Ollama is not available at %s", host)
	var nf *normalize.ModelNotFoundError
	if errors.As(err, &nf) {
		reason = fmt.Sprintf("Ollama has no model %s (ollama pull %s)", model, model)
	}
	return fmt.Sprintf("autofix: notice: %s; using the built-in normalizer", reason)
}

// RemoteWarning is the line said before text is sent to a server that is
// not this machine.
func RemoteWarning(host string) string {
	return fmt.Sprintf("autofix: warning: OLLAMA_HOST is %s, not this machine: your text will be sent there", host)
}

// IsLoopback parses OLLAMA_HOST in the forms Ollama accepts (host,
// host:port, scheme://host:port/path) and reports whether it is this
// machine.
func IsLoopback(h string) bool {
	if !strings.Contains(h, "://") {
		h = "http://" + h
	}
	u, err := url.Parse(h)
	if err != nil {
		return false
	}
	host := strings.ToLower(u.Hostname())
	switch host {
	case "", "localhost", "0.0.0.0", "::":
		return true
	}
	if strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

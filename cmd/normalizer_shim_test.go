package cmd

import "github.com/autofix/autofix/normalize/ollama"

// warnRemoteHost warns when OLLAMA_HOST is not this machine, as
// normalizeText does before it sends text.
func warnRemoteHost(env *Env) {
	if m := normalizeMode(env, Config{}); m.Remote() {
		printNotice(env, ollama.RemoteWarning(m.HostName()))
	}
}

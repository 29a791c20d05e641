package activity

import (
	"encoding/json"
	"strings"
)

// The outcome codes of a tool call. A failure is reduced to one of them;
// its text is never stored.
const (
	OK          = "ok"
	ExitNonzero = "exit_nonzero"
	NotFound    = "not_found"
	Permission  = "permission"
	Timeout     = "timeout"
	Conflict    = "conflict"
	OtherFail   = "other"
)

// failureWords map words of an error message to a code, checked in order:
// the first that appears decides.
var failureWords = []struct {
	code  string
	words []string
}{
	{Timeout, []string{"timed out", "timeout", "deadline exceeded"}},
	{Permission, []string{"permission denied", "eacces", "eperm", "not permitted", "access denied", "forbidden", "requires approval", "was denied", "user denied", "rejected by user", "unauthorized"}},
	{NotFound, []string{"not found", "no such file", "enoent", "does not exist", "command not found", "cannot find", "could not find", "unknown command"}},
	{Conflict, []string{"conflict", "modified since", "has been modified", "already exists", "not unique", "found multiple", "multiple matches", "rejected", "non-fast-forward"}},
	{ExitNonzero, []string{"exit code", "exit status", "exited with", "returned non-zero", "non-zero exit", "nonzero exit"}},
}

// FailureCode reduces an error message to an outcome code: never [OK],
// [OtherFail] when nothing in it says more.
func FailureCode(message string) string {
	m := strings.ToLower(message)
	for _, f := range failureWords {
		for _, w := range f.words {
			if strings.Contains(m, w) {
				return f.code
			}
		}
	}
	return OtherFail
}

// Outcome derives the outcome code of a tool call from its response, as an
// agent's PostToolUse hook reports it: [OK], unless the response carries a
// non-zero exit code ([ExitNonzero]), an error, a false success or an
// interruption ([OtherFail]), which [FailureCode] reduces to a code. It reads the
// response and keeps nothing of it.
func Outcome(response json.RawMessage) string {
	var v map[string]any
	if json.Unmarshal(response, &v) != nil {
		return OK // a plain string or nothing: the tool answered
	}
	for _, k := range []string{"exit_code", "exitCode", "returncode", "return_code", "status_code"} {
		if n, ok := v[k].(float64); ok && n != 0 {
			if msg := errorText(v); msg != "" {
				if c := FailureCode(msg); c != OtherFail {
					return c
				}
			}
			return ExitNonzero
		}
	}
	if msg := errorText(v); msg != "" {
		return FailureCode(msg)
	}
	if b, ok := v["success"].(bool); ok && !b {
		return OtherFail
	}
	if b, ok := v["interrupted"].(bool); ok && b {
		return OtherFail
	}
	return OK
}

// errorText is the error a response carries, if any.
func errorText(v map[string]any) string {
	for _, k := range []string{"error", "err"} {
		switch e := v[k].(type) {
		case string:
			return e
		case map[string]any:
			if m, ok := e["message"].(string); ok {
				return m
			}
			return "error"
		}
	}
	return ""
}

package activity

import (
	"encoding/json"
	"testing"
)

func TestClassify(t *testing.T) {
	tests := []struct {
		prompt string
		paths  []string
		want   WorkType
	}{
		{"add the lodash package", nil, Dependency},
		{"upgrade react to 19", nil, Dependency},
		{"", []string{"package.json", "pnpm-lock.yaml"}, Dependency},
		{"write a migration that adds an orders table", nil, Migration},
		{"", []string{"db/migrations/002_orders.sql"}, Migration},
		{"fix the failing test in auth", nil, Test},
		{"", []string{"src/auth_test.go"}, Test},
		{"the CI pipeline is slow", nil, CI},
		{"", []string{".github/workflows/ci.yml"}, CI},
		{"update the README with install steps", nil, Docs},
		{"add a signup form", nil, UI},
		{"", []string{"src/components/Avatar.tsx"}, UI},
		{"refactor the session store", nil, Refactor},
		{"rename getUser to fetchUser", nil, Refactor},
		{"the login crashes on empty passwords", nil, Bugfix},
		{"implement rate limiting for the api", nil, Feature},
		{"what does this function do?", nil, OtherWork},
		{"", nil, OtherWork},
		// Other languages.
		{"füge eine neue Abhängigkeit hinzu", nil, Dependency},
		{"corrige le bogue de connexion", nil, Bugfix},
		{"añade una prueba para el parser", nil, Test},
		{"ログイン画面のバグを修正して", nil, UI},
		{"テストを追加して", nil, Test},
		// A prompt's words outweigh one path; words and paths add up.
		{"fix the crash", []string{"src/app.tsx"}, Bugfix},
		{"fix the crash", []string{"src/app.tsx", "src/components/Nav.tsx", "src/components/Menu.tsx"}, UI},
		// Whole words: "latest" is not "test", "prefix" is not "fix".
		{"use the latest prefix", nil, OtherWork},
	}
	for _, tt := range tests {
		if got := Classify(tt.prompt, tt.paths); got != tt.want {
			t.Errorf("Classify(%q, %q) = %s, want %s", tt.prompt, tt.paths, got, tt.want)
		}
	}
}

func TestOutcome(t *testing.T) {
	tests := []struct {
		response string
		want     string
	}{
		{`{"filePath":"/w/a.ts","success":true}`, OK},
		{`"file contents"`, OK},
		{`{"stdout":"ok","stderr":"","interrupted":false}`, OK},
		{`{"exit_code":1,"output":"FAIL"}`, ExitNonzero},
		{`{"exitCode":127,"stderr":"sh: foo: command not found"}`, ExitNonzero},
		{`{"exit_code":1,"error":"bash: x: Permission denied"}`, Permission},
		{`{"error":"File has been modified since read"}`, Conflict},
		{`{"error":{"message":"request timed out"}}`, Timeout},
		{`{"success":false}`, OtherFail},
		{`{"interrupted":true}`, OtherFail},
		{``, OK},
	}
	for _, tt := range tests {
		if got := Outcome(json.RawMessage(tt.response)); got != tt.want {
			t.Errorf("Outcome(%s) = %s, want %s", tt.response, got, tt.want)
		}
	}
	for msg, want := range map[string]string{
		"Command exited with non-zero status code 1":   ExitNonzero,
		"ENOENT: no such file or directory, open 'x'":  NotFound,
		"EACCES: permission denied":                    Permission,
		"Command timed out after 2m 0s":                Timeout,
		"CONFLICT (content): Merge conflict in a.go":   Conflict,
		"The user doesn't want to proceed":             OtherFail,
		"String to replace not found in file.":         NotFound,
		"Found 3 matches of the string to replace":     OtherFail,
		"Found multiple matches of the string to edit": Conflict,
	} {
		if got := FailureCode(msg); got != want {
			t.Errorf("FailureCode(%q) = %s, want %s", msg, got, want)
		}
	}
}

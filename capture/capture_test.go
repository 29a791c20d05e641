package capture

import (
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/autofix/autofix/normalize"
)

func TestDetect(t *testing.T) {
	for _, tc := range []struct {
		prompt  string
		kind    Kind
		target  Target
		command string
	}{
		{"no, we use vitest here, not jest", Correction, Project, `autofix learn "we use vitest here, not jest"`},
		{"don't add emojis to commit messages", Rejection, Project, `autofix learn "don't add emojis to commit messages"`},
		{"I prefer early returns over nested ifs", Preference, Personal, `autofix me teach "I prefer early returns over nested ifs"`},
		{"we prefer early returns over nested ifs", Preference, Project, `autofix learn "we prefer early returns over nested ifs"`},
		{"/learn always run make lint before committing", Learn, Project, `autofix learn "always run make lint before committing"`},
		{"that failed because you used the wrong import path; the package is @acme/ui, not @acme/components", Lesson, Project,
			`autofix learn "the package is @acme/ui, not @acme/components"`},
		{"Thanks! From now on, run gofmt before every commit.", Correction, Project, `autofix learn "run gofmt before every commit"`},
		{"n'utilise pas moment.js, utilise date-fns", Rejection, Project, `autofix learn "n'utilise pas moment.js, utilise date-fns"`},
		{"Wir benutzen pnpm, nicht npm", Correction, Project, `autofix learn "Wir benutzen pnpm, nicht npm"`},
		{"今後はaxiosではなくfetchを使って", Correction, Project, `autofix learn "axiosではなくfetchを使って"`},
		{"No pongas los tests junto al código fuente", Rejection, Project, `autofix learn "No pongas los tests junto al código fuente"`},
		// The shell sees the person's words unchanged.
		{"never put $HOME in config files", Rejection, Project, `autofix learn 'never put $HOME in config files'`},
		// One-offs, questions, tasks, pointers, thanks.
		{"no, the other file", None, "", ""},
		{"don't run the tests this time", None, "", ""},
		{"should we use pnpm?", None, "", ""},
		{"use pnpm to install lodash", None, "", ""},
		{"never mind", None, "", ""},
		{"for now, skip the lint step", None, "", ""},
		{"don't touch this file", None, "", ""},
		{"ok thanks", None, "", ""},
		// The ruleset itself is never the subject of a new rule.
		{"never edit autofix.json by hand", None, "", ""},
		{"ignore rule 2 from now on", None, "", ""},
		// Not text a person typed as a correction.
		{"", None, "", ""},
		{"never use npm \x1b[31m", None, "", ""},
		{strings.Repeat("always use pnpm ", 40), None, "", ""},
	} {
		got := Detect(context.Background(), tc.prompt)
		if got.Kind != tc.kind || got.Target != tc.target || got.Command != tc.command || got.Capture != (tc.kind != None) {
			t.Errorf("Detect(%q) = %s/%s %q (capture %v), want %s/%s %q", tc.prompt, got.Kind, got.Target, got.Command, got.Capture, tc.kind, tc.target, tc.command)
			continue
		}
		if got.Capture {
			if got.Rule == nil || normalize.CheckInstruction(got.Rule.Instruction) != nil || got.Rule.Category == "" || got.Rule.Why == "" {
				t.Errorf("Detect(%q): rule %+v is not a valid rule", tc.prompt, got.Rule)
			}
		} else if got.Rule != nil {
			t.Errorf("Detect(%q): no capture but rule %+v", tc.prompt, got.Rule)
		}
	}
}

// TestCommandRecordsTheCandidate checks that the words the command records
// normalize to the candidate rule shown: running the command yields what
// the agent was told.
func TestCommandRecordsTheCandidate(t *testing.T) {
	ctx := context.Background()
	for _, r := range readRows(t, filepath.Join("testdata", "capture.dev.jsonl")) {
		got := Detect(ctx, r.Prompt)
		if !got.Capture {
			continue
		}
		res, err := normalize.Normalize(ctx, got.Words, nil, normalize.Options{})
		if err != nil || res.Instruction != got.Rule.Instruction {
			t.Errorf("%s: the command's words %q normalize to %q, %v; the candidate was %q", r.ID, got.Words, res.Instruction, err, got.Rule.Instruction)
		}
		if want := Command(got.Target, got.Words); got.Command != want {
			t.Errorf("%s: command %q, want %q", r.ID, got.Command, want)
		}
	}
}

// TestQuoteThroughShell runs quoted words through a real POSIX shell and
// checks that the command receives them unchanged.
func TestQuoteThroughShell(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh on PATH")
	}
	for _, s := range []string{
		"no, we use pnpm here, not npm",
		"n'utilise pas moment.js",
		"don't use $HOME or ${PATH} in scripts",
		"never run `rm -rf` in hooks",
		`a "quoted" word and a back\slash`,
		"it's 100% done! !! ~user *.go ?x [ab] #c |&;<>(){}",
		"'; echo pwned; '",
		"コミットメッセージに絵文字を入れないで",
		"tab\there",
	} {
		out, err := exec.Command(sh, "-c", `printf '%s' `+Quote(s)).Output()
		if err != nil {
			t.Errorf("sh -c for %q: %v", s, err)
			continue
		}
		if string(out) != s {
			t.Errorf("Quote(%q) = %s: the shell passed %q", s, Quote(s), out)
		}
	}
}

func TestProtocol(t *testing.T) {
	if n := utf8.RuneCountInString(Protocol); n > MaxProtocol {
		t.Errorf("protocol is %d characters, more than %d", n, MaxProtocol)
	}
	for _, want := range []string{"corrects you", "rejects a file, approach or pattern", "personal or team preference", "wrong assumption", "/learn",
		`autofix learn "<the person's words>"`, `autofix me teach`, "`learn`/`teach`", "Relay the printed line", "redo the current work",
		"Never record a rule about editing the ruleset"} {
		if !strings.Contains(Protocol, want) {
			t.Errorf("protocol lacks %q", want)
		}
	}
}

func TestBlock(t *testing.T) {
	r := Detect(context.Background(), "I like small pull requests")
	b := Block(r)
	for _, want := range []string{"## Candidate rule (autofix)", "preference, a personal preference", "- [" + r.Rule.Category + "] " + r.Rule.Instruction,
		"\n    autofix me teach \"I like small pull requests\"\n"} {
		if !strings.Contains(b, want) {
			t.Errorf("block lacks %q:\n%s", want, b)
		}
	}
	if got := Block(Detect(context.Background(), "ok thanks")); got != "" {
		t.Errorf("block for no capture = %q, want empty", got)
	}
}

// FuzzDetect checks Detect's promises on any input: it never panics, and a
// capture always carries a valid rule and a command that starts with one of
// the two recording commands.
func FuzzDetect(f *testing.F) {
	for _, s := range []string{"no, we use vitest here, not jest", "don't", "no ,", "今後は", "¿", "remember:", "—", "n' pas", "'\"$`"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r := Detect(context.Background(), s)
		if !r.Capture {
			if r.Kind != None || r.Rule != nil || r.Command != "" {
				t.Fatalf("no capture but %+v", r)
			}
			return
		}
		if r.Rule == nil || normalize.CheckInstruction(r.Rule.Instruction) != nil {
			t.Fatalf("capture of %q with invalid rule %+v", s, r.Rule)
		}
		if !strings.HasPrefix(r.Command, "autofix learn ") && !strings.HasPrefix(r.Command, "autofix me teach ") {
			t.Fatalf("command %q", r.Command)
		}
	})
}

// TestTarget: first-person taste is personal in every language; a team's
// preference and conventions are the project's.
func TestTarget(t *testing.T) {
	for _, tc := range []struct {
		prompt string
		want   Target
	}{
		{"I like small, focused pull requests", Personal},
		{"Ich bevorzuge kleine Pull Requests", Personal},
		{"Je préfère les petites pull requests", Personal},
		{"Prefiero los componentes funcionales", Personal},
		{"私は小さいプルリクエストの方が好きです", Personal},
		{"we prefer small pull requests", Project},
		{"Wir bevorzugen kleine Pull Requests", Project},
		{"in this repo tests live next to the code they test", Project},
		{"no, use pnpm here, not npm", Project},
	} {
		got := Detect(context.Background(), tc.prompt)
		if !got.Capture || got.Target != tc.want {
			t.Errorf("Detect(%q): capture %v, target %q; want %q", tc.prompt, got.Capture, got.Target, tc.want)
		}
		if tc.want == Personal && !strings.HasPrefix(got.Command, "autofix me teach ") {
			t.Errorf("Detect(%q): command %q, want autofix me teach", tc.prompt, got.Command)
		}
	}
}

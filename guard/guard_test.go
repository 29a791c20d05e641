package guard

import (
	"strings"
	"testing"
)

// proposal is one instruction, and what its proposed check must stop and
// let pass (each an input of the check's target).
type proposal struct {
	instruction string
	target      string // "" means no check
	deny, pass  []string
}

var proposals = []proposal{
	{"Always use pnpm instead of npm or yarn.", TargetCommand,
		[]string{"npm install", "npm i lodash", "yarn add react", "cd web && npm test", "FOO=1 npm run build", "sudo npm install -g x", "/usr/bin/npm ci", "echo $(npm bin)", "ls; yarn"},
		[]string{"pnpm install", "pnpm add npm-run-all", "echo npm", "npx prettier .", "git commit -m 'drop yarn'", "pnpm dlx create-vite", "cat yarn.lock"}},
	{"Always use pnpm instead of npm or yarn", TargetCommand, []string{"npm install"}, []string{"pnpm install"}},
	{"Never use npm — use pnpm instead.", TargetCommand, []string{"npm install"}, []string{"pnpm install"}},
	{"Never use npm here", TargetCommand, []string{"npm install"}, []string{"pnpm install"}},
	{"Never use Yarn here — use pnpm instead", TargetCommand, []string{"yarn add x"}, []string{"pnpm add x"}},
	{"Never use jQuery in this repo — use native DOM APIs instead", TargetContent, []string{"import $ from 'jquery'"}, []string{"document.querySelector('a')"}},
	{"Immer pnpm statt npm benutzen", TargetCommand, []string{"npm ci"}, []string{"pnpm i"}},
	{"Niemals Axios benutzen — stattdessen das native fetch nehmen", TargetContent, []string{"import axios from 'axios'"}, []string{"await fetch(url)"}},
	{"Ne jamais utiliser npm — utiliser pnpm à la place", TargetCommand, []string{"npm i"}, []string{"pnpm i"}},
	{"Ne jamais utiliser Moment.js — utiliser date-fns à la place", TargetContent, []string{"import moment from 'moment'"}, []string{"import { format } from 'date-fns'"}},
	{"Ne jamais utiliser d'émojis dans les messages de commit", TargetCommand, []string{"git commit -m '🎉 init'"}, []string{"git commit -m 'init'"}},
	{"Ne jamais faire de force-push sur main", TargetCommand, []string{"git push -f origin main"}, []string{"git push origin main"}},
	{"Niemals Emojis in Commit-Nachrichten verwenden", TargetCommand, []string{"git commit -m '🎉 init'"}, []string{"git commit -m 'init'"}},
	{"Nunca uses npm, usa pnpm", TargetCommand, []string{"npm i"}, []string{"pnpm i"}},
	{"Niemals Code in Eile schreiben", "", nil, nil},
	{"Never assume lodash is installed — use native array methods instead", "", nil, nil},
	{"Always use pnpm — never use npm here", TargetCommand, []string{"npm install"}, []string{"pnpm install"}},
	{"Always use pnpm; never yarn.", "", nil, nil},
	{"Always run the linter — never use --no-verify.", "", nil, nil},
	{"Always use pnpm, not npm/yarn.", TargetCommand, []string{"yarn", "npm ci"}, []string{"pnpm i"}},
	{"Always use uv instead of pip.", TargetCommand, []string{"pip install requests"}, []string{"uv pip install requests", "pipx install x"}},
	{"Never use moment.js.", TargetContent,
		[]string{"import moment from 'moment'\n", "import moment from \"moment\";", "const m = require(\"moment\")", "const m = require( 'moment' )", "import 'moment/locale/de'", "await import('moment')", "import moment\n", "from moment import tz\n"},
		[]string{"import { format } from 'date-fns'\n", "import tz from 'moment-timezone'", "// moment of truth\n", "const moment = now()"}},
	{"Always use date-fns instead of moment.", TargetContent, []string{"import moment from 'moment'"}, []string{"import { format } from 'date-fns'"}},
	{"Never import lodash - because it bloats the bundle.", TargetContent, []string{"import _ from 'lodash'", "import debounce from 'lodash/debounce'"}, []string{"import debounce from 'lodash.debounce'"}},
	{"Never use the leftish package.", TargetContent, []string{"const l = require('leftish')"}, []string{"const leftish = 1"}},
	{"Never use github.com/pkg/errors; use fmt.Errorf with %w.", TargetContent, []string{"import (\n\t\"github.com/pkg/errors\"\n)\n"}, []string{"import \"errors\"\n", "import \"github.com/pkg/errorsx\"\n"}},
	{"Never use requests in Python code", "", nil, nil},
	{"Never use requests.", TargetContent, []string{"import requests\n", "from requests.adapters import HTTPAdapter\n"}, []string{"import requests_mock\n", "x = requests\n"}},
	{"Never force push to main.", TargetCommand,
		[]string{"git push --force origin main", "git push -f origin main", "git push origin main --force", "git push origin +main", "git push --force-with-lease origin HEAD:main"},
		[]string{"git push origin main", "git push --force origin feature", "git push -u origin main", "git push --follow-tags origin main", "git push origin maintenance --force"}},
	{"Never force-push to main or master", TargetCommand, []string{"git push -f origin master"}, []string{"git push -f origin dev"}},
	{"Never force push.", TargetCommand, []string{"git push --force", "git push -f origin x"}, []string{"git push", "git push origin main"}},
	{"Never force push to shared branches.", "", nil, nil},
	{"Never force-push to a shared branch", "", nil, nil},
	{"Nunca hacer force-push a main", TargetCommand, []string{"git push -f origin main"}, []string{"git push -f origin feature"}},
	{"mainにforce pushしないでください。Never do it", TargetCommand, []string{"git push -f origin main"}, []string{"git push -f origin feature"}},
	{"Never add emojis to commit messages.", TargetCommand,
		[]string{"git commit -m '✨ add login'", "git commit -m \"fix: bug 🐛\"", "git commit -m \"$(cat <<'EOF'\nfeat: x 🚀\nEOF\n)\""},
		[]string{"git commit -m 'add login'", "git commit -m \"fix: bug — with a dash…\"", "echo ✨"}},
	{"Never use emojis in commit messages here.", TargetCommand, []string{"git commit -m '🎉'"}, []string{"git commit -m 'done'"}},
	{"Never edit files in dist/.", TargetPath, []string{"dist/app.js", "./dist/x/y.css"}, []string{"src/dist.ts", "src/dist/x.js", "distribution/a"}},
	{"Never modify anything under the `generated` folder", TargetPath, []string{"generated/api.go"}, []string{"src/generated.go"}},
	{"Never run `make deploy`.", TargetCommand, []string{"make deploy", "cd x && make deploy"}, []string{"make deploy-docs", "make"}},

	// Not unambiguous: no check.
	{"Never use default exports.", "", nil, nil},
	{"Always use tabs instead of spaces.", "", nil, nil},
	{"Never use any in TypeScript files.", "", nil, nil},
	{"Always prefer composition over inheritance.", "", nil, nil},
	{"Always use pnpm.", "", nil, nil},
	{"Never put secrets in code.", "", nil, nil},
	{"Never commit to main directly.", "", nil, nil},
	{"Always write tests first.", "", nil, nil},
	{"Never use npm or moment.", "", nil, nil},
	{"Always run `ls` before editing.", "", nil, nil},
	{"Never run `ls`.", "", nil, nil},
}

func TestPropose(t *testing.T) {
	for _, p := range proposals {
		t.Run(p.instruction, func(t *testing.T) {
			c, ok := Propose(p.instruction)
			if p.target == "" {
				if ok {
					t.Fatalf("proposed %+v, want no check", c)
				}
				return
			}
			if !ok {
				t.Fatalf("no check, want one on %s", p.target)
			}
			if c.Target != p.target {
				t.Fatalf("target %q, want %q (check %+v)", c.Target, p.target, c)
			}
			if err := c.Validate(); err != nil {
				t.Fatalf("proposed check does not validate: %v", err)
			}
			tool := ToolBash
			if c.Target != TargetCommand {
				tool = ToolWrite
			}
			r := []Rule{{Name: "autofix rule #1", Instruction: p.instruction, Check: c}}
			for _, s := range p.deny {
				if d := Evaluate(r, input(tool, c.Target, s), Deny); !d.Deny {
					t.Errorf("%q passes, want denied (pattern %s)", s, c.Pattern)
				}
			}
			for _, s := range p.pass {
				if d := Evaluate(r, input(tool, c.Target, s), Deny); d.Deny || len(d.Hits) > 0 {
					t.Errorf("%q denied, want it to pass (pattern %s)", s, c.Pattern)
				}
			}
		})
	}
}

func input(tool, target, s string) Input {
	in := Input{Tools: []string{tool}}
	switch target {
	case TargetCommand:
		in.Commands = []string{s}
	case TargetContent:
		in.Contents = []string{s}
	case TargetPath:
		in.Paths = []string{s}
	}
	return in
}

func TestValidate(t *testing.T) {
	for _, tc := range []struct {
		c    Check
		want string // "" means valid
	}{
		{Check{Tool: "Bash", Target: "command", Pattern: `\bnpm\b`}, ""},
		{Check{Tool: "Write|Edit", Target: "content", Pattern: `moment`, Action: "warn"}, ""},
		{Check{Tool: "Bash", Target: "command", Pattern: `(`}, "not RE2"},
		{Check{Tool: "Bash", Target: "command", Pattern: `x*`}, "empty string"},
		{Check{Tool: "Bash", Target: "command", Pattern: `git`}, `harmless command "git status"`},
		{Check{Tool: "Write", Target: "content", Pattern: `main`}, "harmless content"},
		{Check{Tool: "Write", Target: "path", Pattern: `.+`}, "harmless path"},
		{Check{Tool: "Read", Target: "command", Pattern: `npm`}, `unknown tool "Read"`},
		{Check{Tool: "Bash", Target: "args", Pattern: `npm`}, `unknown target "args"`},
		{Check{Tool: "Bash", Target: "command", Pattern: `npm`, Action: "block"}, `unknown action "block"`},
		{Check{Tool: "Bash", Target: "command"}, "pattern\" is empty"},
	} {
		err := tc.c.Validate()
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%+v: %v, want valid", tc.c, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%+v: error %v, want one saying %q", tc.c, err, tc.want)
		}
	}
}

func TestEvaluate(t *testing.T) {
	npm := Rule{Name: "autofix rule #1", Instruction: "Always use pnpm instead of npm or yarn.", Check: Check{Tool: "Bash", Target: "command", Pattern: `^npm\b`}}
	warn := Rule{Name: "autofix preference p2", Instruction: "Never run make.", Check: Check{Tool: "Bash", Target: "command", Pattern: `\bmake install\b`, Action: "warn"}}
	broken := Rule{Name: "autofix rule #3", Instruction: "Never x.", Check: Check{Tool: "Bash", Target: "command", Pattern: `(`}}
	content := Rule{Name: "autofix rule #4", Instruction: "Never use moment.", Check: Check{Tool: "Write|Edit", Target: "content", Pattern: `'moment'`}}
	rules := []Rule{broken, warn, npm, content}

	d := Evaluate(rules, Input{Tools: []string{"Bash"}, Commands: []string{"npm install && make install"}}, Deny)
	if !d.Deny || len(d.Hits) != 2 || d.Hits[0].Rule.Name != npm.Name || d.Hits[1].Action != ActionWarn {
		t.Fatalf("deny mode: %+v", d)
	}
	if got, want := d.Reason(), "autofix rule #1: Always use pnpm instead of npm or yarn."; got != want {
		t.Errorf("Reason %q, want %q", got, want)
	}
	if !strings.Contains(d.Warning(), "autofix preference p2: Never run make.") {
		t.Errorf("Warning %q lacks the warning rule", d.Warning())
	}
	if len(d.Errors) != 1 || !strings.Contains(d.Errors[0].Error(), "autofix rule #3") {
		t.Errorf("errors %v, want the broken check named", d.Errors)
	}

	if d := Evaluate(rules, Input{Tools: []string{"Bash"}, Commands: []string{"npm install"}}, Warn); d.Deny || len(d.Hits) != 1 || d.Reason() != "" || d.Warning() == "" {
		t.Errorf("warn mode denies or says nothing: %+v", d)
	}
	if d := Evaluate(rules, Input{Tools: []string{"Bash"}, Commands: []string{"npm install"}}, Off); d.Deny || len(d.Hits)+len(d.Errors) != 0 {
		t.Errorf("off mode evaluated: %+v", d)
	}
	// A Bash check does not read a write, nor a content check a command.
	if d := Evaluate(rules, Input{Tools: []string{"Write"}, Contents: []string{"npm install"}, Paths: []string{"a.sh"}}, Deny); d.Deny {
		t.Errorf("a Bash check denied a write: %+v", d)
	}
	if d := Evaluate(rules, Input{Tools: []string{"Edit"}, Contents: []string{"import m from 'moment'"}}, Deny); !d.Deny {
		t.Errorf("a Write|Edit check let an edit through: %+v", d)
	}
	if d := Evaluate(rules, Input{Tools: []string{"Bash"}, Commands: []string{"import m from 'moment'"}}, Deny); d.Deny {
		t.Errorf("a content check read a command: %+v", d)
	}
}

func TestParseMode(t *testing.T) {
	for in, want := range map[string]Mode{"deny": Deny, "WARN": Warn, " off ": Off} {
		if m, err := ParseMode(in); err != nil || m != want {
			t.Errorf("ParseMode(%q) = %q, %v", in, m, err)
		}
	}
	if _, err := ParseMode("block"); err == nil {
		t.Error("ParseMode(block) accepted")
	}
}

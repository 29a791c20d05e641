package activity

import (
	"path"
	"strings"
	"unicode"
)

// WorkType is the kind of work a prompt or a set of edited files is about.
type WorkType string

// The work types, most specific first; that is also the order that breaks
// a tie in [Classify].
const (
	Docs       WorkType = "docs"       // documentation, READMEs, changelogs
	Dependency WorkType = "dependency" // adding, removing or upgrading packages
	Migration  WorkType = "migration"  // schema migrations and data changes
	Test       WorkType = "test"       // writing or fixing tests
	CI         WorkType = "ci"         // CI pipelines and the build
	UI         WorkType = "ui"         // what people see: components, styles, forms
	Refactor   WorkType = "refactor"   // restructuring without new behaviour
	Bugfix     WorkType = "bugfix"     // fixing what is broken
	Feature    WorkType = "feature"    // new behaviour
	OtherWork  WorkType = "other"      // none of the above
)

// WorkTypes lists the work types in tie-break order, [OtherWork] last.
var WorkTypes = []WorkType{Docs, Dependency, Migration, Test, CI, UI, Refactor, Bugfix, Feature, OtherWork}

// workWords are the prompt words of each work type, in English, German,
// French, Spanish and Japanese. A word ending in "*" matches as a prefix;
// a word with a non-Latin letter matches anywhere in the prompt (Japanese
// has no spaces).
var workWords = map[WorkType][]string{
	Dependency: {"dependency", "dependencies", "package", "packages", "library", "libraries", "upgrade", "bump", "install", "npm", "pnpm", "yarn", "pip", "lockfile", "vendor", "abhängigkeit*", "paket", "dépendance*", "bibliothèque", "dependencia*", "paquete", "librería", "依存", "パッケージ", "ライブラリ"},
	Migration:  {"migration*", "migrate*", "schema", "database", "table", "column", "sql", "seed", "backfill", "datenbank", "migración", "base de données", "base de datos", "マイグレーション", "データベース", "スキーマ"},
	Test:       {"test", "tests", "testing", "unittest*", "spec", "specs", "coverage", "e2e", "flaky", "prueba*", "テスト"},
	CI:         {"ci", "pipeline*", "workflow*", "build", "dockerfile", "docker", "makefile", "release", "deploy*", "compile*", "ビルド", "デプロイ"},
	Docs:       {"doc", "docs", "documentation", "document", "readme", "changelog", "docstring*", "dokumentation", "documentación", "ドキュメント"},
	UI:         {"ui", "button", "form", "page", "css", "layout", "component*", "modal", "screen", "style", "styles", "dark mode", "accessibility", "avatar", "formular", "bouton", "botón", "画面", "ボタン"},
	Refactor:   {"refactor*", "rename", "extract", "cleanup", "clean up", "restructure", "simplify", "umbenennen", "refaktor*", "refactoris*", "refactoriz*", "リファクタ"},
	Bugfix:     {"fix", "fixes", "bug", "bugs", "broken", "crash*", "error", "errors", "fail", "fails", "failing", "regression", "wrong", "fehler", "beheben", "corrige*", "arregla*", "bogue", "バグ", "修正"},
	Feature:    {"add", "implement*", "create", "new", "support", "feature", "hinzufügen", "ajoute*", "añad*", "agrega*", "追加", "実装"},
}

// Classify names the work type of a prompt and the workspace-relative
// paths it touches. It is deterministic: each work type whose words appear
// in the prompt scores 2, each path that looks like its files 1 (at most 2
// from paths); the highest score wins, a tie goes to the more specific
// type (the order of [WorkTypes]), and nothing at all is [OtherWork].
func Classify(prompt string, paths []string) WorkType {
	score := map[WorkType]int{}
	lower := strings.ToLower(prompt)
	words := strings.FieldsFunc(lower, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	for t, list := range workWords {
		for _, w := range list {
			if matchWord(lower, words, w) {
				score[t] += 2
				break
			}
		}
	}
	fromPaths := map[WorkType]int{}
	for _, p := range paths {
		if t := pathType(p); t != OtherWork && fromPaths[t] < 2 {
			fromPaths[t]++
			score[t]++
		}
	}
	best, top := OtherWork, 0
	for _, t := range WorkTypes {
		if score[t] > top {
			best, top = t, score[t]
		}
	}
	return best
}

// matchWord says whether the keyword w occurs in the prompt, given in
// lower case and as words.
func matchWord(lower string, words []string, w string) bool {
	if strings.Contains(w, " ") || !isLatin(w) {
		return strings.Contains(lower, w)
	}
	prefix, isPrefix := strings.CutSuffix(w, "*")
	for _, x := range words {
		if x == w || isPrefix && strings.HasPrefix(x, prefix) {
			return true
		}
	}
	return false
}

func isLatin(s string) bool {
	for _, r := range s {
		if r > 0x24F {
			return false
		}
	}
	return true
}

var dependencyFiles = map[string]bool{
	"package.json": true, "package-lock.json": true, "pnpm-lock.yaml": true, "yarn.lock": true,
	"go.mod": true, "go.sum": true, "cargo.toml": true, "cargo.lock": true, "pyproject.toml": true,
	"poetry.lock": true, "pipfile": true, "gemfile": true, "gemfile.lock": true, "composer.json": true,
}

var ciFiles = map[string]bool{
	"makefile": true, "dockerfile": true, "jenkinsfile": true, ".gitlab-ci.yml": true,
	"build.gradle": true, "pom.xml": true, "justfile": true, "taskfile.yml": true,
}

// pathType is the work type a path's name suggests, or OtherWork.
func pathType(p string) WorkType {
	p = strings.ToLower(strings.ReplaceAll(p, "\\", "/"))
	base, ext := path.Base(p), path.Ext(p)
	dirs := "/" + path.Dir(p) + "/"
	switch {
	case dependencyFiles[base] || strings.HasPrefix(base, "requirements") && ext == ".txt":
		return Dependency
	case strings.Contains(dirs, "/migrations/") || strings.Contains(dirs, "/migrate/") || ext == ".sql" || ext == ".prisma":
		return Migration
	case strings.HasSuffix(base, "_test.go") || strings.Contains(base, ".test.") || strings.Contains(base, ".spec.") ||
		strings.HasPrefix(base, "test_") || strings.Contains(dirs, "/test/") || strings.Contains(dirs, "/tests/") ||
		strings.Contains(dirs, "/__tests__/") || strings.Contains(dirs, "/testdata/"):
		return Test
	case ciFiles[base] || strings.Contains(dirs, "/.github/workflows/") || strings.Contains(dirs, "/.circleci/"):
		return CI
	case ext == ".md" || ext == ".rst" || ext == ".adoc" || strings.HasPrefix(dirs, "/docs/") || strings.HasPrefix(dirs, "/doc/"):
		return Docs
	case ext == ".tsx" || ext == ".jsx" || ext == ".vue" || ext == ".svelte" || ext == ".css" || ext == ".scss" ||
		ext == ".html" || strings.Contains(dirs, "/components/"):
		return UI
	}
	return OtherWork
}

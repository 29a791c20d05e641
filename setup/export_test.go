package setup

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/autofix/autofix/agentfile"
	"github.com/autofix/autofix/rules"
)

// TestWriteSection: the section is written into a new file (and its
// directory), replaced in place in an existing one with every other byte
// kept, and a second write with the same section is Unchanged.
func TestWriteSection(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	lock := filepath.Join(t.TempDir(), "locks")
	path := filepath.Join(dir, ".github", "copilot-instructions.md")
	sec := agentfile.Section(SectionBody("Project rules (autofix)", "Intro.", "autofix export copilot --write", ProjectLines([]rules.Rule{{Number: 3, Category: "TOOL", Instruction: "Always use pnpm."}})))

	st, err := WriteSection(ctx, path, lock, sec)
	if err != nil || st.Action != Wrote {
		t.Fatalf("WriteSection new file = %v, %v; want Wrote", st.Action, err)
	}
	got, _ := os.ReadFile(path)
	if string(got) != string(sec) || !strings.Contains(string(got), "- [TOOL] Always use pnpm. (project #3)\n") {
		t.Fatalf("new file = %q", got)
	}
	if st, err := WriteSection(ctx, path, lock, sec); err != nil || st.Action != Unchanged {
		t.Errorf("WriteSection again = %v, %v; want Unchanged", st.Action, err)
	}

	mine := "intro \t\n\n" + agentfile.Begin + "\nold\n" + agentfile.End + "\n\ntail without newline"
	if err := os.WriteFile(path, []byte(mine), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := WriteSection(ctx, path, lock, sec); err != nil {
		t.Fatal(err)
	}
	got, _ = os.ReadFile(path)
	if want := "intro \t\n\n" + string(sec) + "\ntail without newline"; string(got) != want {
		t.Errorf("after WriteSection = %q, want %q", got, want)
	}
	old, content, err := SectionFile(path, sec)
	if err != nil || string(old) != string(content) {
		t.Errorf("SectionFile of an up-to-date file: changed (%v)", err)
	}
}

// TestSectionBodyLimit: a huge ruleset is cut at the rules file's limit
// with a line that says how many rules were left out.
func TestSectionBodyLimit(t *testing.T) {
	var lines []SectionLine
	for i := 0; i < 500; i++ {
		lines = append(lines, SectionLine{Category: "CODE", Instruction: "Always write the long instruction number " + strings.Repeat("x", 40), Source: "project #1"})
	}
	body := SectionBody("T", "I.", "again", lines)
	if len(body) > rulesFileLimit+1000 {
		t.Errorf("body is %d bytes, over the limit %d", len(body), rulesFileLimit)
	}
	if !strings.Contains(body, "more rules: run `autofix rules list`") {
		t.Error("no line counting the rules left out")
	}
	if empty := SectionBody("T", "I.", "again", nil); !strings.Contains(empty, "No rules yet.") {
		t.Errorf("empty body = %q", empty)
	}
}

// TestExportRules: export creates Cursor's rules file (SyncRules never
// does), setup's marker makes it autofix's, and an edited one is left alone.
func TestExportRules(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	lock := filepath.Join(t.TempDir(), "locks")
	one := CursorRules("autofix.json", []rules.Rule{{Number: 1, Category: "TOOL", Instruction: "Always use pnpm."}}, "")
	if st, err := ExportRules(ctx, dir, lock, one, true); err != nil || st.Action != Wrote {
		t.Fatalf("dry run = %v, %v; want Wrote", st.Action, err)
	}
	if _, err := os.Stat(RulesPath(dir)); err == nil {
		t.Fatal("a dry run wrote the file")
	}
	if st, err := ExportRules(ctx, dir, lock, one, false); err != nil || st.Action != Wrote {
		t.Fatalf("ExportRules = %v, %v; want Wrote", st.Action, err)
	}
	if st, err := SyncRules(ctx, dir, lock, one); err != nil || st.Action != Unchanged {
		t.Errorf("SyncRules after export = %v, %v; want Unchanged", st.Action, err)
	}
	if err := os.WriteFile(RulesPath(dir), append(one, "- mine\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	if st, err := ExportRules(ctx, dir, lock, one, false); err != nil || st.Action != Edited {
		t.Errorf("ExportRules over an edited file = %v, %v; want Edited", st.Action, err)
	}
}

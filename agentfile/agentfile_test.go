package agentfile

import (
	"errors"
	"reflect"
	"testing"
)

func TestSplice(t *testing.T) {
	sec := Section("- rule one")
	tests := []struct {
		name, in, want string
	}{
		{"empty file", "", Begin + "\n- rule one\n" + End + "\n"},
		{"appended after a blank line", "# Notes\n\nkeep me\n", "# Notes\n\nkeep me\n\n" + Begin + "\n- rule one\n" + End + "\n"},
		{"no final newline", "keep me", "keep me\n\n" + Begin + "\n- rule one\n" + End + "\n"},
		{"replaced in place", "top\n" + Begin + "\n- old\n- older\n" + End + "\nbottom\r\n  trailing  \n", "top\n" + Begin + "\n- rule one\n" + End + "\nbottom\r\n  trailing  \n"},
		{"closing line last without newline", "top\n" + Begin + "\n- old\n" + End, "top\n" + Begin + "\n- rule one\n" + End},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Splice([]byte(tt.in), sec)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("Splice = %q, want %q", got, tt.want)
			}
			again, err := Splice(got, sec)
			if err != nil || string(again) != string(got) {
				t.Errorf("Splice twice = %q, %v; want the same bytes", again, err)
			}
		})
	}
}

func TestSpliceBroken(t *testing.T) {
	for _, in := range []string{
		"a\n" + Begin + "\n- x\n",
		"a\n" + End + "\n",
		Begin + "\n" + End + "\n" + Begin + "\n" + End + "\n",
	} {
		if _, err := Splice([]byte(in), Section("x")); !errors.Is(err, ErrSection) {
			t.Errorf("Splice(%q) = %v, want ErrSection", in, err)
		}
	}
}

func TestItems(t *testing.T) {
	in := "---\ndescription: x\nalwaysApply: true\n---\n" +
		"# Conventions\n" +
		"We like tidy code and this is prose\nthat goes on.\n" +
		"\n" +
		"- Always use pnpm\n" +
		"  instead of npm.\n" +
		"* [ ] **Never** commit .env files\n" +
		"3) run tests before pushing\n" +
		"```sh\n- not an item\n```\n" +
		"<!-- a comment\n- hidden\n-->\n" +
		Begin + "\n- [TOOL] Exported rule. (project #1)\n" + End + "\n" +
		"---\n" +
		"+ last one\n"
	want := []Item{
		{Line: 6, Text: "We like tidy code and this is prose that goes on.", Prose: true},
		{Line: 9, Text: "Always use pnpm instead of npm."},
		{Line: 11, Text: "Never commit .env files"},
		{Line: 12, Text: "run tests before pushing"},
		{Line: 23, Text: "last one"},
	}
	if got := Items([]byte(in)); !reflect.DeepEqual(got, want) {
		t.Errorf("Items =\n%+v\nwant\n%+v", got, want)
	}
}

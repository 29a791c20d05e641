package me

import (
	"reflect"
	"strings"
	"testing"

	"github.com/autofix/autofix/guard"
	"github.com/autofix/autofix/jsonfile"
	"github.com/autofix/autofix/scope"
)

// decodeSeeds are store files for the differential test: the shapes
// autofix writes, and every shape the fast path must leave to
// jsonfile.Decode.
var decodeSeeds = []string{
	`{"version":1,"next_id":3,"preferences":[{"id":"p1","category":"TOOL","instruction":"Always use pnpm.","why":"w","words":"i like pnpm","created":"2026-01-02T03:04:05Z","normalizer":"builtin","language":"en","scope":{"kind":"global"},"status":"active","supersedes":["p0"],"superseded_by":"p2","history":[{"time":"2026-01-02T03:04:05Z","what":"taught","detail":"with scope all"}]}]}`,
	"\xef\xbb\xbf" + `{"version":1,"next_id":2,"preferences":[{"id":"p1","scope":{"kind":"workspaces","workspaces":[{"id":"github.com/a/b","name":"b","path":"/src/b"}]},"history":[]}]}`,
	`{"version":1,"next_id":1,"preferences":[]}`,
	`{"version":1,"next_id":2,"preferences":[{"id":"p1","check":{"tool":"Bash","target":"command","pattern":"^npm\\b","action":"deny"}}]}`,
	`{"preferences":[{"check":{"Tool":"Bash","PATTERN":"x","extra":1}}]}`,
	`{"preferences":[{"check":null}]}`,
	`{"preferences":[{"check":{"tool":1}}]}`,
	`{"preferences":[{"check":{"tool":"a","Tool":"b"}}]}`,
	`{"preferences":[{"check":"npm"}]}`,
	`{}`,
	`{"VERSION":1,"Next_ID":2,"Preferences":[{"ID":"p1","Instruction":"x","ſtatus":"active","ıd":"p9"}]}`,
	`{"version":1,"extra":{"a":[1,2,{"b":null}]},"preferences":[{"id":"p1","unknown":true}]}`,
	`{"version":1,"preferences":[{"id":"p1","instruction":"esc \u00e9 \ud83d\ude00 \ud800 \n\t\"q\""}]}`,
	`{"version":1,"preferences":[{"id":"p1","created":"2026-01-02T03:04:05.123456789+02:00"}]}`,
	// Left to the fallback: it must decide exactly as Decode does.
	`{"version":1.0}`,
	`{"version":1e2}`,
	`{"version":-0}`,
	`{"version":99999999999999999999}`,
	`{"version":"1"}`,
	`{"version":null,"next_id":null,"preferences":null}`,
	`{"preferences":[null]}`,
	`{"preferences":[{"id":null,"history":null,"supersedes":null,"scope":null}]}`,
	`{"preferences":[{"id":1}]}`,
	`{"preferences":[{"created":"yesterday"}]}`,
	`{"preferences":[{"created":"\u0032026-01-02T03:04:05Z"}]}`,
	`{"preferences":[{"created":1}]}`,
	`{"preferences":[{"history":[{"time":"2026-01-02T03:04:05Z","what":"a"}],"History":[{"detail":"b"}]}]}`,
	`{"preferences":[{"id":"p1","ID":"p2"}]}`,
	`{"preferences":[{"scope":{"kind":"workspaces","workspaces":[{"id":"x"}],"Workspaces":[{"name":"y"}]}}]}`,
	`{"preferences":[{"supersedes":["p1",2]}]}`,
	`{"preferences":{}}`,
	`[]`,
	`null`,
	`"x"`,
	`{"version":1,}`,
	`{"version":1,"version":2}`,
	``,
}

// TestDecodeFileMatchesDecode checks that the tree walk gives exactly what
// jsonfile.Decode gives: the same store and the same error.
func TestDecodeFileMatchesDecode(t *testing.T) {
	for _, s := range decodeSeeds {
		checkDecodeFile(t, []byte(s))
	}
}

func FuzzDecodeFile(f *testing.F) {
	for _, s := range decodeSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(checkDecodeFile)
}

func checkDecodeFile(t *testing.T, data []byte) {
	t.Helper()
	var want, got file
	werr := jsonfile.Decode(data, &want)
	gerr := decodeFile(data, &got)
	if (werr == nil) != (gerr == nil) || werr != nil && werr.Error() != gerr.Error() {
		t.Fatalf("%q: error %v, want %v", data, gerr, werr)
	}
	if werr == nil && !reflect.DeepEqual(got, want) {
		t.Fatalf("%q:\n got %#v\nwant %#v", data, got, want)
	}
}

// TestDecodeFileFastPath checks that the files autofix writes take the
// tree walk, not the fallback.
func TestDecodeFileFastPath(t *testing.T) {
	s := newStore("prefs.json")
	s.Teach(draft("Always use pnpm.", scope.Only(web)), t0, opposite)
	d := draft("Never use pnpm.", scope.Only(web))
	d.Check = &guard.Check{Tool: "Bash", Target: "command", Pattern: `^pnpm\b`}
	s.Teach(d, t0, opposite)
	data, err := s.encode()
	if err != nil {
		t.Fatal(err)
	}
	root, err := jsonfile.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	var f file
	if !f.from(data, root) {
		t.Fatalf("the tree walk refused a file autofix wrote:\n%s", data)
	}
	if len(f.Preferences) != 2 || f.Preferences[1].Supersedes[0] != "p1" || f.Preferences[1].Check == nil || f.Preferences[1].Check.Pattern != `^pnpm\b` {
		t.Fatalf("decoded %+v", f)
	}
}

// TestDecodeFileKnowsEveryField fails when a field is added to the store
// format without teaching the tree walk about it (it would drop it).
func TestDecodeFileKnowsEveryField(t *testing.T) {
	for _, c := range []struct {
		v     any
		names []string
	}{
		{file{}, fileFields},
		{Preference{}, prefFields},
		{Event{}, eventFields},
		{scope.Scope{}, scopeFields},
		{scope.Ref{}, refFields},
		{guard.Check{}, checkFields},
	} {
		if got := jsonNames(reflect.TypeOf(c.v)); !reflect.DeepEqual(got, c.names) {
			t.Errorf("%T has JSON fields %q; the tree walk knows %q: update fastdecode.go", c.v, got, c.names)
		}
	}
}

func jsonNames(t reflect.Type) []string {
	var names []string
	for f := range t.Fields() {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if !f.IsExported() || name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		names = append(names, name)
	}
	return names
}

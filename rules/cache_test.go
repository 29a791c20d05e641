package rules

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
)

// cacheRuleset is a ruleset of n rules, one with a check and one invalid
// entry, with text that is not all ASCII.
func cacheRuleset(n int) []byte {
	var b strings.Builder
	b.WriteString("[\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, `  {"Rule_number": %d, "Category": "CODE", "Instruction": "Always wrap errors with %%w in módulo %d.", "Why": "review %d"},`+"\n", i, i, i)
	}
	b.WriteString(`  {"Rule_number": 0, "Category": "CODE", "Instruction": "x", "Why": ""},` + "\n")
	fmt.Fprintf(&b, `  {"Rule_number": %d, "Category": "TOOL", "Instruction": "Never run npm.", "Why": "", "Check": {"tool": "bash", "pattern": "\\bnpm\\b"}}`+"\n]\n", n+1)
	return []byte(b.String())
}

func cacheEntries(tb testing.TB, dir string) []string {
	entries, err := filepath.Glob(filepath.Join(dir, "*.rules"))
	if err != nil {
		tb.Fatal(err)
	}
	return entries
}

// TestCacheParse: through the cache a ruleset parses as without it, the
// first time and when read back; the entry is the owner's only; and what
// is read back is the entry, not a new parse.
func TestCacheParse(t *testing.T) {
	c := Cache{Dir: filepath.Join(t.TempDir(), "rulesets")}
	data := cacheRuleset(50)
	want, err := Parse(".agents/autofix.json", data)
	if err != nil || len(want.Rules) != 51 || len(want.Skipped) != 1 || want.Rules[50].Check.IsZero() {
		t.Fatalf("Parse = %+v, %v; want 51 rules, one with a check, and one skipped", want, err)
	}
	sum := sha256.Sum256(data)
	for _, pass := range []string{"parsed", "read back"} {
		got, err := c.Parse(".agents/autofix.json", data, sum)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: Parse through the cache = %+v, %v; want %+v", pass, got, err, want)
		}
	}
	entries := cacheEntries(t, c.Dir)
	if len(entries) != 1 {
		t.Fatalf("entries %v, want one", entries)
	}
	for path, perm := range map[string]os.FileMode{c.Dir: 0o700, entries[0]: 0o600} {
		if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != perm {
			t.Errorf("%s: mode %v (%v), want %v", path, fi.Mode().Perm(), err, perm)
		}
	}
	// The same hash with other bytes: only an entry can answer with the
	// first ruleset's rules.
	if got, err := c.Parse(".agents/autofix.json", []byte("[]"), sum); err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("not read back from the entry: %+v, %v", got, err)
	}
	// Another name is another entry: problems name the file.
	other, err := c.Parse("autofix.json", data, sum)
	if err != nil || other.Name != "autofix.json" || other.Skipped[0].Path != "autofix.json" {
		t.Fatalf("under another name: %+v, %v", other, err)
	}
	if n := len(cacheEntries(t, c.Dir)); n != 2 {
		t.Errorf("%d entries, want 2", n)
	}
}

// TestCacheBroken: an entry that is cut short, altered, of another format
// or of other content is parsed again, silently, and rewritten.
func TestCacheBroken(t *testing.T) {
	data := cacheRuleset(20)
	sum := sha256.Sum256(data)
	want, _ := Parse("autofix.json", data)
	breaks := map[string]func([]byte) []byte{
		"empty":     func([]byte) []byte { return nil },
		"cut short": func(b []byte) []byte { return b[:len(b)-7] },
		"one byte":  func(b []byte) []byte { b[len(b)/2] ^= 0x20; return b },
		"format":    func(b []byte) []byte { return append([]byte("autofix-rules-cache-0\n"), b[len(cacheMagic):]...) },
		"content":   func(b []byte) []byte { b[len(cacheMagic)] ^= 1; return b },
		"longer":    func(b []byte) []byte { return append(b, 0) },
	}
	for name, breakIt := range breaks {
		t.Run(name, func(t *testing.T) {
			c := Cache{Dir: t.TempDir()}
			if _, err := c.Parse("autofix.json", data, sum); err != nil {
				t.Fatal(err)
			}
			entry := cacheEntries(t, c.Dir)[0]
			good, _ := os.ReadFile(entry)
			if err := os.WriteFile(entry, breakIt(append([]byte(nil), good...)), 0o600); err != nil {
				t.Fatal(err)
			}
			got, err := c.Parse("autofix.json", data, sum)
			if err != nil || !reflect.DeepEqual(got, want) {
				t.Fatalf("Parse = %+v, %v; want %+v", got, err, want)
			}
			if again, _ := os.ReadFile(entry); string(again) != string(good) {
				t.Error("the broken entry was not rewritten")
			}
		})
	}
}

// TestCacheBounded: the cache keeps the newest entries, at most
// maxCacheEntries; a ruleset that does not parse leaves none.
func TestCacheBounded(t *testing.T) {
	c := Cache{Dir: t.TempDir()}
	for i := range maxCacheEntries + 5 {
		data := cacheRuleset(i + 1)
		if _, err := c.Parse("autofix.json", data, sha256.Sum256(data)); err != nil {
			t.Fatal(err)
		}
	}
	if n := len(cacheEntries(t, c.Dir)); n != maxCacheEntries {
		t.Errorf("%d entries, want %d", n, maxCacheEntries)
	}
	bad := []byte(`[{"Rule_number": 1,,}]`)
	d := Cache{Dir: t.TempDir()}
	if _, err := d.Parse("autofix.json", bad, sha256.Sum256(bad)); err == nil {
		t.Fatal("a broken ruleset parsed")
	}
	if n := len(cacheEntries(t, d.Dir)); n != 0 {
		t.Errorf("a broken ruleset left %d entries", n)
	}
	if tmp, _ := filepath.Glob(filepath.Join(c.Dir, "tmp-*")); len(tmp) != 0 {
		t.Errorf("temporary files left: %v", tmp)
	}
}

// TestCacheConcurrent: hooks that parse the same rulesets at once all get
// them whole.
func TestCacheConcurrent(t *testing.T) {
	c := Cache{Dir: t.TempDir()}
	var sets [][]byte
	var wants []*Ruleset
	for i := range 3 {
		data := cacheRuleset(30 + i)
		want, _ := Parse("autofix.json", data)
		sets, wants = append(sets, data), append(wants, want)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for g := range 8 {
		wg.Go(func() {
			for i := range 30 {
				k := (g + i) % len(sets)
				got, err := c.Parse("autofix.json", sets[k], sha256.Sum256(sets[k]))
				if err != nil || !reflect.DeepEqual(got, wants[k]) {
					errs <- fmt.Errorf("goroutine %d, ruleset %d: %+v, %v", g, k, got, err)
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// BenchmarkCache measures what Gate spends on a ruleset of 1,000 rules:
// parsing it (parse), parsing it and writing the entry (cold, the first
// prompt after a change) and reading the entry back (warm, every other
// prompt).
func BenchmarkCache(b *testing.B) {
	type entry struct {
		Number      int    `json:"Rule_number"`
		Category    string `json:"Category"`
		Instruction string `json:"Instruction"`
		Why         string `json:"Why"`
	}
	rs := make([]entry, 1000)
	for i := range rs {
		rs[i] = entry{i + 1, "CODE", fmt.Sprintf("Always handle the error returned by call number %d in module m%d before using its result.", i+1, i%37), fmt.Sprintf("review finding %d", i+1)}
	}
	data, _ := json.MarshalIndent(rs, "", "  ")
	sum := sha256.Sum256(data)
	b.Run("parse", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := Parse("autofix.json", data); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("cold", func(b *testing.B) {
		c := Cache{Dir: b.TempDir()}
		b.ReportAllocs()
		for b.Loop() {
			for _, e := range cacheEntries(b, c.Dir) {
				os.Remove(e)
			}
			if _, err := c.Parse("autofix.json", data, sum); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("warm", func(b *testing.B) {
		c := Cache{Dir: b.TempDir()}
		c.Parse("autofix.json", data, sum)
		b.ReportAllocs()
		for b.Loop() {
			if rs, err := c.Parse("autofix.json", data, sum); err != nil || len(rs.Rules) != 1000 {
				b.Fatal(err)
			}
		}
	})
}

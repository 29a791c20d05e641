package rules

import (
	"cmp"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/autofix/autofix/guard"
)

// Cache keeps parsed rulesets in a directory, by content: the prompt hook
// runs in a new process for every prompt, almost always on the ruleset
// the one before parsed, and reading the parse back costs a fraction of
// parsing it again (BenchmarkCache).
//
// An entry is found by the SHA-256 of the content, the ruleset's name and
// the autofix binary that wrote it (its path, size and modification time:
// another build may parse differently), and it holds the content's hash
// again: a parse is only ever used for the exact bytes it was made from.
// Entries are written whole under a temporary name and renamed, so a
// concurrent hook reads an old entry or a new one, never half of one; one
// that cannot be read or does not check out (a crash, a disk error, an
// older format) is parsed again and rewritten, silently. The directory
// keeps at most [maxCacheEntries] entries, owner-only.
type Cache struct {
	// Dir holds the entries; empty means no cache: [Cache.Parse] is
	// [Parse].
	Dir string
}

// maxCacheEntries bounds the entries kept: the rulesets of the last few
// workspaces and versions.
const maxCacheEntries = 16

const cacheMagic = "autofix-rules-cache-2\n"

// binaryID identifies the running autofix binary; empty when it cannot
// be told, and then nothing is cached.
var binaryID = sync.OnceValue(func() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	fi, err := os.Stat(exe)
	if err != nil {
		return ""
	}
	return fmt.Sprintf("%s\x00%d\x00%d", exe, fi.Size(), fi.ModTime().UnixNano())
})

// Parse is [Parse] of the ruleset name with content data, whose SHA-256
// is sum, read from the cache when an earlier process parsed the same.
// A ruleset that does not parse is not cached.
func (c Cache) Parse(name string, data []byte, sum [32]byte) (*Ruleset, error) {
	id := binaryID()
	if c.Dir == "" || id == "" {
		return Parse(name, data)
	}
	key := sha256.Sum256([]byte(id + "\x00" + name + "\x00" + string(sum[:])))
	path := filepath.Join(c.Dir, hex.EncodeToString(key[:16])+".rules")
	if raw, err := os.ReadFile(path); err == nil {
		if rs, ok := decodeCached(raw, name, sum); ok {
			return rs, nil
		}
	}
	rs, err := Parse(name, data)
	if err != nil {
		return nil, err
	}
	c.write(path, encodeCached(rs, sum)) // a cache: what cannot be written is parsed again next time
	return rs, nil
}

// write puts an entry in place whole and drops the oldest beyond
// maxCacheEntries.
func (c Cache) write(path string, entry []byte) {
	if err := os.MkdirAll(c.Dir, 0o700); err != nil {
		return
	}
	f, err := os.CreateTemp(c.Dir, "tmp-*") // 0600
	if err != nil {
		return
	}
	_, werr := f.Write(entry)
	if cerr := f.Close(); werr != nil || cerr != nil || os.Rename(f.Name(), path) != nil {
		os.Remove(f.Name())
		return
	}
	entries, err := os.ReadDir(c.Dir)
	if err != nil {
		return
	}
	type aged struct {
		name string
		mod  int64
	}
	var kept []aged
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".rules") {
			continue
		}
		if fi, err := e.Info(); err == nil {
			kept = append(kept, aged{e.Name(), fi.ModTime().UnixNano()})
		}
	}
	if len(kept) <= maxCacheEntries {
		return
	}
	slices.SortFunc(kept, func(a, b aged) int { return cmp.Compare(b.mod, a.mod) }) // newest first
	for _, a := range kept[maxCacheEntries:] {
		if filepath.Join(c.Dir, a.name) != path {
			os.Remove(filepath.Join(c.Dir, a.name))
		}
	}
}

// An entry is cacheMagic, the content's SHA-256, the CRC-32 (IEEE) of the
// rest and the rest: the name, whether the ruleset exists, the rules and
// the skipped entries, each string as its length and bytes, each number
// as a varint. (Not CRC-32C: its tables cost 0.15 ms to build in every
// process, the IEEE one's a few µs.)

func encodeCached(rs *Ruleset, sum [32]byte) []byte {
	var b []byte
	str := func(s string) {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	num := func(n int) { b = binary.AppendVarint(b, int64(n)) }
	str(rs.Name)
	exists := 0
	if rs.Exists {
		exists = 1
	}
	num(exists)
	num(len(rs.Rules))
	for _, r := range rs.Rules {
		num(r.Number)
		str(r.Category)
		str(r.Instruction)
		str(r.Why)
		str(r.Check.Tool)
		str(r.Check.Target)
		str(r.Check.Pattern)
		str(r.Check.Action)
	}
	num(len(rs.Skipped))
	for _, p := range rs.Skipped {
		str(p.Path)
		num(p.Index)
		num(p.Line)
		num(p.Col)
		str(p.Msg)
	}
	out := make([]byte, 0, len(cacheMagic)+len(sum)+4+len(b))
	out = append(out, cacheMagic...)
	out = append(out, sum[:]...)
	out = binary.LittleEndian.AppendUint32(out, crc32.ChecksumIEEE(b))
	return append(out, b...)
}

var errCorrupt = errors.New("corrupt cache entry")

// decodeCached returns the ruleset in entry, when entry is whole, of this
// format and made from the content with hash sum, for the ruleset name.
func decodeCached(entry []byte, name string, sum [32]byte) (*Ruleset, bool) {
	head := len(cacheMagic) + len(sum) + 4
	if len(entry) < head || string(entry[:len(cacheMagic)]) != cacheMagic ||
		string(entry[len(cacheMagic):len(cacheMagic)+len(sum)]) != string(sum[:]) {
		return nil, false
	}
	body := entry[head:]
	if binary.LittleEndian.Uint32(entry[head-4:head]) != crc32.ChecksumIEEE(body) {
		return nil, false
	}
	// One string holds all the text; the fields are parts of it.
	text := string(body)
	pos := 0
	var err error
	num := func() int {
		v, n := binary.Varint(body[pos:])
		if n <= 0 {
			err = errCorrupt
			return 0
		}
		pos += n
		return int(v)
	}
	str := func() string {
		l, n := binary.Uvarint(body[pos:])
		if n <= 0 || l > uint64(len(body)-pos-n) {
			err = errCorrupt
			return ""
		}
		pos += n
		s := text[pos : pos+int(l)]
		pos += int(l)
		return s
	}
	rs := &Ruleset{Name: str(), Exists: num() == 1}
	n := num()
	if err != nil || n < 0 || n > len(body) {
		return nil, false
	}
	if n > 0 {
		rs.Rules = make([]Rule, n)
	}
	for i := range rs.Rules {
		r := &rs.Rules[i]
		r.Number, r.Category, r.Instruction, r.Why = num(), str(), str(), str()
		r.Check = guard.Check{Tool: str(), Target: str(), Pattern: str(), Action: str()}
	}
	n = num()
	if err != nil || n < 0 || n > len(body) {
		return nil, false
	}
	if n > 0 {
		rs.Skipped = make([]Problem, n)
	}
	for i := range rs.Skipped {
		p := &rs.Skipped[i]
		p.Path, p.Index, p.Line, p.Col, p.Msg = str(), num(), num(), num(), str()
	}
	if err != nil || pos != len(body) || rs.Name != name {
		return nil, false
	}
	return rs, true
}

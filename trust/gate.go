package trust

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/autofix/autofix/jsonfile"
	"github.com/autofix/autofix/rules"
)

// Gated is a workspace's ruleset, read once, with the gate's answer: may
// its text reach an agent.
type Gated struct {
	// Rules is the parsed ruleset; when not Trusted it must not reach an
	// agent, only be counted.
	Rules *rules.Ruleset
	// Path is the ruleset's real path ("" when it does not exist).
	Path string
	// Data is the content that was parsed and hashed.
	Data []byte
	// Trust is the gate's answer.
	Trust State
}

// Gate reads the ruleset of the workspace at wsRoot (opened as root) once,
// so that the content checked against the records is the content parsed,
// and gates it: its rules may reach an agent only when Trust is [Trusted];
// otherwise [Gated.Note] goes instead. A missing ruleset is trusted (there
// is nothing to deliver).
func (s Store) Gate(root *os.Root, wsRoot string) (*Gated, error) {
	name, exists, err := rules.Locate(root)
	if err != nil {
		return nil, err
	}
	if !exists {
		return &Gated{Rules: &rules.Ruleset{Name: name}, Trust: Trusted}, nil
	}
	data, err := jsonfile.Read(root, name, rules.MaxFileSize)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return &Gated{Rules: &rules.Ruleset{Name: name}, Trust: Trusted}, nil
		}
		if errors.Is(err, jsonfile.ErrTooLarge) || errors.Is(err, jsonfile.ErrNotRegular) {
			return nil, fmt.Errorf("read %w", err) // the error names the file
		}
		return nil, fmt.Errorf("read %s: %w", name, err)
	}
	sum := sha256.Sum256(data)
	rs, err := s.Parsed.Parse(name, data, sum)
	if err != nil {
		return nil, err
	}
	real := RealPath(wsRoot, name)
	state, err := s.check(real, hex.EncodeToString(sum[:]))
	if err != nil {
		return nil, err
	}
	return &Gated{Rules: rs, Path: real, Data: data, Trust: state}, nil
}

// RealPath is the symlink-resolved path of the ruleset name in the
// workspace at wsRoot: the key of its trust record.
func RealPath(wsRoot, name string) string {
	p := filepath.Join(wsRoot, filepath.FromSlash(name))
	if real, err := filepath.EvalSymlinks(p); err == nil {
		return real
	}
	return p
}

// Reason says why an untrusted ruleset's rules are held back: it "is not
// trusted yet" or "changed since it was trusted".
func (s State) Reason() string {
	if s == Changed {
		return "changed since it was trusted"
	}
	return "is not trusted yet"
}

// Note is the one line an agent receives instead of an untrusted
// ruleset's rules: how many wait, never their text. Empty when trusted.
func (g *Gated) Note() string {
	if g.Trust == Trusted {
		return ""
	}
	n := len(g.Rules.Rules)
	if n == 0 {
		return ""
	}
	what := g.Trust.Reason()
	rule := "rules"
	if n == 1 {
		rule = "rule"
	}
	return fmt.Sprintf("%d project %s in %s not delivered: the ruleset %s; the person can review it and run `autofix trust` to use it.",
		n, rule, g.Rules.Name, what)
}

// Hint is what the person can do about an untrusted ruleset.
func (g *Gated) Hint() string {
	if g.Note() == "" {
		return ""
	}
	return fmt.Sprintf("review %s (autofix rules list), then run 'autofix trust' to deliver its rules", g.Rules.Name)
}

// RulesOf is what a record keeps of a ruleset's rules.
func RulesOf(rs *rules.Ruleset) []Rule {
	out := make([]Rule, 0, len(rs.Rules))
	for _, r := range rs.Rules {
		out = append(out, Rule{Number: r.Number, Category: r.Category, Instruction: r.Instruction})
	}
	return out
}

// Review is what trusting a ruleset did: the record before (Had says
// whether there was one) and after, and the rules added, changed and
// removed since the last trust (nil when the rules trusted then were not
// recorded).
type Review struct {
	Entry, Prev Entry
	Had         bool
	Changes     *Changes
}

// Since is when the ruleset was last trusted, or last carried across a
// write autofix made.
func (r Review) Since() time.Time {
	if r.Prev.UpdatedAt.After(r.Prev.TrustedAt) {
		return r.Prev.UpdatedAt
	}
	return r.Prev.TrustedAt
}

// TrustGated records that the person trusts g's content and rules at now.
func (s Store) TrustGated(ctx context.Context, g *Gated, now time.Time) (Review, error) {
	prev, had, err := s.Get(g.Path)
	if err != nil {
		return Review{}, err
	}
	cur := RulesOf(g.Rules)
	r := Review{Prev: prev, Had: had}
	switch {
	case !had:
		c := Diff(nil, cur)
		r.Changes = &c
	case prev.Rules != nil || len(cur) == 0 || prev.SHA256 == Sum(g.Data):
		c := Diff(prev.Rules, cur)
		r.Changes = &c
	}
	r.Entry, err = s.TrustRules(ctx, g.Path, g.Data, cur, now)
	return r, err
}

// Current says whether a trusted file still has its trusted content:
// trusted, changed since trusted, missing or unreadable.
func Current(e Entry) string {
	data, err := readRuleset(e.Path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "missing"
	case err != nil:
		return "unreadable"
	case Sum(data) == e.SHA256:
		return Trusted.String()
	}
	return Changed.String()
}

// readRuleset reads a ruleset by absolute path with the same limits as in
// a workspace: regular files only, at most rules.MaxFileSize bytes.
func readRuleset(path string) ([]byte, error) {
	root, err := os.OpenRoot(filepath.Dir(path))
	if err != nil {
		return nil, err
	}
	defer root.Close()
	return jsonfile.Read(root, filepath.Base(path), rules.MaxFileSize)
}

// CarryWrite keeps the ruleset name of the workspace at wsRoot trusted
// across a rule autofix just wrote for the person (`autofix learn`, the
// MCP learn tool). previous must be the exact bytes the write replaced,
// read under the write's lock (nil when the write created the file), and
// written the bytes it wrote. A ruleset that was not trusted with previous
// stays untrusted: writing a rule never launders a file the person did not
// trust. It returns the ruleset's trust state after the write.
func (s Store) CarryWrite(ctx context.Context, wsRoot, name string, previous, written []byte, now time.Time) (State, error) {
	real := RealPath(wsRoot, name)
	var kept []Rule
	if rs, err := rules.Parse(name, written); err == nil {
		kept = RulesOf(rs)
	}
	ok, err := s.CarryRules(ctx, real, previous, written, kept, now)
	if err != nil {
		return Untrusted, err
	}
	if ok {
		return Trusted, nil
	}
	return s.Check(real, written)
}

// Appended is what [Store.Append] wrote.
type Appended struct {
	Ruleset *rules.Ruleset
	Added   []rules.Rule
	// CarryErr is the failure to keep the trust record across the write:
	// the rules are written, and the person should be told.
	CarryErr error
}

// Append appends rules to the ruleset of the workspace at wsRoot (opened
// as root) on the person's behalf (`autofix learn`, `rules add`) and keeps
// it trusted across the write when the bytes it replaced were trusted, or
// when it created the file (then every rule in it is the person's). The
// record moves under the ruleset's lock, from the exact bytes replaced to
// the exact bytes written, so a concurrent writer cannot slip content past
// it, and trust never carries over text the person did not see.
func (s Store) Append(ctx context.Context, root *os.Root, wsRoot string, now time.Time, add ...rules.Rule) (Appended, error) {
	var a Appended
	var err error
	a.Ruleset, a.Added, err = rules.AppendThen(ctx, root, s.LockDir, func(name string, replaced, written []byte) {
		if _, err := s.CarryWrite(ctx, wsRoot, name, replaced, written, now); err != nil {
			a.CarryErr = fmt.Errorf("could not keep %s trusted: %w", name, err)
		}
	}, add...)
	return a, err
}

// Workspace is the trust state of a workspace's ruleset.
type Workspace struct {
	Root    string `json:"root"`
	Ruleset string `json:"ruleset,omitempty"`
	// Status is trusted, not trusted, changed since trusted, no ruleset,
	// or unreadable.
	Status string `json:"status"`
	Rules  int    `json:"rules"`
	Error  string `json:"error,omitempty"`
}

// Workspace is the trust state of the ruleset of the workspace at wsRoot
// (opened as root).
func (s Store) Workspace(root *os.Root, wsRoot string) Workspace {
	out := Workspace{Root: wsRoot}
	g, err := s.Gate(root, wsRoot)
	if err != nil {
		name, _, _ := rules.Locate(root)
		out.Ruleset, out.Status, out.Error = name, "unreadable", err.Error()
		return out
	}
	if g.Path == "" {
		out.Status = "no ruleset"
		return out
	}
	out.Ruleset, out.Status, out.Rules = g.Rules.Name, g.Trust.String(), len(g.Rules.Rules)
	return out
}

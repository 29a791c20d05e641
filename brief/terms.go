package brief

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/autofix/autofix/activity"
	"github.com/autofix/autofix/me"
	"github.com/autofix/autofix/rules"
	"github.com/autofix/autofix/scope"
)

// DeliveredTerms are the distinctive terms ([Distinctive]) of the
// delivered rules (keys in delivered) among the rules in force in ws from
// src's stores; none when they cannot be read. They are cached under
// src.CacheDir until the ruleset or the preferences change, so that a
// turn's end does not load every rule.
func DeliveredTerms(ctx context.Context, ws scope.Workspace, src Sources, delivered map[string]bool) map[string][]string {
	fp := rulesFingerprint(src.PrefsDir, ws)
	path := filepath.Join(src.CacheDir, "terms", activity.Folder(ws.ID)+".json")
	var cached struct {
		Fingerprint string              `json:"fingerprint"`
		Terms       map[string][]string `json:"terms"`
	}
	terms := map[string][]string(nil)
	if data, err := os.ReadFile(path); err == nil && json.Unmarshal(data, &cached) == nil && cached.Fingerprint == fp {
		terms = cached.Terms
	} else {
		personal, _, _, err := PersonalSource(ctx, src.PrefsDir, ws)
		if err != nil {
			return nil
		}
		project, err := ProjectSource(ctx, src.Trust, ws, len(personal))
		if err != nil {
			return nil
		}
		terms = Distinctive(append(project.Rules, personal...), 3)
		cached.Fingerprint, cached.Terms = fp, terms
		if data, err := json.Marshal(cached); err == nil && os.MkdirAll(filepath.Dir(path), 0o700) == nil {
			// A cache: what cannot be written is computed again next time.
			if f, err := os.CreateTemp(filepath.Dir(path), "terms.*.tmp"); err == nil {
				_, werr := f.Write(data)
				if cerr := f.Close(); werr != nil || cerr != nil || os.Rename(f.Name(), path) != nil {
					os.Remove(f.Name())
				}
			}
		}
	}
	for k := range terms {
		if !delivered[k] {
			delete(terms, k)
		}
	}
	return terms
}

// rulesFingerprint identifies the state of the files the rules in force
// come from: each candidate ruleset's and the preference store's size and
// modification time.
func rulesFingerprint(prefsDir string, ws scope.Workspace) string {
	var b strings.Builder
	paths := []string{filepath.Join(prefsDir, me.FileName)}
	for _, c := range rules.Candidates {
		paths = append(paths, filepath.Join(ws.Root, filepath.FromSlash(c)))
	}
	for _, p := range paths {
		if fi, err := os.Stat(p); err == nil {
			fmt.Fprintf(&b, "%s %d %d;", p, fi.Size(), fi.ModTime().UnixNano())
		}
	}
	return b.String()
}

// Keys are the keys of the selected rules ([Key]).
func (s Selection) Keys() []string {
	keys := make([]string, 0, len(s.Rules))
	for _, r := range s.Rules {
		keys = append(keys, Key(r.Rule))
	}
	return keys
}

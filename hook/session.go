package hook

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/autofix/autofix/jsonfile"
)

// DefaultTTL is how long a session's record of delivered rules lasts after
// its last hook: a session idle for a day starts over.
const DefaultTTL = 24 * time.Hour

// Sessions remembers, per agent session, which rules the agent has already
// received, so that file-scoped hooks add only what is new. Each session
// is one small JSON file in Dir, named by a hash of the session id (the id
// comes from the agent and never becomes a path by itself).
type Sessions struct {
	// Dir holds the session files, e.g. $XDG_CACHE_HOME/autofix/sessions.
	Dir string
	// LockDir holds the sidecar lock files of [jsonfile.Update].
	LockDir string
	// TTL is how long a session lasts after its last update; zero means
	// [DefaultTTL].
	TTL time.Duration
}

type sessionFile struct {
	SessionID string    `json:"session_id"`
	Updated   time.Time `json:"updated"`
	Delivered []string  `json:"delivered"`
}

func (s Sessions) ttl() time.Duration {
	if s.TTL > 0 {
		return s.TTL
	}
	return DefaultTTL
}

func sessionName(id string) string {
	sum := sha256.Sum256([]byte(id))
	return hex.EncodeToString(sum[:16]) + ".json"
}

// Delivered returns the ids of the rules session id has received, empty
// for an unknown, expired or empty session id.
func (s Sessions) Delivered(id string, now time.Time) (map[string]bool, error) {
	out := map[string]bool{}
	if id == "" {
		return out, nil
	}
	root, err := os.OpenRoot(s.Dir)
	if errors.Is(err, fs.ErrNotExist) {
		return out, nil
	} else if err != nil {
		return nil, fmt.Errorf("open session state: %w", err)
	}
	defer root.Close()
	data, err := jsonfile.Read(root, sessionName(id), 1<<20)
	if errors.Is(err, fs.ErrNotExist) {
		return out, nil
	} else if err != nil {
		return nil, fmt.Errorf("read session state: %w", err)
	}
	f, ok := s.decode(data, id, now)
	if ok {
		for _, r := range f.Delivered {
			out[r] = true
		}
	}
	return out, nil
}

// decode reads a session file; ok is false when it is unreadable, belongs
// to another id (a hash collision) or has expired: the session starts over.
func (s Sessions) decode(data []byte, id string, now time.Time) (f sessionFile, ok bool) {
	if json.Unmarshal(data, &f) != nil || f.SessionID != id || now.Sub(f.Updated) > s.ttl() {
		return sessionFile{}, false
	}
	return f, true
}

// Record adds ids to what session id has received. With reset, what the
// session received before is forgotten first (a cleared or compacted
// session no longer holds it). It also removes the files of sessions that
// expired.
func (s Sessions) Record(ctx context.Context, id string, ids []string, reset bool, now time.Time) error {
	if id == "" {
		return nil
	}
	if !reset && s.holds(id, ids, now) {
		// Nothing new: skip the locked, synced write on the prompt path.
		return nil
	}
	if err := os.MkdirAll(s.Dir, 0o700); err != nil {
		return fmt.Errorf("create session state directory: %w", err)
	}
	root, err := os.OpenRoot(s.Dir)
	if err != nil {
		return fmt.Errorf("open session state: %w", err)
	}
	defer root.Close()
	name := sessionName(id)
	err = jsonfile.Update(ctx, root, name, jsonfile.Options{
		LockPath: jsonfile.LockPath(s.LockDir, filepath.Join(s.Dir, name)),
		Perm:     0o600,
	}, func(old []byte, exists bool) ([]byte, error) {
		f, ok := s.decode(old, id, now)
		if !exists || !ok || reset {
			f = sessionFile{SessionID: id}
		}
		for _, r := range ids {
			if !slices.Contains(f.Delivered, r) {
				f.Delivered = append(f.Delivered, r)
			}
		}
		f.Updated = now.UTC()
		return json.Marshal(f)
	})
	if err != nil {
		return fmt.Errorf("record session state: %w", err)
	}
	s.sweep(name, now)
	return nil
}

// holds reports whether session id already records every one of ids and
// was updated recently enough (within a tenth of the TTL) that refreshing
// its time can wait.
func (s Sessions) holds(id string, ids []string, now time.Time) bool {
	root, err := os.OpenRoot(s.Dir)
	if err != nil {
		return false
	}
	defer root.Close()
	data, err := jsonfile.Read(root, sessionName(id), 1<<20)
	if err != nil {
		return false
	}
	f, ok := s.decode(data, id, now)
	if !ok || now.Sub(f.Updated) > s.ttl()/10 {
		return false
	}
	for _, r := range ids {
		if !slices.Contains(f.Delivered, r) {
			return false
		}
	}
	return true
}

// sweep removes session files not modified within the TTL, except keep.
// It is best effort: a file it cannot remove is left for the next time.
func (s Sessions) sweep(keep string, now time.Time) {
	entries, err := os.ReadDir(s.Dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		n := e.Name()
		if n == keep || !strings.HasSuffix(n, ".json") || !e.Type().IsRegular() {
			continue
		}
		if info, err := e.Info(); err == nil && now.Sub(info.ModTime()) > s.ttl() {
			os.Remove(filepath.Join(s.Dir, n))
		}
	}
}

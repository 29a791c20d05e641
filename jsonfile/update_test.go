package jsonfile

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gofrs/flock"
)

// TestHelperProcess is not a test: the tests below run the test binary
// again as a child process (to be killed, or limited) through it.
func TestHelperProcess(t *testing.T) {
	mode := os.Getenv("JSONFILE_HELPER")
	if mode == "" {
		t.Skip("helper process only")
	}
	dir, lockDir := os.Getenv("JSONFILE_DIR"), os.Getenv("JSONFILE_LOCKDIR")
	root, err := os.OpenRoot(dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(3)
	}
	opts := Options{LockPath: LockPath(lockDir, filepath.Join(dir, "f.json"))}
	switch mode {
	case "append": // append numbers forever, until killed
		for {
			if err := Update(context.Background(), root, "f.json", opts, appendNumber); err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
		}
	case "big": // one write larger than the file-size limit
		err := Update(context.Background(), root, "f.json", opts, func([]byte, bool) ([]byte, error) {
			return []byte(`["` + strings.Repeat("x", 256<<10) + `"]`), nil
		})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
	os.Exit(0)
}

var crashSeed = flag.Uint64("crashseed", 1, "seed of TestUpdateCrash's kill schedule (0: a new one, logged)")

// pad makes each write long enough to be interrupted in the middle.
var pad = strings.Repeat("p", 64<<10)

// appendNumber turns [pad, 1, 2, …, n] into [pad, 1, …, n, n+1].
func appendNumber(old []byte, exists bool) ([]byte, error) {
	var a []any
	if exists {
		if err := Decode(old, &a); err != nil {
			return nil, err
		}
	}
	if len(a) == 0 {
		a = []any{pad}
	}
	a = append(a, float64(len(a)))
	return json.Marshal(a)
}

func helper(t *testing.T, mode, dir, lockDir string, shell string) *exec.Cmd {
	args := []string{"-test.run=^TestHelperProcess$"}
	var c *exec.Cmd
	if shell != "" {
		c = exec.Command("sh", append([]string{"-c", shell + `; exec "$0" "$@"`, os.Args[0]}, args...)...)
	} else {
		c = exec.Command(os.Args[0], args...)
	}
	c.Env = append(os.Environ(), "GORACE=atexit_sleep_ms=0", "JSONFILE_HELPER="+mode, "JSONFILE_DIR="+dir, "JSONFILE_LOCKDIR="+lockDir)
	return c
}

func temps(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		if e.Name() != "f.json" {
			out = append(out, e.Name())
		}
	}
	return out
}

func TestUpdateCreatesAndReplaces(t *testing.T) {
	dir, lockDir := t.TempDir(), t.TempDir()
	root, _ := os.OpenRoot(dir)
	defer root.Close()
	opts := Options{LockPath: LockPath(lockDir, filepath.Join(dir, "sub/f.json")), Perm: 0o600}
	var sawExists []bool
	for i := 0; i < 3; i++ {
		err := Update(context.Background(), root, "sub/f.json", opts, func(old []byte, exists bool) ([]byte, error) {
			sawExists = append(sawExists, exists)
			return append(bytes.TrimSpace(old), 'x', '\n'), nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	b, _ := os.ReadFile(filepath.Join(dir, "sub/f.json"))
	if string(b) != "xxx\n" || fmt.Sprint(sawExists) != "[false true true]" {
		t.Errorf("content %q, exists %v", b, sawExists)
	}
	fi, _ := os.Stat(filepath.Join(dir, "sub/f.json"))
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v", fi.Mode())
	}
	// A failing fn writes nothing and its error comes back as is.
	boom := errors.New("boom")
	err := Update(context.Background(), root, "sub/f.json", opts, func([]byte, bool) ([]byte, error) { return nil, boom })
	if err != boom {
		t.Errorf("err = %v", err)
	}
	if b2, _ := os.ReadFile(filepath.Join(dir, "sub/f.json")); !bytes.Equal(b, b2) {
		t.Error("a failing update changed the file")
	}
}

// TestUpdateCrash kills writers at random points: the file always parses,
// never loses an entry it had, and the next update sweeps orphaned
// temporary files.
func TestUpdateCrash(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns processes")
	}
	// The kill times come from a seeded generator, the same on every run
	// unless -crashseed says otherwise; a failure names the seed.
	seed := *crashSeed
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	t.Logf("kill schedule: -crashseed=%d", seed)
	rng := rand.New(rand.NewPCG(seed, 0))
	dir, lockDir := t.TempDir(), t.TempDir()
	last := 0
	orphans := 0
	// Kill within span; it doubles until writes complete on this machine
	// (process start-up is slow under the race detector).
	span := 40 * time.Millisecond
	for round := 0; round < 20; round++ {
		c := helper(t, "append", dir, lockDir, "")
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(rng.Int64N(int64(span))))
		c.Process.Signal(syscall.SIGKILL)
		c.Wait()
		data, err := os.ReadFile(filepath.Join(dir, "f.json"))
		if errors.Is(err, os.ErrNotExist) && last == 0 {
			span = min(2*span, 5*time.Second)
			continue
		}
		var a []any
		if err := Decode(data, &a); err != nil {
			t.Fatalf("round %d: file broken: %v", round, err)
		}
		if len(a) < last {
			t.Fatalf("round %d: lost entries: %d < %d", round, len(a), last)
		}
		for i := 1; i < len(a); i++ {
			if a[i] != float64(i) {
				t.Fatalf("round %d: entry %d = %v", round, i, a[i])
			}
		}
		last = len(a)
		orphans += len(temps(t, dir))
	}
	if last == 0 {
		t.Fatal("no write ever completed")
	}
	// Plant an orphan for sure, and files that only look like one.
	os.WriteFile(filepath.Join(dir, ".f.json123"), []byte("partial"), 0o644)
	os.WriteFile(filepath.Join(dir, ".f.json.bak"), nil, 0o644)
	os.WriteFile(filepath.Join(dir, ".f.json"), nil, 0o644)
	root, _ := os.OpenRoot(dir)
	defer root.Close()
	err := Update(context.Background(), root, "f.json", Options{LockPath: LockPath(lockDir, filepath.Join(dir, "f.json"))}, appendNumber)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(temps(t, dir), " "); got != ".f.json .f.json.bak" {
		t.Errorf("after sweep: %q (orphans seen during the rounds: %d)", got, orphans)
	}
	t.Logf("%d entries written, %d orphans seen", last, orphans)
}

// TestUpdateDiskFull: a write that fails (here: the file-size limit of a
// child process) leaves the original byte-identical and no temp file.
func TestUpdateDiskFull(t *testing.T) {
	dir, lockDir := t.TempDir(), t.TempDir()
	orig := []byte(`["` + strings.Repeat("o", 20<<10) + `"]`)
	os.WriteFile(filepath.Join(dir, "f.json"), orig, 0o644)
	c := helper(t, "big", dir, lockDir, "ulimit -f 64") // 32 KiB (512-byte blocks) or 64 KiB
	out, err := c.CombinedOutput()
	if err == nil {
		t.Fatalf("write over the limit succeeded: %s", out)
	}
	if !strings.Contains(string(out), "write f.json: write ") || !strings.Contains(string(out), "file too large") {
		t.Errorf("child said %q, want the EFBIG error", out)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "f.json")); !bytes.Equal(b, orig) {
		t.Error("original changed")
	}
	if tmp := temps(t, dir); len(tmp) != 0 {
		t.Errorf("left behind %v", tmp)
	}
}

func TestUpdateLockTimeout(t *testing.T) {
	dir, lockDir := t.TempDir(), t.TempDir()
	root, _ := os.OpenRoot(dir)
	defer root.Close()
	lp := LockPath(lockDir, filepath.Join(dir, "f.json"))
	other := flock.New(lp, flock.SetFlag(os.O_CREATE|os.O_RDWR))
	if ok, err := other.TryLock(); !ok || err != nil {
		t.Fatal(ok, err)
	}
	called := false
	err := Update(context.Background(), root, "f.json", Options{LockPath: lp, Timeout: 50 * time.Millisecond}, func([]byte, bool) ([]byte, error) {
		called = true
		return []byte("[]"), nil
	})
	if !errors.Is(err, ErrLockTimeout) || called {
		t.Errorf("err = %v, fn called %v", err, called)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := Update(ctx, root, "f.json", Options{LockPath: lp}, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("canceled: %v", err)
	}
	other.Unlock()
	if err := Update(context.Background(), root, "f.json", Options{LockPath: lp}, func([]byte, bool) ([]byte, error) { return []byte("[]"), nil }); err != nil {
		t.Errorf("after unlock: %v", err)
	}
}

func TestUpdateRefusesHostileTargets(t *testing.T) {
	write := func([]byte, bool) ([]byte, error) { return []byte("[]"), nil }
	for _, tc := range []struct {
		name  string
		setup func(t *testing.T, dir, outside string)
		file  string
		want  string
	}{
		{"symlink out", func(t *testing.T, dir, outside string) {
			os.Symlink(filepath.Join(outside, "x.json"), filepath.Join(dir, "f.json"))
		}, "f.json", "symbolic link"},
		{"folder symlink out", func(t *testing.T, dir, outside string) {
			os.Symlink(outside, filepath.Join(dir, "sub"))
		}, "sub/f.json", "escapes"},
		{"symlink inside", func(t *testing.T, dir, outside string) {
			os.WriteFile(filepath.Join(dir, "real.json"), []byte("{}"), 0o644)
			os.Symlink("real.json", filepath.Join(dir, "f.json"))
		}, "f.json", "symbolic link"},
		{"fifo", func(t *testing.T, dir, outside string) {
			if err := syscall.Mkfifo(filepath.Join(dir, "f.json"), 0o644); err != nil {
				t.Skip(err)
			}
		}, "f.json", "not a regular file"},
		{"directory", func(t *testing.T, dir, outside string) {
			os.Mkdir(filepath.Join(dir, "f.json"), 0o755)
		}, "f.json", "not a regular file"},
		{"too large", func(t *testing.T, dir, outside string) {
			os.WriteFile(filepath.Join(dir, "f.json"), make([]byte, 1<<20+1), 0o644)
		}, "f.json", "file too large"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir, outside := t.TempDir(), t.TempDir()
			os.WriteFile(filepath.Join(outside, "x.json"), []byte("{}"), 0o644)
			tc.setup(t, dir, outside)
			root, _ := os.OpenRoot(dir)
			defer root.Close()
			done := make(chan error, 1)
			go func() {
				done <- Update(context.Background(), root, tc.file, Options{LockPath: LockPath(t.TempDir(), strconv.Quote(dir))}, write)
			}()
			var err error
			select {
			case err = <-done:
			case <-time.After(10 * time.Second):
				t.Fatal("Update hangs")
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Update = %v, want %q", err, tc.want)
			}
			if b, _ := os.ReadFile(filepath.Join(outside, "x.json")); string(b) != "{}" {
				t.Errorf("outside file changed: %q", b)
			}
			if ents, _ := os.ReadDir(outside); len(ents) != 1 {
				t.Errorf("wrote outside: %v", ents)
			}
		})
	}
}

func TestReadLimits(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a"), make([]byte, 100), 0o644)
	root, _ := os.OpenRoot(dir)
	defer root.Close()
	if _, err := Read(root, "a", 99); !errors.Is(err, ErrTooLarge) {
		t.Errorf("Read over the limit: %v", err)
	}
	if b, err := Read(root, "a", 100); err != nil || len(b) != 100 {
		t.Errorf("Read at the limit: %d, %v", len(b), err)
	}
	if _, err := Read(root, "missing", 100); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Read missing: %v", err)
	}
}

package cochange

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/autofix/autofix/activity"
)

func TestCacheFreshness(t *testing.T) {
	now := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	c := Cache{Path: filepath.Join(t.TempDir(), "cochange", "ws.json")}
	if g, err := c.Read(nil, now); err != nil || !g.Built.IsZero() {
		t.Fatalf("missing cache: %+v, %v", g, err)
	}
	if _, ok := c.Fresh(now); ok {
		t.Error("missing cache is fresh")
	}
	g := Graph{Built: now, Neighbours: map[string][]Neighbour{"a.go": {{File: "b.go", Count: 2}}}}
	if err := c.Write(g); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		at          time.Duration
		fresh, read bool
	}{
		{0, true, true},
		{TTL, false, true},
		{MaxAge + time.Minute, false, false},
		{-time.Minute, false, true}, // built in the future: rebuild
	}
	for _, tt := range tests {
		_, fresh := c.Fresh(now.Add(tt.at))
		got, err := c.Read([]string{"a.go"}, now.Add(tt.at))
		if err != nil || fresh != tt.fresh || (len(got.Neighbours["a.go"]) == 1) != tt.read {
			t.Errorf("at +%v: fresh %v, read %+v, %v; want fresh %v, read %v", tt.at, fresh, got.Neighbours, err, tt.fresh, tt.read)
		}
	}
	if err := (Cache{}).Write(g); err != nil {
		t.Errorf("no cache: write %v", err)
	}
}

func TestCollectWithoutGit(t *testing.T) {
	g, err := Collect(context.Background(), t.TempDir(), activity.Log{}, time.Now())
	if err != nil || len(g.Neighbours) != 0 {
		t.Errorf("Collect = %+v, %v", g, err)
	}
}

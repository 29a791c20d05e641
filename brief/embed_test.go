package brief

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// bagEmbedder embeds a text as counts of a few words, and counts calls.
type bagEmbedder struct {
	calls, texts int
	err          error
}

var bagWords = []string{"commit", "test", "database", "button"}

func (b *bagEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	b.calls++
	b.texts += len(texts)
	if b.err != nil {
		return nil, b.err
	}
	out := make([][]float32, len(texts))
	for i, t := range texts {
		v := make([]float32, len(bagWords)+1)
		v[len(bagWords)] = 0.01
		for j, w := range bagWords {
			v[j] = float32(strings.Count(strings.ToLower(t), w))
		}
		out[i] = v
	}
	return out, nil
}

func TestEmbeddings(t *testing.T) {
	dir := t.TempDir()
	rules := []Rule{
		proj(1, "PROCESS", "Always sign every commit."),
		proj(2, "DATA", "Always back up the database first."),
		proj(3, "UX", "Always label each button."),
	}
	emb := &bagEmbedder{}
	e := Embeddings{Embedder: emb, Model: "fake", CacheDir: dir, Batch: 2}
	sims, err := e.Similarity(context.Background(), rules, Task{Text: "make a commit"})
	if err != nil {
		t.Fatal(err)
	}
	if sims["project:1"] < 0.9 || sims["project:2"] > 0.1 {
		t.Errorf("similarities = %v, want project:1 close, project:2 far", sims)
	}
	// Batches of two: the task and one rule, then two rules.
	if emb.calls != 2 || emb.texts != 4 {
		t.Errorf("%d calls with %d texts, want 2 with 4", emb.calls, emb.texts)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.vec"))
	if len(files) != 3 {
		t.Errorf("%d cached vectors, want 3", len(files))
	}

	// Second run: only the task is embedded; a changed rule is embedded again.
	emb.calls, emb.texts = 0, 0
	rules[2].Instruction = "Always label each icon button."
	sims, err = e.Similarity(context.Background(), rules, Task{Text: "rename the database button"})
	if err != nil {
		t.Fatal(err)
	}
	if emb.calls != 1 || emb.texts != 2 {
		t.Errorf("%d calls with %d texts, want 1 with 2 (task + changed rule)", emb.calls, emb.texts)
	}
	if sims["project:1"] > 0.1 {
		t.Errorf("similarities = %v", sims)
	}

	// Selection uses them.
	sel := Select(rules, Task{Text: "something"}, Options{Similarity: map[string]float64{"project:2": 1}})
	if sel.Rules[0].ID != "2" {
		t.Errorf("first = %s, want 2", sel.Rules[0].ID)
	}
}

func TestEmbeddingsFailure(t *testing.T) {
	boom := errors.New("connection refused")
	e := Embeddings{Embedder: &bagEmbedder{err: boom}, Model: "fake", CacheDir: t.TempDir()}
	if _, err := e.Similarity(context.Background(), []Rule{proj(1, "CODE", "Always x.")}, Task{Text: "x"}); !errors.Is(err, boom) {
		t.Errorf("err = %v, want %v", err, boom)
	}
	// No task: nothing to compare, no call.
	sims, err := e.Similarity(context.Background(), []Rule{proj(1, "CODE", "Always x.")}, Task{})
	if sims != nil || err != nil {
		t.Errorf("no task: %v, %v; want nil, nil", sims, err)
	}
	// A corrupt cache file is ignored.
	dir := t.TempDir()
	e = Embeddings{Embedder: &bagEmbedder{}, Model: "fake", CacheDir: dir}
	if err := os.WriteFile(e.path("Always x."), []byte{1, 2, 3}, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Similarity(context.Background(), []Rule{proj(1, "CODE", "Always x.")}, Task{Text: "x"}); err != nil {
		t.Error(err)
	}
}

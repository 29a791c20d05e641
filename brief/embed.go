package brief

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strings"
)

// Embedder computes embedding vectors, one per text, with one model. The
// command line adapts Ollama's /api/embed to it.
type Embedder interface {
	Embed(ctx context.Context, texts []string) ([][]float32, error)
}

// Embeddings computes semantic similarities between a task and rules with
// an embedding model, for [Options.Similarity].
type Embeddings struct {
	Embedder Embedder
	// Model names the model; it is part of each cache key.
	Model string
	// CacheDir holds one file per rule text and model, named by a hash of
	// both, so a vector is computed again only when the text changes. Empty
	// means no cache.
	CacheDir string
	// Batch is how many texts go in one call; 0 means 64. Each batch is
	// cached as soon as it arrives, so a deadline that cuts a first run
	// short still leaves the next one less to do.
	Batch int
}

// Similarity returns how much closer than average each rule is to task, in
// [0,1] by [Key], from the cosine similarity of their vectors. It fails when the model fails or ctx ends before
// every vector is known; the caller then scores lexically.
func (e Embeddings) Similarity(ctx context.Context, rules []Rule, task Task) (map[string]float64, error) {
	query := strings.TrimSpace(task.Text + " " + strings.Join(task.Files, " "))
	if query == "" || len(rules) == 0 {
		return nil, nil
	}
	vecs := make([][]float32, len(rules))
	var missing []int
	for i, r := range rules {
		if v, ok := e.cached(r.Instruction); ok {
			vecs[i] = v
		} else {
			missing = append(missing, i)
		}
	}
	batch := e.Batch
	if batch <= 0 {
		batch = 64
	}
	// The task goes in the first call, so a model that is down fails fast.
	texts := []string{query}
	var q []float32
	for len(missing) > 0 || q == nil {
		n := min(len(missing), batch)
		for _, i := range missing[:n] {
			texts = append(texts, rules[i].Instruction)
		}
		out, err := e.Embedder.Embed(ctx, texts)
		if err != nil {
			return nil, fmt.Errorf("embed with %s: %w", e.Model, err)
		}
		if len(out) != len(texts) {
			return nil, fmt.Errorf("embed with %s: %d vectors for %d texts", e.Model, len(out), len(texts))
		}
		if q == nil {
			q, out = out[0], out[1:]
		}
		for k, i := range missing[:n] {
			vecs[i] = out[k]
			e.store(rules[i].Instruction, out[k])
		}
		missing = missing[n:]
		texts = texts[:0]
	}
	// Embedding models rate most pairs of texts somewhat similar; only how
	// far a rule stands above the average counts: (cos-mean)/(1-mean),
	// clamped to [0,1].
	cos := make([]float64, len(rules))
	mean := 0.0
	for i := range rules {
		cos[i] = cosine(q, vecs[i])
		mean += cos[i] / float64(len(rules))
	}
	sims := make(map[string]float64, len(rules))
	for i, r := range rules {
		s := 0.0
		if mean < 1 {
			s = (cos[i] - mean) / (1 - mean)
		}
		sims[Key(r)] = min(1, max(0, s))
	}
	return sims, nil
}

func cosine(a, b []float32) float64 {
	if len(a) != len(b) || len(a) == 0 {
		return 0
	}
	var dot, na, nb float64
	for i := range a {
		x, y := float64(a[i]), float64(b[i])
		dot += x * y
		na += x * x
		nb += y * y
	}
	if na == 0 || nb == 0 {
		return 0
	}
	return dot / math.Sqrt(na*nb)
}

// path is where the vector of text is cached.
func (e Embeddings) path(text string) string {
	h := sha256.Sum256([]byte(e.Model + "\x00" + text))
	return filepath.Join(e.CacheDir, hex.EncodeToString(h[:16])+".vec")
}

// cached reads a cached vector: little-endian float32s.
func (e Embeddings) cached(text string) ([]float32, bool) {
	if e.CacheDir == "" {
		return nil, false
	}
	data, err := os.ReadFile(e.path(text))
	if err != nil || len(data) == 0 || len(data)%4 != 0 {
		return nil, false
	}
	v := make([]float32, len(data)/4)
	for i := range v {
		v[i] = math.Float32frombits(binary.LittleEndian.Uint32(data[4*i:]))
	}
	return v, true
}

// store caches a vector, best effort: through a temporary file and a
// rename, so a reader never sees half a vector.
func (e Embeddings) store(text string, v []float32) {
	if e.CacheDir == "" || len(v) == 0 {
		return
	}
	if err := os.MkdirAll(e.CacheDir, 0o700); err != nil && !errors.Is(err, fs.ErrExist) {
		return
	}
	data := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(data[4*i:], math.Float32bits(x))
	}
	f, err := os.CreateTemp(e.CacheDir, ".vec-*")
	if err != nil {
		return
	}
	_, werr := f.Write(data)
	cerr := f.Close()
	if werr != nil || cerr != nil || os.Rename(f.Name(), e.path(text)) != nil {
		os.Remove(f.Name())
	}
}

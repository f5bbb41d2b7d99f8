package bench

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// BenchmarkStrings runs the matrix: every writer on every (content, length)
// cell. Names group for benchstat:
// writer=<w>/preset=<p>/input=<string|bytes>/content=<c>/len=<n>.
func BenchmarkStrings(b *testing.B) {
	for _, w := range Writers() {
		for _, c := range Contents {
			for _, n := range Lengths {
				name := fmt.Sprintf("writer=%s/preset=%s/input=%s/content=%s/len=%d", w.Name, w.Preset, w.Input, c, n)
				b.Run(name, func(b *testing.B) {
					runWriter(b, w, matrixInput(c, n))
				})
			}
		}
	}
}

// BenchmarkCorpus writes every string value of a real document as one array.
// twitterescaped (the same strings as twitter) is run for ASCII-only output
// only: jgen under preset=ascii, against the floor.
func BenchmarkCorpus(b *testing.B) {
	for _, c := range Corpora {
		for _, w := range Writers() {
			if c.Name == "twitterescaped" && w.Preset != "ascii" && w.Kind != "floor" {
				continue
			}
			name := fmt.Sprintf("writer=%s/preset=%s/input=%s/corpus=%s", w.Name, w.Preset, w.Input, c.Name)
			b.Run(name, func(b *testing.B) {
				runWriter(b, w, corpusInput(b, c.Path))
			})
		}
	}
}

func runWriter(b *testing.B, w Writer, in *Input) {
	op := w.Prepare(in)
	// Warm up: buffers reach their working size, codecs are compiled.
	for range 3 {
		if _, err := op(); err != nil {
			b.Fatal(err)
		}
	}
	b.SetBytes(in.Size)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if _, err := op(); err != nil {
			b.Fatal(err)
		}
	}
}

var (
	inputsMu sync.Mutex
	inputs   = map[string]*Input{}
)

func matrixInput(content string, length int) *Input {
	key := fmt.Sprintf("%s/%d", content, length)
	inputsMu.Lock()
	defer inputsMu.Unlock()
	if in, ok := inputs[key]; ok {
		return in
	}
	in := NewInput(Matrix(content, length))
	inputs[key] = in
	return in
}

// corpusInput loads a corpus once. With JGEN_SHARED=1 a missing corpus is a
// failure; without it, the benchmark is skipped (the matrix needs no data).
func corpusInput(tb testing.TB, rel string) *Input {
	tb.Helper()
	inputsMu.Lock()
	defer inputsMu.Unlock()
	if in, ok := inputs[rel]; ok {
		return in
	}
	path := filepath.Join(SharedDir(), rel)
	ss, err := LoadCorpus(path)
	if err != nil {
		if os.Getenv("JGEN_SHARED") == "1" {
			tb.Fatalf("JGEN_SHARED=1 but corpus unusable: %v (set JGEN_SHARED_DIR to the shared directory)", err)
		}
		tb.Skipf("corpus not available (%v); set JGEN_SHARED=1 to require it", err)
	}
	in := NewInput(ss)
	inputs[rel] = in
	return in
}

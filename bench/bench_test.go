package bench

import (
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"sync"
	"testing"
)

// BenchmarkStrings runs the matrix: every writer on every (content, length)
// cell. Names group for benchstat:
// writer=<w>/preset=<p>/input=<string|bytes>/content=<c>/len=<n>.
//
// The loops run cell by cell, every writer of a cell back to back, so that
// the ratios within a cell are measured close together in time on a noisy
// machine; the report runs the whole set once per round (-count 1, repeated)
// for the same reason.
func BenchmarkStrings(b *testing.B) {
	for _, c := range Contents {
		for _, n := range Lengths {
			for _, w := range Writers() {
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
// only: jgen under preset=ascii, against the floor. The corpora added after
// the first three (citm_catalog, multilingual, names) run with string input
// only and without the peers' second APIs (secondAPI), to keep the report's
// run time.
func BenchmarkCorpus(b *testing.B) {
	for _, c := range Corpora {
		for _, w := range Writers() {
			if c.Name == "twitterescaped" && w.Preset != "ascii" && w.Kind != "floor" {
				continue
			}
			if !c.Original() && (w.Input != "string" || secondAPI[w.Name]) {
				continue
			}
			name := fmt.Sprintf("writer=%s/preset=%s/input=%s/corpus=%s", w.Name, w.Preset, w.Input, c.Name)
			b.Run(name, func(b *testing.B) {
				runWriter(b, w, corpusInput(b, c))
			})
		}
	}
}

// secondAPI names the peer writers that measure a library's string kernel
// a second time, through an API that allocates its result or wraps it in a
// token encoder.
var secondAPI = map[string]bool{
	"stdjson-marshal": true, "sonic-marshal": true, "jsontext-encoder": true, "segmentio-append": true,
}

func runWriter(b *testing.B, w Writer, in *Input) {
	runOp(b, in.Size, func() func() ([]byte, error) { return w.Prepare(in) })
}

// runOp measures the op that prepare returns, whose input is size bytes.
// prepare is not called under JGEN_BENCH_SIZES.
func runOp(b *testing.B, size int64, prepare func() func() ([]byte, error)) {
	if os.Getenv("JGEN_BENCH_SIZES") != "" {
		// For callgrind.sh: name every selected benchmark with its input
		// size (bytes per op), and measure nothing.
		fmt.Printf("inputsize\t%s\t%d\n", b.Name(), size)
		return
	}
	op := prepare()
	// Warm up: buffers reach their working size, codecs are compiled.
	for range 3 {
		if _, err := op(); err != nil {
			b.Fatal(err)
		}
	}
	if n := callgrindOps(size); n > 0 {
		// No garbage collection inside the counted loop: callgrind would
		// count the collector's work (left over from loading a corpus,
		// say) as the op's. Collect now, and not again until cellDone.
		runtime.GC()
		gcPercent := debug.SetGCPercent(-1)
		// The collection may have shrunk this goroutine's stack; one more
		// op grows it back here. Grown inside countedLoop, the stack copy
		// looks to callgrind like a return from it, and collection stops
		// early (a cell then counts a few thousand instructions).
		if _, err := op(); err != nil {
			b.Fatal(err)
		}
		err := countedLoop(op, n)
		cellDone()
		debug.SetGCPercent(gcPercent)
		if err != nil {
			b.Fatal(err)
		}
		fmt.Printf("countedops\t%s\t%d\t%d\n", b.Name(), n, size)
		return
	}
	b.SetBytes(size)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if _, err := op(); err != nil {
			b.Fatal(err)
		}
	}
}

// callgrindOps is the number of ops countedLoop runs under callgrind.sh
// (JGEN_CALLGRIND=<target input bytes>): enough ops to cover the target
// bytes, at least 10 and at most 5000. 0 outside callgrind.sh.
func callgrindOps(size int64) int {
	target, err := strconv.ParseInt(os.Getenv("JGEN_CALLGRIND"), 10, 64)
	if err != nil || target <= 0 {
		return 0
	}
	return int(min(max(target/size, 10), 5000))
}

// countedLoop runs op n times. callgrind.sh collects instructions only inside
// this function (--toggle-collect) and dumps a profile when cellDone follows,
// so the setup, warm-up and test framework are not counted; runWriter prints n
// and the input size, which the script divides by.
//
//go:noinline
func countedLoop(op func() ([]byte, error), n int) error {
	for range n {
		if _, err := op(); err != nil {
			return err
		}
	}
	return nil
}

// cellDone marks the end of a cell for callgrind.sh, which dumps the
// instructions collected so far (those of countedLoop) on entering it. A
// dump on leaving countedLoop would be simpler, but callgrind sometimes sees
// Go's stack switches inside the loop as extra returns; a leaf that does
// nothing is entered exactly once.
//
//go:noinline
func cellDone() {}

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
func corpusInput(tb testing.TB, c Corpus) *Input {
	tb.Helper()
	inputsMu.Lock()
	defer inputsMu.Unlock()
	key := "corpus/" + c.Name
	if in, ok := inputs[key]; ok {
		return in
	}
	ss, err := c.Strings(SharedDir())
	if err != nil {
		if os.Getenv("JGEN_SHARED") == "1" {
			tb.Fatalf("JGEN_SHARED=1 but corpus unusable: %v (set JGEN_SHARED_DIR to the shared directory)", err)
		}
		tb.Skipf("corpus not available (%v); set JGEN_SHARED=1 to require it", err)
	}
	in := NewInput(ss)
	inputs[key] = in
	return in
}

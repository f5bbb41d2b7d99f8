// Command memstream streams a string of -size bytes from an io.Reader
// through Generator.WriteStringFrom to io.Discard, for scripts/memory.sh:
// its peak RSS must be bounded by the buffer sizes, not by -size. The
// input mixes ASCII, escapes and multi-byte UTF-8 so every path runs.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"

	"github.com/jgen-go/jgen"
)

type patternReader struct {
	block []byte
	off   int
	left  int64
}

func (r *patternReader) Read(p []byte) (int, error) {
	if r.left == 0 {
		return 0, io.EOF
	}
	if int64(len(p)) > r.left {
		p = p[:r.left]
	}
	n := 0
	for n < len(p) {
		c := copy(p[n:], r.block[r.off:])
		n += c
		r.off = (r.off + c) % len(r.block)
	}
	r.left -= int64(n)
	return n, nil
}

type countWriter struct{ n int64 }

func (w *countWriter) Write(p []byte) (int, error) { w.n += int64(len(p)); return len(p), nil }

func main() {
	size := flag.Int64("size", 1<<30, "string length in bytes")
	preset := flag.String("preset", "stdlib", "minimal, stdlib or ascii")
	flag.Parse()
	e := map[string]jgen.Escaping{"minimal": jgen.Minimal, "stdlib": jgen.Stdlib, "ascii": jgen.ASCII}[*preset]
	block := []byte("The quick brown fox \"jumps\" over the lazy dog; é€😀\n\t<>&/\\ 0123456789 ")
	w := &countWriter{}
	g, err := jgen.NewGenerator(w, &jgen.Options{Escaping: e})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	// The block holds whole characters only, so any cut is at a boundary
	// only if size is a multiple of its length: round down.
	n := *size - *size%int64(len(block))
	read, err := g.WriteStringFrom(&patternReader{block: block, left: n})
	if err == nil {
		err = g.Close()
	}
	if err != nil || read != n {
		fmt.Fprintf(os.Stderr, "memstream: read %d of %d: %v\n", read, n, err)
		os.Exit(1)
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	fmt.Fprintf(os.Stderr, "memstream: %d bytes in, %d bytes out, heap sys %d KiB, total alloc %d KiB\n", read, w.n, ms.HeapSys>>10, ms.TotalAlloc>>10)
}

// Command memstream writes one long string through a jgen Generator, for
// scripts/memory.sh, which measures its peak RSS. -mode picks the path:
//
//	from     a string of -size bytes streamed from an io.Reader through
//	         WriteStringFrom: peak RSS is bounded by the buffer sizes, not
//	         by -size. The input mixes ASCII, escapes and multi-byte UTF-8
//	         so every path runs.
//	string   a string of -size bytes held in memory, written by WriteString
//	         to an io.Writer (writer mode): peak RSS is the string plus the
//	         buffer.
//	append   the same string written by WriteString in append mode, which
//	         holds the whole output: peak RSS is the string plus its
//	         escaped form.
//	json     no Generator: write to -out a JSON text that is one string value
//	         of about -size bytes (the token, quotes included), for the jgen
//	         command.
//
// -escapes picks the text: mixed text with escapes (the default), or plain
// ASCII with nothing to escape. The figures (bytes, wall and CPU seconds
// and MB/s of the write call alone, Go heap) go to standard error as one
// line that starts with "memstream:".
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/jgen-go/jgen"
)

// The two texts. Each block holds whole characters only, so a string of a
// whole number of blocks is valid UTF-8.
const (
	mixedBlock = "The quick brown fox \"jumps\" over the lazy dog; é€😀\n\t<>&/\\ 0123456789 "
	plainBlock = "The quick brown fox jumps over the lazy dog; 0123456789 "
)

type patternReader struct {
	block string
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
	size := flag.Int64("size", 1<<30, "string length in bytes (json mode: token length)")
	preset := flag.String("preset", "stdlib", "minimal, stdlib or ascii")
	mode := flag.String("mode", "from", "from, string, append or json")
	escapes := flag.Bool("escapes", true, "mixed text with escapes; false: plain ASCII")
	out := flag.String("out", "", "json mode: the file to write")
	flag.Parse()
	e, ok := map[string]jgen.Escaping{"minimal": jgen.Minimal, "stdlib": jgen.Stdlib, "ascii": jgen.ASCII}[*preset]
	if !ok {
		fail(fmt.Errorf("unknown preset %q", *preset))
	}
	block := plainBlock
	if *escapes {
		block = mixedBlock
	}
	// Round down to whole blocks, so the string ends on a character
	// boundary.
	n := *size - *size%int64(len(block))

	if *mode == "json" {
		if err := writeJSON(*out, block, *size); err != nil {
			fail(err)
		}
		return
	}

	w := &countWriter{}
	g, err := newGenerator(*mode, e, w)
	if err != nil {
		fail(err)
	}
	var s string
	if *mode != "from" {
		s = repeatBlock(block, n)
	}
	start, cpu0 := time.Now(), cpuTime()
	err = write(g, *mode, s, block, n)
	if err == nil {
		err = g.Close()
	}
	took, cpu := time.Since(start), cpuTime()-cpu0
	if err != nil {
		fail(err)
	}
	outBytes := w.n
	if *mode == "append" {
		outBytes = int64(len(g.Bytes()))
	}
	runtime.KeepAlive(s)
	report(*mode, n, outBytes, took, cpu)
}

// newGenerator returns the generator of mode under the escaping e: in
// append mode for "append", writing to w otherwise.
func newGenerator(mode string, e jgen.Escaping, w io.Writer) (*jgen.Generator, error) {
	if mode == "append" {
		return jgen.NewAppendGenerator(nil, &jgen.Options{Escaping: e})
	}
	return jgen.NewGenerator(w, &jgen.Options{Escaping: e})
}

// repeatBlock returns block repeated to n bytes; n is a multiple of
// len(block).
func repeatBlock(block string, n int64) string {
	var sb strings.Builder
	sb.Grow(int(n))
	for int64(sb.Len()) < n {
		sb.WriteString(block)
	}
	return sb.String()
}

// write writes the measured string value of n bytes: streamed from a
// reader of block repeated ("from"), or s with WriteString ("string",
// "append").
func write(g *jgen.Generator, mode, s, block string, n int64) error {
	switch mode {
	case "from":
		read, err := g.WriteStringFrom(&patternReader{block: block, left: n})
		if err == nil && read != n {
			err = fmt.Errorf("read %d of %d bytes", read, n)
		}
		return err
	case "string", "append":
		return g.WriteString(s)
	}
	return fmt.Errorf("unknown mode %q", mode)
}

// report prints the figures of one run to stderr: bytes in and out, wall
// and CPU time with the input rate of each, and the heap's size and total
// allocation.
func report(mode string, in, out int64, took, cpu time.Duration) {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	fmt.Fprintf(os.Stderr, "memstream: %s, %d bytes in, %d bytes out, %.3f s wall (%.0f MB/s), %.3f s CPU (%.0f MB/s), heap sys %d KiB, total alloc %d KiB\n",
		mode, in, out, took.Seconds(), float64(in)/took.Seconds()/1e6,
		cpu.Seconds(), float64(in)/cpu.Seconds()/1e6, ms.HeapSys>>10, ms.TotalAlloc>>10)
}

// writeJSON writes to name a JSON text that is one string value whose
// content is block, escaped as JSON requires (Minimal), repeated until the
// token, quotes included, is at most size bytes long.
func writeJSON(name, block string, size int64) error {
	if name == "" {
		return fmt.Errorf("json mode needs -out")
	}
	esc, err := jgen.Minimal.Quote(block)
	if err != nil {
		return err
	}
	esc = esc[1 : len(esc)-1]
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(f, 1<<20)
	bw.WriteByte('"')
	for k := (size - 2) / int64(len(esc)); k > 0; k-- {
		bw.WriteString(esc)
	}
	bw.WriteString("\"\n")
	if err := bw.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// cpuTime returns the user and system CPU time of the process so far: on a
// shared machine a steadier measure of the write's cost than wall time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "memstream:", err)
	os.Exit(1)
}

package jgen

import (
	"bytes"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// capWriter collects the output and records the largest capacity the
// generator's buffer had at any flush.
type capWriter struct {
	g      *Generator
	out    bytes.Buffer
	maxCap int
}

func (w *capWriter) Write(p []byte) (int, error) {
	w.maxCap = max(w.maxCap, cap(w.g.out.buf))
	return w.out.Write(p)
}

// TestLongStringWriterBuffer writes strings much longer than the buffer in
// writer mode, with and without escapes, with invalid UTF-8 under each
// policy, at several buffer sizes: the buffer is never grown past the size
// it was made with, and the output (or the error, with nothing written) is
// exactly append mode's.
func TestLongStringWriterBuffer(t *testing.T) {
	texts := map[string]string{
		"plain":   strings.Repeat("plain ASCII text, nothing to escape. ", 3000),
		"escapes": strings.Repeat("a \"quoted\" line\n\tand <tags> & é€😀 \x01\u2028 ", 2000),
		"all":     strings.Repeat("\"\\\n\x00\x1f", 20000),
	}
	// Invalid UTF-8 at the start, in the middle and in the last bytes.
	for _, name := range []string{"plain", "escapes"} {
		s := texts[name]
		texts[name+"_bad_start"] = "\xff" + s
		texts[name+"_bad_middle"] = s[:len(s)/2] + "\xed\xa0\x80" + s[len(s)/2:]
		texts[name+"_bad_end"] = s + "\xe2\x82"
	}
	escapings := map[string]Escaping{"minimal": Minimal, "stdlib": Stdlib, "ascii": ASCII, "jsonp": {CharacterEscapes: JSONPEscapes, MaxUnescaped: 0x7FF}}
	policies := []InvalidUTF8Policy{InvalidUTF8Error, InvalidUTF8Replace, InvalidUTF8ReplaceRaw}
	for tname, s := range texts {
		for ename, e := range escapings {
			for _, p := range policies {
				e.InvalidUTF8 = p
				want, wantErr := appendModeDoc(t, e, s)
				for _, size := range []int{0, 512, 1000, 4096, 64 << 10} {
					t.Run(fmt.Sprintf("%s/%s/%d/%d", tname, ename, p, size), func(t *testing.T) {
						w := &capWriter{}
						g, err := NewGenerator(w, &Options{Escaping: e, BufferSize: size})
						if err != nil {
							t.Fatal(err)
						}
						w.g = g
						bound := cap(g.out.buf)
						gotErr := writeDoc(g, s)
						if err := g.Close(); gotErr == nil {
							gotErr = err
						}
						if w.maxCap > bound || cap(g.out.buf) > bound {
							t.Errorf("buffer grew to %d (at a flush) and %d, made with %d", w.maxCap, cap(g.out.buf), bound)
						}
						if !sameError(gotErr, wantErr) {
							t.Fatalf("error %v, want %v", gotErr, wantErr)
						}
						if !bytes.Equal(w.out.Bytes(), want) {
							t.Errorf("output differs from append mode's at byte %d of %d", firstDiffBytes(w.out.Bytes(), want), len(want))
						}
					})
				}
			}
		}
	}
}

// writeDoc writes ["x", s, {s: s}] and returns the first error, going on
// after a refused string as a caller that checks every call may.
func writeDoc(g *Generator, s string) error {
	var first error
	keep := func(err error) {
		if first == nil {
			first = err
		}
	}
	keep(g.WriteStartArray())
	keep(g.WriteString("x"))
	keep(g.WriteString(s))
	keep(g.WriteStartObject())
	keep(g.WriteName(s))
	keep(g.WriteStringBytes([]byte(s)))
	keep(g.WriteEndObject())
	keep(g.WriteEndArray())
	return first
}

func appendModeDoc(t *testing.T, e Escaping, s string) ([]byte, error) {
	t.Helper()
	g, err := NewAppendGenerator(nil, &Options{Escaping: e})
	if err != nil {
		t.Fatal(err)
	}
	err = writeDoc(g, s)
	if cerr := g.Close(); err == nil {
		err = cerr
	}
	return g.Bytes(), err
}

func sameError(a, b error) bool {
	if a == nil || b == nil {
		return a == b
	}
	var ua, ub *UTF8Error
	if errors.As(a, &ua) && errors.As(b, &ub) {
		return ua.Offset == ub.Offset
	}
	return a.Error() == b.Error()
}

func firstDiffBytes(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// TestLongStringAppendGrowth checks that a long string in append mode,
// which must hold the whole output, costs about one buffer of the output's
// size: bytes allocated (runtime.MemStats, not timed) at most 1.25 times the
// output plus 1 MiB, or twice when the rate of escapes changes half way.
// Growing by a quarter at a time costs about five.
func TestLongStringAppendGrowth(t *testing.T) {
	if RaceEnabled {
		t.Skip("allocation bounds do not hold under the race detector's instrumentation; the test runs in every other CI step")
	}
	n := 16 << 20
	if testing.Short() {
		n = 4 << 20
	}
	for name, unit := range map[string]string{
		"plain":   "plain ASCII text, nothing to escape. ",
		"escapes": "a \"quoted\" line\n\tand <tags> & é€😀 ",
		"late":    "",
	} {
		t.Run(name, func(t *testing.T) {
			s := strings.Repeat(unit, n/max(len(unit), 1))
			if name == "late" {
				// Clean text first, then only escapes: the first rate
				// is wrong and the growth must make up for it.
				s = strings.Repeat("x", n/2) + strings.Repeat("\n", n/2)
			}
			for _, e := range []Escaping{Minimal, ASCII} {
				var before, after runtime.MemStats
				runtime.GC()
				runtime.ReadMemStats(&before)
				g, err := NewAppendGenerator(nil, &Options{Escaping: e})
				if err != nil {
					t.Fatal(err)
				}
				if err := g.WriteString(s); err != nil {
					t.Fatal(err)
				}
				runtime.ReadMemStats(&after)
				out := len(g.Bytes())
				want, _ := e.AppendQuote(nil, s)
				want = append(want, '\n') // the root terminator
				if !bytes.Equal(g.Bytes(), want) {
					t.Fatalf("output differs from AppendQuote's at byte %d", firstDiffBytes(g.Bytes(), want))
				}
				limit := out + out/4 + 1<<20
				if name == "late" {
					// One buffer at the first rate, one at the true.
					limit = 2*out + 1<<20
				}
				if got := after.TotalAlloc - before.TotalAlloc; got > uint64(limit) {
					t.Errorf("%d bytes allocated for %d bytes of output", got, out)
				}
			}
		})
	}
}

package bench

import (
	"fmt"
	"hash/fnv"
	"strings"
	"testing"
	"unicode/utf8"
)

// BenchmarkDrawn runs the drawn cells (drawn.go): the DrawnWriters on every
// (content, length), each op the next StringsPerOp strings of the cell's
// pool. Names as BenchmarkStrings:
// BenchmarkDrawn/writer=<w>/preset=<p>/input=string/content=<c>/len=<n>.
func BenchmarkDrawn(b *testing.B) {
	for _, c := range Contents {
		for _, n := range Lengths {
			for _, w := range DrawnWriters() {
				name := fmt.Sprintf("writer=%s/preset=%s/input=%s/content=%s/len=%d", w.Name, w.Preset, w.Input, c, n)
				b.Run(name, func(b *testing.B) {
					rot := drawnRotation(c, n)
					runOp(b, rot.In.Size, func() func() ([]byte, error) {
						op := w.Prepare(rot.In)
						return func() ([]byte, error) {
							rot.Next()
							return op()
						}
					})
				})
			}
		}
	}
}

// drawnRotation returns a new Rotation over the cell's pool, which is built
// once: each benchmark rotates on its own, from the pool's first window.
func drawnRotation(content string, length int) *Rotation {
	key := fmt.Sprintf("drawn/%s/%d", content, length)
	inputsMu.Lock()
	defer inputsMu.Unlock()
	if _, ok := pools[key]; !ok {
		pools[key] = DrawnPool(content, length)
	}
	return NewRotation(pools[key])
}

var pools = map[string][]string{}

// drawnFingerprints are FNV-1a 64 hashes of each drawn pool (every string's
// UTF-8 followed by '\n'), as the Java harness prints them with
// run.sh -fingerprint.
var drawnFingerprints = map[string]uint64{
	"ascii/12": 0x5b9845e2661cccd2, "ascii/100": 0x21ea6375a3e93b7b, "ascii/1000": 0x3b5587ee2cdea2da,
	"escaped/12": 0xa4a7acc7c8dff0b3, "escaped/100": 0x6c52b661e6724a1c, "escaped/1000": 0xb24934d1b8d92eaa,
	"unicode/12": 0xf779fe1618618c9b, "unicode/100": 0x7935f935411fd321, "unicode/1000": 0x29a62e5040b9f732,
}

// TestDrawnData checks the drawn pools: the size bound, and that every
// string has the runes, the '"', 'é' and emoji counts and the byte length
// of the fixed cell's strings, with positions that vary between strings.
func TestDrawnData(t *testing.T) {
	for _, c := range Contents {
		for _, n := range Lengths {
			pool := DrawnPool(c, n)
			fixed := MatrixString(c, n, 0)
			size := 0
			firstSpecial := map[int]bool{}
			h := fnv.New64a()
			for i, s := range pool {
				size += len(s)
				h.Write([]byte(s))
				h.Write([]byte{'\n'})
				if utf8.RuneCountInString(s) != n || len(s) != len(fixed) {
					t.Fatalf("%s/%d string %d: %d runes, %d bytes; want %d, %d", c, n, i,
						utf8.RuneCountInString(s), len(s), n, len(fixed))
				}
				for _, r := range []rune{'"', 'é', '\U0001F600'} {
					if got, want := strings.Count(s, string(r)), strings.Count(fixed, string(r)); got != want {
						t.Fatalf("%s/%d string %d: %d of %q, the fixed cell has %d", c, n, i, got, r, want)
					}
				}
				if j := strings.IndexAny(s, "\"é\U0001F600"); j >= 0 {
					firstSpecial[j] = true
				}
			}
			if len(pool) < StringsPerOp || size > 1<<20 || (n < 1000 && len(pool) < 4096) {
				t.Errorf("%s/%d: pool of %d strings, %d bytes", c, n, len(pool), size)
			}
			if c != "ascii" && len(firstSpecial) < min(n/2, 5) {
				t.Errorf("%s/%d: the first escape or non-ASCII rune stands at only %d positions", c, n, len(firstSpecial))
			}
			key := fmt.Sprintf("%s/%d", c, n)
			if got, want := h.Sum64(), drawnFingerprints[key]; got != want {
				t.Errorf("drawn %s: fingerprint %016x, the Java harness has %016x", key, got, want)
			}
		}
	}
}

// TestRotation checks that Next walks the pool StringsPerOp strings at a
// time and wraps around its end.
func TestRotation(t *testing.T) {
	pool := make([]string, 450)
	for i := range pool {
		pool[i] = fmt.Sprintf("%03d", i)
	}
	r := NewRotation(pool)
	if r.In.Strings[0] != "000" || r.In.Size != 600 {
		t.Fatalf("first window starts at %s, size %d", r.In.Strings[0], r.In.Size)
	}
	for _, want := range []int{200, 400, 150, 350, 100} {
		r.Next()
		if len(r.In.Strings) != StringsPerOp || len(r.In.Bytes) != StringsPerOp {
			t.Fatalf("window of %d strings", len(r.In.Strings))
		}
		for j, s := range r.In.Strings {
			if w := fmt.Sprintf("%03d", (want+j)%450); s != w || string(r.In.Bytes[j]) != w {
				t.Fatalf("window at %d: string %d is %s (%s), want %s", want, j, s, r.In.Bytes[j], w)
			}
		}
	}
	if got := r.Windows(); got != 9 {
		t.Errorf("Windows = %d, want 9", got)
	}
}

// TestDrawnWriters checks every string-input writer on every drawn cell over
// three windows, the way BenchmarkDrawn calls it: byte equality with the
// reference for the preset each claims, as on the fixed cells.
func TestDrawnWriters(t *testing.T) {
	for _, c := range Contents {
		for _, n := range Lengths {
			rot := NewRotation(DrawnPool(c, n))
			checkWritersRotating(t, fmt.Sprintf("drawn/content=%s/len=%d", c, n), rot.In, 3, rot.Next)
		}
	}
}

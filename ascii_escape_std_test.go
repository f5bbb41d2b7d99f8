package jgen

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
	"unsafe"
)

// escapeLoops are the loops escapeNonASCII chooses between for a standard
// set without extra members: escapeStdSets (escapeStd on amd64 and arm64,
// escapeSome elsewhere and under purego) and escapeSome, which must give
// the same result for such a set on every architecture, so both run here.
var escapeLoops = []struct {
	name string
	run  func(out unsafe.Pointer, l int, src []byte, i, stop int, sw *swarSet, pairs *[2][256]uint64) (int, int)
}{
	{"escapeStdSets", escapeStdSets},
	{"escapeSome", escapeSome},
}

// checkEscapeLoops runs each of escapeLoops on src from i, with the output
// at l and the room limit full, under the standard sets without extras
// and both hex cases, and checks the result as checkEscapeNonASCIISet
// does: the reference's bytes for the input taken, and its stop, or an
// earlier one allowed by the room or a long ASCII run.
func checkEscapeLoops(t *testing.T, src []byte, i, l, full int) {
	t.Helper()
	for k := range stdSets {
		sw := &swarStd[k]
		if sw.n != 0 {
			continue
		}
		for _, loop := range escapeLoops {
			for u, hex := range []string{lowerHex, upperHex} {
				b := bytes.Repeat([]byte{'#'}, full+14+1)
				stop := min(len(src), i+(full-l)/3+1)
				gotL, gotI := l, i
				if l <= full && i < len(src) {
					gotL, gotI = loop.run(unsafe.Pointer(&b[0]), l, src, i, stop, sw, &hexPairs[u])
				}
				_, refStop := refEscapeNonASCII(src, i, l, 1<<30, &stdSets[k], hex)
				want, _ := refEscapeNonASCII(src[:gotI], i, l, 1<<30, &stdSets[k], hex)
				run := 0
				for run < gotI-i && src[gotI-1-run] < utf8.RuneSelf {
					run++
				}
				switch {
				case gotI > refStop:
					t.Fatalf("%s %q from %d: went on to %d past the stop at %d", loop.name, src, i, gotI, refStop)
				case gotI < refStop && gotL <= full && run < asciiRunBreak && gotI-i <= (full-l)/3:
					t.Fatalf("%s %q from %d (l=%d full=%d): stopped at %d (l=%d), the definition at %d",
						loop.name, src, i, l, full, gotI, gotL, refStop)
				case gotL > full+12 && gotL > l:
					t.Fatalf("%s %q from %d: l=%d, more than 12 past full=%d", loop.name, src, i, gotL, full)
				case !bytes.Equal(b[l:gotL], want):
					t.Fatalf("%s %q from %d (l=%d full=%d): wrote %q, want %q", loop.name, src, i, l, full, b[l:gotL], want)
				case bytes.Count(b[:l], []byte{'#'}) != l:
					t.Fatalf("%s %q: wrote before l", loop.name, src)
				}
			}
		}
	}
}

// TestEscapeLoopsWordPositions puts each kind of sequence the loops decode
// from a loaded word (two-byte, three-byte, a pair of three-byte ones,
// four-byte) and each kind of invalid one at every offset of a word and
// every distance from the end of the input, where the last 7 bytes are
// read from a copy padded with zeros, with the output room just enough
// and too little.
func TestEscapeLoopsWordPositions(t *testing.T) {
	seqs := []string{
		"é", "日本", "日", "😀", "\u0080", "\u07ff", "\u0800", "\uffff", "\U00010000", "\U0010ffff",
		"\xc0\x80", "\xc1\xbf", "\xe0\x9f\xbf", "\xed\xa0\x80", "\xed\xbf\xbf", "\xf0\x8f\xbf\xbf", "\xf4\x90\x80\x80",
		"\xf5\x80\x80\x80", "\xe6\x97", "\xe6", "\xf0\x9f\x98", "\x80", "\xff",
		"日\xed\xa0\x80", "日\xe0\x9f\xbf", "日\xe6\x97", "日a", "é\"",
	}
	for _, seq := range seqs {
		for pre := range 18 {
			for post := range 18 {
				src := []byte(strings.Repeat("a", pre) + seq + strings.Repeat("b", post))
				for _, full := range []int{0, 5, 6, 13, 100} {
					checkEscapeLoops(t, src, 0, 0, full)
				}
				checkEscapeLoops(t, src, min(pre, len(src)-1), 3, 40)
			}
		}
	}
}

// TestEscapeLoopsRandom runs the loops on random mixes of ASCII (with the
// set's members), two-, three- and four-byte sequences and invalid bytes,
// from random starts with random room.
func TestEscapeLoopsRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 5))
	pieces := []string{"a", "bc", "defghij", "\"", "\\", "\n", "/", "<", "'", "é", "ß", "日", "本語", "😀", "\u2028",
		"\xed\xa0\x80", "\xe0\x80\x80", "\xc2", "\xe6\x97", "\xff"}
	for range 4000 {
		var sb strings.Builder
		for range rng.IntN(24) {
			sb.WriteString(pieces[rng.IntN(len(pieces))])
		}
		src := []byte(sb.String())
		if len(src) == 0 {
			continue
		}
		checkEscapeLoops(t, src, rng.IntN(len(src)), rng.IntN(4), rng.IntN(3*len(src)+20))
	}
}

// TestEscapeStdCJKPairs checks the step that escapes two three-byte
// sequences from one word against the escapes of each code point: a run
// of CJK text of every length up to 40 code points, escaped in one call.
func TestEscapeStdCJKPairs(t *testing.T) {
	var x escaper
	x.init(ASCII)
	sw := swarFor(x.set)
	for n := range 41 {
		var src, want strings.Builder
		for k := range n {
			r := rune(0x4E00 + 37*k)
			src.WriteRune(r)
			fmt.Fprintf(&want, `\u%04x`, r)
		}
		b := make([]byte, 9*n+14) // room for the whole run (see escapeNonASCII's stop)
		l, i := escapeNonASCII(b, 0, []byte(src.String()), 0, 9*n, sw, &hexPairs[0])
		if got := string(b[:l]); got != want.String() || i != 3*n {
			t.Fatalf("%d code points: wrote %q up to %d, want %q up to %d", n, got, i, want.String(), 3*n)
		}
	}
}

// TestSWARPrintable checks that PrintableASCII's scan sets have SWAR
// finders that agree with the sets on every ASCII byte at every position
// of a word, that a set with too many extra members gets a lookup, and
// that escapeRun uses the SWAR finders and matches the definition.
func TestSWARPrintable(t *testing.T) {
	for k := range swarPrintable {
		sw, set := &swarPrintable[k], &PrintableASCII.CharacterEscapes.sets[k]
		if sw.set != nil {
			t.Fatalf("key %d: no SWAR finder", k)
		}
		for c := range 256 {
			for j := range 8 {
				w := []byte("abcdefgh")
				w[j] = byte(c)
				if got, want := sw.cleanPrefix(binary.LittleEndian.Uint64(w)), cleanPrefix8(set, w); got != want {
					t.Fatalf("key %d, % x: SWAR %d, table %d", k, w, got, want)
				}
			}
		}
	}
	many, err := NewCharacterEscapes(EscapeSpec{ASCII: map[byte]Escape{
		'a': EscapeUnicode(), 'b': EscapeUnicode(), 'c': EscapeUnicode(), 'd': EscapeUnicode(),
		'e': EscapeUnicode(), 'f': EscapeUnicode(), 'g': EscapeUnicode(),
	}})
	if err != nil {
		t.Fatal(err)
	}
	if sw := swarOf(&many.sets[0]); sw.set == nil {
		t.Error("a set with 7 extra members has a SWAR finder")
	}
	var x escaper
	x.init(PrintableASCII)
	rng := rand.New(rand.NewPCG(7, 8))
	pieces := []string{"a", "bcdefgh", "\x7f", "\"", "\\", "\t", "é", "日本", "😀", "\xff"}
	for range 2000 {
		var sb strings.Builder
		for range rng.IntN(16) {
			sb.WriteString(pieces[rng.IntN(len(pieces))])
		}
		src := []byte(sb.String())
		if len(src) == 0 {
			continue
		}
		// Called again where it stops, as the caller does after a long
		// ASCII run, until it makes no progress.
		var got []byte
		i := 0
		for {
			b := make([]byte, 200)
			l, ni := x.escapeRun(b, 0, src, i, 150)
			got = append(got, b[:l]...)
			if ni == i {
				break
			}
			i = ni
		}
		want, stop := refEscapeNonASCII(src, 0, 0, 1<<30, x.set, lowerHex)
		if i != stop || !bytes.Equal(got, want) {
			t.Fatalf("%q: wrote %q up to %d, want %q up to %d", src, got, i, want, stop)
		}
	}
}

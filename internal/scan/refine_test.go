package scan

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
	"unicode/utf8"
)

// refIndexRefined is the definition of Index for a Set built by
// NewUTF8SetFunc: refIndexUTF8, except that a valid sequence with a listed
// lead byte is a member only when escapes reports true for its code point.
func refIndexRefined(b, extra []byte, stop *[256]bool, escapes func(rune) bool) int {
	for i := 0; i < len(b); {
		c := b[i]
		if c < utf8.RuneSelf {
			if refMember(c, extra) {
				return i
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 {
			return i
		}
		if stop != nil && stop[c] && (escapes == nil || escapes(r)) {
			return i
		}
		i += size
	}
	return len(b)
}

// refinedSets are the rune tests jgen builds: Stdlib's line terminators
// under E2, and a custom table's runes under their lead bytes.
var refinedSets = []struct {
	name    string
	stop    *[256]bool
	escapes func(rune) bool
}{
	{"lineterms", stopSet(0xe2), func(r rune) bool { return r == 0x2028 || r == 0x2029 }},
	{"runes", stopSet(0xc3, 0xe2, 0xf0), func(r rune) bool { return r == 'é' || r == 0x2028 || r == 0x1F600 }},
	{"none", stopSet(0xe2, 0xe4), func(rune) bool { return false }},
	{"all", stopSet(0xe2), func(rune) bool { return true }},
	{"lineterms-astral", stopSet(0xe2, 0xf0, 0xf1, 0xf2, 0xf3, 0xf4), func(r rune) bool { return r == 0x2028 || r == 0x2029 || r > 0xFFFF }},
}

// TestLineSeps checks which rune tests the SIMD kernels apply themselves
// (Set.lineSeps): those that, under E2, escape U+2028 and U+2029 alone.
func TestLineSeps(t *testing.T) {
	want := map[string]bool{"lineterms": true, "runes": false, "none": false, "all": false, "lineterms-astral": true}
	for _, rs := range refinedSets {
		s := NewUTF8SetFunc(rs.stop, rs.escapes)
		if s.lineSeps != want[rs.name] {
			t.Errorf("%s: lineSeps = %v, want %v", rs.name, s.lineSeps, want[rs.name])
		}
		// Only the lineterms Set lists E2 alone.
		if wantVec := rs.name == "lineterms"; s.sepVec != wantVec {
			t.Errorf("%s: sepVec = %v, want %v", rs.name, s.sepVec, wantVec)
		}
	}
	// Not listed under E2: the kernel never stops there.
	if s := NewUTF8SetFunc(stopSet(0xf0), refinedSets[0].escapes); s.lineSeps {
		t.Error("lineSeps set without E2 listed")
	}
}

// refinePieces are the pieces of the test strings: ASCII, members,
// sequences the rune tests pass and stop at, under listed and unlisted
// lead bytes, and invalid and cut sequences.
var refinePieces = []string{
	"a", "hello world ", "\"", "\\", "\n", "/", "<",
	"é", "ü", "…", "★", "\u2028", "\u2029", "\u2030", "中文", "日本語のテキスト",
	"😀", "🎉", "\xe2\x80", "\xe2", "\xc3", "\xed\xa0\x80", "\xe0\x80\x80", "\xff",
	"\u2027", "\u202a", "\u20ac", "\u2fff", "\xe2\x41", "\xe2\x80\x41", "\xe2\x80\xa8\xa9",
}

// TestRefinedSet checks Copy, Index and SeqLen of sets built by
// NewUTF8SetFunc against refIndexRefined on random strings of the pieces,
// long and short, through the dispatch: so on the path the build and the
// CPU select (scripts/cross.sh and GODEBUG=cpu.avx512f=off run the
// others). Where Copy stops, the rune test has been applied past every
// sequence it passes, and no byte outside src reaches dst.
func TestRefinedSet(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 2))
	for _, rs := range refinedSets {
		for _, extra := range []string{"", "/", "/<>&'"} {
			s := NewUTF8SetFunc(rs.stop, rs.escapes, []byte(extra)...)
			for range 3000 {
				var src []byte
				for n := rng.IntN(40); n > 0; n-- {
					src = append(src, refinePieces[rng.IntN(len(refinePieces))]...)
				}
				checkRefined(t, &s, rs.name+"/"+extra, src, []byte(extra), rs.stop, rs.escapes)
			}
		}
	}
}

func checkRefined(t *testing.T, s *Set, name string, src, extra []byte, stop *[256]bool, escapes func(rune) bool) {
	t.Helper()
	checkRefinedCopy(t, s, name, src, refIndexRefined(src, extra, stop, escapes))
	for i := 0; i < len(src); {
		k := s.SeqLen(src[i:])
		r, size := utf8.DecodeRune(src[i:])
		wantK := 0
		if src[i] >= utf8.RuneSelf && size > 1 && !(stop[src[i]] && escapes(r)) {
			wantK = size
		}
		if k != wantK {
			t.Fatalf("%s: SeqLen(%q) = %d, want %d", name, src[i:], k, wantK)
		}
		i += max(size, 1)
	}
}

// checkRefinedCopy checks Copy and Index of s on src against want, with
// src inside a larger array and dst filled with bytes src does not hold.
func checkRefinedCopy(t *testing.T, s *Set, name string, src []byte, want int) {
	t.Helper()
	// src inside a larger array of a byte that appears nowhere in it.
	outside := byte(0)
	for bytes.IndexByte(src, outside) >= 0 && outside < 0xff {
		outside++
	}
	arr := bytes.Repeat([]byte{outside}, len(src)+2*Slack)
	in := arr[Slack : Slack+len(src)]
	copy(in, src)
	dst := make([]byte, len(src)+Slack)
	for i := range dst {
		dst[i] = outside + 1
	}
	if got := s.Copy(dst, in); got != want || !bytes.Equal(dst[:got], src[:got]) {
		t.Fatalf("%s: Copy(%q) = %d, want %d (dst %q)", name, src, got, want, dst[:got])
	}
	if i := bytes.IndexByte(dst, outside); i >= 0 && bytes.IndexByte(src, outside) < 0 {
		t.Fatalf("%s: Copy(%q) stored a byte from outside src at %d", name, src, i)
	}
	if got := s.Index(in); got != want {
		t.Fatalf("%s: Index(%q) = %d, want %d", name, src, got, want)
	}
}

func FuzzRefinedSet(f *testing.F) {
	f.Add(uint8(0), "", []byte("h\u00e9llo … w\u00f6rld \u2028"))
	f.Add(uint8(1), "/", []byte("★☆ 日本語 \u2029 😀 é"))
	f.Add(uint8(2), "<>&", bytes.Repeat([]byte("\u4e2d…"), 40))
	f.Fuzz(func(t *testing.T, which uint8, extra string, src []byte) {
		rs := refinedSets[int(which)%len(refinedSets)]
		s := NewUTF8SetFunc(rs.stop, rs.escapes, []byte(extra)...)
		checkRefined(t, &s, fmt.Sprintf("%s/%q", rs.name, extra), src, []byte(extra), rs.stop, rs.escapes)
	})
}

// growStack recurses depth frames of about 1 KiB each, so that the
// goroutine's stack must grow (and move) on the way.
//
//go:noinline
func growStack(depth int) byte {
	var pad [1024]byte
	pad[depth%len(pad)] = byte(depth)
	if depth == 0 {
		return pad[0]
	}
	return growStack(depth-1) + pad[depth%len(pad)]
}

// TestRefinedStackMoves runs Copy with a rune test that grows the stack
// and collects garbage each time it is called, on src and dst arrays that
// live on the calling goroutine's stack: the assembly entry that calls the
// rune test's Go code (refineTail, from either level) must leave its frame
// walkable and its arguments movable, and Copy must still return the
// defined result with dst holding the bytes of src.
func TestRefinedStackMoves(t *testing.T) {
	escapes := func(r rune) bool {
		growStack(64)
		runtime.GC()
		return r == 0x2028
	}
	s := NewUTF8SetFunc(stopSet(0xe2), escapes, '<')
	const text = "abc … déjà vu ★ \u2029 x\u2028tail"
	done := make(chan struct{})
	go func() { // a fresh goroutine: a small stack that must grow
		defer close(done)
		var src, dst [64 + Slack]byte
		n := copy(src[:], text)
		got := s.Copy(dst[:n+Slack], src[:n])
		want := strings.Index(text, "\u2028")
		if got != want || string(dst[:got]) != text[:want] {
			t.Errorf("Copy = %d %q, want %d %q", got, dst[:got], want, text[:want])
		}
	}()
	<-done
}

// TestCopyTo checks that CopyTo returns Copy's result and stores the same
// bytes in dst[:result], for plain, UTF-8 and rune-test sets, on strings of
// every length up to 80 built from refinePieces.
func TestCopyTo(t *testing.T) {
	var sets []Set
	var names []string
	for _, ts := range testSets() {
		sets, names = append(sets, ts.set), append(names, ts.name)
	}
	sets, names = append(sets, NewUTF8Set(nil, '/'), NewUTF8Set(stopSet(0xe2))), append(names, "utf8", "utf8-e2")
	for _, rs := range refinedSets {
		sets, names = append(sets, NewUTF8SetFunc(rs.stop, rs.escapes, '<')), append(names, "refined-"+rs.name)
	}
	rng := rand.New(rand.NewPCG(3, 14))
	for i := range sets {
		s := &sets[i]
		for range 400 {
			var src []byte
			for len(src) < 80 && rng.IntN(12) > 0 {
				src = append(src, refinePieces[rng.IntN(len(refinePieces))]...)
			}
			want := make([]byte, len(src)+Slack)
			got := make([]byte, len(src)+Slack)
			n := s.Copy(want, src)
			if m := s.CopyTo(&got[0], src); m != n || !bytes.Equal(got[:m], want[:n]) {
				t.Fatalf("%s: CopyTo(%q) = %d %q, Copy = %d %q", names[i], src, m, got[:m], n, want[:n])
			}
		}
	}
}

// TestLineSepsEveryPosition puts U+2028, U+2029, a sequence E2 starts
// that the test passes (…) and an E2 sequence cut or broken at every
// position of strings up to 200 bytes, after ASCII or after CJK text, so
// that each crosses every vector and block edge and ends every tail.
func TestLineSepsEveryPosition(t *testing.T) {
	rs := refinedSets[0] // lineterms: Set.sepVec on AVX-512
	s := NewUTF8SetFunc(rs.stop, rs.escapes, '<')
	for _, fill := range []string{"a", "日"} {
		for _, piece := range []string{"\u2028", "\u2029", "…", "\u2027", "\xe2\x80", "\xe2\x80\x41"} {
			for p := 0; p < 200; p += len(fill) {
				for _, tail := range []string{"", "z", "zz", "日本", strings.Repeat("x", 70)} {
					src := []byte(strings.Repeat(fill, p/len(fill)) + piece + tail)
					checkRefined(t, &s, fmt.Sprintf("lineterms/%q at %d", piece, p), src, []byte("<"), rs.stop, rs.escapes)
				}
			}
		}
	}
}

// refineProbes are the sequences TestRefinedEdges places at every offset:
// E2 sequences the line-terminator test passes and stops at, an E2 cut by
// the end or followed by a non-continuation, and sequences under the other
// listed leads of refinedSets.
var refineProbes = []string{"…", "★", "\u2028", "\u2029", "\xe2\x80", "\xe2", "\xe2\x41", "\xe2\x80\x41", "é", "😀"}

// refineFills are the texts around a probe: ASCII, two- and three-byte
// sequences (the latter unlisted, or under E2 and passed, so that passes
// follow each other), and a four-byte sequence.
var refineFills = []string{"a", "é", "中", "…", "😀"}

// edgeText returns n bytes of fill with probe at byte p (the probe cut by
// n if it does not fit), fill units that do not fit before p or n padded
// with 'a', so that only the probe can be invalid.
func edgeText(n, p int, fill, probe string) []byte {
	b := make([]byte, 0, n)
	pad := func(to int) {
		for len(b)+len(fill) <= to {
			b = append(b, fill...)
		}
		for len(b) < to {
			b = append(b, 'a')
		}
	}
	pad(p)
	b = append(b, probe...)
	if len(b) > n {
		return b[:n]
	}
	pad(n)
	return b
}

// edgeLengths are the text lengths of TestRefinedEdges: every length up
// to 100 bytes (70 with -short), and lengths around the second 64-byte
// block's end.
func edgeLengths() []int {
	last := 100
	if testing.Short() {
		last = 70
	}
	var ns []int
	for n := 1; n <= last; n++ {
		ns = append(ns, n)
	}
	return append(ns, 127, 128, 129, 131)
}

// TestRefinedEdges checks Copy and Index of the sets of refinedSets on texts
// of edgeLengths with each probe at every offset: so under the kernels'
// 16-, 32- and 64-byte edges, in the last one to three bytes, in the
// short-string kernels (under 32 bytes), and, for the fills that follow a
// passed probe, with the scan going on after it in the kernel.
func TestRefinedEdges(t *testing.T) {
	extra := []byte("<")
	for _, rs := range refinedSets {
		s := NewUTF8SetFunc(rs.stop, rs.escapes, extra...)
		for _, fill := range refineFills {
			for _, n := range edgeLengths() {
				for p := range n {
					for _, probe := range refineProbes {
						src := edgeText(n, p, fill, probe)
						want := refIndexRefined(src, extra, rs.stop, rs.escapes)
						checkRefinedCopy(t, &s, rs.name+"/"+fill, src, want)
					}
				}
			}
		}
	}
}

package jgen

import (
	"encoding/binary"
	"math/bits"
	"unicode/utf8"
	"unsafe"

	"github.com/jgen-go/jgen/internal/scan"
)

// shortMax is the longest string, in bytes, that the string paths escape
// with appendShort before any kernel call: below it, the call and the
// vector kernel's setup cost more than a few word tests in Go (callgrind,
// see docs/PERFORMANCE.md "Short strings").
const shortMax = 16

// shortSet reports whether appendShort serves the scan set set: a UTF-8
// set with no added ASCII bytes, the set of the Minimal and Jackson
// presets and of JSLineTerminators and SurrogateEscapes. A plain set (the
// ASCII preset: MaxUnescaped below U+07FF) stops at every byte >= 0x80,
// which the kernel path hands to its run escaper at once. A set with
// added bytes ('/', the HTML bytes, the apostrophe) costs the word mask
// more per word than a kernel call saves on a short string (callgrind, see
// docs/PERFORMANCE.md "Short strings"), so it keeps the kernel path.
func shortSet(set *scan.Set) bool { return set.UTF8() && !set.HasExtra() }

// appendShort writes the escaped content of s (no quotes), len(s) <=
// shortMax, to b[l:], where b is the whole capacity and
// len(b) >= l+len(s)+16, under the scan set set, which must be one
// shortSet accepts and no scan hook goes with, and the escape
// table t of the standard options (nil under CharacterEscapes). It returns
// the new l and the index of the first byte of s not written: len(s), or a
// byte it leaves to the string loop (escaper.appendSome), which may start
// there: an ASCII byte the set stops at without a table, a byte >= 0x80
// the set does not pass as part of a valid sequence (invalid UTF-8, a lead
// byte the set lists, any under a plain set), or an escape that might not
// fit.
//
// A string of 8 to 16 bytes that is clean, or has one ASCII escape in its
// last 8 bytes and nothing after it (a quote that closes a sentence), is
// written without a loop. Otherwise it copies s into a zero-padded buffer
// on the stack, and tests it a word at a time (scan.MaskBase) from each
// stop on: it stores each word at its place in the output before the
// test, writes an ASCII escape from t with one word store and a valid
// sequence the set passes with one 4-byte store. Every store ends below
// l+len(s)-i+16 for the l and i it is made at (an escape is taken only
// while that stays within b) and holds bytes of s, zeros or bytes of t:
// the no-leak contract of the quote functions (zeros pad t's entries too).
// It makes no call, so that its loop keeps its values in registers.
func appendShort(b []byte, l int, s []byte, set *scan.Set, t *[128]escCode) (int, int) {
	n := len(s)
	_ = b[l+n+15] // the room every store relies on
	if uint(n-8) <= 8 {
		w0, w1 := binary.LittleEndian.Uint64(s), binary.LittleEndian.Uint64(s[n-8:])
		m0, m1 := scan.MaskBase(w0), scan.MaskBase(w1)
		if m0|m1 == 0 {
			binary.LittleEndian.PutUint64(b[l:], w0)
			binary.LittleEndian.PutUint64(b[l+n-8:], w1)
			return l + n, n
		}
		return appendShortStop(b, l, s, set, t, w0, w1, m0, m1)
	}
	return appendShortLoop(b, l, s, set, t)
}

// appendShortStop is appendShort for 8 to 16 bytes that are not clean,
// with w0 and w1 their first and last 8 bytes and m0 and m1 the masks of
// those words (scan.MaskBase), for callers that tested them already.
func appendShortStop(b []byte, l int, s []byte, set *scan.Set, t *[128]escCode, w0, w1, m0, m1 uint64) (int, int) {
	n := len(s)
	if p := n - 8 + bits.TrailingZeros64(m1)>>3; m0 == 0 && t != nil && s[p] < utf8.RuneSelf {
		// The first stop is s[p] in the last word: if it is ASCII and
		// the bytes after it are clean, one escape and three stores
		// write the string.
		rest := w1 >> (8 * (p + 1 - (n - 8))) // zeros shifted in: members
		if bits.TrailingZeros64(scan.MaskBase(rest))>>3 >= n-p-1 {
			out := unsafe.Pointer(unsafe.SliceData(b[:l+n+16]))
			store64(out, l, w0)
			store64(out, l+n-8, w1)
			e := &t[s[p]]
			store64(out, l+p, e.w)
			l += p + int(e.n)
			store64(out, l, rest)
			return l + n - p - 1, n
		}
	}
	return appendShortLoop(b, l, s, set, t)
}

// appendShortLoop is appendShort's loop, for any string it takes.
func appendShortLoop(b []byte, l int, s []byte, set *scan.Set, t *[128]escCode) (int, int) {
	n := len(s)
	_ = b[l+n+15] // the room every store relies on
	out := unsafe.Pointer(unsafe.SliceData(b))
	in := unsafe.Pointer(unsafe.SliceData(s))
	// s, zero padded to whole words: every word load below is one
	// instruction, and a zero, a member of every set, ends the scan at n.
	var buf [shortMax + 8]byte
	pad := unsafe.Pointer(&buf)
	if n >= 8 {
		j := 0
		for ; j+8 <= n; j += 8 {
			store64(pad, j, load64(in, j))
		}
		if j < n {
			store64(pad, n-8, load64(in, n-8))
		}
	} else {
		store64(pad, 0, scan.LoadShort(s))
	}
	// An escape writes at most 6 bytes for 1 (\u00XX): it is taken while
	// the rest of s still fits after it, with 16 bytes for the last store.
	lim := len(b) - n - 16 - 5
	i := 0
	for i < n {
		w := load64(pad, i)
		store64(out, l, w)
		m := scan.MaskBase(w)
		if m == 0 {
			l, i = l+8, i+8
			continue
		}
		k := bits.TrailingZeros64(m) >> 3 // a zero past the end stops it at n
		l, i = l+k, i+k
		if i >= n {
			return l, n
		}
		if c := *(*byte)(unsafe.Add(pad, i)); c < utf8.RuneSelf {
			if t == nil || l-i > lim {
				return l, i
			}
			e := &t[c]
			store64(out, l, e.w)
			l, i = l+int(e.n), i+1
			continue
		}
		v := binary.LittleEndian.Uint32((*[4]byte)(unsafe.Add(pad, i))[:])
		k = set.SeqLen4(v)
		if k == 0 {
			return l, i
		}
		binary.LittleEndian.PutUint32((*[4]byte)(unsafe.Add(out, l))[:], v)
		l, i = l+k, i+k
	}
	return l, i
}

// load64 returns the 8 bytes at p+i as a little-endian word.
func load64(p unsafe.Pointer, i int) uint64 {
	return binary.LittleEndian.Uint64((*[8]byte)(unsafe.Add(p, i))[:])
}

// store64 stores w at p+i, little endian.
func store64(p unsafe.Pointer, i int, w uint64) {
	binary.LittleEndian.PutUint64((*[8]byte)(unsafe.Add(p, i))[:], w)
}

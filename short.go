package jgen

import (
	"encoding/binary"
	"math/bits"
	"unicode/utf8"

	"github.com/jgen-go/jgen/internal/scan"
)

// shortMax is the longest string, in bytes, that the string paths escape
// with appendShort before any kernel call: below it, the call and the
// vector kernel's setup cost more than a few word tests in Go (callgrind,
// see docs/PERFORMANCE.md "Short strings").
const shortMax = 32

// appendShort writes the escaped content of s (no quotes), len(s) <=
// shortMax, to b[l:], where b is the whole capacity and
// len(b) >= l+len(s)+8, under the scan set set, which must be one
// Set.WordScan reports true for and no scan hook goes with, and the escape
// table t of the standard options (nil under CharacterEscapes). It returns
// the new l and the index of the first byte of s not written: len(s), or a
// byte it leaves to the string loop (escaper.appendSome), which may start
// there: an ASCII byte the set stops at without a table, a byte >= 0x80
// the set does not pass as part of a valid sequence (invalid UTF-8, a lead
// byte the set lists, any under a plain set), or an escape that might not
// fit.
//
// It tests eight bytes at a time (Set.MaskWord), stores each word it loads
// at its place in the output before the test, writes an ASCII escape from
// t with one word store and a valid sequence the set passes with one
// 4-byte store. Every store lies below l+len(s)-i+8 for the i it is made
// at, and holds bytes of s, zeros or bytes of t: the no-leak contract of
// the quote functions (zeros pad t's entries too).
func appendShort(b []byte, l int, s []byte, set *scan.Set, t *[128]escCode) (int, int) {
	n := len(s)
	if n >= 8 && n <= 16 {
		// Two overlapping words cover s: the common clean string costs
		// two tests and two stores.
		w0 := binary.LittleEndian.Uint64(s)
		w1 := binary.LittleEndian.Uint64(s[n-8:])
		if set.MaskWord(w0)|set.MaskWord(w1) == 0 {
			binary.LittleEndian.PutUint64(b[l:], w0)
			binary.LittleEndian.PutUint64(b[l+n-8:], w1)
			return l + n, n
		}
	}
	// An escape writes at most 6 bytes for 1 (\u00XX): it is taken while
	// the rest of s still fits after it, with 8 bytes for the last store.
	lim := len(b) - n - 8 - 5
	i := 0
	for i < n {
		var w uint64
		switch r := n - i; {
		case r >= 8:
			w = binary.LittleEndian.Uint64(s[i:])
		case n >= 8: // the last 8 bytes, shifted: zeros past the end
			w = binary.LittleEndian.Uint64(s[n-8:]) >> (8 * (8 - r) & 63)
		default:
			w = scan.LoadShort(s[i:])
		}
		binary.LittleEndian.PutUint64(b[l:], w)
		m := set.MaskWord(w)
		if m == 0 {
			l, i = l+8, i+8
			continue
		}
		k := bits.TrailingZeros64(m) >> 3 // a zero past the end stops it at n
		l, i = l+k, i+k
		if i >= n {
			break
		}
		c := s[i]
		if c < utf8.RuneSelf {
			if t == nil || l-i > lim {
				break
			}
			e := &t[c]
			binary.LittleEndian.PutUint64(b[l:], e.w)
			l, i = l+int(e.n), i+1
			continue
		}
		var v uint32
		if n-i >= 4 {
			v = binary.LittleEndian.Uint32(s[i:])
		} else {
			v = uint32(scan.LoadShort(s[i:]))
		}
		k = set.SeqLen4(v)
		if k == 0 {
			break
		}
		binary.LittleEndian.PutUint32(b[l:], v)
		l, i = l+k, i+k
	}
	return l, i
}

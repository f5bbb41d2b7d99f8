package jgen

import (
	"encoding/binary"
	"math/bits"
	"unicode/utf8"
	"unsafe"

	"github.com/jgen-go/jgen/internal/scan"
)

// ASCII-only output (Escaping.MaxUnescaped 0x7F, jgen -a) writes every
// non-ASCII code point as \uXXXX. Real text has them in runs (a word of
// Japanese, an accented letter between ASCII ones), and escaping a run here,
// from a table of hex digit pairs, costs a fraction of decoding each code
// point with utf8.DecodeRune and escaping it through the general path.

// hexPairs[u][c] holds the two hex digits of the byte c as a little-endian
// uint16 (high digit first in memory): lower-case digits for u = 0,
// upper-case for u = 1.
var hexPairs = func() (t [2][256]uint16) {
	for u, digits := range []string{lowerHex, upperHex} {
		for c := range 256 {
			t[u][c] = uint16(digits[c>>4]) | uint16(digits[c&0xF])<<8
		}
	}
	return t
}()

// escapeNonASCII writes the mixed text that starts at src[i] to b from
// index l, for ASCII-only output: each valid non-ASCII UTF-8 sequence as
// \uXXXX, above U+FFFF as an escaped UTF-16 surrogate pair (RFC 8259 §7),
// with the hex digits of pairs (an element of hexPairs), and each ASCII
// byte that the scan set of sw does not hold as itself (sw may be
// hookStops, to stop at every ASCII byte). The set must hold every byte
// from 0x80 up. It stops at
// the end of src, at an ASCII byte of set (to be escaped by the caller), at
// a byte that starts no valid sequence as utf8.DecodeRune judges it (the
// caller's to handle), after asciiRunBreak clean ASCII bytes in a row (a
// run the caller's scan kernel copies faster), or where a step could start
// past full, and returns the new l and i. Every step starts with l <= full
// and writes at most 12 bytes, but its stores may touch 8 bytes past l: b
// must extend at least full+14 bytes.
func escapeNonASCII(b []byte, l int, src []byte, i, full int, sw *swarSet, pairs *[256]uint16) (int, int) {
	if l > full || i >= len(src) {
		return l, i
	}
	_ = b[full+13] // the room the stores below use without bounds checks
	// A step writes at most 3 bytes per byte it reads (6 for a two-byte
	// sequence), so l stays within full while i < stop.
	stop := min(len(src), i+(full-l)/3+1)
	wordEnd := len(src) - 8 // the last i with a whole word at src[i:]
	out := unsafe.Pointer(unsafe.SliceData(b))
	in := unsafe.Pointer(unsafe.SliceData(src))
	run := 0 // clean ASCII bytes in a row, in whole words
	for i < stop {
		c := *(*byte)(unsafe.Add(in, i))
		if c < utf8.RuneSelf {
			if sw.asciiStops {
				break
			}
			// Store 8 bytes, keep those up to the next member of the set.
			w := loadWord(in, i, wordEnd, c)
			binary.LittleEndian.PutUint64(word(out, l), w)
			var n int
			if sw.set == nil {
				// sw.cleanPrefix(w), inlined by hand.
				m := mandatoryMask(w)
				if sw.n > 0 {
					m |= sw.extraMask(w)
				}
				n = bits.TrailingZeros64(m) >> 3
			} else {
				n = sw.lookupPrefix(w)
			}
			if n == 0 {
				break // c is a member of the set
			}
			l += n
			i += n
			if n == 8 {
				if run += 8; run >= asciiRunBreak {
					break
				}
				continue
			}
			// src[i] stopped the word. Text like "café" has a two-byte
			// sequence there: escape it now rather than a loop later.
			if i+1 < stop {
				c, c1 := *(*byte)(unsafe.Add(in, i)), *(*byte)(unsafe.Add(in, i+1))
				if c >= 0xC2 && c <= 0xDF && c1&0xC0 == 0x80 {
					putEscapeU(word(out, l), rune(c&0x1F)<<6|rune(c1&0x3F), pairs)
					l += 6
					i += 2
					run = 0
				}
			}
			continue
		}
		run = 0
		var r rune
		var n int
		if c <= 0xDF && c >= 0xC2 && i+1 < len(src) && src[i+1]&0xC0 == 0x80 {
			r, n = rune(c&0x1F)<<6|rune(src[i+1]&0x3F), 2
		} else if r, n = decodeMulti(src[i:]); n == 0 {
			break
		}
		i += n
		if r > 0xFFFF {
			r -= 0x10000
			putEscapeU(word(out, l), 0xD800+r>>10, pairs)
			putEscapeU(word(out, l+6), 0xDC00+r&0x3FF, pairs)
			l += 12
			continue
		}
		putEscapeU(word(out, l), r, pairs)
		l += 6
	}
	return l, i
}

// loadWord returns the 8 bytes of the input at in from index i on, as a
// little-endian word; wordEnd is the input's length minus 8 and c the byte
// at i. Near the end of the input the bytes past it read as zero, which
// every set holds.
func loadWord(in unsafe.Pointer, i, wordEnd int, c byte) uint64 {
	switch {
	case i <= wordEnd:
		return binary.LittleEndian.Uint64((*[8]byte)(unsafe.Add(in, i))[:])
	case wordEnd >= 0:
		// The last 8 bytes, shifted down to start at i.
		return binary.LittleEndian.Uint64((*[8]byte)(unsafe.Add(in, wordEnd))[:]) >> (8 * (i - wordEnd))
	}
	return uint64(c)
}

// word is the 8 bytes at p+off as a slice, for stores whose room the
// caller has checked.
func word(p unsafe.Pointer, off int) []byte {
	return (*[8]byte)(unsafe.Add(p, off))[:]
}

// asciiRunBreak is the number of clean ASCII bytes in a row after which
// escapeNonASCII hands the text back to the caller's scan kernel: past
// about 16 bytes a kernel call costs less than the bytes it saves.
const asciiRunBreak = 16

// cleanPrefix8 returns how many of the 8 bytes of s come before the first
// member of set (8 if none is), without a branch per byte.
func cleanPrefix8(set *scan.Set, s []byte) int {
	_ = s[7]
	m := bit(set.Contains(s[0])) | bit(set.Contains(s[1]))<<1 | bit(set.Contains(s[2]))<<2 |
		bit(set.Contains(s[3]))<<3 | bit(set.Contains(s[4]))<<4 | bit(set.Contains(s[5]))<<5 |
		bit(set.Contains(s[6]))<<6 | bit(set.Contains(s[7]))<<7 | 1<<8
	return bits.TrailingZeros(m)
}

// bit is 1 for true and 0 for false.
func bit(b bool) uint {
	return uint(*(*uint8)(unsafe.Pointer(&b)))
}

// A swarSet finds the members of a scan set among 8 bytes held in a word
// (SWAR: SIMD within a register), for the sets whose ASCII members are the
// controls, '"', '\\' and a few more: the standard sets (stdSets), which
// ASCII-only output without CharacterEscapes uses. Bytes from 0x80 up are
// members.
type swarSet struct {
	n     int
	extra [6]uint64 // the other ASCII members, each repeated in 8 bytes
	// set, when not nil, is looked up byte by byte instead (cleanPrefix8);
	// cleanPrefix must not be used then.
	set *scan.Set
	// asciiStops makes every ASCII byte stop escapeNonASCII, for an
	// IndexEscape hook, which must be given every clean ASCII run.
	asciiStops bool
}

// hookStops is the swarSet of an escaper with an IndexEscape hook.
var hookStops = swarSet{asciiStops: true}

const (
	swarOnes  = 0x0101010101010101
	swarHighs = 0x8080808080808080
)

// swarStd[i] is the swarSet of stdSets[i].
var swarStd = func() (t [len(stdSets)]swarSet) {
	for i := range stdSets {
		for c := 0x20; c < utf8.RuneSelf; c++ {
			if c == '"' || c == '\\' || !stdSets[i].Contains(byte(c)) {
				continue
			}
			t[i].extra[t[i].n] = uint64(c) * swarOnes
			t[i].n++
		}
	}
	return t
}()

// cleanPrefix returns how many of the 8 bytes of w (in little-endian
// order) come before the first member of s: 8 if none is. Each test flags
// the bytes it matches in their top bit; a borrow can flag a byte above a
// match but never below the first one, so the lowest flag is exact.
func (s *swarSet) cleanPrefix(w uint64) int {
	m := mandatoryMask(w)
	if s.n > 0 {
		m |= s.extraMask(w)
	}
	return bits.TrailingZeros64(m) >> 3
}

// mandatoryMask flags the bytes of w that every set holds: from 0x80 up
// (for ASCII-only output), the controls, '"' and '\\'.
func mandatoryMask(w uint64) uint64 {
	return w&swarHighs | (w-0x20*swarOnes)&^w&swarHighs |
		hasZeroByte(w^'"'*swarOnes) | hasZeroByte(w^'\\'*swarOnes)
}

// lookupPrefix is cleanPrefix for a swarSet that looks bytes up in s.set.
func (s *swarSet) lookupPrefix(w uint64) int {
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], w)
	return cleanPrefix8(s.set, b[:])
}

// extraMask flags the bytes of w that equal one of s.extra.
func (s *swarSet) extraMask(w uint64) uint64 {
	var m uint64
	for _, e := range s.extra[:s.n] {
		m |= hasZeroByte(w ^ e)
	}
	return m
}

// hasZeroByte flags the zero bytes of v in their top bit (exact up to the
// lowest one).
func hasZeroByte(v uint64) uint64 { return (v - swarOnes) &^ v & swarHighs }

// putEscapeU stores \uXXXX for the UTF-16 code unit r in b[:6] with one
// 8-byte store; b[6:8] get the zero bytes of its top.
func putEscapeU(b []byte, r rune, pairs *[256]uint16) {
	w := uint64('\\') | uint64('u')<<8 | uint64(pairs[byte(r>>8)])<<16 | uint64(pairs[byte(r)])<<32
	binary.LittleEndian.PutUint64(b, w)
}

// decodeMulti decodes the multi-byte UTF-8 sequence at the start of s and
// returns its code point and length, or length 0 when s starts with an
// ASCII byte or with no valid sequence: exactly the sequences
// utf8.DecodeRune accepts with a length above 1 (no overlong forms, no
// surrogates, nothing above U+10FFFF).
func decodeMulti(s []byte) (rune, int) {
	c := s[0]
	switch {
	case c < 0xC2:
		return 0, 0
	case c < 0xE0:
		if len(s) < 2 || s[1]&0xC0 != 0x80 {
			return 0, 0
		}
		return rune(c&0x1F)<<6 | rune(s[1]&0x3F), 2
	case c < 0xF0:
		lo, hi := byte(0x80), byte(0xBF)
		if c == 0xE0 {
			lo = 0xA0 // below: overlong
		} else if c == 0xED {
			hi = 0x9F // above: a surrogate
		}
		if len(s) < 3 || s[1] < lo || s[1] > hi || s[2]&0xC0 != 0x80 {
			return 0, 0
		}
		return rune(c&0x0F)<<12 | rune(s[1]&0x3F)<<6 | rune(s[2]&0x3F), 3
	case c < 0xF5:
		lo, hi := byte(0x80), byte(0xBF)
		if c == 0xF0 {
			lo = 0x90 // below: overlong
		} else if c == 0xF4 {
			hi = 0x8F // above: beyond U+10FFFF
		}
		if len(s) < 4 || s[1] < lo || s[1] > hi || s[2]&0xC0 != 0x80 || s[3]&0xC0 != 0x80 {
			return 0, 0
		}
		return rune(c&0x07)<<18 | rune(s[1]&0x3F)<<12 | rune(s[2]&0x3F)<<6 | rune(s[3]&0x3F), 4
	}
	return 0, 0
}

// escapeRun is escapeNonASCII with the hex case and scan set of x, for an
// x that writes ASCII-only output (MaxUnescaped 0x7F: every code point
// above U+007F is escaped, before any CharacterEscapes sequence). With an
// IndexEscape hook it escapes runs of non-ASCII code points only, leaving
// every ASCII byte to the caller, which gives clean runs to the hook.
func (x *escaper) escapeRun(b []byte, l int, src []byte, i, full int) (int, int) {
	pairs := &hexPairs[0]
	if x.hex == hexUpper {
		pairs = &hexPairs[1]
	}
	var sw *swarSet
	if x.hook != nil {
		sw = &hookStops
	} else if k := setKeyOf(&x.escaping).set(); x.set == &stdSets[k] {
		sw = &swarStd[k]
	} else {
		sw = &swarSet{set: x.set}
	}
	return escapeNonASCII(b, l, src, i, full, sw, pairs)
}

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

// hexPairs[u] holds, for each byte c, the words whose OR is the escape
// sequence \uXXXX of a UTF-16 code unit as 8 little-endian bytes (the last
// two zero): [0][c] is \u and the two hex digits of c as the high byte,
// [1][c] the two digits of c as the low byte, at bytes 4 and 5. Lower-case
// digits for u = 0, upper-case for u = 1. Two loads and an OR per code
// unit, and one 8-byte store, cost less than shifting digit pairs into
// place.
var hexPairs = func() (t [2][2][256]uint64) {
	for u, digits := range []string{lowerHex, upperHex} {
		for c := range 256 {
			pair := uint64(digits[c>>4]) | uint64(digits[c&0xF])<<8
			t[u][0][c] = '\\' | 'u'<<8 | pair<<16
			t[u][1][c] = pair << 32
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
//
// Each step loads the 8 bytes at src[i] as a word (zeros past the end of
// src, which no sequence accepts and every set holds): an ASCII first byte
// copies the word and keeps the bytes up to the first member of the set;
// a non-ASCII one is decoded from the word with one mask test per length
// and escaped with one store per UTF-16 code unit. The standard sets
// without extra members, those of the ASCII preset, take a loop of their
// own (escapeStd) with the set's test inlined.
func escapeNonASCII(b []byte, l int, src []byte, i, full int, sw *swarSet, pairs *[2][256]uint64) (int, int) {
	if l > full || i >= len(src) {
		return l, i
	}
	_ = b[full+13] // the room the stores below use without bounds checks
	// A step writes at most 3 bytes per byte it reads (6 for a two-byte
	// sequence), so l stays within full while i < stop.
	stop := min(len(src), i+(full-l)/3+1)
	out := unsafe.Pointer(unsafe.SliceData(b))
	if sw.set != nil || sw.n != 0 || sw.asciiStops {
		return escapeSome(out, l, src, i, stop, sw, pairs)
	}
	return escapeStdSets(out, l, src, i, stop, sw, pairs)
}

// escapeSome is escapeNonASCII's loop for any set, looked up by sw.prefix.
func escapeSome(out unsafe.Pointer, l int, src []byte, i, stop int, sw *swarSet, pairs *[2][256]uint64) (int, int) {
	in := unsafe.Pointer(unsafe.SliceData(src))
	wordEnd := len(src) - 8
	run := 0 // clean ASCII bytes in a row, in whole words
	for i < stop {
		w := loadWord(in, i, wordEnd, src)
		if w&0x80 == 0 {
			if sw.asciiStops {
				break
			}
			binary.LittleEndian.PutUint64(word(out, l), w)
			n := sw.prefix(w)
			l += n
			i += n
			if n == 8 {
				if run += 8; run >= asciiRunBreak {
					break
				}
				continue
			}
			if w>>(8*n)&0x80 == 0 || i >= stop {
				break
			}
			w = loadWord(in, i, wordEnd, src)
		}
		run = 0
		r, n := decodeWord(w)
		if n == 0 {
			break
		}
		i += n
		if r > 0xFFFF {
			l = putSurrogates(out, l, r, pairs)
			continue
		}
		binary.LittleEndian.PutUint64(word(out, l), pairs[0][byte(r>>8)]|pairs[1][byte(r)])
		l += 6
	}
	return l, i
}

// decode3 is the code point of the three-byte sequence at the start of
// the little-endian word w, which has the lead and continuation bits.
func decode3(w uint64) rune {
	return rune(w&0x0F)<<12 | rune(w&0x3F00)>>2 | rune(w>>16&0x3F)
}

// bad3 reports whether the code point r of a three-byte sequence is one
// utf8.DecodeRune refuses: overlong (below U+0800) or a surrogate.
func bad3(r rune) bool {
	return uint32(r-0x800) >= 0xD800-0x800 && r < 0xE000
}

// putSurrogates stores the escape sequence of the code point r above
// U+FFFF, a surrogate pair written \uXXXX\uXXXX (RFC 8259 §7), at out+l
// with one 8-byte store per UTF-16 code unit, and returns l after it. A
// code unit is \u and the OR of its two hex digit pairs in pairs.
func putSurrogates(out unsafe.Pointer, l int, r rune, pairs *[2][256]uint64) int {
	r -= 0x10000
	hi, lo := 0xD800+r>>10, 0xDC00+r&0x3FF
	binary.LittleEndian.PutUint64(word(out, l), pairs[0][byte(hi>>8)]|pairs[1][byte(hi)])
	binary.LittleEndian.PutUint64(word(out, l+6), pairs[0][byte(lo>>8)]|pairs[1][byte(lo)])
	return l + 12
}

// loadWord returns the 8 bytes of src from index i on as a little-endian
// word, with zeros for the bytes past its end; in is src's data and
// wordEnd is len(src)-8.
func loadWord(in unsafe.Pointer, i, wordEnd int, src []byte) uint64 {
	if i <= wordEnd {
		return binary.LittleEndian.Uint64((*[8]byte)(unsafe.Add(in, i))[:])
	}
	return tailWord(src, i)
}

// tailWord is loadWord for an i within 8 bytes of the end of src.
func tailWord(src []byte, i int) uint64 {
	if n := len(src) - 8; n >= 0 {
		// The last 8 bytes, shifted down to start at i.
		return binary.LittleEndian.Uint64(src[n:]) >> (8 * (i - n))
	}
	var w uint64
	for k := len(src) - 1; k >= i; k-- {
		w = w<<8 | uint64(src[k])
	}
	return w
}

// decodeWord decodes the multi-byte UTF-8 sequence at the start of the
// little-endian word w and returns its code point and length, or length 0
// when w starts with an ASCII byte or with no valid sequence: exactly the
// sequences utf8.DecodeRune accepts with a length above 1 (no overlong
// forms, no surrogates, nothing above U+10FFFF; RFC 3629 §4). The lead and
// continuation bytes are checked with one mask per length, the ranges on
// the code point.
func decodeWord(w uint64) (rune, int) {
	switch {
	case w&0xC0C0F0 == 0x8080E0:
		if r := decode3(w); !bad3(r) {
			return r, 3
		}
		return 0, 0 // overlong, or a surrogate
	case w&0xC0E0 == 0x80C0:
		r := rune(w&0x1F)<<6 | rune(w>>8&0x3F)
		if r < 0x80 {
			return 0, 0 // overlong
		}
		return r, 2
	case w&0xC0C0C0F8 == 0x808080F0:
		r := rune(w&0x07)<<18 | rune(w&0x3F00)<<4 | rune(w>>10&0xFC0) | rune(w>>24&0x3F)
		if r < 0x10000 || r > utf8.MaxRune {
			return 0, 0 // overlong, or beyond U+10FFFF
		}
		return r, 4
	}
	return 0, 0
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

// swarPrintable[k] is the swarSet of PrintableASCII's scan set for the
// option key k (the standard set with DEL), for jgen -a; one that cannot
// be found with SWAR looks bytes up (swarOf).
var swarPrintable = func() (t [len(stdSets)]swarSet) {
	for k := range t {
		t[k] = swarOf(&PrintableASCII.CharacterEscapes.sets[k])
	}
	return t
}()

// swarOf returns a swarSet that finds exactly the ASCII members of set:
// one with extra members when set holds the controls, '"' and '\\' and at
// most len(swarSet.extra) other ASCII bytes, else one that looks bytes up
// in set.
func swarOf(set *scan.Set) swarSet {
	var sw swarSet
	for c := range byte(utf8.RuneSelf) {
		switch in := set.Contains(c); {
		case c < 0x20 || c == '"' || c == '\\':
			if !in {
				return swarSet{set: set}
			}
		case !in:
		case sw.n == len(sw.extra):
			return swarSet{set: set}
		default:
			sw.extra[sw.n] = uint64(c) * swarOnes
			sw.n++
		}
	}
	return sw
}

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
// (for ASCII-only output), the controls, '"' and '\\'. A byte below 0x20
// is the first to wrap when 0x20 is taken from each byte, and a byte equal
// to c the first to wrap when 1 is taken from each byte of w^c; the other
// bytes that get their top bit set that way are from 0x80 up, which w
// flags anyway, or come after a wrap, above the lowest flag.
func mandatoryMask(w uint64) uint64 {
	return (w | (w - 0x20*swarOnes) | (w ^ '"'*swarOnes - swarOnes) | (w ^ '\\'*swarOnes - swarOnes)) & swarHighs
}

// prefix is cleanPrefix, or lookupPrefix for a swarSet with a set.
func (s *swarSet) prefix(w uint64) int {
	if s.set != nil {
		return s.lookupPrefix(w)
	}
	return s.cleanPrefix(w)
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

// escapeRun is escapeNonASCII with the hex case and scan set of x, for an
// x that writes ASCII-only output (MaxUnescaped 0x7F: every code point
// above U+007F is escaped, before any CharacterEscapes sequence), on b's
// whole length (its capacity, in the caller). Where escapeNonASCII hands
// back a long clean ASCII run, escapeRun copies it with the set's kernel,
// as the caller's scan mode would (up to len(b)-scan.Slack, so l may end
// past full), and goes on escaping at a non-ASCII byte after it: mixed
// text costs one call, not one per run. It returns at the end of src, at
// an ASCII byte of the set or an invalid sequence (the caller's to
// write), or once l is past full. With an IndexEscape hook it escapes runs
// of non-ASCII code points only, leaving every ASCII byte to the caller,
// which gives clean runs to the hook.
func (x *escaper) escapeRun(b []byte, l int, src []byte, i, full int) (int, int) {
	pairs := &hexPairs[0]
	if x.hex == hexUpper {
		pairs = &hexPairs[1]
	}
	var sw *swarSet
	if x.hook != nil {
		return escapeNonASCII(b, l, src, i, full, &hookStops, pairs)
	} else if k := setKeyOf(&x.escaping).set(); x.set == &stdSets[k] {
		sw = &swarStd[k]
	} else if x.charEscapes == PrintableASCII.CharacterEscapes && x.set == &x.charEscapes.sets[k] {
		sw = &swarPrintable[k]
	} else {
		sw = &swarSet{set: x.set}
	}
	end := len(b) - scan.Slack
	for {
		l, i = escapeNonASCII(b, l, src, i, full, sw, pairs)
		if i >= len(src) || l > full || src[i] >= utf8.RuneSelf || x.set.Contains(src[i]) {
			return l, i
		}
		// A clean ASCII run, or the room ran short: the kernel copies
		// the run.
		n := x.set.Copy(b[l:], src[i:min(len(src), i+end-l)])
		l, i = l+n, i+n
		if i >= len(src) || src[i] < utf8.RuneSelf {
			return l, i
		}
	}
}

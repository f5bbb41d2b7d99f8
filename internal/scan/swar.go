package scan

//go:generate go run mkswar.go

import (
	"encoding/binary"
	"math/bits"
)

// The SWAR kernels test eight bytes held in a uint64 at once. Words are
// loaded with binary.LittleEndian, so byte k of the input is byte k of the
// word (bits 8k..8k+7) on every architecture, and the lowest flagged byte is
// the first one in memory.
//
// A mask function returns a word whose bit 8k+7 is set when byte k is a
// member. Only the lowest set bit is exact: a subtraction borrows out of a
// byte only when that byte is a member, so every byte below the first member
// is reported exactly, and bytes above it may be reported falsely. That is
// all a scan needs.
//
// They are the whole portable path (see the dispatch table in the package
// documentation), and the amd64 path of a CPU without AVX2.

const (
	lsb = 0x0101010101010101 // 0x01 in every byte
	msb = 0x8080808080808080 // 0x80 in every byte
)

// maskBase flags the mandatory members of a word: bytes < 0x20 (w - 0x20
// sets the high bit of exactly those bytes that are < 0x20, or >= 0xA0), '"'
// and '\\' ((w^c) - 1 sets it for the zero byte where w == c, and for bytes
// >= 0x81 after the xor, which are >= 0x80 before it), and bytes >= 0x80
// (their own high bit). The false positives are all bytes >= 0x80, which are
// members anyway, so no &^w is needed.
func maskBase(w uint64) uint64 {
	return ((w - 0x20*lsb) | ((w ^ '"'*lsb) - lsb) | ((w ^ '\\'*lsb) - lsb) | w) & msb
}

// maskExtra1 is maskBase plus one ASCII byte; k0 is that byte times lsb.
func maskExtra1(w, k0 uint64) uint64 {
	return ((w - 0x20*lsb) | ((w ^ '"'*lsb) - lsb) | ((w ^ '\\'*lsb) - lsb) |
		((w ^ k0) - lsb) | w) & msb
}

// maskExtra3 is maskBase plus three ASCII bytes (repeat one to use fewer).
func maskExtra3(w, k0, k1, k2 uint64) uint64 {
	return ((w - 0x20*lsb) | ((w ^ '"'*lsb) - lsb) | ((w ^ '\\'*lsb) - lsb) |
		((w ^ k0) - lsb) | ((w ^ k1) - lsb) | ((w ^ k2) - lsb) | w) & msb
}

// maskExtra5 is maskBase plus five ASCII bytes (repeat one to use fewer).
func maskExtra5(w, k0, k1, k2, k3, k4 uint64) uint64 {
	return ((w - 0x20*lsb) | ((w ^ '"'*lsb) - lsb) | ((w ^ '\\'*lsb) - lsb) |
		((w ^ k0) - lsb) | ((w ^ k1) - lsb) | ((w ^ k2) - lsb) |
		((w ^ k3) - lsb) | ((w ^ k4) - lsb) | w) & msb
}

// first returns the index of the byte flagged by the lowest set bit of m,
// or 8 if m is zero.
func first(m uint64) int { return bits.TrailingZeros64(m) >> 3 }

// first2 is first over the 16-byte mask m0 (bytes 0..7), m1 (bytes 8..15).
func first2(m0, m1 uint64) int {
	t := bits.TrailingZeros64(m0)
	if m0 == 0 {
		t += bits.TrailingZeros64(m1)
	}
	return t >> 3
}

// loadShort returns the bytes of b, len(b) < 8, as a word padded with zero
// bytes. Zero is a member of every Set, so a mask of the word flags byte
// len(b) at the latest. It uses at most three loads, overlapping ones.
func loadShort(b []byte) uint64 {
	n := len(b)
	switch {
	case n >= 4:
		lo := uint64(binary.LittleEndian.Uint32(b))
		hi := uint64(binary.LittleEndian.Uint32(b[n-4:]))
		return lo | hi<<(8*(n-4)&63)
	case n > 0:
		h := n >> 1
		return uint64(b[0]) | uint64(b[h])<<(8*h&63) | uint64(b[n-1])<<(8*(n-1)&63)
	}
	return 0
}

// copySWAR is the portable Copy. It writes only dst[:len(src)], each byte
// a copy of the byte of src at the same index.
func copySWAR(s *Set, dst, src []byte) int {
	if s.utf8 {
		return copyUTF8SWAR(s, dst, src)
	}
	switch s.kind {
	case kindBase:
		return copyBase(dst, src)
	case kindExtra1:
		return copyExtra1(dst, src, s.extra[0])
	case kindExtra3:
		return copyExtra3(dst, src, &s.extra)
	case kindExtra5:
		return copyExtra5(dst, src, &s.extra)
	}
	return copyTable(dst, src, &s.member)
}

// indexTable serves any set: eight table lookups are or-ed together and
// tested once, so the loop takes one branch per eight bytes instead of one
// per byte. It reads only b.
func indexTable(b []byte, t *[256]uint8) int {
	i := 0
	for ; i <= len(b)-8; i += 8 {
		p := b[i : i+8 : i+8]
		if t[p[0]]|t[p[1]]|t[p[2]]|t[p[3]]|t[p[4]]|t[p[5]]|t[p[6]]|t[p[7]] != 0 {
			break
		}
	}
	for ; i < len(b); i++ {
		if t[b[i]] != 0 {
			return i
		}
	}
	return len(b)
}

// copyTable is indexTable followed by a copy of the clean prefix; it writes
// only dst[:n].
func copyTable(dst, src []byte, t *[256]uint8) int {
	n := indexTable(src, t)
	copy(dst, src[:n])
	return n
}

// indexByteTable is the one-byte-at-a-time table loop of copyByteTable,
// the benchmark baseline the other kernels are measured against.
func indexByteTable(s *Set, b []byte) int {
	if s.utf8 {
		return indexUTF8Bytes(s, b)
	}
	t := &s.member // hoisted, or the loop repeats the nil check of s
	for i, c := range b {
		if t[c] != 0 {
			return i
		}
	}
	return len(b)
}

func copyByteTable(s *Set, dst, src []byte) int {
	n := indexByteTable(s, src)
	copy(dst, src[:n])
	return n
}

// kernel names one implementation of Copy, so tests and benchmarks can run
// every path the machine supports, not just the one the dispatch picks.
type kernel struct {
	name string
	copy func(s *Set, dst, src []byte) int
}

var portableKernels = []kernel{
	{"swar", copySWAR},
	{"swar-short", copySWARShort},
	{"bytetable", copyByteTable},
}

// copySWARShort is the portable Copy as copyEntry runs it: copyShortUTF8
// for a UTF-8 Set up to shortUTF8 bytes, copySWAR otherwise.
func copySWARShort(s *Set, dst, src []byte) int {
	if s.utf8 && len(src) <= shortUTF8 {
		return copyShortUTF8(s, dst, src)
	}
	return copySWAR(s, dst, src)
}

// maskTable flags, exactly, every byte of w that t marks (t holds 0 or 1).
func maskTable(w uint64, t *[256]uint8) uint64 {
	return (uint64(t[byte(w)]) | uint64(t[byte(w>>8)])<<8 | uint64(t[byte(w>>16)])<<16 |
		uint64(t[byte(w>>24)])<<24 | uint64(t[byte(w>>32)])<<32 | uint64(t[byte(w>>40)])<<40 |
		uint64(t[byte(w>>48)])<<48 | uint64(t[byte(w>>56)])<<56) << 7
}

// UTF-8 lead byte classes (Set.lead). Class 0 is a member: an ASCII byte, a
// continuation byte, C0, C1, F5..FF, or a lead byte listed in stopLead.
const (
	class2  = 1 + iota // C2..DF: one continuation
	classE0            // E0: A0..BF, then one continuation
	class3             // E1..EC, EE, EF: two continuations
	classED            // ED: 80..9F (no surrogates), then one continuation
	classF0            // F0: 90..BF, then two continuations
	class4             // F1..F3: three continuations
	classF4            // F4: 80..8F (nothing above U+10FFFF), then two
)

// utf8Params[class] describes the valid sequences of a lead class for
// seqLen4: bits 0-7 the lowest second byte, 8-15 the span of the second
// byte's range, 16-23 the length, 32-47 a mask and 48-63 the value the
// third and fourth bytes must show under it (0x80 per continuation byte).
// Class 0 can never match (its mask is 0 and its value 1).
var utf8Params = [8]uint64{
	0:       1 << 48,
	class2:  0x80 | 0x3f<<8 | 2<<16,
	classE0: 0xa0 | 0x1f<<8 | 3<<16 | 0x00c0<<32 | 0x0080<<48,
	class3:  0x80 | 0x3f<<8 | 3<<16 | 0x00c0<<32 | 0x0080<<48,
	classED: 0x80 | 0x1f<<8 | 3<<16 | 0x00c0<<32 | 0x0080<<48,
	classF0: 0x90 | 0x2f<<8 | 4<<16 | 0xc0c0<<32 | 0x8080<<48,
	class4:  0x80 | 0x3f<<8 | 4<<16 | 0xc0c0<<32 | 0x8080<<48,
	classF4: 0x80 | 0x0f<<8 | 4<<16 | 0xc0c0<<32 | 0x8080<<48,
}

// utf8Class returns the lead class of byte c, ignoring stopLead.
func utf8Class(c byte) uint8 {
	switch {
	case c >= 0xc2 && c <= 0xdf:
		return class2
	case c == 0xe0:
		return classE0
	case c == 0xed:
		return classED
	case c >= 0xe1 && c <= 0xef:
		return class3
	case c == 0xf0:
		return classF0
	case c >= 0xf1 && c <= 0xf3:
		return class4
	case c == 0xf4:
		return classF4
	}
	return 0
}

// seqLen4 returns the length of the sequence that the four bytes of v
// (little endian: byte 0 first) start, if it is a valid UTF-8 sequence of 2
// to 4 bytes whose lead class is not 0, or else 0. Bytes of v past the
// sequence are ignored. Explicit range checks, no decoding: about 12
// instructions.
func seqLen4(v uint32, lead *[256]uint8) int {
	c := lead[byte(v)]
	if c == class2 && v&0xc000 == 0x8000 { // the common 2-byte case first
		return 2
	}
	p := utf8Params[c&7]
	if byte(v>>8)-byte(p) > byte(p>>8) || uint16(v>>16)&uint16(p>>32) != uint16(p>>48) {
		return 0
	}
	return int(byte(p >> 16))
}

// seqLenTail is seqLen4 for a sequence that starts b, len(b) >= 1: a
// sequence cut by the end of b is 0. The missing bytes read as zeros, which
// no continuation check accepts.
func seqLenTail(b []byte, lead *[256]uint8) int {
	if len(b) >= 4 {
		return seqLen4(binary.LittleEndian.Uint32(b), lead)
	}
	return seqLen4(uint32(loadShort(b)), lead)
}

// copyShort is loadShort that also copies src, len(src) < 8, to
// dst[:len(src)] with one store per load: no byte past it is written, so
// the zero padding of the word never reaches dst.
func copyShort(dst, src []byte) uint64 {
	n := len(src)
	dst = dst[:n] // one bounds check for the stores below
	switch {
	case n >= 4:
		lo := binary.LittleEndian.Uint32(src)
		hi := binary.LittleEndian.Uint32(src[n-4:])
		binary.LittleEndian.PutUint32(dst, lo)
		binary.LittleEndian.PutUint32(dst[n-4:], hi)
		return uint64(lo) | uint64(hi)<<(8*(n-4)&63)
	case n > 0:
		h := n >> 1
		a, b, c := src[0], src[h], src[n-1]
		dst[0], dst[h], dst[n-1] = a, b, c
		return uint64(a) | uint64(b)<<(8*h&63) | uint64(c)<<(8*(n-1)&63)
	}
	return 0
}

// copyTail returns the bytes src[i:], 0 <= len(src)-i < 8, as a word padded
// with zero bytes (members of every Set), and copies them to dst[i:len(src)]:
// for len(src) >= 8 by storing the last 8 bytes of src at their own index
// (dst[j] = src[j] is right for every j), else with copyShort.
func copyTail(dst, src []byte, i int) uint64 {
	n := len(src)
	if n >= 8 {
		w := binary.LittleEndian.Uint64(src[n-8:])
		binary.LittleEndian.PutUint64(dst[n-8:], w)
		return w >> (8 * (8 - (n - i)) & 63)
	}
	return copyShort(dst[i:], src[i:])
}

// copyUTF8SWAR is the portable Copy of a UTF-8 Set. It writes only
// dst[:len(src)], each byte a copy of the byte of src at the same index.
func copyUTF8SWAR(s *Set, dst, src []byte) int {
	switch s.kind {
	case kindBase:
		return copyUTF8Base(dst, src, &s.lead)
	case kindExtra1:
		return copyUTF8Extra1(dst, src, &s.lead, s.extra[0])
	case kindExtra3:
		return copyUTF8Extra3(dst, src, &s.lead, &s.extra)
	case kindExtra5:
		return copyUTF8Extra5(dst, src, &s.lead, &s.extra)
	}
	return copyUTF8Table(dst, src, &s.lead, &s.member)
}

// indexUTF8Bytes is the byte-at-a-time loop of a UTF-8 Set, the baseline.
func indexUTF8Bytes(s *Set, b []byte) int {
	t := &s.member
	for i := 0; i < len(b); {
		c := b[i]
		if c < 0x80 {
			if t[c] != 0 {
				return i
			}
			i++
			continue
		}
		k := seqLenTail(b[i:], &s.lead)
		if k == 0 {
			return i
		}
		i += k
	}
	return len(b)
}

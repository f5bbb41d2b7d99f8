package scan

import (
	"encoding/binary"
	"math/bits"
)

// shortUTF8 is the longest input in bytes of the short UTF-8 kernels:
// one XMM register (short_amd64.s), two words (copyShortUTF8).
const shortUTF8 = 16

// copyShortUTF8 is the portable twin of the short UTF-8 kernel
// (short_amd64.s): Copy of the UTF-8 Set s for len(src) <= shortUTF8,
// without the rune test (every listed lead stops it), from two words that
// hold the bytes, zeros past them. It writes only dst[:len(src)], each
// byte a copy of the byte of src at the same index.
//
// The words' masks (maskUTF8Word) flag every byte >= 0x80 exactly and the
// first ASCII member exactly; packed to one bit a byte, with the zeros
// past len(src) flagged (members) and a bit at 16, the lowest flag is the
// result if it is ASCII or the end, and otherwise starts a sequence,
// which seqLen4 validates from the words (a sequence cut by the end reads
// zeros, which no continuation check accepts); the flags it covers are
// dropped and the next flag is exact again, as in copyUTF8Base.
func copyShortUTF8(s *Set, dst, src []byte) int {
	n := len(src)
	w0, w1 := copy16(dst, src)
	m := uint32(packMask(maskUTF8Word(s, w0))) | uint32(packMask(maskUTF8Word(s, w1)))<<8 | 1<<16
	for {
		i := bits.TrailingZeros32(m)
		if i >= n {
			return n
		}
		v := word4(w0, w1, i)
		if byte(v) < 0x80 {
			return i
		}
		k := seqLen4(v, &s.lead)
		if k == 0 {
			return i
		}
		m &^= 1<<(i+k) - 1
	}
}

// copy16 copies src, len(src) <= 16, to dst[:len(src)] and returns its
// bytes as two little-endian words (bytes 0..7 and 8..15), padded with
// zero bytes. From 8 bytes on it stores the first and the last 8 bytes
// of src at their own index (dst[j] = src[j] for every j), below with
// copyShort; the zero padding never reaches dst.
func copy16(dst, src []byte) (w0, w1 uint64) {
	n := len(src)
	if n < 8 {
		return copyShort(dst, src), 0
	}
	w0 = binary.LittleEndian.Uint64(src)
	hi := binary.LittleEndian.Uint64(src[n-8:])
	binary.LittleEndian.PutUint64(dst, w0)
	binary.LittleEndian.PutUint64(dst[n-8:], hi)
	if n > 8 {
		w1 = hi >> (8 * (16 - n) & 63)
	}
	return w0, w1
}

// word4 returns the four bytes at i (0 <= i < 16) of the 16 bytes w0, w1,
// zeros past byte 15.
func word4(w0, w1 uint64, i int) uint32 {
	if i < 8 {
		return uint32(w0>>(8*i) | w1<<(64-8*i)) // w1<<64 is 0
	}
	return uint32(w1 >> (8 * (i - 8)))
}

// packMask turns a mask of the SWAR kernels (bit 8k+7 for byte k) into
// one bit a byte (bit k).
func packMask(m uint64) uint8 {
	return uint8((m >> 7) * 0x0102040810204080 >> 56)
}

// maskUTF8Word is the mask of the SWAR kernel of s's kind for the word w:
// the ASCII members, the first exactly, and every byte >= 0x80.
func maskUTF8Word(s *Set, w uint64) uint64 {
	switch s.kind {
	case kindBase:
		return maskBase(w)
	case kindExtra1:
		return maskExtra1(w, uint64(s.extra[0])*lsb)
	case kindExtra3:
		return maskExtra3(w, uint64(s.extra[0])*lsb, uint64(s.extra[1])*lsb, uint64(s.extra[2])*lsb)
	case kindExtra5:
		return maskExtra5(w, uint64(s.extra[0])*lsb, uint64(s.extra[1])*lsb, uint64(s.extra[2])*lsb,
			uint64(s.extra[3])*lsb, uint64(s.extra[4])*lsb)
	}
	return maskTable(w, &s.member)
}

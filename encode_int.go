package jgen

import (
	"encoding/binary"
	"math/bits"
	"slices"
)

// appendUint appends the decimal form of u, as strconv.AppendUint(b, u,
// 10) does, straight into b's spare capacity: eight digits at a time,
// computed in the lanes of one 64-bit word (digits8) and stored with one
// 8-byte write. Integers are the most frequent scalar of a struct, and
// strconv's loop costs several times as many instructions on a ten-digit
// number.
func appendUint(b []byte, u uint64) []byte {
	if u < 10 {
		return append(b, byte('0'+u))
	}
	n := uintLen(u)
	l := len(b)
	// The leading digits are stored as a whole word too: 8 bytes of room
	// beyond the number.
	if cap(b)-l < n+8 {
		b = slices.Grow(b, n+8)
	}
	d := b[l : l+n+8]
	switch {
	case u < 1e8:
		putHead(d, uint32(u), n)
	case u < 1e16:
		h := u / 1e8
		putHead(d, uint32(h), n-8)
		binary.LittleEndian.PutUint64(d[n-8:], digits8(uint32(u-h*1e8)))
	default:
		h := u / 1e16
		m := u - h*1e16
		mid := m / 1e8
		putHead(d, uint32(h), n-16)
		binary.LittleEndian.PutUint64(d[n-16:], digits8(uint32(mid)))
		binary.LittleEndian.PutUint64(d[n-8:], digits8(uint32(m-mid*1e8)))
	}
	return b[:l+n]
}

// putHead writes r, of k digits (1 to 8), at the start of d, which has 8
// bytes; the bytes after the k digits are overwritten.
func putHead(d []byte, r uint32, k int) {
	binary.LittleEndian.PutUint64(d, digits8(r)>>((8-k)*8))
}

// digits8 returns r, below 1e8, as eight ASCII digits with leading zeros,
// the first in the lowest byte (so that a little-endian store writes them
// in order). It splits r in two 4-digit lanes of 32 bits, each of those
// in two 2-digit lanes of 16 bits, and each of those in two digits of 8
// bits, dividing in every lane at once by multiplying: for n < 10^4,
// n/100 = n·5243 >> 19; for n < 100, n/10 = n·103 >> 10.
func digits8(r uint32) uint64 {
	hi := r / 10000
	x := uint64(hi) | uint64(r-hi*10000)<<32
	q := (x * 5243 >> 19) & 0x0000007F0000007F
	x = q | (x-q*100)<<16
	q = (x * 103 >> 10) & 0x000F000F000F000F
	x = q | (x-q*10)<<8
	return x | 0x3030303030303030
}

// uintPow10 holds 10^0 to 10^19, every power of ten a uint64 holds.
var uintPow10 = [20]uint64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9,
	1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19}

// uintLen returns the number of decimal digits of u, which is not 0:
// bits.Len64(u)·1233/4096 is floor(log10(2^len)), one below the count or
// the count itself.
func uintLen(u uint64) int {
	t := bits.Len64(u) * 1233 >> 12
	if u < uintPow10[t] {
		return t
	}
	return t + 1
}

// appendInt appends the decimal form of v, as strconv.AppendInt(b, v, 10).
func appendInt(b []byte, v int64) []byte {
	if v < 0 {
		return appendUint(append(b, '-'), -uint64(v))
	}
	return appendUint(b, uint64(v))
}

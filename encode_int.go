package jgen

import (
	"encoding/binary"
	"math/bits"
	"slices"
	"unsafe"
)

// appendUint appends the decimal form of u, as strconv.AppendUint(b, u,
// 10) does, straight into b's spare capacity: eight digits at a time,
// computed in the lanes of one 64-bit word (digits8) and stored with one
// 8-byte write. Integers are the most frequent scalar of a struct, and
// strconv's loop costs several times as many instructions on a ten-digit
// number.
func appendUint(b []byte, u uint64) []byte {
	return appendDecimal(b, u, false)
}

// appendDecimal appends u in decimal, after a '-' if neg: appendUint and
// appendInt in one function, so that both inline to one call.
func appendDecimal(b []byte, u uint64, neg bool) []byte {
	l := len(b)
	if neg {
		if l == cap(b) {
			b = slices.Grow(b, 1)
		}
		b = append(b, '-')
		l++
	}
	if u < 10 {
		return append(b, byte('0'+u))
	}
	n := uintLen(u)
	// The leading digits are stored as a whole word too: 8 bytes of room
	// beyond the number.
	if cap(b)-l < n+8 {
		b = slices.Grow(b, n+8)
	}
	// The stores below stay within those n+8 bytes of capacity.
	d := unsafe.Add(unsafe.Pointer(unsafe.SliceData(b)), l)
	switch {
	case u < 1e8:
		put8(d, digits8(uint32(u))>>((8-n)*8))
	case u < 1e16:
		h := u / 1e8
		put8(d, digits8(uint32(h))>>((16-n)*8))
		put8(unsafe.Add(d, n-8), digits8(uint32(u-h*1e8)))
	default:
		h := u / 1e16
		m := u - h*1e16
		mid := m / 1e8
		put8(d, digits8(uint32(h))>>((24-n)*8))
		put8(unsafe.Add(d, n-16), digits8(uint32(mid)))
		put8(unsafe.Add(d, n-8), digits8(uint32(m-mid*1e8)))
	}
	return b[:l+n]
}

// put8 stores the eight bytes of v at d, the lowest byte first; the
// leading digits of a number are shifted down in v, and the bytes above
// them are overwritten by the next store or lie past the number.
func put8(d unsafe.Pointer, v uint64) {
	binary.LittleEndian.PutUint64((*[8]byte)(d)[:], v)
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
	u := uint64(v)
	if v < 0 {
		u = -u
	}
	return appendDecimal(b, u, v < 0)
}

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
	// A '-' and 20 digits, of which the leading part is stored as a whole
	// word: at most 1+max(8, n) bytes are written.
	if cap(b)-len(b) < decimalRoom {
		b = growDecimal(b)
	}
	l := len(b)
	d := unsafe.Add(unsafe.Pointer(unsafe.SliceData(b)), l)
	if neg {
		*(*byte)(d) = '-'
		d = unsafe.Add(d, 1)
		l++
	}
	// The leading part h has at most eight digits, and k parts of exactly
	// eight follow it. Its length comes from its bit length (decimalLen8),
	// not from its digit lanes, so that the position of whatever is
	// appended next waits for a table load, not for the chain of
	// multiplications in digitLanes; the digits are computed beside it.
	var h uint32
	var rest [2]uint32
	var k int
	switch {
	case u < 1e8:
		h = uint32(u)
	case u < 1e10:
		// Nine or ten digits (identifiers, Unix times in seconds, the
		// commonest long integers): the one or two leading digits come
		// from digitPairs, which costs a load where digits8 costs a
		// chain of dependent multiplications.
		q := u / 1e8
		pair := uint16(digitPairs[2*q]) | uint16(digitPairs[2*q+1])<<8
		n := 2
		if q < 10 {
			pair >>= 8
			n = 1
		}
		binary.LittleEndian.PutUint16((*[2]byte)(d)[:], pair)
		put8(unsafe.Add(d, n), digits8(uint32(u-q*1e8)))
		return b[:l+n+8]
	case u < 1e16:
		q := u / 1e8
		h, rest[0], k = uint32(q), uint32(u-q*1e8), 1
	default:
		q := u / 1e16
		m := u - q*1e16
		mid := m / 1e8
		h, rest[0], rest[1], k = uint32(q), uint32(mid), uint32(m-mid*1e8), 2
	}
	n := decimalLen8(h)
	put8(d, digits8(h)>>(64-8*n))
	for i := range k {
		put8(unsafe.Add(d, n), digits8(rest[i]))
		n += 8
	}
	return b[:l+n]
}

// decimalLen8 returns the number of decimal digits of x, below 1e8 (1 for
// 0): the numbers of one bit length have d or d+1 digits, and adding that
// length's entry of decimalLens carries into the high word exactly from
// the first with d+1.
func decimalLen8(x uint32) int {
	return int((uint64(x) + decimalLens[bits.Len32(x)&31]) >> 32)
}

// decimalLens[L] is, for the numbers of bit length L, (d+1)<<32 - 10^d
// when 10^d is one of them (they have d digits below it, d+1 from it on),
// else d<<32.
var decimalLens = func() (t [32]uint64) {
	for L := range t {
		lo := uint64(1) << L >> 1 // the least number of length L; 0 for L = 0
		d, p := uint64(1), uint64(10)
		for p <= lo {
			d, p = d+1, p*10
		}
		if p < 1<<L {
			t[L] = (d+1)<<32 - p
		} else {
			t[L] = d << 32
		}
	}
	return t
}()

// digitPairs holds the two digits of every number below 100, "00" to
// "99".
const digitPairs = "" +
	"00010203040506070809" +
	"10111213141516171819" +
	"20212223242526272829" +
	"30313233343536373839" +
	"40414243444546474849" +
	"50515253545556575859" +
	"60616263646566676869" +
	"70717273747576777879" +
	"80818283848586878889" +
	"90919293949596979899"

// decimalRoom is the spare capacity appendDecimal asks for: a '-', and 20
// digits or the 8-byte store of the leading part, rounded up.
const decimalRoom = 32

// growDecimal returns b with at least decimalRoom bytes of spare
// capacity; out of line, so that appendDecimal keeps no frame for it.
//
//go:noinline
func growDecimal(b []byte) []byte {
	return slices.Grow(b, decimalRoom)
}

// growOut returns b with at least n bytes of spare capacity: slices.Grow
// out of line, so that a caller testing the capacity itself spills
// nothing around the rare growth.
//
//go:noinline
func growOut(b []byte, n int) []byte {
	return slices.Grow(b, n)
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
	return digitLanes(r) | 0x3030303030303030
}

// digitLanes returns the eight decimal digits of r, below 1e8, as digits8
// does but as the values 0 to 9 rather than ASCII.
func digitLanes(r uint32) uint64 {
	hi := r / 10000
	x := uint64(hi) | uint64(r-hi*10000)<<32
	q := (x * 5243 >> 19) & 0x0000007F0000007F
	x = q | (x-q*100)<<16
	q = (x * 103 >> 10) & 0x000F000F000F000F
	return q | (x-q*10)<<8
}

// appendInt appends the decimal form of v, as strconv.AppendInt(b, v, 10).
func appendInt(b []byte, v int64) []byte {
	u := uint64(v)
	if v < 0 {
		u = -u
	}
	return appendDecimal(b, u, v < 0)
}

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
	// The leading part has at most eight digits; its leading zeros are
	// the zero bytes at the low end of its digit lanes, counted with one
	// TZCNT (the last digit always counts, so that 0 is written as "0").
	var head uint64
	var rest [2]uint32
	var k int // the number of 8-digit parts after the head
	switch {
	case u < 1e8:
		head = digitLanes(uint32(u))
	case u < 1e16:
		h := u / 1e8
		head, rest[0], k = digitLanes(uint32(h)), uint32(u-h*1e8), 1
	default:
		h := u / 1e16
		m := u - h*1e16
		mid := m / 1e8
		head, rest[0], rest[1], k = digitLanes(uint32(h)), uint32(mid), uint32(m-mid*1e8), 2
	}
	z := bits.TrailingZeros64(head|1<<56) &^ 7
	put8(d, (head|0x3030303030303030)>>z)
	n := 8 - z>>3
	for i := range k {
		put8(unsafe.Add(d, n), digits8(rest[i]))
		n += 8
	}
	return b[:l+n]
}

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

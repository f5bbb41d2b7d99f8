package jgen

import (
	"math/bits"
	"slices"
)

// digitPairs holds "00" to "99": the two decimal digits of each number
// below 100 at index 2n.
const digitPairs = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

// appendUint appends the decimal form of u, as strconv.AppendUint(b, u,
// 10) does, straight into b's spare capacity: eight digits per 64-bit
// division and two per table look-up. Integers are the most frequent
// scalar of a struct, and strconv's loop costs about twice as many
// instructions on a ten-digit number.
func appendUint(b []byte, u uint64) []byte {
	if u < 10 {
		return append(b, byte('0'+u))
	}
	n := uintLen(u)
	l := len(b)
	if cap(b)-l < n {
		b = slices.Grow(b, n)
	}
	b = b[:l+n]
	d := b[l:]
	i := n
	for u >= 1e8 {
		q := u / 1e8
		r := uint32(u - q*1e8)
		u = q
		i -= 8
		put8(d[i:i+8], r)
	}
	r := uint32(u)
	for r >= 100 {
		q := r / 100
		k := (r - q*100) * 2
		r = q
		i -= 2
		d[i], d[i+1] = digitPairs[k], digitPairs[k+1]
	}
	if r >= 10 {
		d[i-2], d[i-1] = digitPairs[r*2], digitPairs[r*2+1]
	} else {
		d[i-1] = byte('0' + r)
	}
	return b
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

// put8 writes r, below 1e8, as eight digits with leading zeros.
func put8(dst []byte, r uint32) {
	_ = dst[7]
	hi, lo := r/10000, r%10000
	a, c := hi/100*2, lo/100*2
	bb, d := hi%100*2, lo%100*2
	dst[0], dst[1] = digitPairs[a], digitPairs[a+1]
	dst[2], dst[3] = digitPairs[bb], digitPairs[bb+1]
	dst[4], dst[5] = digitPairs[c], digitPairs[c+1]
	dst[6], dst[7] = digitPairs[d], digitPairs[d+1]
}

// appendInt appends the decimal form of v, as strconv.AppendInt(b, v, 10).
func appendInt(b []byte, v int64) []byte {
	if v < 0 {
		return appendUint(append(b, '-'), -uint64(v))
	}
	return appendUint(b, uint64(v))
}

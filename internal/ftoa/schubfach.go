// Copyright 2025 The jgen Authors. All rights reserved.

package ftoa

import "math/bits"

// flog10pow2 returns floor(q * log10(2)) for |q| <= 5456721.
func flog10pow2(q int) int { return int(int64(q) * 661971961083 >> 41) }

// flog10threeQuartersPow2 returns floor(log10(3/4 * 2^q)) for |q| <= 5456721.
func flog10threeQuartersPow2(q int) int {
	return int((int64(q)*661971961083 - 274743187321) >> 41)
}

// flog2pow10 returns floor(e * log2(10)) for |e| <= 1233.
func flog2pow10(e int) int { return int(int64(e) * 913124641741 >> 38) }

// rop returns floor(g*cp / 2^127), g = g0*2^64 + g1, with bit 0 set
// when the bits of g*cp from 64 to 126 are not all zero: the product
// scaled down to the units of the search, rounded to odd so that a
// nonzero fraction stays visible to the comparisons (Schubfach's "round
// to odd" product).
func rop(g0, g1, cp uint64) uint64 {
	ph, pl := bits.Mul64(g0, cp)
	lh, _ := bits.Mul64(g1, cp)
	mid, carry := bits.Add64(pl, lh, 0)
	hi := ph + carry
	// mid holds bits 64 to 127: bit 0 of the result is its top bit or
	// the rest's stickiness, which is simply whether mid is nonzero, the
	// borrow of 0 - mid; the add-with-carry doubles hi and puts it in.
	_, nz := bits.Sub64(0, mid, 0)
	r, _ := bits.Add64(hi, hi, nz)
	return r
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// stripZeros returns d * 10^e with d's trailing zeros moved into e, d > 0
// below 10^18: eight at a time, then four, two and one, so a short
// decimal (a price, 12.5) costs five remainders instead of one per zero.
func stripZeros(d uint64, e int) (uint64, int) {
	for d%1e8 == 0 {
		d /= 1e8
		e += 8
	}
	if d%1e4 == 0 {
		d /= 1e4
		e += 4
	}
	if d%100 == 0 {
		d /= 100
		e += 2
	}
	if d%10 == 0 {
		d /= 10
		e++
	}
	return d, e
}

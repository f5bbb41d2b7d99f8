// Copyright 2025 The jgen Authors. All rights reserved.

package ftoa

import (
	"math"
	"math/bits"
)

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

// stripZeros returns d * 10^e with d's trailing zeros moved into e, for
// d > 0 below 10^16 (so at most 15 of them): steps of eight, four, two
// and one zeros, each taken or not by a flag rather than a branch, for
// how many zeros a short decimal has is as varied as the data.
//
// A step of k zeros tests divisibility and divides in one multiply
// (T. Granlund and P. Montgomery, "Division by invariant integers using
// multiplication", 1994, §9): x = d * 5^-k modulo 2^64 is d / 10^k * 2^k
// when 10^k divides d, so rotating x right by k gives the quotient;
// otherwise the rotation leaves a result above (2^64-1) / 10^k, either
// because 2^k does not divide d (the low bits, which an odd factor keeps
// nonzero, rotate to the top) or 5^k does not (TestStripZeros).
func stripZeros(d uint64, e int) (uint64, int) {
	d, e = stripStep(d, e, inv5pow8, math.MaxUint64/100000000, 8)
	d, e = stripStep(d, e, inv5pow4, math.MaxUint64/10000, 4)
	d, e = stripStep(d, e, inv5pow2, math.MaxUint64/100, 2)
	return stripStep(d, e, inv5pow1, math.MaxUint64/10, 1)
}

// stripStep moves k trailing zeros of d into e if d has them: inv is
// 5^-k modulo 2^64 and lim is (2^64-1) / 10^k (see stripZeros).
func stripStep(d uint64, e int, inv, lim uint64, k int) (uint64, int) {
	x := bits.RotateLeft64(d*inv, -k)
	ok := b2u(x <= lim)
	m := -ok
	return d ^ (d^x)&m, e + k&int(m)
}

// inv5powK is 5^-K modulo 2^64: 5^K * inv5powK is 1 modulo 2^64.
const (
	inv5pow1 = 0xcccccccccccccccd
	inv5pow2 = 0x8f5c28f5c28f5c29
	inv5pow4 = 0xd288ce703afb7e91
	inv5pow8 = 0xc767074b22e90e21
)

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

// shortest returns the decimal d * 10^e with the fewest significant
// digits that rounds to c * 2^q under round-half-even (boundaries
// included when c is even), and of those the closest to c * 2^q, the
// even one on a tie (the larger one when tieUp and not regular); d has
// no trailing zero. c > 0; regular is false when c is the smallest
// significand of a binade above the subnormals, so that the gap below is
// half the gap above. The search is Schubfach's
// (R. Giulietti, "The Schubfach way to render doubles", 2020): at most
// one multiple of ten in units of 10^k can lie in the rounding interval,
// which is why one step of digit removal suffices.
func shortest(c uint64, q int, regular, tieUp bool) (d uint64, e int) {
	out := c & 1
	cb := c << 2
	cbr := cb + 2
	var cbl uint64
	var k int
	if regular {
		cbl = cb - 2
		k = flog10pow2(q)
	} else {
		cbl = cb - 1
		k = flog10threeQuartersPow2(q)
	}
	// h is in [1, 5] (TestShiftRange); the mask tells the compiler it is below 64, so
	// the shifts need no out-of-range fix-up.
	h := uint(q+flog2pow10(-k)+2) & 63
	// The two words loaded as scalars: a [2]uint64 value would be
	// copied through the stack for each rop.
	g := &pow10[-k-pow10Min]
	g0, g1 := g[0], g[1]
	vb := rop(g0, g1, cb<<h)
	vbl := rop(g0, g1, cbl<<h)
	vbr := rop(g0, g1, cbr<<h)

	s := vb >> 2
	sp := s / 10 // s rounded down to a multiple of ten, in tens
	upin := vbl+out <= sp*40
	wpin := (sp+1)*40+out <= vbr
	if upin != wpin {
		d, e = sp+b2u(wpin), k+1
		if d%10 == 0 {
			d, e = stripZeros(d/10, e+1)
		}
		return d, e
	}
	t := s + 1
	uin := vbl+out <= s<<2
	win := t<<2+out <= vbr
	if uin != win {
		if win {
			s = t
		}
		return s, k
	}
	cmp := int64(vb - (s+t)<<1)
	if cmp > 0 || cmp == 0 && (s&1 != 0 || tieUp && !regular) {
		s = t
	}
	return s, k
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

// Shortest64 returns the shortest decimal d * 10^e that parses back to
// v, the one strconv.FormatFloat(v, 'e', -1, 64) writes: d has no
// trailing zero. v must be finite and not zero; the sign is ignored.
func Shortest64(v float64) (d uint64, e int) {
	c, q, regular := parts64(v)
	return shortest(c, q, regular, false)
}

// parts64 returns v as c * 2^q and shortest's regular flag, for v finite
// and not zero; it inlines, so that AppendJSON64 calls shortest itself.
func parts64(v float64) (c uint64, q int, regular bool) {
	b := math.Float64bits(v)
	t := b & (1<<52 - 1)
	be := int(b>>52) & 0x7ff
	if be == 0 { // subnormal
		return t, -1074, true
	}
	return t | 1<<52, be - 1075, t != 0 || be == 1
}

// Shortest32 is Shortest64 for a float32: the shortest decimal that
// parses back to v as a float32, the one strconv.FormatFloat(v, 'e', -1,
// 32) writes with the toolchain the program is built with (see
// float32TieUp).
func Shortest32(v float32) (d uint64, e int) {
	b := math.Float32bits(v)
	t := uint64(b & (1<<23 - 1))
	be := int(b>>23) & 0xff
	if be == 0 {
		return shortest(t, -149, true, false)
	}
	return shortest(t|1<<23, be-150, t != 0 || be == 1, float32TieUp)
}

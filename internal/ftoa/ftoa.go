// Copyright 2025 The jgen Authors. All rights reserved.

// Package ftoa formats floating-point numbers as encoding/json does: the
// shortest decimal that parses back to the same float64 or float32,
// found by Schubfach's search (appendFloat; its parts in schubfach.go),
// in plain notation from 1e-6 up to below 1e21 and in exponent notation
// outside it, written eight digits at a time. It is pure Go (math/bits),
// so every architecture runs the same code.
package ftoa

import (
	"encoding/binary"
	"math"
	"math/bits"
	"slices"
)

//go:generate go run mkpow10.go

// MaxLen is the most bytes AppendJSON64 or AppendJSON32 appends:
// -0.0000012345678901234567 (25) or -1.2345678901234567e-308 (24).
const MaxLen = 25

// AppendJSON64 appends finite v as encoding/json writes a float64: the
// shortest decimal that parses back to v, in plain notation when
// 1e-6 <= |v| < 1e21 (0.000001, 100000000000000000000, 1.5) and otherwise
// as d[.ddd]e±x with no leading zero in the exponent (1e-7, 1.5e+21); -0
// as "-0". It appends at most MaxLen bytes, and may write to b's spare
// capacity past them (up to 48 bytes from len(b)): it composes the
// number there with whole-word stores. NaN and ±Inf, which have no JSON
// form (RFC 8259 §6), are the caller's to reject first; given them it
// appends unspecified bytes.
//
// It inlines, so that its callers call appendFloat directly.
func AppendJSON64(b []byte, v float64) []byte {
	return appendFloat(b, math.Float64bits(v), false)
}

// AppendJSON32 is AppendJSON64 for a float32: the shortest decimal that
// parses back to v as a float32, so float32(0.1) is written 0.1, the
// one strconv.FormatFloat(v, 'e', -1, 32) writes with the toolchain the
// program is built with (see float32TieUp); the notation is chosen by
// comparing v with float32(1e-6) and float32(1e21), as encoding/json
// does.
func AppendJSON32(b []byte, v float32) []byte {
	return appendFloat(b, uint64(math.Float32bits(v)), true)
}

// digitCount returns the number of decimal digits of d >= 1.
func digitCount(d uint64) int {
	// 1233/4096 is just above log10(2), so t is floor(log10(d)) or
	// one more.
	t := bits.Len64(d|1) * 1233 >> 12 // d|1: no zero case to handle
	return t + int(b2u(d >= pow10u64[t&31]))
}

// pow10u64[i] is 10^i for i <= 19; the rest, never reached, pad the
// table to 32 entries so that an index masked to five bits needs no
// bounds check.
var pow10u64 = [32]uint64{
	1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
}

// scratch is the part of b's capacity a number is composed in: the
// longest form (MaxLen) plus room for the whole-word stores of digits and
// zeros, which may run up to 16 bytes past the form's end.
type scratch [48]byte

// Eight ASCII digits in a word, in memory order.
const (
	zeros8 = 0x3030303030303030  // "00000000"
	zeroPt = 0x303030303030_2e30 // "0.000000"
)

// digits8 returns r < 10^8 as eight ASCII digits, the first in the low
// byte (so a little-endian store writes them in order): r is split into
// two halves of four digits, each half into two of two, each of those
// into two digits, every split done in all lanes by one multiply, with
// reciprocals exact for the ranges they serve (x/100 as x*10486>>20 for
// x < 10^4, x/10 as x*103>>10 for x < 100; digits_test.go checks both).
// Each split puts the quotient y in the low half of a lane and the
// remainder x - y*m in the high half, computed as x<<w - y*(m<<w - 1):
// the halves do not overlap, so adding is or-ing, and it saves the
// separate multiply, subtract and or.
func digits8(r uint32) uint64 {
	hi := uint64(r / 10000)
	x := uint64(r)<<32 - hi*(10000<<32-1)
	y := (x * 10486 >> 20) & 0x0000007f_0000007f
	x = x<<16 - y*(100<<16-1)
	y = (x * 103 >> 10) & 0x000f_000f_000f_000f
	x = x<<8 - y*(10<<8-1)
	return x | zeros8
}

// appendFloat appends the float64 of the given bits, or the float32 of
// their low 32 bits if f32, as AppendJSON64 and AppendJSON32 describe.
// The magnitude is c * 2^q. When q <= 0 and the low -q bits of c are
// zero, it is an integer below 2^53 (2^24 for a float32) and its own
// shortest decimal: the floats around it are at most 1 apart, so no
// shorter decimal rounds to it. Otherwise the search runs. regular is
// false when c is the smallest significand of a binade above the
// subnormals, so that the gap below is half the gap above; for a float32
// that is not regular, float32TieUp says whether a tie between two
// closest shortest decimals takes the larger one.
//
// The search finds the decimal d * 10^e with the fewest significant
// digits that rounds to c * 2^q under round-half-even (boundaries
// included when c is even), and of those the closest to c * 2^q, the
// even one on a tie; d has no trailing zero. It is Schubfach's
// (R. Giulietti, "The Schubfach way to render doubles", 2020): at most
// one multiple of ten in units of 10^k can lie in the rounding interval,
// which is why one step of digit removal suffices.
//
// The shortest decimal of a float lies in [1e-6, 1e21) exactly when the
// float does (1e21 is a float64, and the float nearest 1e-6 or 1e21 has
// that power of ten as its shortest decimal), so the notation follows
// from the decimal point's position. The digits are written once, at the
// place the notation gives them, and the notation's bytes go around
// them. Positions are masked to five bits (they are at most 28), which
// proves the whole-word accesses inside s and drops their bounds checks.
//
// The decoding, the search and the writing are one body with no call
// but the rare growth of b: a call's argument moves, spills, reloads and
// frame cost as much as the digits.
func appendFloat(b []byte, fbits uint64, f32 bool) []byte {
	if cap(b)-len(b) < len(scratch{}) {
		b = slices.Grow(b, len(scratch{}))
	}
	n0 := len(b)
	s := (*scratch)(b[n0 : n0+len(scratch{})])
	// c * 2^q is the magnitude; a subnormal (be = 0) has no implicit
	// bit and the exponent of the smallest normal.
	var t, c uint64
	var be, q int
	var sign uint64 // 1 if negative
	if f32 {
		sign = fbits >> 31 & 1
		t = fbits & (1<<23 - 1)
		be = int(fbits>>23) & 0xff
		c, q = t|b2u(be != 0)<<23, max(be, 1)-150
	} else {
		sign = fbits >> 63
		t = fbits & (1<<52 - 1)
		be = int(fbits>>52) & 0x7ff
		c, q = t|b2u(be != 0)<<52, max(be, 1)-1075
	}
	regular := t|b2u(be <= 1) != 0 // t != 0 || be <= 1, without a branch
	var d uint64
	var e int
	if c == 0 || uint(-q) <= uint(bits.TrailingZeros64(c|1<<63)) {
		d = c >> (uint(-q) & 63) // an integer (or zero)
	} else {
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
		// h is in [1, 5] (TestShiftRange); the mask tells the
		// compiler it is below 64, so the shifts need no out-of-range
		// fix-up.
		h := uint(q+flog2pow10(-k)+2) & 63
		// The two words loaded as scalars: a [2]uint64 value would be
		// copied through the stack for each rop.
		g := &pow10[-k-pow10Min]
		g0, g1 := g[0], g[1]
		vb := rop(g0, g1, cb<<h)
		vbl := rop(g0, g1, cbl<<h)
		vbr := rop(g0, g1, cbr<<h)

		// The choices below are made with flags and conditional moves,
		// not branches: on real data (canada.json's coordinates) which
		// candidate wins is as good as random, and a mispredicted branch
		// costs more than the arithmetic of both.
		u := vb >> 2
		sp := u / 10 // u rounded down to a multiple of ten, in tens
		upin := b2u(vbl+out <= sp*40)
		wpin := b2u((sp+1)*40+out <= vbr)
		// The longer candidate: u or w = u+1, whichever is in the
		// interval, the closer if both are, the even one on a tie.
		if regular {
			// The closer of the two is always in: the interval reaches
			// 2^(q-1) / 10^k > 1/2 unit to each side of the value (k
			// is floor(log10(2^q)), and 2^q = 10^k only for q = 0, an
			// integer), and the closer is at most 1/2 unit from it. So
			// the candidate is vb/4 rounded half to even: vb is four
			// times the value, rounded to odd, so its low two bits are
			// 2 only for an exact half.
			d = (vb + 1 + vb>>2&1) >> 2
		} else {
			// The gap below is half the gap above: the closer may be
			// out of the interval.
			uin := b2u(vbl+out <= u<<2)
			win := b2u((u+1)<<2+out <= vbr)
			up := u & 1
			if f32 && float32TieUp {
				up = 1 // see float32TieUp
			}
			cmp := int64(vb-(2*u+1)<<1) + int64(up)
			d = u + win&(uin^1|b2u(cmp > 0))
		}
		// When exactly one of the shorter candidates, sp or sp+1 in
		// units of 10^(k+1), is in the interval, it is the one: chosen
		// by a mask, all ones then.
		short := -(upin ^ wpin)
		d ^= (d ^ (sp + wpin)) & short
		e = k + int(short&1)
		// Only a shorter candidate can end in zero: the interval holds
		// at most one multiple of ten units, so when u or w is one, it
		// is sp or sp+1 and the other of those is out.
		if d%10 == 0 {
			d, e = stripZeros(d/10, e+1)
		}
	}

	s[0] = '-' // overwritten by the first digit when not negative
	p := int(sign)
	if d == 0 {
		s[p] = '0'
		return b[:n0+p+1]
	}
	n := digitCount(d)
	point := n + e            // the value is 0.digits * 10^point
	exp := uint(point+5) > 26 // point > 21 || point < -5
	at := p                   // where the first digit goes
	switch {
	case exp: // d.ddde±x: s[p] gets the first digit later
		at = p + 1
	case point <= 0: // 0.000ddd: the digits overwrite the surplus zeros
		binary.LittleEndian.PutUint64(s[p:], zeroPt)
		at = p + 2 - point
	}
	at &= 31
	if n <= 8 {
		binary.LittleEndian.PutUint64(s[at:], digits8(uint32(d))>>(8*(8-n)&63))
	} else {
		// Nine to seventeen digits (an integer is below 2^53, 16
		// digits; a shortest decimal has at most 17), in three stores
		// whatever their count, so that the count is not branched on:
		// the top t of the high part h's nine digits at s[at], h's other
		// eight at s[at+1] when h has nine or else shifted right past
		// their leading zeros at s[at] (over t), then the low eight
		// digits ending at the last digit.
		hi := d / 1e8
		lo := uint32(d - hi*1e8)
		top := uint32(hi) / 1e8
		nh := n - 8 // digits in hi, 1 to 9
		s[at] = byte('0' + top)
		nine := int(b2u(nh == 9))
		binary.LittleEndian.PutUint64(s[(at+nine)&31:], digits8(uint32(hi)-top*1e8)>>(8*(8-nh+nine)&63))
		binary.LittleEndian.PutUint64(s[(at+n-8)&31:], digits8(lo))
	}
	var m int
	switch {
	case exp:
		// d[.ddd]e±x: one digit before the point, the point only when
		// more follow, and the exponent x (|x| < 1000) with no leading
		// zero (encoding/json drops the one strconv writes); written
		// here, not in a function of its own, for the frame's sake.
		s[p] = s[p+1]
		s[p+1] = '.' // overwritten by the 'e' when n is 1
		m = p + 1 + n
		if n == 1 {
			m = p + 1
		}
		sign, x := uint64('+'), point-1
		if x < 0 {
			sign, x = '-', -x
		}
		u := uint64(x)
		nd := 1 + b2u(u >= 10) + b2u(u >= 100) // digits in x
		w := (u/100 | u/10%10<<8 | u%10<<16 | 0x303030) >> (8 * (3 - nd) & 63)
		binary.LittleEndian.PutUint64(s[m&31:], 'e'|sign<<8|w<<16)
		m += 2 + int(nd)
	case point <= 0:
		m = at + n
	case point < n: // ddd.ddd: the fraction (at most 16 digits) moves right
		f := (p + point) & 31
		w0 := binary.LittleEndian.Uint64(s[f:])
		w1 := binary.LittleEndian.Uint64(s[f+8:])
		binary.LittleEndian.PutUint64(s[f+1:], w0)
		binary.LittleEndian.PutUint64(s[f+9:], w1)
		s[f] = '.'
		m = p + 1 + n
	default: // ddd000, at most 21 digits in all
		m = p + point
		for i := p + n; i < m; i += 8 {
			binary.LittleEndian.PutUint64(s[i&31:], zeros8)
		}
	}
	return b[:n0+m]
}

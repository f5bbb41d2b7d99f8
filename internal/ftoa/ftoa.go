// Copyright 2025 The jgen Authors. All rights reserved.

// Package ftoa formats floating-point numbers as encoding/json does: the
// shortest decimal that parses back to the same float64 or float32, found
// by Schubfach's search (shortest, in schubfach.go), in plain notation
// from 1e-6 up to below 1e21 and in exponent notation outside it, written
// two digits at a time. It is pure Go (math/bits), so every architecture
// runs the same code.
package ftoa

import (
	"math"
	"math/bits"
)

//go:generate go run mkpow10.go

// MaxLen is the most bytes AppendJSON64 or AppendJSON32 appends:
// -0.0000012345678901234567 (25) or -1.2345678901234567e-308 (24).
const MaxLen = 25

// AppendJSON64 appends finite v as encoding/json writes a float64: the
// shortest decimal that parses back to v, in plain notation when
// 1e-6 <= |v| < 1e21 (0.000001, 100000000000000000000, 1.5) and otherwise
// as d[.ddd]e±x with no leading zero in the exponent (1e-7, 1.5e+21); -0
// as "-0". It appends at most MaxLen bytes. NaN and ±Inf, which have no
// JSON form (RFC 8259 §6), are the caller's to reject first; given them
// it appends unspecified bytes.
func AppendJSON64(b []byte, v float64) []byte {
	neg := math.Signbit(v)
	a := math.Abs(v)
	if a < 1<<53 {
		if i := uint64(a); float64(i) == a {
			return appendInt(b, i, neg)
		}
	}
	d, e := Shortest64(a)
	return appendDecimal(b, d, e, neg)
}

// AppendJSON32 is AppendJSON64 for a float32: the shortest decimal that
// parses back to v as a float32, so float32(0.1) is written 0.1; the
// notation is chosen by comparing v with float32(1e-6) and float32(1e21),
// as encoding/json does.
func AppendJSON32(b []byte, v float32) []byte {
	neg := math.Signbit(float64(v))
	a := float32(math.Abs(float64(v)))
	if a < 1<<24 {
		if i := uint64(a); float32(i) == a {
			return appendInt(b, i, neg)
		}
	}
	d, e := Shortest32(a)
	return appendDecimal(b, d, e, neg)
}

// digitPairs holds "00" to "99": digitPairs[2*i:2*i+2] is i in two digits.
const digitPairs = "00010203040506070809" +
	"10111213141516171819" +
	"20212223242526272829" +
	"30313233343536373839" +
	"40414243444546474849" +
	"50515253545556575859" +
	"60616263646566676869" +
	"70717273747576777879" +
	"80818283848586878889" +
	"90919293949596979899"

// pow10u64[i] is 10^i.
var pow10u64 = [...]uint64{
	1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
}

// digitCount returns the number of decimal digits of d >= 1.
func digitCount(d uint64) int {
	// 1233/4096 is just above log10(2), so t is floor(log10(d)) or
	// one more.
	t := bits.Len64(d) * 1233 >> 12
	if d < pow10u64[t] {
		return t
	}
	return t + 1
}

// grow returns b with room for n more bytes past len(b).
func grow(b []byte, n int) []byte {
	if cap(b)-len(b) < n {
		nb := make([]byte, len(b), 2*cap(b)+n)
		copy(nb, b)
		b = nb
	}
	return b
}

// putDigits writes the decimal digits of d into buf so that the last one
// is buf[end-1]; the caller knows their count and has made the room.
func putDigits(buf []byte, end int, d uint64) {
	for d >= 1e8 {
		q := d / 1e8
		r := uint32(d - q*1e8)
		d = q
		hi, lo := r/10000, r%10000
		put4(buf[end-8:end-4], hi)
		put4(buf[end-4:end], lo)
		end -= 8
	}
	r := uint32(d)
	for r >= 100 {
		q := r / 100
		i := (r - q*100) * 2
		buf[end-1] = digitPairs[i+1]
		buf[end-2] = digitPairs[i]
		end -= 2
		r = q
	}
	if r >= 10 {
		buf[end-1] = digitPairs[2*r+1]
		buf[end-2] = digitPairs[2*r]
	} else {
		buf[end-1] = byte('0' + r)
	}
}

// put4 writes r < 10000 as exactly four digits into buf[:4].
func put4(buf []byte, r uint32) {
	_ = buf[3]
	hi, lo := r/100*2, r%100*2
	buf[0] = digitPairs[hi]
	buf[1] = digitPairs[hi+1]
	buf[2] = digitPairs[lo]
	buf[3] = digitPairs[lo+1]
}

// appendInt appends the integer i < 2^53 (exactly a float's value, so its
// shortest form is itself) with a leading '-' when neg.
func appendInt(b []byte, i uint64, neg bool) []byte {
	b = grow(b, MaxLen)
	n0 := len(b)
	buf := b[n0 : n0+MaxLen]
	p := 0
	if neg {
		buf[0] = '-'
		p = 1
	}
	if i == 0 {
		buf[p] = '0'
		return b[:n0+p+1]
	}
	n := digitCount(i)
	putDigits(buf, p+n, i)
	return b[:n0+p+n]
}

// appendDecimal appends d * 10^e (d >= 1, no trailing zero) in
// encoding/json's notation. The shortest decimal of a float lies in
// [1e-6, 1e21) exactly when the float does (1e21 is a float64, and the
// float nearest 1e-6 or 1e21 has that power of ten as its shortest
// decimal), so the notation follows from the decimal point's position.
func appendDecimal(b []byte, d uint64, e int, neg bool) []byte {
	b = grow(b, MaxLen)
	n0 := len(b)
	buf := b[n0 : n0+MaxLen]
	p := 0
	if neg {
		buf[0] = '-'
		p = 1
	}
	n := digitCount(d)
	point := n + e // the value is 0.digits * 10^point
	var m int
	switch {
	case point > 21 || point < -5:
		m = putExponent(buf, p, d, n, point-1)
	case point <= 0: // 0.000ddd
		z := p + 2 - point
		copy(buf[p:z], "0.00000")
		putDigits(buf, z+n, d)
		m = z + n
	case point < n: // ddd.ddd
		putDigits(buf, p+1+n, d)
		copy(buf[p:p+point], buf[p+1:p+1+point])
		buf[p+point] = '.'
		m = p + 1 + n
	default: // ddd000
		putDigits(buf, p+n, d)
		m = p + point
		copy(buf[p+n:m], "000000000000000000000")
	}
	return b[:n0+m]
}

// putExponent writes d (n digits) as d[.ddd]e±x from buf[p] and returns
// the end: one digit before the point, the point only when more follow,
// and the exponent x with no leading zero (encoding/json drops the one
// strconv writes).
func putExponent(buf []byte, p int, d uint64, n, x int) int {
	putDigits(buf, p+1+n, d)
	buf[p] = buf[p+1]
	m := p + 1
	if n > 1 {
		buf[p+1] = '.'
		m = p + 1 + n
	}
	buf[m] = 'e'
	buf[m+1] = '+'
	if x < 0 {
		buf[m+1] = '-'
		x = -x
	}
	m += 2
	switch {
	case x >= 100:
		buf[m] = byte('0' + x/100)
		x %= 100
		buf[m+1] = digitPairs[2*x]
		buf[m+2] = digitPairs[2*x+1]
		return m + 3
	case x >= 10:
		buf[m] = digitPairs[2*x]
		buf[m+1] = digitPairs[2*x+1]
		return m + 2
	}
	buf[m] = byte('0' + x)
	return m + 1
}

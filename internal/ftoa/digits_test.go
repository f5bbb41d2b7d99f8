// Copyright 2025 The jgen Authors. All rights reserved.

package ftoa

import (
	"encoding/binary"
	"fmt"
	"testing"
)

// TestReciprocals checks the lane divisions of digits8 over every value
// they divide: x*10486>>20 is x/100 for x < 10^4, x*103>>10 is x/10 for
// x < 100.
func TestReciprocals(t *testing.T) {
	for x := range uint64(10000) {
		if got := x * 10486 >> 20; got != x/100 {
			t.Fatalf("%d*10486>>20 = %d, want %d", x, got, x/100)
		}
	}
	for x := range uint64(100) {
		if got := x * 103 >> 10; got != x/10 {
			t.Fatalf("%d*103>>10 = %d, want %d", x, got, x/10)
		}
	}
}

// TestDigits8 checks digits8 against fmt at every power of ten and a
// stride through [0, 10^8).
func TestDigits8(t *testing.T) {
	check := func(r uint32) {
		var b [8]byte
		binary.LittleEndian.PutUint64(b[:], digits8(r))
		if want := fmt.Sprintf("%08d", r); string(b[:]) != want {
			t.Fatalf("digits8(%d) = %q, want %q", r, b[:], want)
		}
	}
	for r := uint32(0); r < 1e8; r += 9973 {
		check(r)
	}
	for _, r := range []uint32{1, 9, 10, 99, 100, 9999, 10000, 99999999, 12345678, 90909090} {
		check(r)
	}
}

// appendInt appends d as putFloat writes an integer.
func appendInt(b []byte, d uint64, neg bool) []byte {
	b = reserve(b)
	n0 := len(b)
	return b[:n0+putFloat((*scratch)(b[n0:n0+len(scratch{})]), d, 0, true, false, neg)]
}

// TestDigitCounts checks the digit writing of putFloat for every
// digit count of a uint64 (as integers, e = 0, which are written in
// plain notation up to 21 digits), after a sign and without.
func TestDigitCounts(t *testing.T) {
	for n := 1; n <= 20; n++ {
		top := uint64(1<<64 - 1) // the largest n-digit number
		if n < 20 {
			top = pow10u64[n] - 1
		}
		for _, d := range []uint64{pow10u64[n-1], pow10u64[n-1] + 1, pow10u64[n-1] + (top-pow10u64[n-1])/2, top} {
			if digitCount(d) != n {
				t.Fatalf("digitCount(%d) = %d, want %d", d, digitCount(d), n)
			}
			for _, neg := range []bool{false, true} {
				want := fmt.Sprint(d)
				if neg {
					want = "-" + want
				}
				if got := appendInt([]byte("x"), d, neg); string(got) != "x"+want {
					t.Errorf("appendInt(%d, %v) = %q, want %q", d, neg, got, "x"+want)
				}
			}
		}
	}
}

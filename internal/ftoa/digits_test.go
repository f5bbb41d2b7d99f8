// Copyright 2025 The jgen Authors. All rights reserved.

package ftoa

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
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

// TestDigitCounts checks the digit writing for every digit count a
// float's decimal can have: integers of 1 to 16 digits (written as they
// are), and 17-digit decimals, after a sign and without.
func TestDigitCounts(t *testing.T) {
	check := func(v float64, want string) {
		t.Helper()
		if got := AppendJSON64([]byte("x"), v); string(got) != "x"+want {
			t.Errorf("AppendJSON64(%v) = %q, want %q", v, got, "x"+want)
		}
		if got := AppendJSON64([]byte("x"), -v); string(got) != "x-"+want {
			t.Errorf("AppendJSON64(%v) = %q, want %q", -v, got, "x-"+want)
		}
	}
	for n := 1; n <= 16; n++ {
		top := min(pow10u64[n]-1, 1<<53) // the largest n-digit number a float64 holds exactly
		for _, d := range []uint64{pow10u64[n-1], pow10u64[n-1] + 1, pow10u64[n-1] + (top-pow10u64[n-1])/2, top} {
			if digitCount(d) != n {
				t.Fatalf("digitCount(%d) = %d, want %d", d, digitCount(d), n)
			}
			check(float64(d), fmt.Sprint(d))
		}
	}
	// Decimals of 17 digits at every position of the point and in
	// exponent notation.
	for _, s := range []string{"0.30000000000000004", "1.2345678901234567", "12345678.901234567", "1234567890123456.8", "0.000012345678901234568", "1.2345678901234567e+300", "1.2345678901234568e-300"} {
		v, err := strconv.ParseFloat(s, 64)
		if err != nil {
			t.Fatal(err)
		}
		check(v, s)
	}
}

// TestStripZeros checks stripZeros against division by ten, one zero at
// a time, on every count of trailing zeros below 16 with random leading
// digits (including leading digits that are multiples of 2 or 5 but not
// of 10, the cases a divisibility test by multiplication could miss),
// and checks each 5^-k constant.
func TestStripZeros(t *testing.T) {
	for k, inv := range map[int]uint64{1: inv5pow1, 2: inv5pow2, 4: inv5pow4, 8: inv5pow8} {
		if p := uint64(math.Pow10(k)) >> k; p*inv != 1 {
			t.Errorf("5^%d * %#x = %#x modulo 2^64, want 1", k, inv, p*inv)
		}
	}
	r := rand.New(rand.NewPCG(3, 4))
	naive := func(d uint64, e int) (uint64, int) {
		for d%10 == 0 {
			d /= 10
			e++
		}
		return d, e
	}
	check := func(d uint64) {
		t.Helper()
		gd, ge := stripZeros(d, 3)
		wd, we := naive(d, 3)
		if gd != wd || ge != we {
			t.Fatalf("stripZeros(%d, 3) = %d, %d; want %d, %d", d, gd, ge, wd, we)
		}
	}
	for z := range 16 {
		p := uint64(math.Pow10(z))
		for range 20000 {
			lead := r.Uint64N(1e16/p) + 1
			if d := lead * p; d < 1e16 {
				check(d)
			}
			for _, f := range []uint64{2, 5, 4, 25, 8, 125} {
				if d := lead * f * p; d < 1e16 && d > 0 {
					check(d)
				}
			}
		}
	}
	for d := uint64(1); d < 1e6; d++ {
		check(d)
	}
}

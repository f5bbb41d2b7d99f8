package jgen

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

// TestAppendInt compares appendInt and appendUint with strconv on every
// power of ten and its neighbours, the extremes, and random values of every
// length.
func TestAppendInt(t *testing.T) {
	check := func(v int64, u uint64) {
		if got, want := string(appendInt([]byte("x"), v)), "x"+strconv.FormatInt(v, 10); got != want {
			t.Fatalf("appendInt(%d) = %q, want %q", v, got, want)
		}
		if got, want := string(appendUint([]byte("x"), u)), "x"+strconv.FormatUint(u, 10); got != want {
			t.Fatalf("appendUint(%d) = %q, want %q", u, got, want)
		}
	}
	for _, v := range []int64{0, 1, -1, 9, 10, 99, 100, math.MaxInt64, math.MinInt64, math.MinInt64 + 1} {
		check(v, uint64(v))
	}
	check(0, math.MaxUint64)
	for p := uint64(1); p <= 1e19; p *= 10 {
		for _, u := range []uint64{p - 1, p, p + 1} {
			check(int64(u), u)
			check(-int64(u), u)
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 100000 {
		u := r.Uint64() >> r.IntN(64)
		check(int64(u), u)
		check(-int64(u), u)
	}
}

// TestDecimalLen8 checks decimalLen8 on both sides of every power of two
// and of ten below 1e8, where the digit count or the table row changes.
func TestDecimalLen8(t *testing.T) {
	var xs []uint32
	for p := uint32(1); p < 1e8; p *= 2 {
		xs = append(xs, p-1, p, p+1)
	}
	for p := uint32(1); p <= 1e8; p *= 10 {
		xs = append(xs, p-1, p, p+1)
	}
	for _, x := range xs {
		if x >= 1e8 {
			continue
		}
		if got, want := decimalLen8(x), len(strconv.FormatUint(uint64(x), 10)); got != want {
			t.Errorf("decimalLen8(%d) = %d, want %d", x, got, want)
		}
	}
}

// BenchmarkAppendInt appends 4096 integers of one length in decimal, as
// the integer members of a struct are written: digits=9 is
// citm_catalog's identifiers, the commonest integers of the corpora.
func BenchmarkAppendInt(b *testing.B) {
	for _, digits := range []int{3, 6, 9, 10, 13, 19} {
		r := rand.New(rand.NewPCG(1, uint64(digits)))
		lo := int64(math.Pow10(digits - 1))
		vs := make([]int64, 4096)
		for i := range vs {
			vs[i] = lo + r.Int64N(9*lo)
		}
		b.Run(strconv.Itoa(digits), func(b *testing.B) {
			buf := make([]byte, 0, len(vs)*21)
			for b.Loop() {
				buf = buf[:0]
				for _, v := range vs {
					buf = appendInt(append(buf, ','), v)
				}
			}
			b.SetBytes(int64(len(buf)))
		})
	}
}

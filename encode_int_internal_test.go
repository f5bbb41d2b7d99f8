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

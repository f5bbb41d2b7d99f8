// Copyright 2025 The jgen Authors. All rights reserved.

package ftoa

import (
	"bytes"
	"flag"
	"math"
	"math/big"
	"math/rand/v2"
	"os"
	"runtime"
	"strconv"
	"sync"
	"testing"
)

var fullFlag = flag.Bool("full", false, "run the long sweeps: 100 million random float64 and every float32 (also JGEN_FULL=1)")

// full reports whether the long sweeps were asked for.
func full() bool {
	if *fullFlag {
		return true
	}
	v, err := strconv.ParseBool(os.Getenv("JGEN_FULL"))
	return err == nil && v
}

// reference appends v as encoding/json writes a float (encoding/json's
// floatEncoder, Go 1.26): strconv's shortest form, 'f' inside
// [1e-6, 1e21) compared at the float's own width, 'e' outside it with the
// exponent's leading zero dropped.
func reference(b []byte, v float64, bits int) []byte {
	abs := math.Abs(v)
	fmt := byte('f')
	if abs != 0 {
		if bits == 64 && (abs < 1e-6 || abs >= 1e21) ||
			bits == 32 && (float32(abs) < 1e-6 || float32(abs) >= 1e21) {
			fmt = 'e'
		}
	}
	b = strconv.AppendFloat(b, v, fmt, -1, bits)
	if fmt == 'e' {
		n := len(b)
		if n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}

// checker compares AppendJSON64 and AppendJSON32 with reference, reusing
// its buffers; it stops the test after 20 differences.
type checker struct {
	t         testing.TB
	got, want []byte
	fails     int
}

func (c *checker) f64(v float64) {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return
	}
	c.got = AppendJSON64(c.got[:1], v)
	c.want = reference(c.want[:1], v, 64)
	if !bytes.Equal(c.got, c.want) {
		c.fail("float64", math.Float64bits(v), v)
	}
}

func (c *checker) f32(v float32) {
	if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
		return
	}
	c.got = AppendJSON32(c.got[:1], v)
	c.want = reference(c.want[:1], float64(v), 32)
	if !bytes.Equal(c.got, c.want) {
		c.fail("float32", uint64(math.Float32bits(v)), float64(v))
	}
}

func (c *checker) fail(kind string, bits uint64, v float64) {
	c.t.Helper()
	c.t.Errorf("%s %#x (%v): got %q, want %q", kind, bits, v, c.got[1:], c.want[1:])
	if c.fails++; c.fails >= 20 {
		c.t.FailNow()
	}
}

func newChecker(t testing.TB) *checker {
	// The prefix byte proves that the functions append.
	return &checker{t: t, got: []byte{'['}, want: []byte{'['}}
}

// both checks v and its neighbours on either side, at both signs.
func (c *checker) around64(v float64, steps int) {
	lo, hi := v, v
	for range steps + 1 {
		for _, x := range []float64{lo, hi, -lo, -hi} {
			c.f64(x)
		}
		lo = math.Nextafter(lo, math.Inf(-1))
		hi = math.Nextafter(hi, math.Inf(1))
	}
}

func (c *checker) around32(v float32, steps int) {
	lo, hi := v, v
	for range steps + 1 {
		for _, x := range []float32{lo, hi, -lo, -hi} {
			c.f32(x)
		}
		lo = math.Nextafter32(lo, float32(math.Inf(-1)))
		hi = math.Nextafter32(hi, float32(math.Inf(1)))
	}
}

func TestEdges64(t *testing.T) {
	c := newChecker(t)
	c.f64(0)
	c.f64(math.Copysign(0, -1))
	for e := -1074; e <= 1023; e++ {
		c.around64(math.Ldexp(1, e), 2)
	}
	for e := -324; e <= 308; e++ {
		v, _ := strconv.ParseFloat("1e"+strconv.Itoa(e), 64)
		c.around64(v, 2)
		// A run of one digit and the midpoints between decimals.
		for _, m := range []string{"5e", "9e", "25e", "95e", "4.9e", "1.5e", "9.999999999999999e", "1.7976931348623157e"} {
			v, _ := strconv.ParseFloat(m+strconv.Itoa(e), 64)
			c.around64(v, 1)
		}
	}
	// encoding/json's notation boundaries.
	for _, v := range []float64{1e-6, 1e-5, 1e-7, 1e20, 1e21, 1e22, 0.1, 0.2, 0.3, 1e23} {
		c.around64(v, 50)
	}
	// Subnormals: the smallest, and around the largest and the normal
	// boundary, where the gap below the power of two changes.
	for i := uint64(1); i < 5000; i++ {
		c.f64(math.Float64frombits(i))
		c.f64(math.Float64frombits(1<<52 - i))
		c.f64(math.Float64frombits(1<<52 + i))
	}
	c.around64(math.MaxFloat64, 1000)
	c.around64(math.SmallestNonzeroFloat64, 1000)
	// Integers up to and beyond 2^53, where the integer path ends.
	for i := range 100000 {
		c.f64(float64(i))
		c.f64(-float64(i))
	}
	for _, p := range []float64{1 << 24, 1 << 53, 1 << 54, 1 << 63, 1 << 64, 1e15, 1e16, 1e17} {
		c.around64(p, 2000)
	}
}

func TestEdges32(t *testing.T) {
	c := newChecker(t)
	c.f32(0)
	c.f32(float32(math.Copysign(0, -1)))
	for e := -149; e <= 127; e++ {
		c.around32(float32(math.Ldexp(1, e)), 2)
	}
	for e := -45; e <= 38; e++ {
		for _, m := range []string{"1e", "5e", "9e", "25e", "1.5e", "9.999999e", "3.4028235e"} {
			v, _ := strconv.ParseFloat(m+strconv.Itoa(e), 32)
			c.around32(float32(v), 2)
		}
	}
	for _, v := range []float32{1e-6, 1e-5, 1e-7, 1e20, 1e21, 1e22, 0.1, 0.2, 0.3, 16777216, 1 << 25} {
		c.around32(v, 2000)
	}
	for i := uint32(1); i < 5000; i++ {
		c.f32(math.Float32frombits(i))
		c.f32(math.Float32frombits(1<<23 - i))
		c.f32(math.Float32frombits(1<<23 + i))
	}
	c.around32(math.MaxFloat32, 1000)
	c.around32(math.SmallestNonzeroFloat32, 1000)
	for i := range 100000 {
		c.f32(float32(i))
	}
}

// randomCount is the number of random values per width: 8 million, 1
// million under -short (the cross-architecture run is emulated), many
// more under -full.
func randomCount() int {
	switch {
	case full():
		return 100_000_000
	case testing.Short():
		return 1_000_000
	}
	return 8_000_000
}

// TestRandomBits checks random bit patterns of both widths: nearly all
// have 16 or 17 digits (float64) or 8 or 9 (float32), so it covers the
// search's last step and the exponent range evenly.
func TestRandomBits(t *testing.T) {
	n := randomCount()
	parallel(t, n, func(c *checker, r *rand.Rand) {
		c.f64(math.Float64frombits(r.Uint64()))
		c.f32(math.Float32frombits(r.Uint32()))
	})
}

// TestRandomShort checks floats parsed from random decimals of 1 to 17
// digits (1 to 9 for float32) at random exponents: their shortest forms
// are mostly those decimals, so this covers the digit-removal step, the
// trailing zeros and every position of the decimal point.
func TestRandomShort(t *testing.T) {
	n := randomCount() / 4
	parallel(t, n, func(c *checker, r *rand.Rand) {
		digits := 1 + r.IntN(17)
		d := r.Uint64N(pow10u64[digits])
		e := r.IntN(650) - 340
		v, _ := strconv.ParseFloat(strconv.FormatUint(d, 10)+"e"+strconv.Itoa(e), 64)
		c.f64(v)
		digits = 1 + r.IntN(9)
		d = r.Uint64N(pow10u64[digits])
		e = r.IntN(90) - 50
		w, _ := strconv.ParseFloat(strconv.FormatUint(d, 10)+"e"+strconv.Itoa(e), 32)
		c.f32(float32(w))
		// Integers beyond 2^53, whose shortest forms end in zeros.
		c.f64(float64(r.Uint64() >> r.IntN(12)))
	})
}

// TestRandomNear checks the floats next to random decimals of 1 to 17
// digits (1 to 9 for float32), one to three units in the last place
// away, and coordinates as canada.json holds them (canadaLike): their
// shortest forms have 15 to 17 digits where a decimal of few digits lies
// just outside the rounding interval, which is where the search's
// choice between the two candidates and their distances to the bounds
// decide.
func TestRandomNear(t *testing.T) {
	n := randomCount() / 8
	parallel(t, n, func(c *checker, r *rand.Rand) {
		digits := 1 + r.IntN(17)
		d := r.Uint64N(pow10u64[digits])
		e := r.IntN(650) - 340
		v, _ := strconv.ParseFloat(strconv.FormatUint(d, 10)+"e"+strconv.Itoa(e), 64)
		step := uint64(1 + r.IntN(3))
		c.f64(math.Float64frombits(math.Float64bits(v) + step))
		c.f64(math.Float64frombits(math.Float64bits(v) - step))
		digits = 1 + r.IntN(9)
		d = r.Uint64N(pow10u64[digits])
		e = r.IntN(90) - 50
		w, _ := strconv.ParseFloat(strconv.FormatUint(d, 10)+"e"+strconv.Itoa(e), 32)
		c.f32(math.Float32frombits(math.Float32bits(float32(w)) + uint32(step)))
		c.f32(math.Float32frombits(math.Float32bits(float32(w)) - uint32(step)))
		x := canadaLike(r)
		c.f64(x)
		c.f32(float32(x))
	})
}

// parallel runs n checks split over the CPUs, each worker with its own
// seeded generator, so a failure is reproducible.
func parallel(t *testing.T, n int, check func(*checker, *rand.Rand)) {
	workers := runtime.GOMAXPROCS(0)
	var wg sync.WaitGroup
	cs := make([]*checker, workers)
	for w := range workers {
		cs[w] = newChecker(&lockedTB{TB: t})
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(w), 0x6a67656e))
			for i := w; i < n; i += workers {
				check(cs[w], r)
				if cs[w].fails > 0 {
					return
				}
			}
		}()
	}
	wg.Wait()
}

// lockedTB reports from several goroutines; FailNow may not be called
// off the test goroutine, so the workers stop at their first failure
// instead.
type lockedTB struct {
	testing.TB
	mu sync.Mutex
}

func (l *lockedTB) Errorf(format string, args ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.TB.Errorf(format, args...)
}

// TestExhaustive32 checks every float32 with the sign bit clear; it runs
// only under -full (or JGEN_FULL=1): 2^31 strconv calls. A negative float
// differs from its absolute value only by the '-' written first, which
// the other tests check.
func TestExhaustive32(t *testing.T) {
	if !full() {
		t.Skip("every float32: run with -full or JGEN_FULL=1")
	}
	const chunk = 1 << 24
	var next uint64
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		c := newChecker(&lockedTB{TB: t})
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c.fails == 0 {
				mu.Lock()
				start := next
				next += chunk
				mu.Unlock()
				if start >= 1<<31 {
					return
				}
				for b := start; b < start+chunk && c.fails == 0; b++ {
					c.f32(math.Float32frombits(uint32(b)))
				}
			}
		}()
	}
	wg.Wait()
}

// TestLogApproximations checks the integer logarithms of the search
// against exact arithmetic over the whole range they serve.
func TestLogApproximations(t *testing.T) {
	pow := func(base, e int64) *big.Rat { // base^e
		p := new(big.Int).Exp(big.NewInt(base), big.NewInt(max(e, -e)), nil)
		if e < 0 {
			return new(big.Rat).SetFrac(big.NewInt(1), p)
		}
		return new(big.Rat).SetInt(p)
	}
	// floorLog returns the k with base^k <= x < base^(k+1), starting near guess.
	floorLog := func(x *big.Rat, base int64, guess int) int {
		k := guess
		for pow(base, int64(k)).Cmp(x) > 0 {
			k--
		}
		for pow(base, int64(k+1)).Cmp(x) <= 0 {
			k++
		}
		return k
	}
	for q := -1200; q <= 1100; q++ {
		x := pow(2, int64(q))
		if got, want := flog10pow2(q), floorLog(x, 10, flog10pow2(q)); got != want {
			t.Errorf("flog10pow2(%d) = %d, want %d", q, got, want)
		}
		x.Mul(x, big.NewRat(3, 4))
		if got, want := flog10threeQuartersPow2(q), floorLog(x, 10, flog10threeQuartersPow2(q)); got != want {
			t.Errorf("flog10threeQuartersPow2(%d) = %d, want %d", q, got, want)
		}
	}
	for e := -400; e <= 400; e++ {
		if got, want := flog2pow10(e), floorLog(pow(10, int64(e)), 2, flog2pow10(e)); got != want {
			t.Errorf("flog2pow10(%d) = %d, want %d", e, got, want)
		}
	}
}

// TestShiftRange checks that appendFloat's shift h lies in [1, 5] for every
// binary exponent of both widths, regular or not: appendFloat masks it to
// six bits.
func TestShiftRange(t *testing.T) {
	for q := -1074; q <= 971; q++ {
		for _, k := range []int{flog10pow2(q), flog10threeQuartersPow2(q)} {
			if h := q + flog2pow10(-k) + 2; h < 1 || h > 5 {
				t.Fatalf("q = %d, k = %d: h = %d, want it in [1, 5]", q, k, h)
			}
		}
	}
}

// TestRop checks rop against exact arithmetic: floor(g*cp / 2^127), with
// bit 0 set when bits 64 to 126 of g*cp are not all zero, for every power
// of ten of the table and random significands shifted as the search
// shifts them, and for products whose bits 64 to 126 are all zero.
func TestRop(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	low := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 127), new(big.Int).Lsh(big.NewInt(1), 64))
	check := func(g [2]uint64, cp uint64) {
		gb := new(big.Int).Or(new(big.Int).Lsh(new(big.Int).SetUint64(g[0]), 64), new(big.Int).SetUint64(g[1]))
		p := gb.Mul(gb, new(big.Int).SetUint64(cp))
		want := new(big.Int).Rsh(p, 127).Uint64()
		if new(big.Int).And(p, low).Sign() != 0 {
			want |= 1
		}
		if got := rop(g[0], g[1], cp); got != want {
			t.Fatalf("rop(%#x, %#x, %#x) = %#x, want %#x", g[0], g[1], cp, got, want)
		}
	}
	for _, g := range pow10 {
		for range 20 {
			check(g, (r.Uint64N(1<<53)+1)<<2<<(1+r.IntN(5)))
		}
		check(g, 1<<60)
	}
	// Products with bits 64 to 126 all zero (2^125 times a power of two
	// from 4) and with only bit 126 set among them (2^126 + 2).
	check([2]uint64{1 << 61, 0}, 4)
	check([2]uint64{1 << 61, 0}, 8)
	check([2]uint64{1 << 61, 0}, 1<<60)
	check([2]uint64{1 << 61, 1}, 2)
}

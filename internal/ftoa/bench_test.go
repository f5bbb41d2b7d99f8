// Copyright 2025 The jgen Authors. All rights reserved.

package ftoa

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

// benchSets are the value mixes of the benchmarks: random bit patterns
// (16 to 17 digits), coordinates (about 15 digits around ±100), values
// like canada.json's (six-decimal coordinates after arithmetic, most
// with 16 or 17 digits, a tenth still at 8 or 9), short decimals
// (prices, 2 decimal places) and integers.
func benchSets() map[string][]float64 {
	r := rand.New(rand.NewPCG(1, 2))
	sets := map[string][]float64{}
	// More values than a branch predictor learns as a cycle: with 1,024
	// the predictor learned the digit counts and ftoa read 20.5 ns per
	// canada-like float, with 131,072 it reads 31.8 ns, as on canada.json
	// itself (docs/PERFORMANCE.md, "Issue 22 by time").
	const n = 1 << 17
	for range n {
		var v float64
		for v = math.Float64frombits(r.Uint64()); math.IsNaN(v) || math.IsInf(v, 0); v = math.Float64frombits(r.Uint64()) {
		}
		sets["bits"] = append(sets["bits"], v)
		c, _ := strconv.ParseFloat(strconv.FormatFloat(r.Float64()*360-180, 'f', 14, 64), 64)
		sets["coords"] = append(sets["coords"], c)
		sets["canada"] = append(sets["canada"], canadaLike(r))
		sets["prices"] = append(sets["prices"], float64(r.IntN(100000))/100)
		sets["ints"] = append(sets["ints"], float64(r.IntN(1000000)))
	}
	return sets
}

// BenchmarkAppendJSON64 times AppendJSON64 against the strconv form it
// replaces (reference), per float.
func BenchmarkAppendJSON64(b *testing.B) {
	for name, vs := range benchSets() {
		buf := make([]byte, 0, 64)
		b.Run("set="+name+"/impl=ftoa", func(b *testing.B) {
			for i := range b.N {
				buf = AppendJSON64(buf[:0], vs[i%len(vs)])
			}
		})
		b.Run("set="+name+"/impl=strconv", func(b *testing.B) {
			for i := range b.N {
				buf = reference(buf[:0], vs[i%len(vs)], 64)
			}
		})
	}
}

// BenchmarkAppendJSON32 is BenchmarkAppendJSON64 for float32.
func BenchmarkAppendJSON32(b *testing.B) {
	for name, vs := range benchSets() {
		fs := make([]float32, len(vs))
		for i, v := range vs {
			fs[i] = float32(v)
		}
		buf := make([]byte, 0, 64)
		b.Run("set="+name+"/impl=ftoa", func(b *testing.B) {
			for i := range b.N {
				buf = AppendJSON32(buf[:0], fs[i%len(fs)])
			}
		})
		b.Run("set="+name+"/impl=strconv", func(b *testing.B) {
			for i := range b.N {
				buf = reference(buf[:0], float64(fs[i%len(fs)]), 32)
			}
		})
	}
}

// canadaLike returns a coordinate as canada.json holds them: six decimal
// places around ±(40 to 80), moved by a few units in the last place
// nine times in ten, as a computation leaves them (-65.61361699999998).
func canadaLike(r *rand.Rand) float64 {
	v := float64(r.IntN(40_000_000)+40_000_000) / 1e6
	if r.IntN(2) == 0 {
		v = -v
	}
	if r.IntN(10) != 0 {
		v = math.Float64frombits(math.Float64bits(v) + uint64(r.IntN(64)) - 32)
	}
	return v
}

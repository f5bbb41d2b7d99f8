// Copyright 2025 The jgen Authors. All rights reserved.

package ftoa

import (
	"math"
	"testing"
)

// FuzzAppendJSON compares AppendJSON64 with the strconv reference for the
// float64 of the input's bits and AppendJSON32 for the float32 of its low
// 32 bits.
func FuzzAppendJSON(f *testing.F) {
	for _, v := range []float64{0, 1, 0.1, 1e-6, 1e21, 5e-324, math.MaxFloat64, 1 << 53, 123456789.125} {
		f.Add(math.Float64bits(v))
		f.Add(uint64(math.Float32bits(float32(v))))
	}
	f.Fuzz(func(t *testing.T, bits uint64) {
		c := newChecker(t)
		c.f64(math.Float64frombits(bits))
		c.f32(math.Float32frombits(uint32(bits)))
	})
}

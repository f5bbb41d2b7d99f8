package jgen_test

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/jgen-go/jgen"
)

// TestBreakoutFloats: random float64 and float32 bit patterns and the
// edges of the exponent form (1e21, 1e-6 and their neighbours), as
// values, slice elements, map keys, ",string" fields and pointers, give
// encoding/json's bytes under Stdlib.
func TestBreakoutFloats(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	f64 := make([]float64, 0, 4000)
	f32 := make([]float32, 0, 4000)
	for range 3000 {
		f := math.Float64frombits(r.Uint64())
		if !math.IsNaN(f) && !math.IsInf(f, 0) {
			f64 = append(f64, f)
		}
		g := math.Float32frombits(r.Uint32())
		if !math.IsNaN(float64(g)) && !math.IsInf(float64(g), 0) {
			f32 = append(f32, g)
		}
	}
	for _, e := range []float64{1e21, 1e20, 1e-6, 1e-7, 9.999999999999999e20, 1e21 - 65536, 999999999999999900000, 0.000001, 0.0000009999999999999999, 5e-324, math.MaxFloat64, 123456789, 1.5, 100, math.Copysign(0, -1)} {
		f64 = append(f64, e, -e, math.Nextafter(e, 0), math.Nextafter(e, math.Inf(1)))
		g := float32(e)
		if !math.IsInf(float64(g), 0) {
			f32 = append(f32, g, -g, math.Nextafter32(g, 0), math.Nextafter32(g, float32(math.Inf(1))))
		}
	}
	f32 = append(f32, math.MaxFloat32, math.SmallestNonzeroFloat32, 1e21, 1e-7, 16777216, 3.4e38)
	type S struct {
		A float64  `json:"a,string"`
		B float32  `json:"b,string"`
		C *float32 `json:"c"`
	}
	for i := range max(len(f64), len(f32)) {
		var vals []any
		if i < len(f64) {
			vals = append(vals, f64[i], []float64{f64[i]}, map[float64]int{f64[i]: 1}, S{A: f64[i]})
		}
		if i < len(f32) {
			g := f32[i]
			vals = append(vals, g, []float32{g}, map[float32]int{g: 1}, S{B: g, C: &g})
		}
		for _, v := range vals {
			want, werr := json.Marshal(v)
			got, gerr := jgen.Marshal(v, &jgen.Options{Escaping: jgen.Stdlib})
			if !bytes.Equal(got, want) || (gerr == nil) != (werr == nil) {
				t.Errorf("%#v:\n got %s %v\nwant %s %v", v, got, gerr, want, werr)
			}
		}
	}
}

package jgen_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/jgen-go/jgen"
)

// floatLoopNumbers are floats of every length the formatter writes, the
// longest (25 and 24 bytes) included, for the float loops' tests.
var floatLoopNumbers = []float64{
	0, math.Copysign(0, -1), 1, -65.613617, 1e21, 1e-7, 123456789.125,
	-0.0000012345678901234567, -1.2345678901234567e-308, math.MaxFloat64,
	5e-324, 45.12345678901234,
}

// floatLoopValues are float slices and slices of pairs (the float loops
// of both rule sets: appendFloat64s and appendFloat64Pairs) of lengths
// around the ones that fill a buffer, each from floatLoopNumbers rotated.
func floatLoopValues() []any {
	var vs []any
	for _, n := range []int{0, 1, 2, 3, 5, 17} {
		xs := make([]float64, n)
		ps := make([][2]float64, n)
		ts := make([][3]float64, n)
		for i := range n {
			k := len(floatLoopNumbers)
			xs[i] = floatLoopNumbers[(i*5)%k]
			ps[i] = [2]float64{floatLoopNumbers[(i*7+9)%k], floatLoopNumbers[(i*3+8)%k]}
			ts[i] = [3]float64{floatLoopNumbers[i%k], floatLoopNumbers[(i+8)%k], floatLoopNumbers[(i+1)%k]}
		}
		vs = append(vs, xs, ps, ts, [][][2]float64{ps, nil, ps}, &directFloats{V: xs, A: ps})
	}
	return vs
}

// TestFloatLoopsBufferBoundaries: float slices and pairs appended after
// prefixes of every length up to 64 into buffers of every spare capacity
// up to 80 (the loops may store past the bytes they append, up to 48
// bytes beyond the end) give encoding/json's bytes after the prefix,
// which stays as it was; and so they do through a Generator writing to
// an io.Writer with a small buffer, after strings of every length up to
// 600 (so the values start on every side of the buffer's size).
func TestFloatLoopsBufferBoundaries(t *testing.T) {
	for _, v := range floatLoopValues() {
		want, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		checkFloatBoundaries(t, v, want, jgen.Options{Escaping: jgen.Stdlib})
	}
}

// checkFloatBoundaries holds that v encodes under opts to want after
// every prefix and spare capacity, and through a small-buffered
// Generator after strings of every length (TestFloatLoopsBufferBoundaries).
func checkFloatBoundaries(t *testing.T, v any, want []byte, opts jgen.Options) {
	t.Helper()
	for p := range 65 {
		prefix := strings.Repeat("p", p)
		for c := range 81 {
			dst := append(make([]byte, 0, p+c), prefix...)
			got, err := jgen.AppendMarshal(dst, v, &opts)
			if err != nil || string(got) != prefix+string(want) {
				t.Fatalf("AppendMarshal(%d bytes, spare %d, %v):\n got %q %v\nwant %q", p, c, v, got, err, prefix+string(want))
			}
		}
	}
	gopts := opts
	gopts.BufferSize = 512
	for p := 0; p <= 600; p += 7 {
		var w bytes.Buffer
		g, err := jgen.NewGenerator(&w, &gopts)
		if err != nil {
			t.Fatal(err)
		}
		s := strings.Repeat("s", p)
		for _, err := range []error{g.WriteStartArray(), g.WriteString(s), g.WriteValue(v), g.WriteValue(v), g.WriteEndArray(), g.Flush()} {
			if err != nil {
				t.Fatal(err)
			}
		}
		if exp := `["` + s + `",` + string(want) + "," + string(want) + "]\n"; w.String() != exp {
			t.Fatalf("Generator after %d bytes, %v:\n got %q\nwant %q", p, v, w.String(), exp)
		}
	}
}

// TestFloatLoopsNonFinite: a NaN or ±Inf at every place of a float slice
// or a slice of pairs, alone or with others later, is written or refused
// by the direct path's float loops as the state path does (encodeBoth),
// under every NonFinite policy (each under a struct, where WriteValue
// takes the direct path).
func TestFloatLoopsNonFinite(t *testing.T) {
	bad := []float64{math.NaN(), math.Inf(1), math.Inf(-1)}
	var values []tableCase
	for n := 1; n <= 4; n++ {
		for at := range 2 * n {
			for k, x := range bad {
				xs := make([]float64, n)
				ps := make([][2]float64, n)
				for i := range n {
					xs[i] = floatLoopNumbers[i]
					ps[i] = [2]float64{floatLoopNumbers[2*i], floatLoopNumbers[2*i+1]}
				}
				ps[at/2][at%2] = x
				if at < n {
					xs[at] = x
				}
				name := fmt.Sprintf("n %d, at %d, %v", n, at, x)
				values = append(values, tableCase{name, &directFloats{A: ps}}, tableCase{name + " (floats)", &directFloats{V: xs}})
				// A second one later, which a policy that writes the
				// first reaches.
				ps2 := append([][2]float64(nil), ps...)
				ps2[n-1][1] = bad[(k+1)%len(bad)]
				xs2 := append(append([]float64(nil), xs...), 1.5, bad[(k+1)%len(bad)], 2.5)
				values = append(values, tableCase{name + ", another last", &directFloats{A: ps2}}, tableCase{name + ", another later (floats)", &directFloats{V: xs2}})
			}
		}
	}
	policies := []*jgen.Options{
		{},
		{NonFinite: jgen.NonFiniteNull},
		{NonFinite: jgen.NonFiniteString, Escaping: jgen.Stdlib},
	}
	for _, c := range values {
		for i, p := range policies {
			encodeBoth(t, fmt.Sprintf("%s, policy %d", c.name, i), c.v, p)
		}
	}
}

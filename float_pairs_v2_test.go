//go:build goexperiment.jsonv2 && go1.27

package jgen_test

import (
	jsonv2 "encoding/json/v2"
	"fmt"
	"math"
	"testing"

	"github.com/jgen-go/jgen"
)

// TestFloatLoopsBufferBoundariesV2 is TestFloatLoopsBufferBoundaries
// under the v2 rules, against encoding/json/v2's bytes.
func TestFloatLoopsBufferBoundariesV2(t *testing.T) {
	for _, v := range floatLoopValues() {
		want, err := jsonv2.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		checkFloatBoundaries(t, v, want, jgen.Options{V2: &jgen.JSONv2{}})
	}
}

// TestFloatLoopsNonFiniteV2: a NaN or ±Inf at every place of a float
// slice, a slice of pairs or of triples, at the root or in a field, is
// refused under the v2 rules with encoding/json/v2's error (its JSON
// pointer and Go type: checkV2StdError).
func TestFloatLoopsNonFiniteV2(t *testing.T) {
	type field struct {
		P [][2]float64
	}
	for n := 1; n <= 4; n++ {
		for at := range 3 * n {
			for _, x := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
				xs := make([]float64, n)
				ps := make([][2]float64, n)
				ts := make([][3]float64, n)
				for i := range n {
					xs[i] = floatLoopNumbers[i]
					ps[i] = [2]float64{floatLoopNumbers[2*i], floatLoopNumbers[2*i+1]}
					ts[i] = [3]float64{floatLoopNumbers[i], floatLoopNumbers[i+1], floatLoopNumbers[i+2]}
				}
				ts[at/3][at%3] = x
				vs := []any{ts}
				if at < 2*n {
					ps[at/2][at%2] = x
					vs = append(vs, ps, []field{{}, {P: ps}})
				}
				if at < n {
					xs[at] = x
					vs = append(vs, xs)
				}
				for _, v := range vs {
					name := fmt.Sprintf("%T, n %d, at %d, %v", v, n, at, x)
					_, werr := jsonv2.Marshal(v)
					_, gerr := jgen.Marshal(v, &jgen.Options{V2: &jgen.JSONv2{}})
					if werr == nil || gerr == nil {
						t.Errorf("%s: jgen's error %v, encoding/json/v2's %v; want both", name, gerr, werr)
						continue
					}
					checkV2StdError(t, name, gerr, werr)
				}
			}
		}
	}
}

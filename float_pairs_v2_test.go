//go:build goexperiment.jsonv2 && go1.27

package jgen_test

import (
	"bytes"
	jsonv2 "encoding/json/v2"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/jgen-go/jgen"
)

// TestFloatLoopsBufferBoundariesV2 is TestFloatLoopsBufferBoundaries
// under the v2 rules, against encoding/json/v2's bytes.
func TestFloatLoopsBufferBoundariesV2(t *testing.T) {
	opts := &jgen.Options{V2: &jgen.JSONv2{}}
	for _, v := range floatLoopValues() {
		want, err := jsonv2.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		for p := range 65 {
			prefix := strings.Repeat("p", p)
			for c := range 81 {
				dst := append(make([]byte, 0, p+c), prefix...)
				got, err := jgen.AppendMarshal(dst, v, opts)
				if err != nil || string(got) != prefix+string(want) {
					t.Fatalf("AppendMarshal(%d bytes, spare %d, %v):\n got %q %v\nwant %q", p, c, v, got, err, prefix+string(want))
				}
			}
		}
		for p := 0; p <= 600; p += 7 {
			var w bytes.Buffer
			g, err := jgen.NewGenerator(&w, &jgen.Options{V2: &jgen.JSONv2{}, BufferSize: 512})
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

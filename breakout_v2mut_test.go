package jgen_test

import (
	"testing"

	"github.com/jgen-go/jgen"
)

type brkV2S struct {
	A int     `json:"a"`
	B float64 `json:"b"`
	C []int   `json:"c"`
	D map[string]int
	E string
}

// TestBreakoutV2Mutated: a JSONv2 changed between Marshal calls through
// the same Options (same V2 pointer, so the pooled generator keeps its
// set-up) applies its new flags on the next call.
func TestBreakoutV2Mutated(t *testing.T) {
	v2 := &jgen.JSONv2{}
	o := &jgen.Options{V2: v2}
	vals := []any{brkV2S{}, &brkV2S{A: 1}, []brkV2S{{}}, []int{1}, map[string]int{"a": 1}}
	for round := 0; round < 16; round++ {
		v2.StringifyNumbers = round&1 != 0
		v2.OmitZeroStructFields = round&2 != 0
		v2.FormatNilSliceAsNull = round&4 != 0
		v2.FormatNilMapAsNull = round&8 != 0
		fresh := *v2
		for i, v := range vals {
			got, gerr := jgen.Marshal(v, o)
			want, werr := jgen.Marshal(v, &jgen.Options{V2: &fresh})
			if string(got) != string(want) || (gerr == nil) != (werr == nil) {
				t.Errorf("round %d value %d: got %s %v, fresh %s %v", round, i, got, gerr, want, werr)
			}
		}
	}
}

package jgen_test

// BREAKER: failing test for a bug found by the breaker review; it fails
// until fixed. Run: go test -run TestBreakerBug .

import (
	"errors"
	"testing"

	"github.com/jgen-go/jgen"
)

// Under Options.V2 the Compact layout writes the v2 encoding verbatim
// (writeValueV2: in place in append mode, writeV2Compact otherwise) with
// no check of Options.MaxDepth, which the Indented layout and the v1 rules
// enforce; with the default MaxDepth this is why 10000 levels of
// MarshalJSON output inside an array pass where encoding/json/v2 refuses
// them.
func TestBreakerBugV2CompactMaxDepth(t *testing.T) {
	v := []any{[]any{[]int{1}}}
	for _, o := range []jgen.Options{
		{MaxDepth: 2, V2: &jgen.JSONv2{}},
		{MaxDepth: 2, V2: &jgen.JSONv2{}, Layout: jgen.Indented},
	} {
		b, err := jgen.Marshal(v, &o)
		if !errors.Is(err, jgen.ErrMaxDepth) {
			t.Errorf("layout %v: Marshal = %q, %v; want an error matching ErrMaxDepth", o.Layout, b, err)
		}
	}
}

//go:build goexperiment.jsonv2 && go1.27

package jgen_test

import (
	"bytes"
	jsonv2 "encoding/json/v2"
	"errors"
	"fmt"
	"testing"

	"github.com/jgen-go/jgen"
	jv2 "github.com/jgen-go/jgen/json/v2"
)

// TestBreakoutAddressableV2 is TestBreakoutAddressable under the v2
// rules and the drop-in json/v2, against encoding/json/v2.
func TestBreakoutAddressableV2(t *testing.T) {
	v := brkPMS{B: [2]brkPM{{1}, {2}}, C: []brkPM{{3}}, D: map[string]brkPM{"k": {4}}, E: brkPM{5}, F: &brkPM{6},
		H: map[brkPT]int{{7}: 1}, J: []brkPB{1, 2}, K: [2]brkPB{3, 4}, L: []brkVB{5}, M: [2]brkTB{6, 7},
		O: []struct{ Y brkPT }{{}}, P: map[string][1]brkPM{"p": {}}, Q: map[string][]brkPM{"q": {{}}}}
	for i, x := range []any{v, &v, []brkPMS{v}, [1]brkPMS{v}, map[string]brkPMS{"m": v}, []any{v, &v}, brkPM{}, [2]brkPM{}, []brkPM{{}},
		[]brkPB{1}, [2]brkPB{}, []brkVB{1}, [3]brkTB{}, map[string]any{"a": brkPM{}, "b": &brkPM{}}, struct{ A any }{brkPM{}},
		&struct{ A [2]brkPM }{}, struct{ A [2]brkPM }{}, []byte{1}, [2]byte{1, 2}} {
		want, werr := jsonv2.Marshal(x, jsonv2.Deterministic(true))
		got, gerr := jgen.Marshal(x, &jgen.Options{V2: &jgen.JSONv2{}})
		if !errors.Is(gerr, jgen.ErrV2Unimplemented) && (!bytes.Equal(got, want) || (gerr == nil) != (werr == nil)) {
			t.Errorf("%d %T:\n got %s %v\nwant %s %v", i, x, got, gerr, want, werr)
		}
		dg, derr := jv2.Marshal(x, jsonv2.Deterministic(true))
		if !bytes.Equal(dg, want) || fmt.Sprint(derr) != fmt.Sprint(werr) {
			t.Errorf("drop-in %d %T:\n got %s %v\nwant %s %v", i, x, dg, derr, want, werr)
		}
	}
}

//lint:file-ignore SA5008 the string option on non-numeric fields is deliberate: the test compares its handling with encoding/json
package jgen_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/jgen-go/jgen"
	jdrop "github.com/jgen-go/jgen/json"
)

type brkNum struct {
	A json.Number  `json:"a"`
	B json.Number  `json:"b,string"`
	C json.Number  `json:"c,omitempty"`
	D *json.Number `json:"d,string"`
	E json.Number  `json:"e,omitzero"`
	F any          `json:"f"`
	G map[json.Number]json.Number
	H []json.Number
	R json.RawMessage  `json:"r,omitempty"`
	S json.RawMessage  `json:"s,string"`
	T *json.RawMessage `json:"t"`
}

// TestBreakoutNumbers: json.Number (empty, invalid, with the string,
// omitempty and omitzero options, as a map key) and json.RawMessage
// (with whitespace, string option, pointer) give encoding/json's bytes
// and errors through jgen.Marshal and the drop-in.
func TestBreakoutNumbers(t *testing.T) {
	for _, n := range []json.Number{"", "0", "12", "-1.5e+10", "1x", "01", "-", "1.", ".5", "1e", " 1", "1E5", "-0", "123456789012345678901234567890"} {
		n2 := n
		rm := json.RawMessage(`  [1, "<>"] `)
		for _, v := range []any{n, &n2, brkNum{A: n, B: n, C: n, D: &n2, E: n, F: n, G: map[json.Number]json.Number{n: n}, H: []json.Number{n}, R: rm, S: rm, T: &rm}, []any{n}} {
			want, werr := json.Marshal(v)
			got, gerr := jgen.Marshal(v, &jgen.Options{Escaping: jgen.Stdlib})
			if !bytes.Equal(got, want) || (gerr == nil) != (werr == nil) {
				t.Errorf("%q %T:\n got %s %v\nwant %s %v", n, v, got, gerr, want, werr)
			}
			dg, derr := jdrop.Marshal(v)
			if !bytes.Equal(dg, want) || fmt.Sprint(derr) != fmt.Sprint(werr) {
				t.Errorf("drop-in %q %T:\n got %s %v\nwant %s %v", n, v, dg, derr, want, werr)
			}
		}
	}
}

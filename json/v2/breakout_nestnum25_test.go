//go:build goexperiment.jsonv2 && go1.27

package json

import (
	jsonv1 "encoding/json"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"fmt"
	"testing"
)

// nestNum's MarshalJSONTo marshals through its encoder a struct whose
// encoding/json Number has the string tag option.
type nestNum struct{}

func (nestNum) MarshalJSONTo(e *jsontext.Encoder) error {
	return jsonv2.MarshalEncode(e, struct {
		N jsonv1.Number `json:",string"`
		M jsonv1.Number
	}{"12", "13"})
}

type nestP struct{ X int }

// TestNestedNumberStringTag: a MarshalJSONTo method and a MarshalToFunc
// marshaling a Number with the string tag option through their encoder
// write it as a string, as in encoding/json/v2 (jgen's encoder for them
// does not hold StringifyNumbers set to false).
func TestNestedNumberStringTag(t *testing.T) {
	f := MarshalToFunc(func(e *jsontext.Encoder, p nestP) error {
		return jsonv2.MarshalEncode(e, struct {
			N jsonv1.Number `json:",string"`
		}{"34"})
	})
	for _, set := range [][]Options{nil, {WithMarshalers(f)}, {StringifyNumbers(true)}, {StringifyNumbers(false)}, {WithMarshalers(f), jsontext.Multiline(true)}} {
		for _, v := range []any{nestNum{}, []any{nestNum{}}, nestP{}, []nestP{{}}, map[string]any{"k": nestNum{}}} {
			mixSame(t, fmt.Sprint(set), v, set...)
		}
	}
}

//go:build goexperiment.jsonv2 && go1.27

package json

import (
	jsonv1 "encoding/json"
	"encoding/json/jsontext"
	"testing"
)

// TestNumberStringTagStringifyFalse: encoding/json's Number with the
// string tag option is written as a number where StringifyNumbers(false)
// is given (its MarshalJSONTo reads the option with GetOption, which
// reports the tag only where the option is not set), as a string
// without it; through Marshal, MarshalWrite and MarshalEncode, with and
// without marshal functions.
func TestNumberStringTagStringifyFalse(t *testing.T) {
	n := jsonv1.Number("3")
	v := struct {
		A jsonv1.Number  `json:",string"`
		B *jsonv1.Number `json:",string"`
		C jsonv1.Number
	}{"-1.5", &n, "2"}
	f := MarshalFunc(func(i int) ([]byte, error) { return []byte(`1`), nil })
	for _, opts := range [][]Options{
		{StringifyNumbers(false)}, {StringifyNumbers(false), WithMarshalers(f)}, {StringifyNumbers(true), StringifyNumbers(false)},
		{JoinOptions(StringifyNumbers(true), StringifyNumbers(false)), jsontext.Multiline(true)}, {DefaultOptionsV2()}, {WithMarshalers(f)},
		{StringifyNumbers(false), StringifyNumbers(true)},
	} {
		mixSame(t, "Number", v, opts...)
	}
}

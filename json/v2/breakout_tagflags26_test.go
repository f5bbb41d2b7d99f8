//go:build goexperiment.jsonv2 && go1.27

package json

import (
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"fmt"
	"math/bits"
	"testing"
)

// viaEncoder is a type whose MarshalJSONTo marshals v through the
// encoder it is given: with MarshalEncode, or with Marshal under the
// encoder's Options written with WriteValue (marshal), through this
// package where std is false, through encoding/json/v2 where it is true.
type viaEncoder struct {
	v            any
	std, marshal bool
}

func (m viaEncoder) MarshalJSONTo(enc *jsontext.Encoder) error {
	if !m.marshal {
		if m.std {
			return jsonv2.MarshalEncode(enc, m.v)
		}
		return MarshalEncode(enc, m.v)
	}
	var (
		b   []byte
		err error
	)
	if m.std {
		b, err = jsonv2.Marshal(m.v, enc.Options())
	} else {
		b, err = Marshal(m.v, enc.Options())
	}
	if err != nil {
		return err
	}
	return enc.WriteValue(b)
}

// TestTagFlagsInEncoder: encoding/json/v2 calls a field's MarshalJSONTo
// with its string and format tag options in the encoder's options (as
// flags of jsonopts.Struct that no option sets, read by the values under
// the root only), so a value the method marshals through the encoder,
// or under enc.Options(), is quoted, refused or formatted as the field
// is. The drop-in must give encoding/json/v2's bytes and errors there:
// not StringifyNumbers for the whole value, not the format ignored.
func TestTagFlagsInEncoder(t *testing.T) {
	if tf := tagFlags(); bits.OnesCount64(tf) != 2 {
		t.Errorf("tagFlags %#x: %d bits, want 2 (the string and format tag options)", tf, bits.OnesCount64(tf))
	}
	type stringField struct {
		A viaEncoder `json:",string"`
	}
	type nullField struct {
		A viaEncoder `json:",format:emitnull"`
	}
	type emptyField struct {
		A viaEncoder `json:",format:emitempty"`
	}
	type plainField struct{ A viaEncoder }
	fields := []func(viaEncoder) any{
		func(m viaEncoder) any { return stringField{m} },
		func(m viaEncoder) any { return nullField{m} },
		func(m viaEncoder) any { return emptyField{m} },
		func(m viaEncoder) any { return plainField{m} },
	}
	values := []any{
		5, "s", []int{1, 2}, []int(nil), map[string]int{"a": 1}, map[string]int(nil),
		struct{ X int }{3}, [][]int{{1}}, []byte(nil), nil,
	}
	optionSets := [][]Options{nil, {StringifyNumbers(true)}, {formatTagProbe{}}, {formatTagProbe{}, StringifyNumbers(true)}}
	for _, marshal := range []bool{false, true} {
		for fi, field := range fields {
			for vi, v := range values {
				for oi, opts := range optionSets {
					what := fmt.Sprintf("marshal %v, field %d, value %d (%T), options %d", marshal, fi, vi, v, oi)
					got, gerr := Marshal(field(viaEncoder{v, false, marshal}), opts...)
					want, werr := jsonv2.Marshal(field(viaEncoder{v, true, marshal}), opts...)
					sameResult(t, what, got, gerr, want, werr)
				}
			}
		}
	}
	// The string tag option quotes a number at the root, and refuses an
	// array: not StringifyNumbers, which quotes the array's numbers.
	// (encoding/json/v2 varies its errors' wording from run to run:
	// "cannot" or "unable to"; the error is compared with its own.)
	if b, err := Marshal(stringField{viaEncoder{5, false, false}}); err != nil || string(b) != `{"A":"5"}` {
		t.Errorf("string tag, a number: %s, %v; want %s", b, err, `{"A":"5"}`)
	}
	_, werr := jsonv2.Marshal(stringField{viaEncoder{[]int{1}, true, false}})
	if b, err := Marshal(stringField{viaEncoder{[]int{1}, false, false}}); werr == nil || fmt.Sprint(err) != werr.Error() {
		t.Errorf("string tag, an array: %s, %v; want the error %v", b, err, werr)
	}
}

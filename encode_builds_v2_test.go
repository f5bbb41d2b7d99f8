//go:build goexperiment.jsonv2 && go1.27

package jgen_test

import (
	"encoding/json/jsontext"
	"errors"
)

var errTest = errors.New("MarshalJSONTo failed")

type (
	jsonToValue struct{ N int }
	jsonToFails struct{}
	jsonToBad   struct{}
	jsonToBoth  struct{}

	embedStruct struct {
		A int
		I struct {
			B int
			C string `json:"c"`
		} `json:",embed"`
	}
	embedMap struct {
		A int
		M map[string]int `json:",embed"`
	}
	embedValue struct {
		A int
		V jsontext.Value `json:",embed"`
	}
	embedBadType struct {
		A int
		S []int `json:",embed"`
	}
	embedWithOption struct {
		A int
		I struct{ B int } `json:",embed,omitempty"`
	}
	embedMarshaler struct {
		A int
		V valueMarshaler `json:",embed"`
	}
	embedTwoMaps struct {
		M1 map[string]int `json:",embed"`
		M2 map[string]int `json:",embed"`
	}
	embedConflict struct {
		A int
		M map[string]int `json:",embed"`
	}
	inlineTag struct {
		A int
		I struct{ B int } `json:",inline"`
	}
)

func (v jsonToValue) MarshalJSONTo(enc *jsontext.Encoder) error {
	return enc.WriteToken(jsontext.Int(int64(v.N)))
}
func (jsonToFails) MarshalJSONTo(enc *jsontext.Encoder) error { return errTest }
func (jsonToBad) MarshalJSONTo(enc *jsontext.Encoder) error {
	if err := enc.WriteToken(jsontext.Int(1)); err != nil {
		return err
	}
	return enc.WriteToken(jsontext.Int(2))
}
func (jsonToBoth) MarshalJSONTo(enc *jsontext.Encoder) error {
	return enc.WriteValue(jsontext.Value(`"to <&>"`))
}
func (jsonToBoth) MarshalJSON() ([]byte, error) { return []byte(`"json"`), nil }

func init() {
	v2Cases = func() []tableCase {
		return []tableCase{
			{"MarshalJSONTo", jsonToValue{7}},
			{"MarshalJSONTo in struct", struct{ V jsonToValue }{jsonToValue{1}}},
			{"MarshalJSONTo fails", jsonToFails{}},
			{"MarshalJSONTo two values", jsonToBad{}},
			{"MarshalJSONTo before MarshalJSON", jsonToBoth{}},
			{"embed struct", embedStruct{A: 1}},
			{"embed map", embedMap{A: 1, M: map[string]int{"z": 1, "b": 2}}},
			{"embed nil map", embedMap{A: 1}},
			{"embed map conflict", embedConflict{A: 1, M: map[string]int{"A": 2}}},
			{"embed value", embedValue{A: 1, V: jsontext.Value(`{"x":1,"y":[2]}`)}},
			{"embed empty value", embedValue{A: 1}},
			{"embed bad value", embedValue{A: 1, V: jsontext.Value(`[1]`)}},
			{"embed slice", embedBadType{A: 1, S: []int{1}}},
			{"embed with option", embedWithOption{A: 1}},
			{"embed marshaler", embedMarshaler{A: 1}},
			{"embed two maps", embedTwoMaps{M1: map[string]int{"a": 1}}},
			{"inline tag", inlineTag{A: 1}},
		}
	}
}

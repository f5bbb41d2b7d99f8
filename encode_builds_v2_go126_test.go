//go:build goexperiment.jsonv2 && !go1.27

package jgen_test

// This file and encode_builds_v2_test.go hold the same cases: Go 1.27 declares
// encoding/json/jsontext's API as of go1.27, which a file of this go1.26
// module may name only under a go1.27 constraint, and Go 1.26's
// experiment (GOEXPERIMENT=jsonv2) needs the file without one.

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
	jsonToPtr   struct{ N int }

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
func (p *jsonToPtr) MarshalJSONTo(enc *jsontext.Encoder) error {
	return enc.WriteToken(jsontext.String("ptr\u2028"))
}

func init() {
	v2Cases = func() []tableCase {
		return []tableCase{
			{"MarshalJSONTo", jsonToValue{7}},
			{"MarshalJSONTo in struct", struct{ V jsonToValue }{jsonToValue{1}}},
			{"MarshalJSONTo fails", jsonToFails{}},
			{"MarshalJSONTo two values", jsonToBad{}},
			{"MarshalJSONTo before MarshalJSON", jsonToBoth{}},
			{"MarshalJSONTo pointer receiver addressable", &struct{ V jsonToPtr }{}},
			{"MarshalJSONTo pointer receiver by value", struct{ V jsonToPtr }{}},
			{"MarshalJSONTo pointer receiver in map", map[string]jsonToPtr{"a": {}}},
			{"MarshalJSONTo pointer receiver in slice", []jsonToPtr{{}}},
			{"MarshalJSONTo nil pointer", struct{ P *jsonToValue }{}},
			{"MarshalJSONTo in interface", []any{jsonToValue{2}, &jsonToPtr{}}},
			{"MarshalJSONTo string tag", struct {
				V jsonToValue `json:",string"`
			}{jsonToValue{3}}},
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

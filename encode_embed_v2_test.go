//go:build goexperiment.jsonv2 && go1.27

package jgen_test

// This file and encode_embed_v2_go126_test.go hold the same cases, for
// the reason encode_builds_v2_test.go gives: jsontext.Value as the
// embedded fallback.

import (
	"encoding/json/jsontext"
	"reflect"
)

type embValueIn struct {
	C int
	V jsontext.Value `json:",embed"`
}

func init() {
	embedValueType = reflect.TypeFor[jsontext.Value]()
	embedValueCases = func() []tableCase {
		val := func(s string) any {
			return &struct {
				A int
				V jsontext.Value `json:",embed"`
			}{1, jsontext.Value(s)}
		}
		cases := []tableCase{
			{"value nil pointer", struct {
				V *jsontext.Value `json:",embed"`
			}{}},
			{"value pointer", struct {
				V *jsontext.Value `json:",embed"`
			}{&jsontext.Value{'{', '}'}}},
			{"value by value", struct {
				A int
				V jsontext.Value `json:",embed"`
			}{1, jsontext.Value(`{"x":1}`)}},
			{"value nested embed", struct {
				In embValueIn `json:",embed"`
				D  int
			}{embValueIn{2, jsontext.Value(`{"C":3}`)}, 4}},
			{"value and map at one depth", struct {
				V jsontext.Value `json:",embed"`
				M map[string]int `json:",embed"`
			}{jsontext.Value(`{"v":1}`), map[string]int{"m": 1}}},
			{"value deeper than map", struct {
				In embValueIn     `json:",embed"`
				M  map[string]int `json:",embed"`
			}{embValueIn{V: jsontext.Value(`{"v":1}`)}, map[string]int{"m": 1}}},
			{"value with options", struct {
				V jsontext.Value `json:",embed,omitempty"`
			}{jsontext.Value(`{"o":[]}`)}},
			{"value named", struct {
				V jsontext.Value `json:"v,embed"`
			}{jsontext.Value(` {"n" : 1} `)}},
			{"value in slice", []embValueIn{{1, jsontext.Value(`{"a":[1,{"b":null}]}`)}, {2, nil}}},
		}
		for _, s := range []string{
			``, `{}`, ` { } `, `{"x":1,"y":[2, 3],"z":{"w":"<&>"}}`, `{"A":2,"A":3}`,
			`{"\u00e9\/":"\u00e9\/é","<>":"\u2028"}`, "{\"bad\xff\":\"v\xfe\"}", `{"lone":"\ud800"}`,
			"\t{\"ws\" :\n true }\n",
			// Refused.
			` `, `[1]`, `null`, `"s"`, `{"a":}`, `{"a":1,}`, `{"a"}`, `{1:2}`, `{`, `{} x`, `{}{}`, `{} '`, `{"a":1} ]`,
		} {
			cases = append(cases, tableCase{"value " + s, val(s)})
		}
		return cases
	}
}

//go:build goexperiment.jsonv2 && go1.27

package jgen_test

// This file and encode_v2rules_embed_go126_test.go hold the same test,
// for the reason marshaler_to_go127.go gives; this one also has the
// embed tag option, which Go 1.26's experiment does not know.

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"

	"github.com/jgen-go/jgen"
)

// Types with the embed tag option, which Go 1.26's experiment does not
// know (it ignores the option).
type (
	v2eEmbedOpt struct {
		M v2eMeta `json:",embed"`
		P *v2eL3  `json:",embed"`
		Z int
	}
	v2eEmbedPtrOnly struct {
		P *v2eOmit `json:",embed"`
	}
	v2eEmbedNamed struct {
		M v2eMeta `json:"m,embed"`
	}
	v2eEmbedOpts struct {
		M v2eMeta `json:",embed,omitzero"`
	}
	v2eEmbedInt struct {
		N int `json:",embed"`
	}
	v2eEmbedMarsh struct {
		M v2eMarsh `json:",embed"`
	}
	v2eEmbedMap struct {
		A int
		M map[string]int `json:",embed"`
	}
	v2eEmbedMapPtr struct {
		M *map[string]any `json:",embed"`
		B string
	}
	v2eEmbedMapDeep struct {
		*v2eEmbedMap
		C int
	}
	// Fallbacks at one depth in two structs: neither is the fallback.
	v2eEmbedMap2 struct {
		N map[string]int `json:",embed"`
	}
	v2eEmbedMapTie struct {
		v2eEmbedMap
		v2eEmbedMap2
	}
	// Two fallbacks in one struct: refused.
	v2eEmbedMapTwo struct {
		M map[string]int `json:",embed"`
		N map[string]int `json:",embed"`
	}
	// A fallback with a key type with methods: refused.
	v2eEmbedMapKey struct {
		M map[v2eKeyText]int `json:",embed"`
	}
	v2eKeyText string
	// A fallback after no member, after an omitted one, and beside a
	// case:ignore name its keys may fold to.
	v2eEmbedMapOnly struct {
		M map[string]any `json:",embed"`
		O string         `json:",omitempty"`
	}
	v2eEmbedMapCase struct {
		Name string             `json:"user_name,case:ignore"`
		M    map[string]float64 `json:",embed"`
	}
	v2eEmbedMapNested struct {
		A v2eMeta
		M map[string]v2eMeta `json:",embed"`
		*v2eEmbedMapOnly
	}
	// An embed and Go embedding of one type: both at depth 1, conflict.
	v2eEmbedBoth struct {
		v2eMeta
		M v2eMeta `json:",embed"`
		X int
	}
	v2eEmbedDeep struct {
		E v2eEmbedOpt `json:",embed"`
		Z string
	}
)

// v2EmbedTagValues are values with the embed tag option (Go 1.27).
func v2EmbedTagValues() []any {
	return []any{
		v2eEmbedOpt{}, v2eEmbedOpt{v2eMeta{1, "x"}, &v2eL3{"d", 2}, 3}, &v2eEmbedOpt{P: &v2eL3{}},
		v2eEmbedPtrOnly{}, v2eEmbedPtrOnly{&v2eOmit{S: "s"}},
		v2eEmbedNamed{}, v2eEmbedOpts{}, v2eEmbedInt{}, v2eEmbedMarsh{}, v2eEmbedMap{}, v2eEmbedMap{1, map[string]int{"b": 2}}, v2eEmbedMap{2, map[string]int{}},
		v2eEmbedMap{3, map[string]int{"A": 2}}, v2eEmbedMapPtr{}, v2eEmbedMapPtr{M: new(map[string]any)},
		v2eEmbedMapPtr{M: &map[string]any{"x": nil}}, v2eEmbedMapDeep{}, v2eEmbedMapDeep{&v2eEmbedMap{A: 1}, 2},
		v2eEmbedMapDeep{&v2eEmbedMap{1, map[string]int{"a": 1}}, 2}, v2eEmbedMapTie{}, v2eEmbedMapTie{v2eEmbedMap{1, map[string]int{"a": 1}}, v2eEmbedMap2{map[string]int{"b": 2}}},
		v2eEmbedMapTwo{}, v2eEmbedMapKey{},
		v2eEmbedMap{1, map[string]int{"b": 2, "c": 3, "<&>\u2028": 4, "é": 5, "": 6}},
		v2eEmbedMapOnly{M: map[string]any{"a": 1, "z": []any{nil, "x"}}}, v2eEmbedMapOnly{M: map[string]any{"a": 1}, O: "o"},
		v2eEmbedMapOnly{M: map[string]any{"O": 1}}, v2eEmbedMapOnly{M: map[string]any{"bad\xff": 1}},
		v2eEmbedMapOnly{M: map[string]any{"s": "bad\xfe"}}, &v2eEmbedMapOnly{M: map[string]any{"o": 2}},
		v2eEmbedMapCase{"n", map[string]float64{"UserName": 1}}, v2eEmbedMapCase{"n", map[string]float64{"user-name": 1}},
		v2eEmbedMapCase{"n", map[string]float64{"other": 1.5, "x": math.Copysign(0, -1)}}, v2eEmbedMapCase{M: map[string]float64{"nan": math.NaN()}},
		v2eEmbedMapNested{M: map[string]v2eMeta{"m": {1, "x"}}}, v2eEmbedMapNested{v2eMeta{}, map[string]v2eMeta{"A": {}}, nil},
		v2eEmbedMapNested{M: map[string]v2eMeta{"m": {}}, v2eEmbedMapOnly: &v2eEmbedMapOnly{M: map[string]any{"n": 1}}},
		v2eEmbedBoth{}, v2eEmbedDeep{}, v2eEmbedDeep{v2eEmbedOpt{v2eMeta{1, ""}, &v2eL3{}, 2}, "z"},
	}
}

func (k v2eKeyText) MarshalText() ([]byte, error) { return []byte(k), nil }

// Embedded fallbacks of jsontext.Value.
type (
	v2eEmbedValue struct {
		A int
		V jsontext.Value `json:",embed"`
	}
	v2eEmbedValuePtr struct {
		V *jsontext.Value `json:",embed"`
	}
)

// TestWriteValueV2Embedded compares the values with Go embedded fields
// and the embed option under every option set: the same bytes, or an
// error in both with encoding/json/v2's kind of error, JSON pointer and
// Go type; and requires jgen to encode (not decline) at least wantSame
// of them under the default options.
func TestWriteValueV2Embedded(t *testing.T) {
	values := append(v2EmbeddedValues(), v2EmbedTagValues()...)
	values = append(values, v2eEmbedValue{}, v2eEmbedValue{A: 1, V: jsontext.Value{}},
		v2eEmbedValue{A: 1, V: jsontext.Value(`{"b":2}`)}, v2eEmbedValue{V: jsontext.Value(`[]`)},
		&v2eEmbedValuePtr{}, v2eEmbedValuePtr{V: &jsontext.Value{}}, v2eEmbedValuePtr{V: &jsontext.Value{'{', '}'}})
	for _, c := range v2OptionCases() {
		var n v2Tally
		for i, v := range values {
			name := fmt.Sprintf("value %d (%T)", i, v)
			compareV2(t, name, c, v, &n)
			_, werr := jsonv2.Marshal(v, append(c.std, jsonv2.Deterministic(true))...)
			_, gerr := jgen.Marshal(v, &c.jgen)
			if werr != nil && gerr != nil && !errors.Is(gerr, jgen.ErrV2Unimplemented) {
				checkV2StdError(t, name+" under "+c.name, gerr, werr)
			}
		}
		t.Logf("%s: %d same, %d errors in both, %d declined", c.name, n.same, n.bothErr, n.declined)
		if c.name == "default" && n.same < v2EmbeddedWantSame {
			t.Errorf("default: jgen encoded %d of %d values, want %d", n.same, len(values), v2EmbeddedWantSame)
		}
	}
}

// v2EmbeddedWantSame is how many of the values jgen encodes under the
// default options: all but 26, which v2 refuses too (jgen declines 20 of
// them, fails on 6).
const v2EmbeddedWantSame = 86

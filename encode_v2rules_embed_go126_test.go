//go:build goexperiment.jsonv2 && !go1.27

package jgen_test

// This file and encode_v2rules_embed_test.go hold the same test, for the
// reason marshaler_to_go127.go gives; this one leaves out the embed tag
// option, which Go 1.26's experiment does not know (it ignores it, where
// jgen's v2 rules follow Go 1.27).

import (
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"errors"
	"fmt"
	"testing"

	"github.com/jgen-go/jgen"
)

// TestWriteValueV2Embedded compares the values with Go embedded fields
// under some option sets with Go 1.26's encoding/json/v2: the same bytes,
// or an error in both with encoding/json/v2's kind of error, JSON pointer
// and Go type; and requires jgen to encode (not decline) at least
// v2EmbeddedWantSame126 of them under each.
func TestWriteValueV2Embedded(t *testing.T) {
	v2 := func(o jgen.JSONv2) *jgen.JSONv2 { return &o }
	cases := []struct {
		name string
		std  []jsonv2.Options
		jgen jgen.Options
	}{
		{"default", nil, jgen.Options{V2: v2(jgen.JSONv2{})}},
		{"OmitZeroStructFields", []jsonv2.Options{jsonv2.OmitZeroStructFields(true)}, jgen.Options{V2: v2(jgen.JSONv2{OmitZeroStructFields: true})}},
		{"StringifyNumbers", []jsonv2.Options{jsonv2.StringifyNumbers(true)}, jgen.Options{V2: v2(jgen.JSONv2{StringifyNumbers: true})}},
		{"AllowInvalidUTF8", []jsonv2.Options{jsontext.AllowInvalidUTF8(true)}, jgen.Options{V2: v2(jgen.JSONv2{}), Escaping: jgen.Escaping{InvalidUTF8: jgen.InvalidUTF8ReplaceRaw}}},
		{"WithIndent", []jsonv2.Options{jsontext.WithIndent("  ")}, jgen.Options{V2: v2(jgen.JSONv2{}), Layout: jgen.Indented, Indent: "  "}},
	}
	values := v2EmbeddedValues()
	for _, c := range cases {
		same := 0
		for i, v := range values {
			name := fmt.Sprintf("value %d (%T) under %s", i, v, c.name)
			want, werr := jsonv2.Marshal(v, append(c.std, jsonv2.Deterministic(true))...)
			got, gerr := jgen.Marshal(v, &c.jgen)
			switch {
			case gerr == nil && werr == nil:
				if string(got) != string(want) {
					t.Errorf("%s:\n got %s\nwant %s", name, got, want)
				}
				same++
			case gerr == nil:
				t.Errorf("%s: got %s, want error %v", name, got, werr)
			case errors.Is(gerr, jgen.ErrV2Unimplemented):
			case werr == nil:
				t.Errorf("%s: got error %v, want %s", name, gerr, want)
			default:
				checkV2StdError(t, name, gerr, werr)
			}
		}
		t.Logf("%s: %d of %d same", c.name, same, len(values))
		if same < v2EmbeddedWantSame126 {
			t.Errorf("%s: jgen encoded %d of %d values, want %d", c.name, same, len(values), v2EmbeddedWantSame126)
		}
	}
}

// v2EmbeddedWantSame126 is how many of v2EmbeddedValues jgen encodes:
// all but the 8 v2 refuses for their types and the 4 it refuses for
// their values (invalid UTF-8, NaN, +Inf), the 2 with invalid UTF-8
// encoded under AllowInvalidUTF8.
const v2EmbeddedWantSame126 = 53

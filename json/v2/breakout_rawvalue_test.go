//go:build goexperiment.jsonv2 && go1.27

package json_test

import (
	"bytes"
	jsonv1 "encoding/json"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"fmt"
	"testing"

	jv2 "github.com/jgen-go/jgen/json/v2"
)

// TestBreakoutRawValues: jsontext.Value, json.RawMessage and MarshalJSON
// output (with whitespace, escapes jgen would write otherwise, <>&,
// U+2028, invalid UTF-8, duplicate names, invalid JSON, empty) under the
// layout and escaping options give encoding/json/v2's bytes and errors.
func TestBreakoutRawValues(t *testing.T) {
	raws := []string{
		` { "b" : [ 1 , 2.50 ] , "a" : "x" } `, `"\u003c\u00e9\/"`, `"<>&\u2028` + "\u2029\"", "\"\xff\"", `{"a":1,"a":2}`,
		`[1,]`, ``, `null`, `  "s"  `, `{"k":{"k":[{}]}}`, `-0`, `1E+02`, `"\ud800"`,
	}
	var vals []any
	for _, r := range raws {
		vals = append(vals, jsontext.Value(r), jsonv1.RawMessage(r), brkRawJ(r),
			map[string]any{"v": jsontext.Value(r)}, []any{brkRawJ(r), jsonv1.RawMessage(r)})
	}
	sets := [][]jsonv2.Options{
		nil, {jsontext.Multiline(true)}, {jsontext.EscapeForHTML(true)}, {jsontext.EscapeForJS(true)},
		{jsontext.AllowInvalidUTF8(true)}, {jsontext.AllowDuplicateNames(true)}, {jsontext.WithIndent("  "), jsontext.WithIndentPrefix("\t")},
		{jsontext.SpaceAfterColon(true), jsontext.SpaceAfterComma(true)}, {jsonv2.StringifyNumbers(true)},
	}
	for i, set := range sets {
		set = append(set[:len(set):len(set)], jsonv2.Deterministic(true))
		for j, v := range vals {
			got, gerr := jv2.Marshal(v, set...)
			want, werr := jsonv2.Marshal(v, set...)
			if !bytes.Equal(got, want) || fmt.Sprint(gerr) != fmt.Sprint(werr) {
				t.Errorf("options %d, value %d (%T %q):\n got %q, %v\nwant %q, %v", i, j, v, raws[j/5], got, gerr, want, werr)
			}
		}
	}
}

//go:build goexperiment.jsonv2 && go1.27

package json

import (
	"bytes"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"fmt"
	"testing"
)

// TestMarshalLayouts compares Marshal and MarshalWrite with
// encoding/json/v2's under the layouts layoutPass writes (an indent
// prefix, the spaces after colons and commas, in both layouts), and
// checks that jgen encoded every value that does not fail.
func TestMarshalLayouts(t *testing.T) {
	values := append([]any{
		`a"b:c,d` + "\n\\e", map[string]any{`k:"1",`: []any{",", ":", "\n", map[string]any{}, []any{}}},
		[]any{[]any{}, map[string]int{"a": 1, "b": 2}}, struct{ A, B []int }{[]int{1, 2}, nil},
	}, dropInValues...)
	for i, opts := range [][]Options{
		{jsontext.WithIndentPrefix(" \t")},
		{jsontext.WithIndent("  "), jsontext.WithIndentPrefix("  ")},
		{jsontext.Multiline(true), jsontext.WithIndentPrefix("\t"), jsontext.SpaceAfterComma(true)},
		{jsontext.Multiline(true), jsontext.SpaceAfterColon(false)},
		{jsontext.Multiline(true), jsontext.SpaceAfterColon(false), jsontext.SpaceAfterComma(true)},
		{jsontext.SpaceAfterComma(true)},
		{jsontext.SpaceAfterColon(true)},
		{jsontext.SpaceAfterColon(true), jsontext.SpaceAfterComma(true), jsontext.EscapeForHTML(true)},
		{jsontext.WithIndentPrefix("\t"), jsontext.Multiline(false), jsontext.SpaceAfterComma(true)},
		{JoinOptions(jsontext.WithIndent("\t"), jsontext.WithIndentPrefix(" "))},
	} {
		opts = append(opts[:len(opts):len(opts)], Deterministic(true))
		for j, v := range values {
			what := fmt.Sprintf("options %d, value %d (%T)", i, j, v)
			before := fallbacks.Load()
			got, gerr := Marshal(v, opts...)
			fell := fallbacks.Load() != before
			want, werr := jsonv2.Marshal(v, opts...)
			sameResult(t, what, got, gerr, want, werr)
			if werr == nil && fell && !declinedValue(v) {
				t.Errorf("%s: encoded by encoding/json/v2, want jgen", what)
			}
			var gw, ww bytes.Buffer
			gerr = MarshalWrite(&gw, v, opts...)
			werr = jsonv2.MarshalWrite(&ww, v, opts...)
			sameResult(t, what+" MarshalWrite", gw.Bytes(), gerr, ww.Bytes(), werr)
		}
	}
}

// declinedValue reports whether Marshal without options hands v to
// encoding/json/v2 (a value jgen's v2 rules decline).
func declinedValue(v any) bool {
	before := fallbacks.Load()
	_, _ = Marshal(v, Deterministic(true))
	return fallbacks.Load() != before
}

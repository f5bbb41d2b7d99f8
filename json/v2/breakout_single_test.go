//go:build goexperiment.jsonv2 && go1.27

package json_test

import (
	"bytes"
	jsonv1 "encoding/json"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"fmt"
	"testing"
	"time"

	jv2 "github.com/jgen-go/jgen/json/v2"
)

type brkT struct {
	A int            `json:"a"`
	S string         `json:"s,omitempty"`
	L []int          `json:"l"`
	E []int          `json:"e"`
	M map[string]int `json:"m"`
	T time.Time      `json:"t"`
	P *int           `json:"p"`
	F float64        `json:"f"`
}

// TestBreakoutSingleOption: each option given alone (the cached
// translation, called twice), the layout, escaping, v1 and v2 option
// sets included, on values without maps of more than one entry (whose
// order encoding/json/v2 leaves random without Deterministic).
func TestBreakoutSingleOption(t *testing.T) {
	one := 1
	vals := []any{
		brkT{A: 1, S: "<x>", L: []int{1, 2}, E: []int{}, M: map[string]int{"k": 1}, T: time.Date(1, 2, 3, 4, 5, 6, 700, time.UTC), P: &one, F: 1.5},
		[]any{map[string]int{}, []int{}, [0]int{}, struct{}{}, nil, []any{[]any{}}},
		map[string]any{"x": map[string]any{}},
		"a\u2028<>&\xff",
		[]byte("hi"), [3]byte{1, 2, 3},
	}
	optsets := []jsonv2.Options{
		jsontext.WithIndent("  "), jsontext.WithIndentPrefix(" \t"), jsontext.SpaceAfterColon(true), jsontext.SpaceAfterComma(true),
		jsontext.EscapeForHTML(true), jsontext.EscapeForJS(true), jsontext.AllowInvalidUTF8(true), jsontext.Multiline(true),
		jsonv2.StringifyNumbers(true), jsonv2.OmitZeroStructFields(true), jsonv2.FormatNilSliceAsNull(true), jsonv2.FormatNilMapAsNull(true),
		jsonv1.DefaultOptionsV1(), jsonv2.DefaultOptionsV2(), jsontext.Multiline(false), jsontext.WithIndent("\t\t"),
		jsonv2.JoinOptions(jsonv1.DefaultOptionsV1(), jsontext.Multiline(true)),
		jsonv2.JoinOptions(jsontext.WithIndentPrefix(" \t"), jsontext.WithIndent(" ")),
		jsonv1.FormatByteArrayAsArray(false), jsonv1.StringifyWithLegacySemantics(false),
		jsonv2.JoinOptions(jsonv2.DefaultOptionsV2(), jsontext.AllowInvalidUTF8(true)),
	}
	for i, o := range optsets {
		for j, v := range vals {
			for k := 0; k < 2; k++ {
				got, gerr := jv2.Marshal(v, o)
				want, werr := jsonv2.Marshal(v, o)
				if !bytes.Equal(got, want) || fmt.Sprint(gerr) != fmt.Sprint(werr) {
					t.Errorf("opt %d val %d: got %q %v\nwant %q %v", i, j, got, gerr, want, werr)
				}
			}
		}
	}
}

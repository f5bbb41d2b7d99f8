package json_test

import (
	"bytes"
	stdjson "encoding/json"
	"fmt"
	"testing"

	"github.com/jgen-go/jgen/json"
)

// TestBreakoutRawValues: json.RawMessage and MarshalJSON output (with
// whitespace, escapes, <>&, U+2028, invalid UTF-8, duplicate names,
// invalid JSON, empty) through Marshal, MarshalIndent and an Encoder with
// and without HTML escaping give encoding/json's bytes and errors.
func TestBreakoutRawValues(t *testing.T) {
	raws := []string{
		` { "b" : [ 1 , 2.50 ] , "a" : "x" } `, `"\u003c\u00e9\/"`, `"<>&\u2028` + "\u2029\"", "\"\xff\"", `{"a":1,"a":2}`,
		`[1,]`, ``, `null`, `  "s"  `, `{"k":{"k":[{}]}}`, `-0`, `1E+02`, `"\ud800"`, "\"\x7f\u00a0\"",
	}
	for _, r := range raws {
		for _, v := range []any{stdjson.RawMessage(r), brkRaw(r), map[string]any{"v": stdjson.RawMessage(r)}, []any{brkRaw(r), stdjson.RawMessage(r)},
			struct {
				R stdjson.RawMessage `json:",omitempty"`
				M brkRaw
			}{stdjson.RawMessage(r), brkRaw(r)}} {
			got, gerr := json.Marshal(v)
			want, werr := stdjson.Marshal(v)
			if !bytes.Equal(got, want) || fmt.Sprint(gerr) != fmt.Sprint(werr) {
				t.Errorf("Marshal(%T %q):\n got %q, %v\nwant %q, %v", v, r, got, gerr, want, werr)
			}
			got, gerr = json.MarshalIndent(v, ">", "\t")
			want, werr = stdjson.MarshalIndent(v, ">", "\t")
			if !bytes.Equal(got, want) || fmt.Sprint(gerr) != fmt.Sprint(werr) {
				t.Errorf("MarshalIndent(%T %q):\n got %q, %v\nwant %q, %v", v, r, got, gerr, want, werr)
			}
			for _, html := range []bool{true, false} {
				var gb, wb bytes.Buffer
				ge, we := json.NewEncoder(&gb), stdjson.NewEncoder(&wb)
				ge.SetEscapeHTML(html)
				we.SetEscapeHTML(html)
				gerr, werr = ge.Encode(v), we.Encode(v)
				if !bytes.Equal(gb.Bytes(), wb.Bytes()) || fmt.Sprint(gerr) != fmt.Sprint(werr) {
					t.Errorf("Encode(%T %q), HTML %v:\n got %q, %v\nwant %q, %v", v, r, html, gb.Bytes(), gerr, wb.Bytes(), werr)
				}
			}
		}
	}
}

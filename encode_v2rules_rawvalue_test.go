//go:build goexperiment.jsonv2 && go1.27

package jgen_test

// jsontext.Value and MarshalJSON output whose strings encoding/json/v2
// rewrites, under jgen's v2 rules, against encoding/json/v2's Marshal of
// Go 1.27: jgen must encode every such value v2 encodes (no decline), to
// v2's bytes, and refuse every value v2 refuses; the drop-in gives v2's
// error.

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"

	"github.com/jgen-go/jgen"
	jgenv2 "github.com/jgen-go/jgen/json/v2"
)

// v2RawCases are raw JSON texts: whitespace, every escape form, lone
// surrogates, U+2028, <>&, invalid UTF-8, duplicate names (plain and
// escaped), nesting, invalid JSON.
var v2RawCases = []string{
	`null`, `true`, ` 1 `, "\t-0.5e+3\n", `"plain"`, ` { "b" : [ 1 , 2.50 ] , "a" : "x" } `,
	`"\u0041"`, `"\/"`, `"\u00e9"`, `"\u00E9"`, `"\ud83d\ude00"`, `"\uD83D\uDE00"`, `"\ud800"`, `"\udc00"`,
	`"\ud800\u0041"`, `"\ud800\ud800"`, `"\ude00\ud83d"`, `"x\ud83d"`, `"\u2028"`, "\"\u2028\u2029\"", `"<>&"`, `"\u003c\u0026"`,
	`"\b\f\n\r\t\"\\"`, `"\u0008\u000c\u000a\u000d\u0009"`, `"\u0000\u001f\u001F"`, `"\u007f\u0080"`, `"\u0022\u005c\u002f"`,
	"\"\xff\"", "\"a\xffb\\n\"", "\"\xed\xa0\x80\"", "\"\xe2\x80\"", `"é😀"`, "\"\xc3\xa9\\u00e9\"",
	`{"a":1,"\u0061":2}`, `{"a":1,"a":2}`, `{"\/":1,"/":2}`, `{"a":{"x":1,"\u0078":2}}`, `{"a":{"x":1},"b":{"\u0078":2}}`,
	"{\"\xff\":1,\"\xfe\":2}", "{\"\xff\":1,\"\\ufffd\":2}", `{"\ud800":1,"\udc00":2}`, `{"<":1,"\u003c":2}`,
	` [ "\u0041" , { "k\/" : [ "\ud83d\ude00" ] } ] `, `{"\n": "\u000a"}`,
	strings.Repeat(`[`, 40) + `"\u0041"` + strings.Repeat(`]`, 40),
	strings.Repeat(`{"\u0061":`, 30) + `"\/"` + strings.Repeat(`}`, 30),
	`[1,]`, ``, ` `, `"\x"`, `"\u12"`, `"\u12g4"`, `{"a" 1}`, `[1] 2`, `"a\"`, "\"\x01\"", `nul`, `01`,
}

// v2RawStrict compares under every option set and fails t where jgen
// declines a value v2 encodes.
func v2RawStrict(t *testing.T, vals []any, label func(int) string) {
	t.Helper()
	for _, c := range v2OptionCases() {
		var same, refused int
		for i, v := range vals {
			want, werr := jsonv2.Marshal(v, append(c.std, jsonv2.Deterministic(true))...)
			got, gerr := jgen.Marshal(v, &c.jgen)
			switch {
			case werr == nil && gerr == nil:
				if string(got) != string(want) {
					t.Errorf("%s under %s:\n got %q\nwant %q", label(i), c.name, got, want)
				}
				same++
			case werr == nil:
				t.Errorf("%s under %s: got error %v, want %q", label(i), c.name, gerr, want)
			case gerr == nil:
				t.Errorf("%s under %s: got %q, want error %v", label(i), c.name, got, werr)
			case errors.Is(gerr, jgen.ErrV2Unimplemented):
				refused++
			default:
				// jgen's own errors are those of the v2 rules (MaxDepth
				// aside, not reached here): none for raw JSON.
				t.Errorf("%s under %s: got error %v, want a decline (v2: %v)", label(i), c.name, gerr, werr)
			}
			// The drop-in gives v2's bytes and error either way.
			dgot, derr := jgenv2.Marshal(v, append(c.std, jsonv2.Deterministic(true))...)
			if string(dgot) != string(want) || fmt.Sprint(derr) != fmt.Sprint(werr) {
				t.Errorf("%s under %s, drop-in:\n got %q, %v\nwant %q, %v", label(i), c.name, dgot, derr, want, werr)
			}
		}
		t.Logf("%s: %d of %d same, %d refused as v2 refuses them", c.name, same, len(vals), refused)
	}
}

// TestWriteValueV2RawValue: jsontext.Value at the root, in struct
// fields, slices, maps, behind pointers and interfaces, nil and empty;
// and MarshalJSON output with the same texts.
func TestWriteValueV2RawValue(t *testing.T) {
	type fields struct {
		A jsontext.Value
		B jsontext.Value  `json:"b,omitempty"`
		C *jsontext.Value `json:",omitempty"`
		D []jsontext.Value
		E map[string]jsontext.Value
		F any
		G jsontext.Value `json:",omitzero"`
	}
	var vals []any
	var texts []string
	add := func(text string, v ...any) {
		for _, x := range v {
			vals = append(vals, x)
			texts = append(texts, text)
		}
	}
	for _, r := range v2RawCases {
		v := jsontext.Value(r)
		add(r, v, &v, []jsontext.Value{v, v}, map[string]jsontext.Value{"k": v}, []any{v},
			fields{A: v, B: v, C: &v, D: []jsontext.Value{v}, E: map[string]jsontext.Value{"x": v}, F: v, G: v},
			v2RawJSON(r), []v2RawJSON{v2RawJSON(r)})
	}
	add("nil and empty", jsontext.Value(nil), jsontext.Value{}, []jsontext.Value{nil}, fields{}, fields{B: jsontext.Value{}},
		fields{A: jsontext.Value("null"), B: jsontext.Value(" null "), G: jsontext.Value{}}, fields{B: jsontext.Value(`""`)},
		fields{B: jsontext.Value(`{ }`)}, fields{B: jsontext.Value(`[]`)}, fields{B: jsontext.Value(`"\u0000"`)})
	v2RawStrict(t, vals, func(i int) string { return fmt.Sprintf("value %d (%T of %q)", i, vals[i], texts[i]) })
}

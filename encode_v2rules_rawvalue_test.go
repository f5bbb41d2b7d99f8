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
	"math/rand/v2"
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

// Embedded fallbacks of jsontext.Value with members.
type (
	v2rEmbed struct {
		A int            `json:"a"`
		V jsontext.Value `json:",embed"`
	}
	v2rEmbedPtr struct {
		A string          `json:"a,omitempty"`
		V *jsontext.Value `json:",embed"`
		Z []int           `json:"z,omitempty"`
	}
	v2rEmbedOnly struct {
		V jsontext.Value `json:",embed"`
	}
	v2rEmbedCase struct {
		UserName string         `json:"user_name,case:ignore"`
		V        jsontext.Value `json:",embed"`
	}
	v2rEmbedCases struct {
		U string         `json:"user_name,omitempty,case:ignore"`
		S string         `json:"s_t,omitempty,case:strict"`
		W string         `json:"W-X,omitempty,case:ignore"`
		V jsontext.Value `json:",embed"`
	}
	v2rEmbedMap struct {
		A string         `json:"a,omitempty"`
		U string         `json:"user_name,omitempty,case:ignore"`
		M map[string]int `json:",embed"`
	}
	v2rEmbedOuter struct {
		*v2rEmbedPtr
		B int `json:"b"`
	}
	v2rEmbedNested struct {
		N v2rEmbedOnly   `json:"n"`
		L []v2rEmbedOnly `json:"l"`
	}
)

// TestWriteValueV2EmbeddedRawValue: embedded jsontext.Value fallbacks
// holding members (whitespace, escapes, duplicate names among them and
// with the struct's members, empty and invalid objects, other kinds)
// give v2's bytes under every option set; jgen declines only what v2
// refuses.
func TestWriteValueV2EmbeddedRawValue(t *testing.T) {
	raws := []string{
		`{}`, ` { } `, `{"b":2}`, ` { "b" : [ 1 , "\u0041" ] , "c" : { "d" : null } } `, "\n{\"\\/\":\"\\ud83d\\ude00\"}\t",
		`{"<&>":"\u2028"}`, `{"a":1}`, `{"\u0061":1}`, `{"b":1,"b":2}`, `{"b":1,"\u0062":2}`, `{"b":{"x":1,"x":2}}`,
		`{"User-Name":1}`, `{"username":1}`, `{"UserName":1,"username":2}`, `{"user_name":1,"UserName":2}`, `{"ST":1}`, `{"s_t":1}`,
		`{"s_t":1,"ST":2}`, `{"wx":1}`, `{"W-X":1,"w_x":2}`, `{"ſ":1}`, `{"K":1}`, `{"z":1}`, "{\"\xff\":1}", "{\"k\":\"\xff\"}", `{"\ud800":1}`,
		`[]`, `1`, `"s"`, `null`, ` `, `{"b":1} x`, `{"b":1}{}`, `{"b":}`, `{"b":1,}`,
		strings.Repeat(`{"k":`, 20) + `1` + strings.Repeat(`}`, 20),
	}
	var vals []any
	var texts []string
	for _, r := range raws {
		v := jsontext.Value(r)
		for _, x := range []any{
			v2rEmbed{A: 1, V: v}, &v2rEmbed{V: v}, v2rEmbedPtr{V: &v}, v2rEmbedPtr{A: "x", V: &v, Z: []int{1}},
			v2rEmbedOnly{V: v}, []v2rEmbedOnly{{V: v}, {}}, v2rEmbedCase{"n", v}, v2rEmbedCase{V: v},
			v2rEmbedCases{V: v}, v2rEmbedCases{U: "u", S: "s", W: "w", V: v}, v2rEmbedCases{S: "s", V: v},
			v2rEmbedOuter{&v2rEmbedPtr{V: &v}, 2}, v2rEmbedOuter{B: 3}, v2rEmbedNested{v2rEmbedOnly{v}, []v2rEmbedOnly{{v}}},
			map[string]v2rEmbedOnly{"m": {v}}, struct {
				jsontext.Value
				A int `json:"a"`
			}{v, 1}, struct{ *jsontext.Value }{&v},
		} {
			vals = append(vals, x)
			texts = append(texts, r)
		}
	}
	// Map fallbacks named as members, written or not.
	for _, m := range []map[string]int{{"a": 1}, {"UserName": 1, "username": 2}, {"user_name": 1}, {"User-Name": 1, "a": 2, "b": 3}, {"b": 1}} {
		for _, x := range []any{v2rEmbedMap{M: m}, v2rEmbedMap{A: "x", M: m}, v2rEmbedMap{U: "u", M: m}} {
			vals = append(vals, x)
			texts = append(texts, fmt.Sprint(m))
		}
	}
	v2RawStrict(t, vals, func(i int) string { return fmt.Sprintf("value %d (%T of %q)", i, vals[i], texts[i]) })
}

// TestV2MaxDepthRawValue: a jsontext.Value and MarshalJSON output with
// escapes, and an embedded jsontext.Value, at and past encoding/json/v2's
// 10000 levels from the root: v2's bytes where it encodes them, an
// ErrMaxDepth (or, embedded, a decline) where it refuses them.
func TestV2MaxDepthRawValue(t *testing.T) {
	nest := func(n int) string {
		return strings.Repeat(`[`, n-1) + `{"\u0061":"\/"}` + strings.Repeat(`]`, n-1)
	}
	o := jgen.Options{V2: &jgen.JSONv2{}}
	for i, v := range []any{
		jsontext.Value(nest(10000)), jsontext.Value(nest(10001)), []any{jsontext.Value(nest(9999))}, []any{jsontext.Value(nest(10000))},
		v2RawJSON(" " + nest(10000)), []v2RawJSON{v2RawJSON(nest(10000))},
		v2rEmbedOnly{V: jsontext.Value(`{"k":` + nest(9999) + `}`)}, v2rEmbedOnly{V: jsontext.Value(`{"k":` + nest(10000) + `}`)},
		[]v2rEmbedOnly{{V: jsontext.Value(`{"k":` + nest(9998) + `}`)}}, []v2rEmbedOnly{{V: jsontext.Value(`{"k":` + nest(9999) + `}`)}},
	} {
		want, werr := jsonv2.Marshal(v)
		got, err := jgen.Marshal(v, &o)
		switch {
		case werr == nil && (err != nil || string(got) != string(want)):
			t.Errorf("value %d (%T): jgen %d bytes, %v; encoding/json/v2 %d bytes", i, v, len(got), err, len(want))
		case werr != nil && !errors.Is(err, jgen.ErrMaxDepth) && !errors.Is(err, jgen.ErrV2Unimplemented):
			t.Errorf("value %d (%T): jgen %d bytes, %v; encoding/json/v2 %v", i, v, len(got), err, werr)
		case werr != nil && i < 6 && !errors.Is(err, jgen.ErrMaxDepth):
			t.Errorf("value %d (%T): jgen %v, want ErrMaxDepth (encoding/json/v2: %v)", i, v, err, werr)
		case werr != nil && i < 6:
			// As for MarshalJSON output: v2's JSON pointer and Go type
			// (the reason is jgen's own).
			var gse, wse *jsonv2.SemanticError
			if !errors.As(err, &gse) || !errors.As(werr, &wse) || gse.JSONPointer != wse.JSONPointer || gse.GoType != wse.GoType {
				t.Errorf("value %d (%T): jgen %v, want the SemanticError of %v", i, v, err, werr)
			}
		}
	}
}

// TestWriteValueV2RawRandomStrings: raw strings and names built at random
// from escapes, surrogates, invalid UTF-8 and the characters the
// escapings rewrite, as jsontext.Value and MarshalJSON output.
func TestWriteValueV2RawRandomStrings(t *testing.T) {
	pieces := []string{`\u0041`, `\/`, `\ud83d\ude00`, `\uD83D\uDE00`, `\ud800`, `\udc00`, "\xff", "\xe2\x80", "é", "<", "&", "\u2028",
		"\u2029", `\n`, `\u000a`, `\u001f`, `\u001F`, `\"`, `\\`, "a", " ", `\u00e9`, `\u2028`, `\u007f`, `\b`, `\u0000`}
	rnd := rand.New(rand.NewPCG(1, 2))
	str := func() string {
		var b strings.Builder
		b.WriteByte('"')
		for range rnd.IntN(5) {
			b.WriteString(pieces[rnd.IntN(len(pieces))])
		}
		b.WriteByte('"')
		return b.String()
	}
	var vals []any
	var texts []string
	for range 300 {
		var r string
		switch rnd.IntN(3) {
		case 0:
			r = str()
		case 1:
			r = "{" + str() + ":" + str() + "," + str() + ": [" + str() + "]}"
		default:
			r = "[ " + str() + " , {" + str() + ":1} ]"
		}
		vals = append(vals, jsontext.Value(r), v2RawJSON(r))
		texts = append(texts, r, r)
	}
	v2RawStrict(t, vals, func(i int) string { return fmt.Sprintf("value %d (%T of %q)", i, vals[i], texts[i]) })
}

// TestWriteValueV2RawOtherEscaping: under an escaping that is not
// Minimal's (± HTMLSafe, JSLineTerminators, the InvalidUTF8 policy), raw
// JSON, embedded or not, is declined: v2 has no such escaping.
func TestWriteValueV2RawOtherEscaping(t *testing.T) {
	o := jgen.Options{V2: &jgen.JSONv2{}, Escaping: jgen.Escaping{MaxUnescaped: 0x7F}}
	for _, v := range []any{jsontext.Value(`"é"`), v2RawJSON(`{"a" : 1}`), v2rEmbedOnly{V: jsontext.Value(`{"b":"é"}`)}} {
		if _, err := jgen.Marshal(v, &o); !errors.Is(err, jgen.ErrV2Unimplemented) {
			t.Errorf("%T: error %v, want ErrV2Unimplemented", v, err)
		}
	}
	if got, err := jgen.Marshal(v2rEmbedOnly{}, &o); string(got) != `{}` || err != nil {
		t.Errorf("nil embedded value: got %s, %v; want {}", got, err)
	}
}

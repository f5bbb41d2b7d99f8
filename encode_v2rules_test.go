//go:build goexperiment.jsonv2 && go1.27

package jgen_test

// jgen's encoding/json/v2 rules (Options.V2) against encoding/json/v2's
// Marshal of Go 1.27: byte for byte where jgen encodes a value, an error
// in both where jgen refuses it as v2 does, and a count of the values
// jgen declines (ErrV2Unimplemented), which the drop-in json/v2 hands to
// encoding/json/v2.

import (
	"errors"
	"fmt"
	"math"
	"net/netip"
	"reflect"
	"strings"
	"testing"
	"time"

	jsonv2 "encoding/json/v2"

	"encoding/json"
	"encoding/json/jsontext"

	"github.com/jgen-go/jgen"
)

// v2Case is one set of options: encoding/json/v2's and jgen's
// equivalent.
type v2Case struct {
	name string
	std  []jsonv2.Options
	jgen jgen.Options
}

func v2OptionCases() []v2Case {
	v2 := func(o jgen.JSONv2) *jgen.JSONv2 { return &o }
	return []v2Case{
		{"default", nil, jgen.Options{V2: v2(jgen.JSONv2{})}},
		{"FormatNilSliceAsNull", []jsonv2.Options{jsonv2.FormatNilSliceAsNull(true)}, jgen.Options{V2: v2(jgen.JSONv2{FormatNilSliceAsNull: true})}},
		{"FormatNilMapAsNull", []jsonv2.Options{jsonv2.FormatNilMapAsNull(true)}, jgen.Options{V2: v2(jgen.JSONv2{FormatNilMapAsNull: true})}},
		{"OmitZeroStructFields", []jsonv2.Options{jsonv2.OmitZeroStructFields(true)}, jgen.Options{V2: v2(jgen.JSONv2{OmitZeroStructFields: true})}},
		{"StringifyNumbers", []jsonv2.Options{jsonv2.StringifyNumbers(true)}, jgen.Options{V2: v2(jgen.JSONv2{StringifyNumbers: true})}},
		{"AllowInvalidUTF8", []jsonv2.Options{jsontext.AllowInvalidUTF8(true)}, jgen.Options{V2: v2(jgen.JSONv2{}), Escaping: jgen.Escaping{InvalidUTF8: jgen.InvalidUTF8ReplaceRaw}}},
		{"AllowInvalidUTF8+AllowDuplicateNames", []jsonv2.Options{jsontext.AllowInvalidUTF8(true), jsontext.AllowDuplicateNames(true)}, jgen.Options{V2: v2(jgen.JSONv2{AllowDuplicateNames: true}), Escaping: jgen.Escaping{InvalidUTF8: jgen.InvalidUTF8ReplaceRaw}}},
		{"EscapeForHTML", []jsonv2.Options{jsontext.EscapeForHTML(true)}, jgen.Options{V2: v2(jgen.JSONv2{}), Escaping: jgen.Escaping{HTMLSafe: true}}},
		{"EscapeForJS", []jsonv2.Options{jsontext.EscapeForJS(true)}, jgen.Options{V2: v2(jgen.JSONv2{}), Escaping: jgen.Escaping{JSLineTerminators: true}}},
		{"Multiline", []jsonv2.Options{jsontext.Multiline(true)}, jgen.Options{V2: v2(jgen.JSONv2{}), Layout: jgen.Indented, Indent: "\t"}},
		{"WithIndent", []jsonv2.Options{jsontext.WithIndent("  ")}, jgen.Options{V2: v2(jgen.JSONv2{}), Layout: jgen.Indented, Indent: "  "}},
	}
}

// v2Tally counts the outcomes of compareV2.
type v2Tally struct{ same, bothErr, declined int }

// compareV2 encodes v under c with jgen and with encoding/json/v2
// (Deterministic, since jgen sorts map entries) and fails t where jgen
// writes other bytes, succeeds where v2 fails, or fails where v2
// succeeds with an error other than ErrV2Unimplemented.
func compareV2(t *testing.T, name string, c v2Case, v any, n *v2Tally) {
	t.Helper()
	want, werr := jsonv2.Marshal(v, append(c.std, jsonv2.Deterministic(true))...)
	got, gerr := jgen.Marshal(v, &c.jgen)
	switch {
	case gerr == nil && werr == nil:
		if string(got) != string(want) {
			t.Errorf("%s under %s:\n got %s\nwant %s", name, c.name, got, want)
		}
		n.same++
	case gerr == nil:
		t.Errorf("%s under %s: got %s, want error %v", name, c.name, got, werr)
	case errors.Is(gerr, jgen.ErrV2Unimplemented):
		n.declined++
	case werr == nil:
		t.Errorf("%s under %s: got error %v, want %s", name, c.name, gerr, want)
	default:
		n.bothErr++
	}
}

type v2Text struct{ s string }

func (x v2Text) MarshalText() ([]byte, error) { return []byte(x.s), nil }

type v2Hand struct {
	A  int     `json:"a"`
	B  string  `json:"b,omitempty"`
	C  []int   `json:",omitempty"`
	D  *int    `json:"d,omitzero"`
	E  float64 `json:"e,string"`
	F  uint8   `json:",string,omitempty"`
	G  map[string]int
	H  [3]byte
	I  []byte
	J  any
	K  struct{} `json:",omitempty"`
	L  time.Time
	M  time.Time `json:",omitzero"`
	N  []any
	O  map[int]string
	P  map[float64]bool `json:"p,case:ignore"`
	Q  *v2Hand          `json:",omitempty"`
	R  [0]int           `json:",omitempty"`
	S  string           `json:"s,omitzero,omitempty"`
	T  bool             `json:"t,omitempty"`
	x  int
	U  int `json:"-"`
	V  int `json:"-,"`
	W  int `json:"<&>"`
	X  int `json:"x,bogus"`
	Y  []struct{ Z int }
	Z2 map[string]any
}

var v2HandValues = []any{
	nil, true, false, 0, -1, int8(-128), uint64(math.MaxUint64), uintptr(7), 1.5, float32(0.1), 1e21, 1e20, 1e-7, -0.0,
	math.NaN(), math.Inf(1), "", "a\"\\\x00\x1f\x7f", "<&>\u2028\u2029", "bad\xff", "é😀",
	[]byte(nil), []byte{}, []byte("hello?>"), [3]byte{1, 2, 3}, [0]byte{}, []int(nil), []int{}, []int{1, 2},
	map[string]int(nil), map[string]int{}, map[string]int{"b": 1, "a": 2, "": 3}, map[int]int{10: 1, 9: 2, -1: 3},
	map[uint8]string{1: "x"}, map[float64]int{1.5: 1, 1e21: 2}, map[float64]int{math.NaN(): 1}, map[bool]int{true: 1},
	map[string]int{"\xff": 1, "\xfe": 2}, map[string]int{"\xff": 1},
	[]any{nil, 1, "x", uint(3), int8(-1), []any{}, map[string]any{}}, map[string]any{"a": []int(nil), "b": map[string]int(nil)},
	v2Hand{}, &v2Hand{}, v2Hand{A: 1, B: "x", C: []int{1}, E: 2.5, F: 3, G: map[string]int{"z": 1}, I: []byte{0}, J: map[string]any{"k": nil}, L: time.Date(2020, 1, 2, 3, 4, 5, 600, time.UTC), M: time.Unix(0, 0).In(time.FixedZone("", 3600)), N: []any{[]byte("x"), 1.5}, O: map[int]string{2: "b", 1: "a"}, P: map[float64]bool{0.5: true}, Q: &v2Hand{S: "q"}, T: true, Y: []struct{ Z int }{{1}}},
	struct{}{}, struct{ a int }{}, struct {
		A int `json:"-"`
		b int
	}{}, struct {
		a int
		B int `json:"-"`
	}{},
	time.Time{}, time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC), time.Duration(5), &struct{ D time.Duration }{},
	complex(1, 2), make(chan int), func() {}, v2Text{"x"}, []v2Text{{"y"}}, map[v2Text]int{{"k"}: 1},
	// Two fields of one name (built at run time: vet refuses the tag).
	reflect.New(reflect.StructOf([]reflect.StructField{
		{Name: "A", Type: reflect.TypeFor[int](), Tag: `json:"a"`},
		{Name: "B", Type: reflect.TypeFor[int](), Tag: `json:"a"`},
	})).Elem().Interface(),
	struct {
		A int `json:"a\\b"`
	}{},
	struct {
		A int `json:"a,omitEmpty"`
	}{},
	struct {
		A string `json:",string"`
	}{},
	struct {
		A []int          `json:",omitempty"`
		B map[string]int `json:",omitempty"`
		C *int           `json:",omitempty"`
		D any            `json:",omitempty"`
		E struct {
			F int `json:",omitempty"`
		} `json:",omitempty"`
		G struct {
			H []int `json:",omitempty"`
		} `json:",omitempty"`
	}{A: []int{}, B: map[string]int{}},
	&struct{ Next any }{},
	// "-," is the name "-" in v1; v2 refuses the trailing comma.
	struct {
		A int `json:"-,"`
	}{},
	struct {
		A int `json:"-,omitempty"`
	}{},
	[]*int{nil}, [2]any{1, "x"}, &[]string{"a"},
	json.Number("1.5"), json.Number(""), json.Number("x"), json.Number("01"), []json.Number{"-2e3"},
	struct {
		N json.Number `json:",string"`
		O json.Number `json:",omitempty"`
	}{N: "2"},
	map[json.Number]int{"1": 1},
	// MarshalJSON output the one-read check takes, and some it leaves to
	// the slow path.
	v2RawJSON(`{"a":[1,"x",{}],"b":null,"c":-1.5e3}`), v2RawJSON(`{"a":1,"a":2}`), v2RawJSON(`[{"a":{"b":1,"b":2}}]`),
	v2RawJSON(`"<&>"`), v2RawJSON("\"\u2028é\""), v2RawJSON(`[1,2`), v2RawJSON("\"\xff\""), v2RawJSON(`"a\"b"`),
	v2RawJSON(`{"a" : 1}`), []v2RawJSON{`1`, `true`, `{}`},
	// Small maps of plain values (written on the stack), and one past smallMap.
	map[string]string{"k": "v\xff", "a": "<\u2028>", "é": ""}, map[string]bool{"t": true, "f": false},
	map[string]int64{"z": -1, "y": 1 << 40}, map[string]string{"\xff": "x", "\xfe": "y"},
	map[string]int{"a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6, "g": 7, "h": 8, "i": 9},
	struct {
		M map[string]string `json:",omitempty"`
		N map[string]int
	}{N: map[string]int{"x": 1}},
	// Float loops: pairs (canada's coordinates), and NaN or ±Inf in them.
	[][2]float64{{1.5, -2}, {0, 1e21}}, [][2]float64{{1, math.NaN()}}, []float64{1, math.Inf(-1)}, [][0]float64{{}},
	[][3]float64{}, []struct{ P [][2]float64 }{{P: [][2]float64{{3, 4}}}},
	// Fields the struct loop writes itself, and omitempty's skips.
	struct {
		A string
		B bool
		C int64
		D string  `json:",omitempty"`
		E *int    `json:",omitempty"`
		F []int   `json:",omitempty"`
		G int     `json:",string"`
		H any     `json:",omitempty"`
		I int32   `json:",omitempty"`
		J v2Plain `json:",omitempty"`
	}{A: "é\"<\u2028\x01 and a longer run of plain ASCII text after it", B: true, C: -7, F: []int{0}, G: 3, J: "j"},
	struct {
		A string
		D string `json:",omitempty"`
	}{A: "bad\xff"},
	// Map keys that need escaping, and omitempty on maps (nil, empty,
	// of a named type, with omitzero).
	map[string]int{"\"q\"": 1, "<a&b>": 2, "\x01\n": 3, "\u2028": 4, "é": 5, "e": 6},
	map[string]string{"\\": "\t", "/": "</script>"},
	struct {
		A map[string]int `json:",omitempty"`
		B v2Map          `json:",omitempty"`
		C map[string]int `json:",omitempty,omitzero"`
		D map[string]int `json:",omitzero"`
		E v2Map          `json:",omitempty"`
	}{A: map[string]int{}, B: v2Map{}, C: map[string]int{}, D: map[string]int{}, E: v2Map{"x": 1}},
	// MarshalJSON output: whitespace, duplicate names at depths the
	// name stack keeps apart, more names than it holds.
	v2RawJSON("[1, 2]\n"), v2RawJSON(` {"a":1}`), v2RawJSON(`[{"a":1},{"a":1}]`), v2RawJSON(`{"a":{"b":1},"a":2}`),
	v2RawJSON(`{"a":{"x":1},"b":{"x":1},"c":[{"x":[]}]}`), v2RawJSON(`{"é":1,"é":2}`), v2RawJSON(`{"":1,"":2}`),
	v2RawJSON(manyNamesJSON(20, false)), v2RawJSON(manyNamesJSON(20, true)),
	v2RawJSON(strings.Repeat(`{"a":`, 20) + "1" + strings.Repeat("}", 20)),
	struct {
		A v2RawJSON
		B []v2RawJSON
		C map[string]v2RawJSON
	}{A: `{"x":1}`, B: []v2RawJSON{`{"a":1}`, `{"a":1,"a":1}`}, C: map[string]v2RawJSON{"k": `[ ]`}},
	// Marshal methods on values of other kinds, and through pointer
	// receivers, called through a preset interface.
	v2MapJSON{"a": 1}, []v2MapJSON{nil, {}}, v2PtrText{"p<\u2028\"\xff"}, []v2PtrText{{"a"}, {"é"}},
	struct {
		T v2PtrText
		U *v2PtrText
		V v2Text
	}{T: v2PtrText{"t"}, V: v2Text{"\"<&>\\"}},
	netip.MustParseAddr("2001:db8::1"), []netip.Addr{netip.MustParseAddr("10.0.0.1"), {}},
	v2Text{"a\"\\\x00<>\u2028\xff"},
	// Floats in pairs and fields, NaN in them (errors).
	struct {
		P [2]float64
		Q []float64
	}{P: [2]float64{-0.0, 1e-7}, Q: []float64{1e21, 123456789.125}},
	struct{ F float64 }{math.NaN()}, []struct{ P [2]float64 }{{}, {P: [2]float64{math.Inf(1), 0}}},
}

// v2Map is a named map type without methods.
type v2Map map[string]int

// v2MapJSON is a map type with a value-receiver MarshalJSON.
type v2MapJSON map[string]int

func (m v2MapJSON) MarshalJSON() ([]byte, error) {
	return []byte(fmt.Sprintf(`{"n": %d}`, len(m))), nil
}

// v2PtrText has a pointer-receiver MarshalText.
type v2PtrText struct{ s string }

func (x *v2PtrText) MarshalText() ([]byte, error) { return []byte("<" + x.s + ">"), nil }

// manyNamesJSON is an object of n members named k0, k1, ..., the last
// named k0 again where dup is set.
func manyNamesJSON(n int, dup bool) string {
	var b strings.Builder
	b.WriteByte('{')
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		k := i
		if dup && i == n-1 {
			k = 0
		}
		fmt.Fprintf(&b, `"k%d":%d`, k, i)
	}
	b.WriteByte('}')
	return b.String()
}

// v2RawJSON is MarshalJSON output as it is.
type v2RawJSON string

func (r v2RawJSON) MarshalJSON() ([]byte, error) { return []byte(r), nil }

// v2Plain is a named string type without methods.
type v2Plain string

// TestWriteValueV2Hand compares the hand-written values under every
// option set.
func TestWriteValueV2Hand(t *testing.T) {
	for _, c := range v2OptionCases() {
		var n v2Tally
		for i, v := range v2HandValues {
			compareV2(t, fmt.Sprintf("value %d (%T)", i, v), c, v, &n)
		}
		t.Logf("%s: %d same, %d errors in both, %d declined", c.name, n.same, n.bothErr, n.declined)
		if n.same < len(v2HandValues)/2 {
			t.Errorf("%s: only %d of %d values encoded by jgen", c.name, n.same, len(v2HandValues))
		}
	}
}

// TestWriteValueV2RandomTypes compares random values of random struct
// types (those of TestWriteValueRandomTypes, methods and embedded structs
// included) under every option set, by pointer and by value.
func TestWriteValueV2RandomTypes(t *testing.T) {
	rv := &randomValues{r: newRand(22)}
	n := 1500
	if testing.Short() {
		n = 400
	}
	cases := v2OptionCases()
	tallies := make([]v2Tally, len(cases))
	for i := range n {
		typ := rv.structType(3)
		v := reflect.New(typ)
		rv.fill(v.Elem(), 4)
		name := fmt.Sprintf("type %d %v", i, typ)
		for j, c := range cases {
			compareV2(t, name, c, v.Interface(), &tallies[j])
			compareV2(t, name+" (by value)", c, v.Elem().Interface(), &tallies[j])
		}
		if t.Failed() {
			break
		}
	}
	for j, c := range cases {
		t.Logf("%s: %d same, %d errors in both, %d declined", c.name, tallies[j].same, tallies[j].bothErr, tallies[j].declined)
	}
}

// v2RandomType returns a random type made of what jgen's v2 rules
// implement (no json.RawMessage or time.Duration; its structs embed
// others under v2EmbedRands) beside types with MarshalJSON and
// MarshalText methods, so that the differential run reaches the
// implemented rules.
func v2RandomType(rv *randomValues, depth int) reflect.Type {
	r := rv.r
	scalars := []reflect.Type{
		reflect.TypeFor[bool](), reflect.TypeFor[int](), reflect.TypeFor[int8](), reflect.TypeFor[int64](),
		reflect.TypeFor[uint](), reflect.TypeFor[uint16](), reflect.TypeFor[uintptr](),
		reflect.TypeFor[float32](), reflect.TypeFor[float64](), reflect.TypeFor[string](), reflect.TypeFor[string](),
		reflect.TypeFor[[]byte](), reflect.TypeFor[time.Time](), reflect.TypeFor[any](),
		reflect.TypeFor[ptrMarshaler](), reflect.TypeFor[valueText](),
		reflect.TypeFor[ptrText](), reflect.TypeFor[[4]byte](), reflect.TypeFor[json.Number](),
	}
	if depth <= 0 || r.IntN(3) == 0 {
		return scalars[r.IntN(len(scalars))]
	}
	switch r.IntN(7) {
	case 0:
		return reflect.PointerTo(v2RandomType(rv, depth-1))
	case 1:
		return reflect.SliceOf(v2RandomType(rv, depth-1))
	case 2:
		return reflect.ArrayOf(r.IntN(3), v2RandomType(rv, depth-1))
	case 3:
		return reflect.MapOf(reflect.TypeFor[string](), v2RandomType(rv, depth-1))
	case 4:
		keys := []reflect.Type{reflect.TypeFor[int16](), reflect.TypeFor[uint8](), reflect.TypeFor[float64](),
			reflect.TypeFor[int](), reflect.TypeFor[int64](), reflect.TypeFor[uint32](),
			reflect.TypeFor[valueText](), reflect.TypeFor[ptrText](), reflect.TypeFor[v2KeyPtrText](),
			reflect.TypeFor[*int](), reflect.TypeFor[*string](), reflect.TypeFor[any](), reflect.TypeFor[v2KeyTo]()}
		return reflect.MapOf(keys[r.IntN(len(keys))], v2RandomType(rv, depth-1))
	}
	return v2RandomStruct(rv, depth-1)
}

func v2RandomStruct(rv *randomValues, depth int) reflect.Type {
	r := rv.r
	var fields []reflect.StructField
	for i := range r.IntN(6) {
		ft := v2RandomType(rv, depth)
		f := reflect.StructField{Name: fmt.Sprintf("F%d", i), Type: ft}
		name := ""
		if r.IntN(2) == 0 {
			name = tagNames[r.IntN(len(tagNames))]
		}
		var opts []string
		for _, o := range []string{"omitempty", "omitzero", "string", "case:ignore"} {
			// string only on numbers, where jgen implements it (v2
			// refuses it elsewhere; the hand-written values hold that).
			numeric := ft.Kind() >= reflect.Int && ft.Kind() <= reflect.Float64 || ft == reflect.TypeFor[json.Number]()
			if o == "string" && !numeric {
				continue
			}
			if r.IntN(4) == 0 {
				opts = append(opts, o)
			}
		}
		if v2FormatRands[rv] && r.IntN(3) == 0 {
			if r.IntN(4) == 0 {
				durations := []reflect.Type{reflect.TypeFor[time.Duration](), reflect.TypeFor[*time.Duration](), reflect.TypeFor[*time.Time]()}
				ft = durations[r.IntN(len(durations))]
				f.Type = ft
			}
			opts = append(opts, "format:"+v2RandomFormat(rv, ft))
		}
		switch r.IntN(12) {
		case 0:
			f.Tag = `json:"-"`
		default:
			if name != "" || len(opts) > 0 {
				f.Tag = reflect.StructTag(fmt.Sprintf(`json:%q`, name+","+strings.Join(opts, ",")))
			}
		}
		fields = append(fields, f)
	}
	if v2EmbedRands[rv] && depth > 0 && r.IntN(2) == 0 {
		used := map[string]bool{}
		for range r.IntN(3) + 1 {
			fields = append(fields, v2RandomEmbedded(rv, len(fields), depth-1, used))
		}
	}
	return reflect.StructOf(fields)
}

// v2EmbedRands are the randomValues whose v2RandomStruct structs embed
// others (v2RandomEmbedded); v2FormatRands those whose fields have
// format tag options now and then (v2RandomFormat).
var v2EmbedRands, v2FormatRands = map[*randomValues]bool{}, map[*randomValues]bool{}

// v2RandomFormat returns a format for a field of type t: mostly one
// encoding/json/v2 takes on t (behind pointers too), else any.
func v2RandomFormat(rv *randomValues, t reflect.Type) string {
	r := rv.r
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	var valid []string
	switch {
	case t == reflect.TypeFor[time.Time]():
		valid = []string{"RFC3339", "RFC3339Nano", "DateOnly", "Kitchen", "StampMicro", "unix", "unixmilli", "unixmicro", "unixnano", "'2006-01-02 15h'"}
	case t == reflect.TypeFor[time.Duration]():
		valid = []string{"sec", "milli", "micro", "nano", "units", "iso8601"}
	case t.Kind() == reflect.Float32 || t.Kind() == reflect.Float64:
		valid = []string{"nonfinite"}
	case (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) && t.Elem() == reflect.TypeFor[byte]():
		valid = []string{"base64", "base64url", "base32", "base32hex", "hex", "array"}
	case t.Kind() == reflect.Slice || t.Kind() == reflect.Map:
		valid = []string{"emitnull", "emitempty"}
	}
	if len(valid) == 0 || r.IntN(8) == 0 {
		valid = []string{"unix", "sec", "nonfinite", "hex", "emitnull", "Bogus"}
	}
	return valid[r.IntN(len(valid))]
}

// v2RandomEmbedded returns a field n of a random struct that embeds a
// struct: Go embedding or the embed option, of a random struct (whose
// field names F0... meet those of the outer one at other depths) or a
// named one, by value or by pointer; now and then with a JSON name or an
// option v2 refuses there, or an embedded fallback (a map or
// jsontext.Value, by value or by pointer). used holds the names of the struct's embedded
// fields, which reflect.StructOf takes from their types.
func v2RandomEmbedded(rv *randomValues, n, depth int, used map[string]bool) reflect.StructField {
	r := rv.r
	named := []reflect.Type{reflect.TypeFor[V2eMeta](), reflect.TypeFor[V2eL3](), reflect.TypeFor[V2ePtrPage](), reflect.TypeFor[V2eOmit]()}
	var et reflect.Type
	if r.IntN(3) == 0 {
		et = named[r.IntN(len(named))]
	} else {
		et = v2RandomStruct(rv, depth)
	}
	if r.IntN(2) == 0 {
		et = reflect.PointerTo(et)
	}
	f := reflect.StructField{Name: fmt.Sprintf("E%d", n), Type: et}
	switch r.IntN(10) {
	case 0:
		f.Tag = `json:",embed"`
	case 3:
		// An embedded fallback, empty in one value of three.
		f.Type = reflect.MapOf(reflect.TypeFor[string](), v2RandomType(rv, depth))
		if embedValueType != nil && r.IntN(3) == 0 {
			f.Type = embedValueType
		}
		if r.IntN(3) == 0 {
			f.Type = reflect.PointerTo(f.Type)
		}
		f.Tag = `json:",embed"`
		return f
	case 1:
		f.Tag = `json:"F1"`
		f.Anonymous = true
	case 2:
		f.Tag = `json:",omitempty"`
		f.Anonymous = true
	default:
		f.Anonymous = true
	}
	if f.Anonymous && et.Name() == "" && (et.Kind() != reflect.Pointer || et.Elem().Name() == "") {
		// Go embeds only named types.
		f.Anonymous = false
		f.Tag = `json:",embed"`
	}
	if f.Anonymous {
		t := et
		if t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		f.Name = t.Name()
		if used[f.Name] {
			f.Anonymous = false
			f.Name = fmt.Sprintf("E%d", n)
			f.Tag = `json:",embed"`
		}
		used[f.Name] = true
	}
	return f
}

// TestWriteValueV2RandomEmbedded is TestWriteValueV2RandomImplemented
// over random structs with embedded structs (v2RandomEmbedded). Most of
// the values jgen declines are those encoding/json/v2 refuses too (the
// random tags' trailing commas, two names in one struct, options on an
// embedded struct); of the ones v2 encodes, it requires jgen to encode
// at least 80% (the rest: ptrMarshaler output with escapes, map keys made
// one by AllowInvalidUTF8).
func TestWriteValueV2RandomEmbedded(t *testing.T) {
	rv := &randomValues{r: newRand(2222)}
	v2EmbedRands[rv] = true
	defer delete(v2EmbedRands, rv)
	n := 1500
	if testing.Short() {
		n = 400
	}
	cases := v2OptionCases()
	tallies := make([]v2Tally, len(cases))
	missed := make([]int, len(cases)) // declined where v2 encodes
	for i := range n {
		typ := v2RandomStruct(rv, 3)
		v := reflect.New(typ)
		rv.fill(v.Elem(), 4)
		name := fmt.Sprintf("type %d %v", i, typ)
		for j, c := range cases {
			for _, x := range []any{v.Interface(), v.Elem().Interface()} {
				d := tallies[j].declined
				compareV2(t, name, c, x, &tallies[j])
				if tallies[j].declined > d {
					if _, err := jsonv2.Marshal(x, append(c.std, jsonv2.Deterministic(true))...); err == nil {
						missed[j]++
					}
				}
			}
		}
		if t.Failed() {
			break
		}
	}
	for j, c := range cases {
		n := tallies[j]
		t.Logf("%s: %d same, %d errors in both, %d declined (%d that v2 encodes)", c.name, n.same, n.bothErr, n.declined, missed[j])
		if missed[j]*4 > n.same {
			t.Errorf("%s: jgen encoded %d values, declined %d that v2 encodes", c.name, n.same, missed[j])
		}
	}
}

// TestWriteValueV2RandomImplemented is TestWriteValueV2RandomTypes over
// v2RandomStruct's types, and requires most values to be encoded by jgen.
func TestWriteValueV2RandomImplemented(t *testing.T) {
	rv := &randomValues{r: newRand(2022)}
	n := 1500
	if testing.Short() {
		n = 400
	}
	cases := v2OptionCases()
	tallies := make([]v2Tally, len(cases))
	for i := range n {
		typ := v2RandomStruct(rv, 3)
		v := reflect.New(typ)
		rv.fill(v.Elem(), 4)
		name := fmt.Sprintf("type %d %v", i, typ)
		for j, c := range cases {
			compareV2(t, name, c, v.Interface(), &tallies[j])
			compareV2(t, name+" (by value)", c, v.Elem().Interface(), &tallies[j])
		}
		if t.Failed() {
			break
		}
	}
	for j, c := range cases {
		n := tallies[j]
		t.Logf("%s: %d same, %d errors in both, %d declined", c.name, n.same, n.bothErr, n.declined)
		// About 42% same and 4% errors in both at 1500 types: the rest
		// hold a ptrMarshaler whose output has escapes, or a time
		// appendTime declines.
		if n.same < n.declined/2 {
			t.Errorf("%s: jgen encoded only %d values, declined %d", c.name, n.same, n.declined)
		}
	}
}

// TestWriteValueV2RandomFormat is TestWriteValueV2RandomImplemented over
// structs whose fields have format tag options now and then, with the
// format tag enabled (v2FormatCases) and without it (v2 then refuses
// every struct with a format, and jgen declines it).
func TestWriteValueV2RandomFormat(t *testing.T) {
	rv := &randomValues{r: newRand(2024)}
	v2FormatRands[rv] = true
	n := 1000
	if testing.Short() {
		n = 300
	}
	cases := append(v2FormatCases(), v2OptionCases()[0])
	tallies := make([]v2Tally, len(cases))
	for i := range n {
		typ := v2RandomStruct(rv, 3)
		v := reflect.New(typ)
		rv.fill(v.Elem(), 4)
		name := fmt.Sprintf("type %d %v", i, typ)
		for j, c := range cases {
			compareV2(t, name, c, v.Interface(), &tallies[j])
			compareV2(t, name+" (by value)", c, v.Elem().Interface(), &tallies[j])
		}
		if t.Failed() {
			break
		}
	}
	for j, c := range cases {
		n := tallies[j]
		t.Logf("%s: %d same, %d errors in both, %d declined", c.name, n.same, n.bothErr, n.declined)
		if strings.HasSuffix(c.name, "+format") && n.same < n.declined/2 {
			t.Errorf("%s: jgen encoded only %d values, declined %d", c.name, n.same, n.declined)
		}
	}
}

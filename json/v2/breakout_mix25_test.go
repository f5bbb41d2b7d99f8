//go:build goexperiment.jsonv2 && go1.27

package json

import (
	"bytes"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// mixSame checks that Marshal, MarshalWrite and MarshalEncode (an
// encoder made with opts, and opts given to the call) give
// encoding/json/v2's bytes and error text for v under opts.
func mixSame(t *testing.T, what string, v any, opts ...Options) {
	t.Helper()
	got, gerr := Marshal(v, opts...)
	want, werr := jsonv2.Marshal(v, opts...)
	for range 4 {
		// Entries of one name (or a failure depending on which entry
		// comes first) are in the map's order in encoding/json/v2, which
		// varies: such a value has no one result to compare.
		w, e := jsonv2.Marshal(v, opts...)
		if !bytes.Equal(w, want) || fmt.Sprint(e) != fmt.Sprint(werr) {
			return
		}
	}
	if !bytes.Equal(got, want) || fmt.Sprint(gerr) != fmt.Sprint(werr) {
		t.Errorf("%s: Marshal %T:\n got %q %v\nwant %q %v", what, v, got, gerr, want, werr)
	}
	var gb, wb bytes.Buffer
	gerr = MarshalWrite(&gb, v, opts...)
	werr = jsonv2.MarshalWrite(&wb, v, opts...)
	if !bytes.Equal(gb.Bytes(), wb.Bytes()) || fmt.Sprint(gerr) != fmt.Sprint(werr) {
		t.Errorf("%s: MarshalWrite %T:\n got %q %v\nwant %q %v", what, v, gb.Bytes(), gerr, wb.Bytes(), werr)
	}
	gb.Reset()
	wb.Reset()
	gerr = MarshalEncode(jsontext.NewEncoder(&gb, opts...), v)
	werr = jsonv2.MarshalEncode(jsontext.NewEncoder(&wb, opts...), v)
	if !bytes.Equal(gb.Bytes(), wb.Bytes()) || fmt.Sprint(gerr) != fmt.Sprint(werr) {
		t.Errorf("%s: MarshalEncode %T:\n got %q %v\nwant %q %v", what, v, gb.Bytes(), gerr, wb.Bytes(), werr)
	}
	// Inside an array of an encoder, so that the value is not the root.
	gb.Reset()
	wb.Reset()
	ge, we := jsontext.NewEncoder(&gb, opts...), jsontext.NewEncoder(&wb, opts...)
	ge.WriteToken(jsontext.BeginArray)
	we.WriteToken(jsontext.BeginArray)
	gerr = MarshalEncode(ge, v)
	werr = jsonv2.MarshalEncode(we, v)
	ge.WriteToken(jsontext.EndArray)
	we.WriteToken(jsontext.EndArray)
	if !bytes.Equal(gb.Bytes(), wb.Bytes()) || fmt.Sprint(gerr) != fmt.Sprint(werr) {
		t.Errorf("%s: MarshalEncode in array %T:\n got %q %v\nwant %q %v", what, v, gb.Bytes(), gerr, wb.Bytes(), werr)
	}
}

// mixZ has IsZero; a function on it writes it.
type mixZ struct{ N int }

func (z mixZ) IsZero() bool { return z.N == 3 }

// mixPZ has IsZero on its pointer.
type mixPZ struct{ N int }

func (z *mixPZ) IsZero() bool { return z != nil && z.N == 5 }

type mixZHolder struct {
	A mixZ   `json:"a,omitzero"`
	B *mixZ  `json:"b,omitzero"`
	C mixPZ  `json:"c,omitzero"`
	D *mixPZ `json:"d,omitzero"`
	E mixZ   `json:"e,omitempty"`
	F mixZ
	G []mixZ `json:"g,omitzero"`
}

// TestMixFuncsIsZeroOmitzero: marshal functions on types with IsZero
// under omitzero and omitempty (the function's output empty or not).
func TestMixFuncsIsZeroOmitzero(t *testing.T) {
	fns := map[string]*Marshalers{
		"value":      MarshalFunc(func(z mixZ) ([]byte, error) { return []byte(strconv.Itoa(z.N)), nil }),
		"ptr":        MarshalFunc(func(z *mixZ) ([]byte, error) { return []byte(`{}`), nil }),
		"empty":      MarshalFunc(func(z mixZ) ([]byte, error) { return []byte(`""`), nil }),
		"null":       MarshalFunc(func(z mixZ) ([]byte, error) { return []byte(`null`), nil }),
		"pz":         MarshalFunc(func(z mixPZ) ([]byte, error) { return []byte(`[]`), nil }),
		"pzptr":      MarshalFunc(func(z *mixPZ) ([]byte, error) { return []byte(`"p"`), nil }),
		"to":         MarshalToFunc(func(e *jsontext.Encoder, z mixZ) error { return e.WriteToken(jsontext.Int(int64(z.N))) }),
		"to unsupp":  MarshalToFunc(func(e *jsontext.Encoder, z mixZ) error { return errors.ErrUnsupported }),
		"iface":      MarshalFunc(func(z interface{ IsZero() bool }) ([]byte, error) { return []byte(`"iz"`), nil }),
		"join":       JoinMarshalers(MarshalFunc(func(z *mixPZ) ([]byte, error) { return []byte(`1`), nil }), MarshalFunc(func(z mixZ) ([]byte, error) { return []byte(`2`), nil })),
		"fails":      MarshalFunc(func(z mixZ) ([]byte, error) { return nil, errors.New("boom") }),
		"unsupp":     MarshalFunc(func(z mixZ) ([]byte, error) { return nil, errors.ErrUnsupported }),
		"bad output": MarshalFunc(func(z mixZ) ([]byte, error) { return []byte(`[1,`), nil }),
	}
	vals := []any{
		mixZHolder{},
		mixZHolder{A: mixZ{3}, B: &mixZ{3}, C: mixPZ{5}, D: &mixPZ{5}, E: mixZ{3}, F: mixZ{3}, G: []mixZ{}},
		mixZHolder{A: mixZ{1}, B: &mixZ{0}, C: mixPZ{0}, D: &mixPZ{1}, G: []mixZ{{3}}},
		&mixZHolder{D: &mixPZ{5}},
		[]any{mixZ{3}, &mixPZ{5}, nil},
	}
	for name, ms := range fns {
		for _, extra := range [][]Options{nil, {OmitZeroStructFields(true)}, {StringifyNumbers(true)}, {jsontext.Multiline(true)}} {
			for i, v := range vals {
				opts := append([]Options{WithMarshalers(ms)}, extra...)
				mixSame(t, fmt.Sprintf("%s %v value %d", name, extra, i), v, opts...)
			}
		}
	}
}

// mixKey is a pointer key type with text methods on its pointer.
type mixKey struct{ S string }

func (k *mixKey) MarshalText() ([]byte, error) { return []byte("t" + k.S), nil }

type mixIntKey int

// TestMixFuncsOnPointerKeys: marshal functions on map keys that are
// pointers, interfaces and types with methods.
func TestMixFuncsOnPointerKeys(t *testing.T) {
	a, b, c := &mixKey{"a"}, &mixKey{"b"}, &mixKey{"<é>"}
	i1, i2 := mixIntKey(1), mixIntKey(2)
	fns := map[string]*Marshalers{
		"ptr":       MarshalFunc(func(k *mixKey) ([]byte, error) { return strconv.AppendQuote(nil, "f"+k.S), nil }),
		"val":       MarshalFunc(func(k mixKey) ([]byte, error) { return strconv.AppendQuote(nil, "v"+k.S), nil }),
		"intptr":    MarshalFunc(func(k *mixIntKey) ([]byte, error) { return strconv.AppendQuote(nil, "i"+strconv.Itoa(int(*k))), nil }),
		"int":       MarshalFunc(func(k mixIntKey) ([]byte, error) { return strconv.AppendQuote(nil, "j"+strconv.Itoa(int(k))), nil }),
		"same name": MarshalFunc(func(k *mixKey) ([]byte, error) { return []byte(`"same"`), nil }),
		"number":    MarshalFunc(func(k *mixKey) ([]byte, error) { return []byte(`1`), nil }),
		"escaped":   MarshalFunc(func(k *mixKey) ([]byte, error) { return []byte(`"\u0041"`), nil }),
		"spaced":    MarshalFunc(func(k *mixKey) ([]byte, error) { return []byte(` "x` + k.S + `" `), nil }),
		"any":       MarshalFunc(func(k any) ([]byte, error) { return strconv.AppendQuote(nil, fmt.Sprintf("%T", k)), nil }),
		"stringer":  MarshalFunc(func(k fmt.Stringer) ([]byte, error) { return []byte(`"s"`), nil }),
		"textm": MarshalFunc(func(k interface{ MarshalText() ([]byte, error) }) ([]byte, error) {
			b, _ := k.MarshalText()
			return strconv.AppendQuote(nil, "m"+string(b)), nil
		}),
		"to":    MarshalToFunc(func(e *jsontext.Encoder, k *mixKey) error { return e.WriteToken(jsontext.String("to" + k.S)) }),
		"fails": MarshalFunc(func(k *mixKey) ([]byte, error) { return nil, errors.New("key fails") }),
		"nil":   MarshalFunc(func(k *mixKey) ([]byte, error) { return []byte(`"nil"`), nil }),
	}
	vals := []any{
		map[*mixKey]int{a: 1, b: 2, c: 3},
		map[*mixKey]int{nil: 0},
		map[*mixKey]int{a: 1, nil: 0},
		map[mixKey]int{{"x"}: 1, {"y"}: 2},
		map[*mixIntKey]string{&i1: "a", &i2: "b"},
		map[mixIntKey]string{1: "a", 2: "b"},
		map[any]int{"s": 1, 2: 2, a: 3},
		map[any]int{a: 3},
		map[fmt.Stringer]int{},
		struct {
			M map[*mixKey]mixIntKey `json:"m"`
		}{map[*mixKey]mixIntKey{a: 5}},
	}
	collide := map[string]bool{"same name": true, "nil": true, "escaped": true, "fails": true}
	for name, ms := range fns {
		for _, extra := range [][]Options{nil, {jsontext.AllowDuplicateNames(true)}, {jsontext.EscapeForHTML(true)}, {jsontext.WithIndent(" ")}} {
			for i, v := range vals {
				if collide[name] && (i == 0 || i == 2 || i == 3) {
					// Entries of one name, or a failure in whichever
					// entry v2 meets first: in v2's map order, which
					// varies.
					continue
				}
				opts := append([]Options{WithMarshalers(ms), Deterministic(true)}, extra...)
				mixSame(t, fmt.Sprintf("%s %v value %d", name, extra, i), v, opts...)
			}
		}
	}
}

// mixEsc's MarshalJSON output has escapes jsontext rewrites.
type mixEsc string

func (m mixEsc) MarshalJSON() ([]byte, error) { return []byte(m), nil }

// TestMixFuncsOnRawValues: functions on jsontext.Value and on types
// whose MarshalJSON output has escapes, functions returning escapes.
func TestMixFuncsOnRawValues(t *testing.T) {
	raws := []string{`"\u0041\/"`, `{"\u0061":"\ud83d\ude00","b":[ 1 ]}`, `"<&>\u2028"`, "\"\xff\"", `null`, `"\ud800"`, `{"a":1,"a":2}`, ``, `  `}
	fns := map[string]*Marshalers{
		"value": MarshalFunc(func(v jsontext.Value) ([]byte, error) {
			return append([]byte(`{"raw":`), append(v.Clone(), '}')...), nil
		}),
		"value id":  MarshalFunc(func(v jsontext.Value) ([]byte, error) { return v, nil }),
		"value to":  MarshalToFunc(func(e *jsontext.Encoder, v jsontext.Value) error { return e.WriteValue(v) }),
		"esc":       MarshalFunc(func(m mixEsc) ([]byte, error) { return []byte(`["\u00e9",` + string(m) + `]`), nil }),
		"esc ptr":   MarshalFunc(func(m *mixEsc) ([]byte, error) { return []byte(`"\/"`), nil }),
		"esc to":    MarshalToFunc(func(e *jsontext.Encoder, m mixEsc) error { return e.WriteValue(jsontext.Value(m)) }),
		"marshaler": MarshalFunc(func(m jsonv2.Marshaler) ([]byte, error) { return []byte(`"\u003cm\u003e"`), nil }),
		"unsupp":    MarshalFunc(func(m mixEsc) ([]byte, error) { return nil, errors.ErrUnsupported }),
		"to unsupp": MarshalToFunc(func(e *jsontext.Encoder, v jsontext.Value) error { return errors.ErrUnsupported }),
	}
	var vals []any
	for _, r := range raws {
		vals = append(vals, jsontext.Value(r), mixEsc(r), []any{jsontext.Value(r), mixEsc(r)}, map[string]mixEsc{"k": mixEsc(r)},
			struct {
				V jsontext.Value `json:"v,omitempty"`
				E *mixEsc        `json:"e,omitzero"`
			}{jsontext.Value(r), (*mixEsc)(&r)})
	}
	sets := [][]Options{nil, {jsontext.EscapeForHTML(true)}, {jsontext.EscapeForJS(true)}, {jsontext.AllowInvalidUTF8(true)},
		{jsontext.AllowDuplicateNames(true)}, {jsontext.Multiline(true), jsontext.SpaceAfterColon(false)}}
	for name, ms := range fns {
		for si, set := range sets {
			for i, v := range vals {
				opts := append([]Options{WithMarshalers(ms), Deterministic(true)}, set...)
				mixSame(t, fmt.Sprintf("%s set %d value %d (%q)", name, si, i, raws[i/5]), v, opts...)
			}
		}
	}
}

type mixField struct{ N int }

type mixEmbedRaw struct {
	A  mixField       `json:"a"`
	R  jsontext.Value `json:",embed"`
	B  *mixField      `json:"b,omitempty"`
	MM map[string]mixField
}

// mixEmbedPtr is marshaled through a pointer to it, its embedded value
// last.
type mixEmbedPtr struct {
	A mixField       `json:"a"`
	R jsontext.Value `json:",embed"`
}

// TestMixEmbeddedValueWithFuncs: embedded jsontext.Value members in
// structs whose field types have functions (v2 applies them; jgen
// declines an embedded fallback under Marshalers).
func TestMixEmbeddedValueWithFuncs(t *testing.T) {
	ms := MarshalFunc(func(f mixField) ([]byte, error) { return []byte(`"f` + strconv.Itoa(f.N) + `"`), nil })
	vms := JoinMarshalers(ms, MarshalFunc(func(v jsontext.Value) ([]byte, error) { return []byte(`{"x":1}`), nil }))
	raws := []string{``, `{}`, `{"z":1,"\u0041":[ 2 ]}`, `{"a":3}`, `[]`, `null`, ` { "q" : "<\ud800>" } `, "{\"\xff\":1}"}
	for _, r := range raws {
		vals := []any{
			mixEmbedRaw{A: mixField{1}, R: jsontext.Value(r), B: &mixField{2}, MM: map[string]mixField{"k": {3}}},
			&mixEmbedPtr{R: jsontext.Value(r)},
			[]mixEmbedRaw{{R: jsontext.Value(r)}},
		}
		for _, m := range []*Marshalers{nil, ms, vms} {
			for _, set := range [][]Options{nil, {jsontext.AllowDuplicateNames(true)}, {jsontext.AllowInvalidUTF8(true)}, {jsontext.WithIndent("  ")}, {jsontext.EscapeForHTML(true)}} {
				for i, v := range vals {
					opts := append([]Options{Deterministic(true)}, set...)
					if m != nil {
						opts = append(opts, WithMarshalers(m))
					}
					mixSame(t, fmt.Sprintf("raw %q value %d funcs %v set %v", r, i, m != nil, set), v, opts...)
				}
			}
		}
	}
}

// mixTK is a text-marshaling map key.
type mixTK int

func (k mixTK) MarshalText() ([]byte, error) { return []byte("k<" + strconv.Itoa(int(k)) + ">"), nil }

type mixFmt struct {
	T time.Time     `json:"t,format:unix"`
	D time.Duration `json:"d,format:units"`
	B []byte        `json:"b,format:base32"`
	S []int         `json:"s,format:emitnull"`
	P *time.Time    `json:"p,omitempty,format:Kitchen"`
	Q time.Duration `json:"q,string,format:nano"`
}

// TestMixFormatInMapValues: format fields in structs that are map values
// with text-marshaling keys, with and without the option, with funcs.
func TestMixFormatInMapValues(t *testing.T) {
	tm := time.Date(2020, 5, 6, 7, 8, 9, 123456789, time.UTC)
	v := map[mixTK]mixFmt{1: {T: tm, D: time.Hour + 3*time.Millisecond, B: []byte("hi"), P: &tm, Q: 5}, -2: {}, 30: {S: []int{}}}
	pv := map[mixTK]*mixFmt{1: {T: tm}, 2: nil}
	nested := map[string]map[mixTK][]mixFmt{"a": {3: {{D: -1}}}}
	fns := []*Marshalers{nil,
		MarshalFunc(func(t time.Time) ([]byte, error) { return []byte(`"T"`), nil }),
		MarshalFunc(func(k mixTK) ([]byte, error) { return []byte(`"key` + strconv.Itoa(int(k)) + `"`), nil }),
		MarshalFunc(func(d time.Duration) ([]byte, error) { return []byte(`0`), nil }),
	}
	for fi, m := range fns {
		for _, set := range [][]Options{{&experimentalFormatTag{v: true}}, nil, {&experimentalFormatTag{v: true}, StringifyNumbers(true)},
			{&experimentalFormatTag{v: true}, jsontext.Multiline(true)}, {&experimentalFormatTag{v: true}, OmitZeroStructFields(true), FormatNilSliceAsNull(true)}} {
			for i, x := range []any{v, pv, nested} {
				opts := append([]Options{Deterministic(true)}, set...)
				if m != nil {
					opts = append(opts, WithMarshalers(m))
				}
				mixSame(t, fmt.Sprintf("funcs %d set %v value %d", fi, set, i), x, opts...)
			}
		}
	}
}

// TestMixLayoutsRawEscapes: the layouts with raw values holding escapes,
// quotes, colons and commas inside strings.
func TestMixLayoutsRawEscapes(t *testing.T) {
	raws := []string{`{"a\"b:c,d":"\u0022,:\\","e":[1,{"f":"\/"}]}`, `["\\",":",","]`, `{"\u003a":"\u002c"}`, `"a\\"`, `{"":{}}`, `[[],{}]`}
	layouts := [][]Options{
		{jsontext.Multiline(true)}, {jsontext.WithIndent("  ")}, {jsontext.SpaceAfterColon(true)}, {jsontext.SpaceAfterComma(true)},
		{jsontext.Multiline(true), jsontext.SpaceAfterColon(false), jsontext.SpaceAfterComma(true)},
		{jsontext.WithIndentPrefix(" \t"), jsontext.WithIndent("\t")}, {jsontext.WithIndentPrefix("  "), jsontext.Multiline(false), jsontext.SpaceAfterColon(true)},
		{jsontext.WithIndent(" "), jsontext.Multiline(false)},
	}
	for _, r := range raws {
		vals := []any{jsontext.Value(r), mixEsc(r), map[string]any{"x:y": jsontext.Value(r), "z,\"": mixEsc(r)},
			mixEmbedRaw{R: jsontext.Value(`{"k\"":` + r + `}`)}}
		for _, l := range layouts {
			for i, v := range vals {
				mixSame(t, fmt.Sprintf("raw %q layout %v value %d", r, l, i), v, append([]Options{Deterministic(true)}, l...)...)
			}
		}
	}
}

// TestMixInvalidUTF8Names: AllowInvalidUTF8 with raw values holding
// invalid UTF-8 in member names (raw, embedded, MarshalJSON, funcs).
func TestMixInvalidUTF8Names(t *testing.T) {
	raws := []string{"{\"\xff\":1}", "{\"a\xffb\":1,\"a\xfeb\":2}", "{\"\xed\xa0\x80\":[\"\xc0\"]}", "{\"\xff\":1,\"\ufffd\":2}", "{\"\\ud800\":1}", "[\"\xf4\x90\x80\x80\"]"}
	for _, r := range raws {
		vals := []any{jsontext.Value(r), mixEsc(r), map[string]jsontext.Value{"\xff": jsontext.Value(r)}, mixEmbedRaw{R: jsontext.Value(r)},
			map[string]int{"\xff": 1, "\ufffd": 2}}
		ms := MarshalFunc(func(f mixField) ([]byte, error) { return []byte(r), nil })
		for _, set := range [][]Options{nil, {jsontext.AllowInvalidUTF8(true)}, {jsontext.AllowInvalidUTF8(true), jsontext.AllowDuplicateNames(true)},
			{jsontext.AllowInvalidUTF8(true), jsontext.EscapeForHTML(true)}, {jsontext.AllowInvalidUTF8(true), jsontext.Multiline(true)}} {
			for i, v := range append(vals, mixField{}) {
				mixSame(t, fmt.Sprintf("raw %q set %v value %d", r, set, i), v, append([]Options{Deterministic(true), WithMarshalers(ms)}, set...)...)
			}
		}
	}
}

// TestMixEscapeForHTMLRaw: EscapeForHTML and EscapeForJS with raw values
// and function output.
func TestMixEscapeForHTMLRaw(t *testing.T) {
	raws := []string{`"<a>&"`, `{"<":"\u003e"}`, "\"\u2028\u2029\"", `"\u2028"`, `["&amp;"]`, `{"a":"\u0026"}`}
	for _, r := range raws {
		ms := MarshalFunc(func(f mixField) ([]byte, error) { return []byte(r), nil })
		to := MarshalToFunc(func(e *jsontext.Encoder, f mixField) error { return e.WriteValue(jsontext.Value(r)) })
		vals := []any{jsontext.Value(r), mixEsc(r), mixField{}, []any{mixField{}, "<&>"}, mixEmbedRaw{R: jsontext.Value(`{"h":` + r + `}`)}}
		for _, m := range []*Marshalers{ms, to} {
			for _, set := range [][]Options{{jsontext.EscapeForHTML(true)}, {jsontext.EscapeForJS(true)}, {jsontext.EscapeForHTML(true), jsontext.EscapeForJS(true)}, {jsontext.EscapeForHTML(true), jsontext.EscapeForHTML(false)}} {
				for i, v := range vals {
					mixSame(t, fmt.Sprintf("raw %q set %v value %d", r, set, i), v, append([]Options{Deterministic(true), WithMarshalers(m)}, set...)...)
				}
			}
		}
	}
}

// TestMixMaxDepthRaw: raw values nested to jsontext's limit (10000)
// and past it, at the root and inside containers, through funcs.
func TestMixMaxDepthRaw(t *testing.T) {
	for _, n := range []int{9998, 9999, 10000, 10001} {
		arr := jsontext.Value(strings.Repeat("[", n) + strings.Repeat("]", n))
		obj := jsontext.Value(strings.Repeat(`{"a":`, n) + "1" + strings.Repeat("}", n))
		for _, r := range []jsontext.Value{arr, obj} {
			ms := MarshalFunc(func(f mixField) ([]byte, error) { return r, nil })
			vals := []any{r, mixEsc(r), []any{r}, map[string]any{"k": mixEsc(r)}, mixField{}, []mixField{{}}, mixEmbedRaw{R: jsontext.Value(`{"x":` + string(r) + `}`)}}
			for i, v := range vals {
				mixSame(t, fmt.Sprintf("depth %d %c value %d", n, r[0], i), v, WithMarshalers(ms))
			}
		}
	}
}

// TestMixMarshalersConcurrent: one *Marshalers used by goroutines with
// different options at once (run with -race).
func TestMixMarshalersConcurrent(t *testing.T) {
	ms := JoinMarshalers(
		MarshalFunc(func(z mixZ) ([]byte, error) { return []byte(`"<z` + strconv.Itoa(z.N) + `>"`), nil }),
		MarshalFunc(func(k *mixKey) ([]byte, error) { return strconv.AppendQuote(nil, k.S), nil }),
		MarshalToFunc(func(e *jsontext.Encoder, f mixField) error { return e.WriteToken(jsontext.Int(int64(f.N))) }),
	)
	v := map[string]any{"h": mixZHolder{A: mixZ{1}, G: []mixZ{{3}, {4}}}, "k": map[*mixKey]mixField{{"b"}: {2}}, "e": mixEmbedRaw{A: mixField{7}}}
	sets := [][]Options{nil, {StringifyNumbers(true)}, {OmitZeroStructFields(true)}, {jsontext.EscapeForHTML(true)}, {jsontext.Multiline(true)},
		{jsontext.SpaceAfterComma(true)}, {FormatNilSliceAsNull(true), jsontext.AllowDuplicateNames(true)}, {jsontext.WithIndent("  "), jsontext.WithIndentPrefix("\t")}}
	want := make([][]byte, len(sets))
	for i, s := range sets {
		var err error
		want[i], err = jsonv2.Marshal(v, append([]Options{WithMarshalers(ms), Deterministic(true)}, s...)...)
		if err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	errs := make(chan string, 64)
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(g), 1))
			for range 200 {
				i := r.IntN(len(sets))
				got, err := Marshal(v, append([]Options{WithMarshalers(ms), Deterministic(true)}, sets[i]...)...)
				if err != nil || !bytes.Equal(got, want[i]) {
					select {
					case errs <- fmt.Sprintf("set %d: got %q %v\nwant %q", i, got, err, want[i]):
					default:
					}
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

type mixRT struct {
	A mixField `json:"a"`
	B string   `json:"b"`
}

// TestMixDropInMarshalersElsewhere: a *Marshalers made by the drop-in
// works with encoding/json/v2 directly, joined by encoding/json/v2's
// JoinMarshalers, and for Unmarshal (where it is ignored).
func TestMixDropInMarshalersElsewhere(t *testing.T) {
	ms := MarshalFunc(func(f mixField) ([]byte, error) { return []byte(`"f` + strconv.Itoa(f.N) + `"`), nil })
	v := mixRT{mixField{4}, "x"}
	got, err := jsonv2.Marshal(v, WithMarshalers(ms))
	if string(got) != `{"a":"f4","b":"x"}` || err != nil {
		t.Errorf("encoding/json/v2 with the drop-in's list: %q %v", got, err)
	}
	std := jsonv2.JoinMarshalers(ms, jsonv2.MarshalFunc(func(s string) ([]byte, error) { return []byte(`"S"`), nil }))
	mixSame(t, "std join of drop-in list", v, WithMarshalers(std))
	mine := JoinMarshalers(jsonv2.MarshalFunc(func(s string) ([]byte, error) { return []byte(`"S"`), nil }), ms)
	mixSame(t, "drop-in join of std list", v, WithMarshalers(mine))
	var out struct {
		A string `json:"a"`
		B string `json:"b"`
	}
	if err := Unmarshal([]byte(`{"a":"1","b":"2"}`), &out, WithMarshalers(ms)); err != nil || out.A != "1" || out.B != "2" {
		t.Errorf("Unmarshal with the list: %+v %v", out, err)
	}
	if err := jsonv2.Unmarshal([]byte(`{"a":"1","b":"2"}`), &out, WithMarshalers(ms), WithUnmarshalers(UnmarshalFunc(func(b []byte, s *string) error {
		*s = "u"
		return nil
	}))); err != nil || out.A != "u" {
		t.Errorf("encoding/json/v2's Unmarshal with the list: %+v %v", out, err)
	}
	// The drop-in list given to a jsontext.Encoder's options.
	var b1, b2 bytes.Buffer
	e1, e2 := jsontext.NewEncoder(&b1, WithMarshalers(ms)), jsontext.NewEncoder(&b2, WithMarshalers(ms))
	err1, err2 := MarshalEncode(e1, v), jsonv2.MarshalEncode(e2, v)
	if b1.String() != b2.String() || fmt.Sprint(err1) != fmt.Sprint(err2) {
		t.Errorf("encoder options: got %q %v want %q %v", b1.String(), err1, b2.String(), err2)
	}
}

// TestMixFuncsRecursive: functions that call Marshal (the drop-in's and
// encoding/json/v2's) with the same list, recursively.
func TestMixFuncsRecursive(t *testing.T) {
	type node struct {
		N    int
		Kids []*node
	}
	var ms *Marshalers
	ms = JoinMarshalers(
		MarshalFunc(func(n *node) ([]byte, error) {
			kids, err := Marshal(n.Kids, WithMarshalers(ms))
			if err != nil {
				return nil, err
			}
			return []byte(`{"n":` + strconv.Itoa(n.N) + `,"k":` + string(kids) + `}`), nil
		}),
		MarshalFunc(func(f mixField) ([]byte, error) {
			return jsonv2.Marshal(map[string]any{"f": f.N, "z": mixZ{f.N}}, WithMarshalers(ms), Deterministic(true))
		}),
		MarshalFunc(func(z mixZ) ([]byte, error) {
			if z.N > 3 {
				return nil, errors.New("too big")
			}
			return Marshal(z.N, StringifyNumbers(true))
		}),
	)
	tree := &node{1, []*node{{2, nil}, {3, []*node{{4, nil}}}}}
	for _, v := range []any{tree, []any{mixField{1}, mixField{5}}, mixField{2}, map[string]*node{"t": tree}, []mixField{{4}}} {
		for _, set := range [][]Options{nil, {jsontext.Multiline(true)}, {jsontext.EscapeForHTML(true)}} {
			mixSame(t, fmt.Sprintf("%v", set), v, append([]Options{WithMarshalers(ms), Deterministic(true)}, set...)...)
		}
	}
}

type mixIface interface{ M() }

type mixImpl struct{ X int }

func (mixImpl) M() {}

type mixPImpl struct{ X int }

func (*mixPImpl) M() {}

// TestMixFuncsOnNilInterfaces: functions on interface types whose values
// are nil, nil pointers inside interfaces, and nil any.
func TestMixFuncsOnNilInterfaces(t *testing.T) {
	fns := map[string]*Marshalers{
		"iface": MarshalFunc(func(v mixIface) ([]byte, error) { return []byte(fmt.Sprintf("%q", fmt.Sprintf("%T", v))), nil }),
		"any":   MarshalFunc(func(v any) ([]byte, error) { return []byte(fmt.Sprintf("%q", fmt.Sprintf("%T", v))), nil }),
		"iface to": MarshalToFunc(func(e *jsontext.Encoder, v mixIface) error {
			return e.WriteToken(jsontext.String(fmt.Sprintf("%T", v)))
		}),
		"ptr":   MarshalFunc(func(v *mixPImpl) ([]byte, error) { return []byte(fmt.Sprintf(`"%v"`, v == nil)), nil }),
		"error": MarshalFunc(func(v error) ([]byte, error) { return []byte(`"err"`), nil }),
	}
	var nilP *mixPImpl
	vals := []any{
		struct {
			I mixIface
			J mixIface `json:",omitzero"`
			K mixIface `json:",omitempty"`
			A any
			E error
		}{},
		struct{ I, J mixIface }{nilP, mixImpl{}},
		[]mixIface{nil, nilP, &mixPImpl{1}, mixImpl{2}},
		map[string]mixIface{"a": nil, "b": nilP},
		[]any{nil, nilP, (*mixImpl)(nil)},
		nilP, nil, (*mixIface)(nil), new(mixIface),
		map[mixIface]int{mixImpl{1}: 1},
	}
	for name, ms := range fns {
		for i, v := range vals {
			mixSame(t, fmt.Sprintf("%s value %d", name, i), v, WithMarshalers(ms), Deterministic(true))
			mixSame(t, fmt.Sprintf("%s value %d omitzero", name, i), v, WithMarshalers(ms), Deterministic(true), OmitZeroStructFields(true))
		}
	}
}

type mixDeep struct{}

// TestMixMaxDepthFuncsNested: function output (MarshalFunc's, and
// MarshalToFunc's written with WriteValue) nested inside Go slices, the
// two together at jsontext's limit of 10000 levels and one past it.
func TestMixMaxDepthFuncsNested(t *testing.T) {
	for _, d1 := range []int{1, 500, 999} {
		for _, total := range []int{9999, 10000, 10001} {
			d2 := total - d1
			raw := []byte(strings.Repeat("[", d2) + strings.Repeat("]", d2))
			f := MarshalFunc(func(mixDeep) ([]byte, error) { return raw, nil })
			to := MarshalToFunc(func(e *jsontext.Encoder, _ mixDeep) error { return e.WriteValue(raw) })
			var v any = mixDeep{}
			for range d1 {
				v = []any{v}
			}
			for _, ms := range []*Marshalers{f, to} {
				mixSame(t, fmt.Sprintf("slices %d, total %d", d1, total), v, WithMarshalers(ms))
			}
		}
	}
}

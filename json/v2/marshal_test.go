//go:build goexperiment.jsonv2 && go1.27

package json

import (
	"bytes"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"fmt"
	"math"
	"reflect"
	"testing"
	"time"
)

type methodText struct{ S string }

func (m methodText) MarshalText() ([]byte, error) { return []byte("t:" + m.S), nil }

type methodJSON struct{}

func (methodJSON) MarshalJSON() ([]byte, error) { return []byte(`{"b":1,"a":2}`), nil }

type embedded struct{ X int }

// fallbackMap has an embedded fallback, which jgen declines where a key
// is a member's name.
type fallbackMap struct {
	A int
	M map[string]int `json:",embed"`
}

type escapedJSON struct{}

func (escapedJSON) MarshalJSON() ([]byte, error) { return []byte(`"\u0041"`), nil }

type dupJSON struct{}

func (dupJSON) MarshalJSON() ([]byte, error) { return []byte(`[{"a":1, "b":{"a":2}, "a":3}]`), nil }

type methodTo struct{}

func (methodTo) MarshalJSONTo(enc *jsontext.Encoder) error {
	return enc.WriteToken(jsontext.String("to"))
}

// methodToTwo writes two values, which v2 refuses.
type methodToTwo struct{}

func (methodToTwo) MarshalJSONTo(enc *jsontext.Encoder) error {
	enc.WriteToken(jsontext.Int(1))
	return enc.WriteToken(jsontext.Int(2))
}

type record struct {
	ID    int               `json:"id"`
	Name  string            `json:"name,omitempty"`
	Tags  []string          `json:"tags"`
	Attrs map[string]any    `json:"attrs,omitzero"`
	Blob  [4]byte           `json:"blob"`
	When  time.Time         `json:"when"`
	Score float64           `json:"score,string"`
	Next  *record           `json:"next,omitempty"`
	Index map[int]string    `json:"index"`
	Flags map[string]bool   `json:"flags,omitempty"`
	Any   any               `json:"any"`
	M     map[string]record `json:"m,omitempty"`
}

var dropInValues = []any{
	nil, 1, "a<b>&\u2028", "bad\xff", math.NaN(), []int(nil), map[string]int(nil), []byte(nil),
	record{}, &record{ID: 1, Name: "n", Tags: []string{"x"}, Attrs: map[string]any{"k": []any{1.5, nil}},
		Blob: [4]byte{1, 2, 3, 4}, When: time.Date(2026, 12, 2, 14, 0, 0, 5, time.UTC), Score: 0.25,
		Next: &record{ID: 2}, Index: map[int]string{10: "a", 9: "b"}, Any: map[string]int{"z": 1, "y": 2}},
	methodText{"x"}, methodJSON{}, escapedJSON{}, dupJSON{}, methodTo{}, []any{methodTo{}, &methodText{"p"}},
	struct{ embedded }{embedded{1}}, struct{ *embedded }{}, fallbackMap{}, fallbackMap{1, map[string]int{"a": 1}}, fallbackMap{1, map[string]int{"A": 1}}, time.Second,
	struct{ C chan int }{}, map[string]int{"\xff": 1, "\xfe": 2},
}

var dropInOptions = [][]Options{
	nil,
	{FormatNilSliceAsNull(true), FormatNilMapAsNull(true)},
	{OmitZeroStructFields(true)},
	{StringifyNumbers(true)},
	{jsontext.AllowInvalidUTF8(true)},
	{jsontext.AllowInvalidUTF8(true), jsontext.AllowDuplicateNames(true)},
	{jsontext.EscapeForHTML(true), jsontext.EscapeForJS(true)},
	{jsontext.Multiline(true)},
	{jsontext.WithIndent("  ")},
	{jsontext.WithIndent("  "), jsontext.WithIndentPrefix("\t")},
	{jsontext.SpaceAfterColon(true), jsontext.SpaceAfterComma(true)},
	{jsonv2.WithMarshalers(MarshalFunc(func(float64) ([]byte, error) { return []byte(`"f"`), nil }))},
	{jsonv2.DefaultOptionsV2()},
}

// sameResult fails t unless the bytes and the error (type and text) are
// the same.
func sameResult(t *testing.T, what string, got []byte, gerr error, want []byte, werr error) {
	t.Helper()
	if !bytes.Equal(got, want) || reflect.TypeOf(gerr) != reflect.TypeOf(werr) || fmt.Sprint(gerr) != fmt.Sprint(werr) {
		t.Errorf("%s:\n got %q, %v\nwant %q, %v", what, got, gerr, want, werr)
	}
}

// TestMarshalDifferential compares Marshal and MarshalWrite with
// encoding/json/v2's under each option set (Deterministic added to both:
// encoding/json/v2's map order is random without it).
func TestMarshalDifferential(t *testing.T) {
	for i, opts := range dropInOptions {
		opts = append(opts[:len(opts):len(opts)], Deterministic(true))
		for j, v := range dropInValues {
			what := fmt.Sprintf("options %d, value %d (%T)", i, j, v)
			got, gerr := Marshal(v, opts...)
			want, werr := jsonv2.Marshal(v, opts...)
			sameResult(t, what, got, gerr, want, werr)
			var gw, ww bytes.Buffer
			gerr = MarshalWrite(&gw, v, opts...)
			werr = jsonv2.MarshalWrite(&ww, v, opts...)
			sameResult(t, what+" MarshalWrite", gw.Bytes(), gerr, ww.Bytes(), werr)
		}
	}
}

// TestMarshalSingleOption compares Marshal under one option, twice (the
// second time through the cached translation), with encoding/json/v2's:
// a value option (Deterministic) and a joined one (a pointer).
func TestMarshalSingleOption(t *testing.T) {
	for i, opt := range []Options{Deterministic(true), JoinOptions(Deterministic(true), jsontext.Multiline(true), StringifyNumbers(true))} {
		for range 2 {
			for j, v := range dropInValues {
				got, gerr := Marshal(v, opt)
				want, werr := jsonv2.Marshal(v, opt)
				sameResult(t, fmt.Sprintf("option %d, value %d (%T)", i, j, v), got, gerr, want, werr)
			}
		}
	}
}

// TestMarshalEncodeDifferential writes the values that encode into
// encoders of each layout, inside an array, as encoding/json/v2's
// MarshalEncode does (the encoders buffer, so the bytes are compared at
// the end of the array).
func TestMarshalEncodeDifferential(t *testing.T) {
	for i, eo := range [][]Options{nil, {jsontext.Multiline(true)}, {jsontext.WithIndent("  "), jsontext.EscapeForHTML(true)},
		{jsontext.WithIndent("  "), jsontext.WithIndentPrefix("\t")}, {jsontext.SpaceAfterColon(true), jsontext.SpaceAfterComma(true)},
		{jsontext.Multiline(true), jsontext.SpaceAfterColon(false), jsontext.SpaceAfterComma(true)}} {
		var gb, wb bytes.Buffer
		eo = append(eo, Deterministic(true))
		ge, we := jsontext.NewEncoder(&gb, eo...), jsontext.NewEncoder(&wb, eo...)
		_ = ge.WriteToken(jsontext.BeginArray)
		_ = we.WriteToken(jsontext.BeginArray)
		for j, v := range dropInValues {
			if _, err := jsonv2.Marshal(v, eo...); err != nil {
				continue
			}
			gerr := MarshalEncode(ge, v)
			werr := jsonv2.MarshalEncode(we, v)
			sameResult(t, fmt.Sprintf("encoder %d, value %d (%T)", i, j, v), nil, gerr, nil, werr)
		}
		_ = ge.WriteToken(jsontext.EndArray)
		_ = we.WriteToken(jsontext.EndArray)
		sameResult(t, fmt.Sprintf("encoder %d", i), gb.Bytes(), nil, wb.Bytes(), nil)
	}
}

// TestMarshalEncodeCallOptions: MarshalEncode with options of its own,
// joined over the encoder's for the call: marshal options are jgen's,
// jsontext's left to encoding/json/v2 (which refuses some changes of them
// mid-stream); the bytes, errors and the encoder's options after the call
// are encoding/json/v2's.
func TestMarshalEncodeCallOptions(t *testing.T) {
	intF := MarshalFunc(func(i int) ([]byte, error) { return []byte(`"int"`), nil })
	for i, c := range []struct {
		enc, call []Options
		jgen      int // 1: jgen encodes, 0: encoding/json/v2 does, -1: either
	}{
		{nil, []Options{Deterministic(true)}, 1},
		{[]Options{Deterministic(true)}, []Options{StringifyNumbers(true)}, 1},
		{[]Options{jsontext.Multiline(true)}, []Options{Deterministic(true), FormatNilSliceAsNull(true), FormatNilMapAsNull(true)}, 1},
		{[]Options{Deterministic(true), StringifyNumbers(true)}, []Options{StringifyNumbers(false)}, -1}, // an option set to false: see marshal.go
		{[]Options{Deterministic(true)}, []Options{OmitZeroStructFields(true), WithMarshalers(intF)}, 1},
		{[]Options{Deterministic(true)}, []Options{JoinOptions(Deterministic(true), StringifyNumbers(true))}, 1},
		{[]Options{Deterministic(true)}, []Options{jsontext.EscapeForHTML(true)}, 0},
		{[]Options{Deterministic(true)}, []Options{jsontext.Multiline(true)}, 0},
		{[]Options{Deterministic(true)}, []Options{jsontext.AllowDuplicateNames(true)}, 0},
		{[]Options{Deterministic(true)}, []Options{jsontext.WithIndent("  ")}, 0},
	} {
		var gb, wb bytes.Buffer
		ge, we := jsontext.NewEncoder(&gb, c.enc...), jsontext.NewEncoder(&wb, c.enc...)
		_ = ge.WriteToken(jsontext.BeginArray)
		_ = we.WriteToken(jsontext.BeginArray)
		fellAny, jgenAny := false, false
		for j, v := range dropInValues {
			if _, err := jsonv2.Marshal(v, append(append([]Options{}, c.enc...), c.call...)...); err != nil {
				continue
			}
			before := fallbacks.Load()
			gerr := MarshalEncode(ge, v, c.call...)
			if fallbacks.Load() != before {
				fellAny = true
			} else {
				jgenAny = true
			}
			werr := jsonv2.MarshalEncode(we, v, c.call...)
			sameResult(t, fmt.Sprintf("case %d, value %d (%T)", i, j, v), nil, gerr, nil, werr)
		}
		_ = ge.WriteToken(jsontext.EndArray)
		_ = we.WriteToken(jsontext.EndArray)
		sameResult(t, fmt.Sprintf("case %d", i), gb.Bytes(), nil, wb.Bytes(), nil)
		if c.jgen == 1 && !jgenAny || c.jgen == 0 && jgenAny {
			t.Errorf("case %d: jgen encoded some %v, all fell back %v; want %d", i, jgenAny, fellAny, c.jgen)
		}
	}
}

// TestMarshalFallback shows which values and options go to
// encoding/json/v2 whole, and that the others do not.
func TestMarshalFallback(t *testing.T) {
	for _, c := range []struct {
		v        any
		opts     []Options
		fallback bool
	}{
		{&record{ID: 1}, nil, false},
		{[]any{1, "x", map[string]any{"a": nil}}, []Options{jsontext.Multiline(true)}, false},
		{methodJSON{}, nil, false},
		{escapedJSON{}, nil, false}, // MarshalJSON output with an escape, rewritten
		{methodTo{}, nil, false},
		{methodToTwo{}, nil, true}, // MarshalJSONTo writing two values: v2's error
		{methodText{"x"}, nil, false},
		{struct{ embedded }{}, nil, false},                    // Go embedding
		{fallbackMap{M: map[string]int{"a": 1}}, nil, false},  // an embedded fallback
		{fallbackMap{M: map[string]int{"A": 1}}, nil, true},   // its key a member's name
		{"bad\xff", nil, true},                                // an error: v2's own
		{1, []Options{WithMarshalers(nil)}, true},             // WithMarshalers(nil): as v2 (marshalers.go)
		{1, []Options{jsontext.SpaceAfterColon(true)}, false}, // layoutPass
		{1, []Options{jsontext.WithIndent("")}, true},         // jgen reads "" as two spaces
	} {
		before := fallbacks.Load()
		_, _ = Marshal(c.v, c.opts...)
		if got := fallbacks.Load() != before; got != c.fallback {
			t.Errorf("Marshal(%#v, %v): fallback %v, want %v", c.v, c.opts, got, c.fallback)
		}
	}
}

// TestMarshalAllocs: a value jgen encodes costs Marshal its result.
func TestMarshalAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are meaningless under the race detector")
	}
	v := &record{ID: 1, Name: "n", Tags: []string{"x"}, Blob: [4]byte{1}}
	if n := testing.AllocsPerRun(100, func() { _, _ = Marshal(v) }); n > 1 {
		t.Errorf("Marshal: %v allocations, want 1", n)
	}
}

package jgen_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/jgen-go/jgen"
)

type brkRawM string

func (r brkRawM) MarshalJSON() ([]byte, error) { return []byte(r), nil }

type brkPoolStruct struct {
	S  string            `json:"s"`
	F  float64           `json:"f"`
	N  *brkPoolStruct    `json:"n,omitempty"`
	M  map[string]any    `json:"m"`
	R  brkRawM           `json:"r"`
	T  time.Time         `json:"t"`
	L  []int             `json:"l"`
	Z  int               `json:"z,omitzero"`
	RM json.RawMessage   `json:"rm"`
	B  []byte            `json:"b"`
	E  map[string]string `json:"e"`
}

func brkPoolValues() []any {
	deep := any(1)
	for range 6 {
		deep = []any{deep}
	}
	return []any{
		"a<b>&\u2028\u2029é😀\x7f\x01",
		"bad\xff<",
		math.NaN(),
		[]float64{1, math.Inf(1)},
		brkPoolStruct{S: "<x>", F: 1.5, R: `{"k":"<v>\u00e9","x":[1,2]}`, T: time.Date(2020, 1, 2, 3, 4, 5, 6, time.UTC), L: []int{1, 2},
			M: map[string]any{"b": 1, "a": []any{"<"}}, RM: json.RawMessage(`["é<"]`), B: []byte("hi")},
		&brkPoolStruct{S: "p", N: &brkPoolStruct{S: "q\u2028"}, R: `"\xff"`},
		brkRawM(`"<é\u2028>"`),
		brkRawM(`{"a" : [ 1 , {} ] }`),
		deep,
		map[string]any{"x": map[string]any{}, "y": []any{}},
		[]any{},
		struct{ A, B int }{1, 2},
	}
}

var brkMx1 = jgen.StdlibNoHTMLMarshaler
var brkMx2 = jgen.ASCII
var brkV2a = jgen.JSONv2{}
var brkV2b = jgen.JSONv2{Deterministic: true, StringifyNumbers: true}

func brkMutate(r *rand.Rand, o *jgen.Options) {
	switch r.IntN(8) {
	case 0:
		o.Escaping = []jgen.Escaping{jgen.Minimal, jgen.Stdlib, jgen.ASCII, jgen.Jackson, jgen.StdlibNoHTML, jgen.PrintableASCII, jgen.Slog, {QuoteChar: '\''}}[r.IntN(8)]
		o.Escaping.InvalidUTF8 = []jgen.InvalidUTF8Policy{o.Escaping.InvalidUTF8, jgen.InvalidUTF8Replace, jgen.InvalidUTF8ReplaceRaw}[r.IntN(3)]
	case 1:
		o.Layout = []jgen.Layout{jgen.Compact, jgen.Indented, jgen.JacksonPretty}[r.IntN(3)]
	case 2:
		o.Indent = []string{"", "\t", " ", "    "}[r.IntN(4)]
	case 3:
		o.MaxDepth = []int{0, 3, 100}[r.IntN(3)]
	case 4:
		o.NonFinite = []jgen.NonFinitePolicy{jgen.NonFiniteError, jgen.NonFiniteString, jgen.NonFiniteNull}[r.IntN(3)]
	case 5:
		o.MarshalerEscaping = []*jgen.Escaping{nil, &brkMx1, &brkMx2}[r.IntN(3)]
	case 6:
		o.V2 = []*jgen.JSONv2{nil, nil, &brkV2a, &brkV2b}[r.IntN(4)]
	case 7:
		o.RootSeparator = []string{"", " "}[r.IntN(2)]
		o.RootTerminator = []string{"", "\n", "\t"}[r.IntN(3)]
	}
}

// brkFresh encodes v as Marshal does, with a generator made for the
// call (no root terminator: RootSeparator alone).
func brkFresh(v any, o jgen.Options) ([]byte, error) {
	o.RootSeparator, o.RootTerminator = " ", ""
	g, err := jgen.NewAppendGenerator(nil, &o)
	if err != nil {
		return nil, err
	}
	err = g.WriteValue(v)
	if err != nil {
		return nil, err
	}
	return g.Bytes(), nil
}

// brkPoolRun makes n calls of Marshal, AppendMarshal and Encoder.Encode
// with one Options variable changed at random between them (brkMutate),
// each checked against a generator made for the call (brkFresh); an
// Encoder made at the start keeps the options it was made with. With
// shared, the Escaping behind brkMx1 changes too (never concurrently).
func brkPoolRun(t *testing.T, seed uint64, n int, shared bool) {
	r := rand.New(rand.NewPCG(seed, 7))
	vals := brkPoolValues()
	var o jgen.Options
	first := o
	var firstOut bytes.Buffer
	firstEnc, err := jgen.NewEncoder(&firstOut, &first)
	if err != nil {
		t.Error(err)
		return
	}
	for i := range n {
		brkMutate(r, &o)
		if shared && r.IntN(10) == 0 {
			brkMx1.HTMLSafe = !brkMx1.HTMLSafe
		}
		v := vals[r.IntN(len(vals))]
		want, werr := brkFresh(v, o)
		got, gerr := jgen.Marshal(v, &o)
		if !bytes.Equal(got, want) || fmt.Sprint(gerr) != fmt.Sprint(werr) {
			t.Errorf("seed %d call %d, options %+v, %T: Marshal\n got %q, %v\nwant %q, %v", seed, i, o, v, got, gerr, want, werr)
			return
		}
		got, gerr = jgen.AppendMarshal([]byte("pre"), v, &o)
		if werr == nil && string(got) != "pre"+string(want) || fmt.Sprint(gerr) != fmt.Sprint(werr) {
			t.Errorf("seed %d call %d, options %+v, %T: AppendMarshal\n got %q, %v\nwant pre%q, %v", seed, i, o, v, got, gerr, want, werr)
			return
		}
		var buf bytes.Buffer
		enc, err := jgen.NewEncoder(&buf, &o)
		if err != nil {
			t.Errorf("seed %d call %d: NewEncoder: %v", seed, i, err)
			return
		}
		gerr = enc.Encode(v)
		if werr == nil && buf.String() != string(want)+"\n" || werr != nil && buf.Len() != 0 || fmt.Sprint(gerr) != fmt.Sprint(werr) {
			t.Errorf("seed %d call %d, options %+v, %T: Encode\n got %q, %v\nwant %q+newline, %v", seed, i, o, v, buf.Bytes(), gerr, want, werr)
			return
		}
		// The Encoder made at the start, with its own copy of the options.
		if i%7 == 0 {
			firstOut.Reset()
			want, werr = brkFresh(v, first)
			gerr = firstEnc.Encode(v)
			if werr == nil && firstOut.String() != string(want)+"\n" || fmt.Sprint(gerr) != fmt.Sprint(werr) {
				t.Errorf("seed %d call %d, %T: first Encoder\n got %q, %v\nwant %q+newline, %v", seed, i, v, firstOut.Bytes(), gerr, want, werr)
				return
			}
		}
	}
}

// TestBreakoutPoolInterleaved: Marshal, AppendMarshal and Encoder.Encode
// on pooled generators, with the options changed between calls (every
// field, the Escaping behind a MarshalerEscaping pointer, V2 set and
// unset), write the bytes and errors of a generator made for the call.
func TestBreakoutPoolInterleaved(t *testing.T) {
	for s := range uint64(20) {
		brkPoolRun(t, s, 300, true)
	}
}

// TestBreakoutPoolConcurrent is TestBreakoutPoolInterleaved from four
// goroutines at once, each with its own options (run it under -race).
func TestBreakoutPoolConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	for s := range uint64(4) {
		wg.Go(func() { brkPoolRun(t, 100+s, 400, false) })
	}
	wg.Wait()
}

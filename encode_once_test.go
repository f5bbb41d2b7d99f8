package jgen_test

import (
	"encoding/json"
	"errors"
	"strconv"
	"testing"

	"github.com/jgen-go/jgen"
)

// A marshal method is called once per value encoded, as encoding/json
// calls it, also where the direct path (encode_direct.go) hands part of a
// value to the state path: a subtree more than 1,000 pointers deep (where
// cycles are looked for), a NaN under NonFiniteNull, a string the
// escaping refuses.

// seqJSON is a MarshalJSON that counts its calls in *n and writes the
// count (null without n).
type seqJSON struct{ n *int }

func (s seqJSON) MarshalJSON() ([]byte, error) {
	if s.n == nil {
		return []byte("null"), nil
	}
	*s.n++
	return []byte(`{"Seq":` + strconv.Itoa(*s.n) + `}`), nil
}

// seqText is a MarshalText that counts its calls in *n ("" without n).
type seqText struct{ n *int }

func (s seqText) MarshalText() ([]byte, error) {
	if s.n == nil {
		return nil, nil
	}
	*s.n++
	return []byte("seq" + strconv.Itoa(*s.n)), nil
}

// pointerChain is a list of pointers, for subtrees deeper than 1,000.
type pointerChain struct {
	Next *pointerChain `json:",omitempty"`
}

func chainOf(n int) *pointerChain {
	var c *pointerChain
	for range n {
		c = &pointerChain{Next: c}
	}
	return c
}

type onceStruct struct {
	J    seqJSON
	T    seqText
	Deep *pointerChain
	F    float64
	S    string
	Tail []seqJSON
}

func TestMarshalMethodsCalledOnce(t *testing.T) {
	cases := []struct {
		name string
		// make returns a value whose methods count in *n.
		make func(n *int) any
		opts jgen.Options
	}{
		{"root struct, sibling 1001 pointers deep", func(n *int) any {
			return &onceStruct{J: seqJSON{n}, T: seqText{n}, Deep: chainOf(1001), Tail: []seqJSON{{n}}}
		}, jgen.Options{Escaping: jgen.Stdlib}},
		{"member, sibling 1001 pointers deep", func(n *int) any {
			return &struct{ W onceStruct }{onceStruct{J: seqJSON{n}, T: seqText{n}, Deep: chainOf(1001), Tail: []seqJSON{{n}}}}
		}, jgen.Options{Escaping: jgen.Stdlib}},
		{"elements, sibling 2500 pointers deep", func(n *int) any {
			return []*onceStruct{
				{J: seqJSON{n}, T: seqText{n}, Deep: chainOf(2500), Tail: []seqJSON{{n}, {n}}},
				{J: seqJSON{n}, Deep: chainOf(999)},
			}
		}, jgen.Options{Escaping: jgen.Stdlib}},
		{"in []any", func(n *int) any {
			return []any{seqJSON{n}, &onceStruct{J: seqJSON{n}, Deep: chainOf(1200)}, seqText{n}}
		}, jgen.Options{Escaping: jgen.Stdlib}},
		{"compact default options", func(n *int) any {
			return &struct{ W onceStruct }{onceStruct{J: seqJSON{n}, T: seqText{n}, Deep: chainOf(1001)}}
		}, jgen.Options{}},
		{"in map values", func(n *int) any {
			return map[string]onceStruct{
				"a": {J: seqJSON{n}, T: seqText{n}, Deep: chainOf(1500)},
				"b": {J: seqJSON{n}, T: seqText{n}},
			}
		}, jgen.Options{Escaping: jgen.Stdlib}},
		{"string the escaping refuses", func(n *int) any {
			return []onceStruct{{J: seqJSON{n}, T: seqText{n}, S: "a\xffb", Tail: []seqJSON{{n}}}}
		}, jgen.Options{Escaping: jgen.Stdlib}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var calls, stdCalls int
			want, err := json.Marshal(tc.make(&stdCalls))
			if err != nil {
				t.Fatal(err)
			}
			got, err := jgen.Marshal(tc.make(&calls), &tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != string(want) {
				t.Errorf("got\n%.300s\nwant (encoding/json)\n%.300s", got, want)
			}
			if calls != stdCalls {
				t.Errorf("%d method calls, encoding/json makes %d", calls, stdCalls)
			}
		})
	}
}

// A NaN the direct path hands to the state path under NonFiniteNull is
// written there, once, and the methods around it are called once.
func TestMarshalMethodsOnceNonFinite(t *testing.T) {
	var calls int
	v := &[]struct {
		J  seqJSON
		F  []float64
		G  float64
		J2 seqJSON
	}{{J: seqJSON{&calls}, F: []float64{1, nan(), 2}, G: nan(), J2: seqJSON{&calls}}}
	got, err := jgen.Marshal(v, &jgen.Options{NonFinite: jgen.NonFiniteNull})
	if err != nil {
		t.Fatal(err)
	}
	if want := `[{"J":{"Seq":1},"F":[1,null,2],"G":null,"J2":{"Seq":2}}]`; string(got) != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

func nan() float64 {
	var z float64
	return z / z
}

// A cycle reached below 1,000 pointers on the direct path is found by the
// state path it is handed to, with the error encoding/json reports.
func TestDirectPathCycle(t *testing.T) {
	c := chainOf(1500)
	last := c
	for last.Next != nil {
		last = last.Next
	}
	last.Next = c
	defer func() { last.Next = nil }()
	_, err := jgen.Marshal([]onceStruct{{Deep: c}}, nil)
	var uve *json.UnsupportedValueError
	if !errors.As(err, &uve) {
		t.Fatalf("error %v, want a *json.UnsupportedValueError", err)
	}
	_, stdErr := json.Marshal([]onceStruct{{Deep: c}})
	var stdUve *json.UnsupportedValueError
	if !errors.As(stdErr, &stdUve) || uve.Str != stdUve.Str {
		t.Errorf("error %v, encoding/json's %v", err, stdErr)
	}
}

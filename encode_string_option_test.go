package jgen_test

import (
	"encoding/json"
	"strconv"
	"testing"

	"github.com/jgen-go/jgen"
)

// The ",string" option on a field whose type has a marshal method only on
// its pointer: encoding/json calls the method where the value is
// addressable (and then the option does nothing), and otherwise writes
// the value by its kind with the option. These tables hold jgen to the
// encoding/json of the toolchain running the test.

type ptrJSONInt int

func (p *ptrJSONInt) MarshalJSON() ([]byte, error) {
	return []byte(`{"m":` + strconv.Itoa(int(*p)) + `}`), nil
}

type ptrTextInt int

func (p *ptrTextInt) MarshalText() ([]byte, error) {
	return []byte("t" + strconv.Itoa(int(*p))), nil
}

type ptrJSONString string

func (p *ptrJSONString) MarshalJSON() ([]byte, error) { return []byte(`"m` + string(*p) + `"`), nil }

type ptrTextBool bool

func (p *ptrTextBool) MarshalText() ([]byte, error) { return []byte("tb"), nil }

type ptrJSONFloat float64

func (p *ptrJSONFloat) MarshalJSON() ([]byte, error) { return []byte(`"mf"`), nil }

// ptrJSONValueText has MarshalJSON on its pointer and MarshalText on its
// value: unaddressable, MarshalText is called.
type ptrJSONValueText int

func (p *ptrJSONValueText) MarshalJSON() ([]byte, error) { return []byte(`"mj"`), nil }
func (p ptrJSONValueText) MarshalText() ([]byte, error)  { return []byte("mt"), nil }

// valueJSONInt has MarshalJSON on its value: always called.
type valueJSONInt int

func (v valueJSONInt) MarshalJSON() ([]byte, error) { return []byte(`"v"`), nil }

type stringOptStruct struct {
	ID  ptrJSONInt       `json:"id,string"`
	T   ptrTextInt       `json:"t,string"`
	S   ptrJSONString    `json:"s,string"`
	B   ptrTextBool      `json:"b,string"`
	F   ptrJSONFloat     `json:"f,string"`
	JT  ptrJSONValueText `json:"jt,string"`
	V   valueJSONInt     `json:"v,string"`
	P   *ptrJSONInt      `json:"p,string"`
	PT  *ptrTextInt      `json:"pt,string"`
	Nil *ptrJSONInt      `json:"nil,string"`
	Om  ptrJSONInt       `json:"om,string,omitempty"`
}

type stringOptOuter struct {
	In  stringOptStruct
	Any any
	Arr [1]stringOptStruct
}

func TestStringOptionPointerMethods(t *testing.T) {
	seven, eight := ptrJSONInt(7), ptrTextInt(8)
	s := stringOptStruct{ID: 7, T: 8, S: "x", B: true, F: 1.5, JT: 3, V: 4, P: &seven, PT: &eight}
	cases := []struct {
		name string
		v    any
	}{
		// Unaddressable.
		{"struct by value", s},
		{"in []any", []any{s, 1}},
		{"map value", map[string]stringOptStruct{"a": s, "b": {}}},
		{"map value in interface", map[string]any{"a": s}},
		{"array by value", [2]stringOptStruct{s, {}}},
		{"outer by value", stringOptOuter{In: s, Any: s, Arr: [1]stringOptStruct{s}}},
		{"zero by value", stringOptStruct{}},
		// Addressable.
		{"pointer", &s},
		{"slice", []stringOptStruct{s, {}}},
		{"map of pointers", map[string]*stringOptStruct{"a": &s}},
		{"outer pointer", &stringOptOuter{In: s, Any: s, Arr: [1]stringOptStruct{s}}},
		{"pointer in []any", []any{&s}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			want, err := json.Marshal(tc.v)
			if err != nil {
				t.Fatal(err)
			}
			for _, o := range []jgen.Options{{Escaping: jgen.Stdlib}, {Escaping: jgen.Stdlib, Layout: jgen.Indented}} {
				got, err := jgen.Marshal(tc.v, &o)
				if err != nil {
					t.Fatal(err)
				}
				w := want
				if o.Layout == jgen.Indented {
					if w, err = json.MarshalIndent(tc.v, "", "  "); err != nil {
						t.Fatal(err)
					}
				}
				if string(got) != string(w) {
					t.Errorf("layout %v: got\n%s\nwant (encoding/json)\n%s", o.Layout, got, w)
				}
			}
		})
	}
}

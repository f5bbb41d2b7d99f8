package jgen_test

// The encoder reads fields and slice elements of bool, integer, float and
// string kinds straight from memory when the value is addressable: these
// cases hold that path, and the reflect path for the same values passed by
// value, to encoding/json's bytes.

import (
	"encoding/json"
	"errors"
	"math"
	"testing"

	"github.com/jgen-go/jgen"
)

type (
	namedInt    int16
	namedFloat  float32
	namedString string
	// marshInt has a MarshalJSON method, so it is not read as an int.
	marshInt   int
	fastInner  struct{ A, B uint8 }
	fastFields struct {
		S   string
		B   bool
		I   int
		I8  int8
		I16 namedInt
		I32 int32
		I64 int64
		U   uint
		U8  uint8
		U16 uint16
		U32 uint32
		U64 uint64
		UP  uintptr
		F32 namedFloat
		F64 float64
		NS  namedString
		M   marshInt
		Q   int `json:",string"`
		fastInner
		*Inner2
		OS   string  `json:",omitempty"`
		OB   bool    `json:",omitempty"`
		OI   int     `json:",omitempty"`
		OU8  uint8   `json:",omitempty"`
		OF32 float32 `json:",omitempty"`
		OF64 float64 `json:",omitempty"`
		ZI   int64   `json:",omitzero"`
		ZF   float64 `json:",omitzero"`
		ZZ   zeroer  `json:",omitzero"`
	}
	fastSlices struct {
		F  []float64
		F4 [4]float32
		S  []string
		B  []bool
		I  []int8
		U  []uint16
		NS []namedString
		M  []marshInt
	}
)

func (m marshInt) MarshalJSON() ([]byte, error) { return []byte(`"m"`), nil }

// ptrFields has pointer fields to the fast kinds, which the struct encoder
// reads from memory: null when nil, omitted under omitempty and omitzero.
type ptrFields struct {
	S   *string
	I   *int64
	U8  *uint8
	F   *float64
	F32 *float32
	B   *bool
	NS  *namedString
	M   *marshInt
	N   *json.Number
	OS  *string  `json:",omitempty"`
	OF  *float64 `json:"of,omitzero"`
	Q   *int     `json:",string"`
}

func fastValues() []tableCase {
	negZero := math.Copysign(0, -1)
	full := fastFields{
		S: "<a&b>\u2028é", B: true, I: math.MinInt >> 1, I8: -128, I16: -3, I32: math.MinInt32, I64: math.MaxInt64,
		U: math.MaxUint, U8: 255, U16: 65535, U32: math.MaxUint32, U64: math.MaxUint64, UP: 7,
		F32: 3.4e38, F64: 1e-7, NS: "ns", M: 1, Q: 42, fastInner: fastInner{1, 2}, Inner2: &Inner2{3, 4},
		OS: "x", OB: true, OI: 1, OU8: 1, OF32: 0.5, OF64: -2, ZI: 9, ZF: 1.5, ZZ: zeroer{1},
	}
	// The omitted and kept zeros: -0 is empty, as reflect.Value.IsZero has it.
	zeros := fastFields{OF32: float32(negZero), OF64: negZero, ZF: negZero, ZZ: zeroer{42}}
	slices := fastSlices{
		F:  []float64{0, negZero, 1e21, 1e-6, 123456789.125, -0.000001},
		F4: [4]float32{1.1, 2e-7, 3e20, float32(negZero)},
		S:  []string{"", "a\"b", "<tag>", "\x7f\u00a0"},
		B:  []bool{true, false},
		I:  []int8{-1, 0, 127},
		U:  []uint16{65535},
		NS: []namedString{"n"},
		M:  []marshInt{1, 2},
	}
	str, i64, u8, f64, f32, b, ns, m, num, q := "<é\u2028>", int64(-7), uint8(200), 0.1, float32(1e-7), true, namedString("n"), marshInt(3), json.Number("12"), 5
	ptrs := ptrFields{&str, &i64, &u8, &f64, &f32, &b, &ns, &m, &num, &str, &f64, &q}
	return []tableCase{
		{"pointer fields by pointer", &ptrs},
		{"pointer fields by value", ptrs},
		{"nil pointer fields", &ptrFields{}},
		{"pointer fields in slice", []ptrFields{ptrs, {}, ptrs}},
		{"fast fields by pointer", &full},
		{"fast fields by value", full},
		{"fast zeros by pointer", &zeros},
		{"fast zeros by value", zeros},
		{"fast empty by pointer", &fastFields{}},
		{"fast slices by pointer", &slices},
		{"fast slices by value", slices},
		{"fast slice of structs", []fastFields{full, zeros}},
		{"fast array in slice", [][2]float64{{1, 2}, {3.5, -4.25}}},
		{"fast array by value", [3]int{1, 2, 3}},
		// omitempty decided from memory for pointers, interfaces, slices,
		// arrays and structs, by pointer; the same by value in the table.
		{"omitempty zero addressable", &omits{}},
		{"omitempty set addressable", &omits{Sl: []int{}, M: map[string]int{}, P: new(int), If: (*int)(nil), A1: [1]int{}}},
		{"omitempty filled addressable", &omits{Sl: []int{1}, M: map[string]int{"a": 1}, If: 0}},
		{"fast NaN field", &fastFields{F64: math.NaN()}},
		{"fast Inf field", &struct{ A, F namedFloat }{F: namedFloat(math.Inf(-1))}},
		{"fast NaN element", []float64{1, math.Inf(1)}},
		{"fast NaN array element", &[2]float32{0, float32(math.NaN())}},
	}
}

func TestWriteValueFastFields(t *testing.T) {
	for _, c := range fastValues() {
		compareWithStdlib(t, c.name, c.v)
	}
}

// TestWriteValueFastErrors checks the place and type of the error of a
// non-finite float read on the fast path, and the NonFinite option there.
func TestWriteValueFastErrors(t *testing.T) {
	inf := math.Inf(1)
	for _, c := range []struct {
		v       any
		pointer string
	}{
		{&fastFields{F64: math.NaN()}, "/F64"},
		{&ptrFields{F: &inf}, "/F"},
		{&fastSlices{F: []float64{1, 2, math.Inf(1)}}, "/F/2"},
		{&fastSlices{F4: [4]float32{0, 0, 0, float32(math.NaN())}}, "/F4/3"},
		{&[]fastFields{{}, {F32: namedFloat(math.Inf(1))}}, "/1/F32"},
	} {
		_, err := jgen.Marshal(c.v, nil)
		var ee *jgen.EncodeError
		if !errors.As(err, &ee) || ee.Pointer != c.pointer {
			t.Errorf("%T: error %v, want one at %s", c.v, err, c.pointer)
		}
		if jsonErrorKind(err) != "UnsupportedValueError" {
			t.Errorf("%T: error %v is not an *json.UnsupportedValueError", c.v, err)
		}
	}
	// A non-finite float among appended members and elements: the
	// separators around it stay right.
	nonFinite := &struct {
		A int
		F float64
		B []float32
		C [3]float64
	}{1, math.Inf(1), []float32{1, float32(math.NaN()), 2}, [3]float64{math.NaN(), 3, math.Inf(-1)}}
	for _, c := range []struct {
		opts *jgen.Options
		want string
	}{
		{&jgen.Options{NonFinite: jgen.NonFiniteString}, `{"A":1,"F":"Infinity","B":[1,"NaN",2],"C":["NaN",3,"-Infinity"]}`},
		{&jgen.Options{NonFinite: jgen.NonFiniteString, Layout: jgen.Indented, Indent: " "}, "{\n \"A\": 1,\n \"F\": \"Infinity\",\n \"B\": [\n  1,\n  \"NaN\",\n  2\n ],\n \"C\": [\n  \"NaN\",\n  3,\n  \"-Infinity\"\n ]\n}"},
	} {
		if got, err := jgen.Marshal(nonFinite, c.opts); err != nil || string(got) != c.want {
			t.Errorf("layout %v: %s, %v; want %s", c.opts.Layout, got, err, c.want)
		}
	}
	got, err := jgen.Marshal(&fastSlices{F: []float64{math.NaN(), math.Inf(-1)}}, &jgen.Options{NonFinite: jgen.NonFiniteString})
	if want := `{"F":["NaN","-Infinity"],"F4":[0,0,0,0],"S":null,"B":null,"I":null,"U":null,"NS":null,"M":null}`; err != nil || string(got) != want {
		t.Errorf("NonFiniteString: %s, %v; want %s", got, err, want)
	}
}

package jgen_test

import (
	"errors"
	"math"
	"testing"

	"github.com/jgen-go/jgen"
)

type sliceElem struct {
	N   int               `json:"n"`
	S   string            `json:"s,omitempty"`
	P   ptrMarshaler      `json:"p"`
	X   any               `json:"x"`
	M   map[string]int    `json:"m,omitempty"`
	F   float64           `json:"f"`
	Sub []sliceElem       `json:"sub,omitempty"`
	Ptr *sliceElem        `json:"ptr,omitempty"`
	Q   int               `json:"q,string"`
	E   struct{ A []int } `json:"e"`
}

// TestWriteValueStructSlice checks slices of structs, whose elements the
// encoder reads by address: members from memory, members needing the
// element as a reflect.Value (a pointer-receiver Marshaler, an interface,
// a map, a ",string" field), nested and recursive slices, empty structs,
// and the JSON Pointer of an error inside an element.
func TestWriteValueStructSlice(t *testing.T) {
	vs := []sliceElem{
		{N: 1, S: "a", P: ptrMarshaler{"m"}, X: []any{1, "x"}, M: map[string]int{"b": 2, "a": 1}, F: 0.5, Q: 7},
		{N: -2, Sub: []sliceElem{{N: 3, Sub: []sliceElem{{N: 4}}}, {}}, Ptr: &sliceElem{N: 5, Sub: []sliceElem{{}}}},
		{E: struct{ A []int }{[]int{1, 2}}},
	}
	compareWithStdlib(t, "struct slice", vs)
	compareWithStdlib(t, "struct slice in struct", struct{ L []sliceElem }{vs})
	compareWithStdlib(t, "empty struct slice", []struct{}{{}, {}})
	compareWithStdlib(t, "empty slice of structs", []sliceElem{})
	compareWithStdlib(t, "nil slice of structs", []sliceElem(nil))

	bad := []sliceElem{{}, {}, {N: 1, Sub: []sliceElem{{F: math.Inf(1)}}}}
	_, err := jgen.Marshal(struct {
		Items []sliceElem `json:"items"`
	}{bad}, nil)
	var ee *jgen.EncodeError
	if !errors.As(err, &ee) || ee.Pointer != "/items/2/sub/0/f" {
		t.Fatalf("error %v, want an *EncodeError at /items/2/sub/0/f", err)
	}
}

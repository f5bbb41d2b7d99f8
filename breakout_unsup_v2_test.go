//go:build goexperiment.jsonv2 && go1.27

package jgen_test

import (
	"bytes"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"errors"
	"fmt"
	"reflect"
	"testing"

	"github.com/jgen-go/jgen"
	jv2 "github.com/jgen-go/jgen/json/v2"
)

// TestBreakoutUnsupportedV2 is TestBreakoutUnsupported under the v2 rules
// and the drop-in json/v2, with v2's own cases (duplicate and
// case-insensitive names, quoted and invalid tag names, inline, format
// and unknown tag options).
func TestBreakoutUnsupportedV2(t *testing.T) {
	type E struct{}
	type N struct{ A int }
	vals := []any{
		map[bool]int(nil), map[bool]int{}, map[bool]int{true: 1, false: 2}, map[[2]int]int(nil), map[float64]int(nil), map[float64]int{1: 1},
		[]chan int(nil), []chan int{}, [0]chan int{}, struct{ C []func() }{}, struct{ C map[bool]int }{},
		struct{ C chan int }{}, struct {
			C chan int `json:"-"`
		}{}, struct {
			C chan int `json:",omitempty"`
		}{}, struct {
			C func() `json:",omitzero"`
		}{}, struct {
			C complex128 `json:",omitzero"`
		}{}, complex64(0), struct{ P *chan int }{}, []*chan int{nil}, map[string]chan int{},
		map[string]chan int(nil), [0]func(){}, []any{[0]func(){}}, struct{ E }{}, struct{ *E }{},
		map[E]int(nil), map[*int]int(nil), map[any]int(nil), map[any]int{}, map[any]int{"a": 1},
		map[N]int{{1}: 1}, map[*int]int{nil: 1}, struct{ a int }{}, E{}, &E{}, struct{ A, a int }{},
		map[string]any{"a": func() {}}, []any{make(chan int)}, map[int8]int{-1: 1, 2: 3}, map[uintptr]int{1: 1},
		brkDupNames(), struct {
			A int `json:"a"`
			B int `json:"A"`
		}{}, struct {
			A int `json:",case:ignore"`
			B int `json:"a,case:ignore"`
		}{}, struct {
			A int `json:"'a\"b'"`
		}{}, struct {
			A int `json:"\xff"`
		}{}, struct {
			A int `json:"a,unknown"`
		}{}, struct {
			A jsontext.Value `json:",inline"`
		}{A: jsontext.Value(`{"x":1}`)}, struct {
			A []byte `json:",format:hex"`
		}{A: []byte{1}}, struct {
			A int `json:",string,omitzero,omitempty"`
		}{},
	}
	for i, v := range vals {
		want, werr := jsonv2.Marshal(v, jsonv2.Deterministic(true))
		got, gerr := jgen.Marshal(v, &jgen.Options{V2: &jgen.JSONv2{}})
		if !errors.Is(gerr, jgen.ErrV2Unimplemented) && (!bytes.Equal(got, want) || (gerr == nil) != (werr == nil)) {
			t.Errorf("%d %T:\n got %s %v\nwant %s %v", i, v, got, gerr, want, werr)
		}
		dg, derr := jv2.Marshal(v, jsonv2.Deterministic(true))
		if !bytes.Equal(dg, want) || fmt.Sprint(derr) != fmt.Sprint(werr) {
			t.Errorf("drop-in %d %T:\n got %s %v\nwant %s %v", i, v, dg, derr, want, werr)
		}
	}
}

// brkDupNames is a struct of two fields with the JSON name "a", made at
// run time (go vet refuses the literal).
func brkDupNames() any {
	intT := reflect.TypeFor[int]()
	t := reflect.StructOf([]reflect.StructField{
		{Name: "A", Type: intT, Tag: `json:"a"`},
		{Name: "B", Type: intT, Tag: `json:"a"`},
	})
	return reflect.New(t).Elem().Interface()
}

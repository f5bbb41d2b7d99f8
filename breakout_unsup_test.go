package jgen_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/jgen-go/jgen"
	jdrop "github.com/jgen-go/jgen/json"
)

// TestBreakoutUnsupported: unsupported types (channels, funcs, complex
// numbers, map keys of bool, array, struct and pointer kinds) fail, or
// do not, exactly where encoding/json fails: nil and empty containers of
// them, omitted and "-" fields, zero-length arrays.
func TestBreakoutUnsupported(t *testing.T) {
	type E struct{}
	vals := []any{
		map[bool]int(nil), map[bool]int{}, map[[2]int]int(nil), map[float64]int(nil), map[float64]int{1: 1},
		[]chan int(nil), []chan int{}, [0]chan int{}, struct{ C []func() }{}, struct{ C map[bool]int }{},
		struct{ C chan int }{}, struct {
			C chan int `json:"-"`
		}{}, struct {
			C chan int `json:",omitempty"`
		}{}, struct {
			C func() `json:",omitempty"`
		}{}, struct {
			C complex128 `json:",omitempty"`
		}{}, complex64(0), struct{ P *chan int }{}, []*chan int{nil}, map[string]chan int{},
		map[string]chan int(nil), struct {
			M map[string]func() `json:",omitempty"`
		}{M: map[string]func(){}}, [0]func(){}, []any{[0]func(){}}, struct{ E }{}, struct{ *E }{},
		map[E]int(nil), map[*int]int(nil), map[any]int(nil), map[any]int{},
		struct {
			C [0]chan int `json:",omitempty"`
		}{},
	}
	for i, v := range vals {
		want, werr := json.Marshal(v)
		got, gerr := jgen.Marshal(v, &jgen.Options{Escaping: jgen.Stdlib})
		if !bytes.Equal(got, want) || (gerr == nil) != (werr == nil) {
			t.Errorf("%d %T:\n got %s %v\nwant %s %v", i, v, got, gerr, want, werr)
		}
		dg, derr := jdrop.Marshal(v)
		if !bytes.Equal(dg, want) || fmt.Sprint(derr) != fmt.Sprint(werr) {
			t.Errorf("drop-in %d %T:\n got %s %v\nwant %s %v", i, v, dg, derr, want, werr)
		}
	}
}

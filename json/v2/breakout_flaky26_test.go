//go:build goexperiment.jsonv2 && go1.27

package json

import (
	"bytes"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"errors"
	"fmt"
	"reflect"
	"testing"
)

// flakyWriter fails the Write calls whose numbers (from 0) are in fail,
// taking none of their bytes, and keeps the bytes of the others.
type flakyWriter struct {
	b    bytes.Buffer
	n    int
	fail map[int]bool
}

var errFlaky = errors.New("flaky write failed")

func (w *flakyWriter) Write(p []byte) (int, error) {
	n := w.n
	w.n++
	if w.fail[n] {
		return 0, errFlaky
	}
	return w.b.Write(p)
}

// TestMarshalEncodeFlakyWriter: a jsontext.Encoder keeps a value whose
// flush failed (write errors are not fatal to it): WriteValue has
// written the value into its buffer and state when it returns the
// writer's error. MarshalEncode must then return that error as
// encoding/json/v2 does, not hand the value to encoding/json/v2 to write
// a second time, and the next flush writes it once. Top-level values
// only: within an array encoding/json/v2 flushes as its buffer fills,
// also within a value, making Write calls where the drop-in makes none
// (MarshalEncode's doc comment).
func TestMarshalEncodeFlakyWriter(t *testing.T) {
	values := []any{1, "s", []int{1, 2}, map[string]int{"a": 1}, &record{ID: 3}, methodJSON{}, methodTo{}, nil}
	fails := []map[int]bool{{0: true, 1: true}, {0: true, 2: true, 3: true}}
	for i := range values {
		fails = append(fails, map[int]bool{i: true})
	}
	for _, fail := range fails {
		for _, opts := range [][]Options{nil, {Deterministic(true)}, {Deterministic(true), OmitZeroStructFields(true)}, {Deterministic(true), jsontext.EscapeForHTML(true)}} {
			gw, ww := &flakyWriter{fail: fail}, &flakyWriter{fail: fail}
			ge, we := jsontext.NewEncoder(gw), jsontext.NewEncoder(ww)
			for i, v := range values {
				what := fmt.Sprintf("fail %v, options %v, value %d (%T)", fail, opts, i, v)
				gerr := MarshalEncode(ge, v, opts...)
				werr := jsonv2.MarshalEncode(we, v, opts...)
				if reflect.TypeOf(gerr) != reflect.TypeOf(werr) || fmt.Sprint(gerr) != fmt.Sprint(werr) {
					t.Errorf("%s: error %v, want %v", what, gerr, werr)
				}
				if ge.OutputOffset() != we.OutputOffset() {
					t.Errorf("%s: output offset %d, want %d", what, ge.OutputOffset(), we.OutputOffset())
				}
			}
			sameResult(t, fmt.Sprintf("fail %v, options %v", fail, opts), gw.b.Bytes(), nil, ww.b.Bytes(), nil)
		}
	}
}

package jgen_test

import (
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/jgen-go/jgen"
)

// TestEncodeErrorOnePrefix: the reason's own "jgen: " prefix is not
// repeated in the message.
func TestEncodeErrorOnePrefix(t *testing.T) {
	_, err := jgen.Marshal([]any{"a", json.Number("1x")}, nil)
	var ee *jgen.EncodeError
	if !errors.As(err, &ee) {
		t.Fatalf("got %v, want an *EncodeError", err)
	}
	want := `jgen: cannot encode value of type json.Number at /1: cannot write number: "1x" does not match the number grammar of RFC 8259 §6: unexpected 'x' at byte 1 of the text (output offset 4)`
	if !jsonOnV2() && err.Error() != want {
		t.Errorf("message\n%s\nwant\n%s", err, want)
	}
	if n := strings.Count(err.Error(), "jgen:"); n != 1 {
		t.Errorf("%q holds %d jgen: prefixes, want 1", err, n)
	}
	if !jsonOnV2() && !strings.HasPrefix(ee.Err.Error(), "jgen: ") {
		t.Errorf("Err %q lost its own prefix", ee.Err)
	}
}

// jsonOnV2 reports whether encoding/json runs on encoding/json/v2, where
// an invalid json.Number is a *json.MarshalerError.
func jsonOnV2() bool {
	_, err := json.Marshal(json.Number("1x"))
	var me *json.MarshalerError
	return errors.As(err, &me)
}

type cycleNode struct{ Next *cycleNode }

// TestEncodeErrorLongPointer: a pointer cycle and a nesting overflow give
// messages of a few dozen bytes, with the whole pointer in the field.
func TestEncodeErrorLongPointer(t *testing.T) {
	n := &cycleNode{}
	n.Next = n
	_, err := jgen.Marshal(n, nil)
	var ee *jgen.EncodeError
	if !errors.As(err, &ee) {
		t.Fatalf("got %v, want an *EncodeError", err)
	}
	var ue *json.UnsupportedValueError
	if !errors.As(err, &ue) {
		t.Errorf("%v does not reach *json.UnsupportedValueError", err)
	}
	depth := strings.Count(ee.Pointer, "/")
	if ee.Pointer != strings.Repeat("/Next", depth) || depth < 1000 {
		t.Fatalf("Pointer %.40q… (%d tokens), want /Next at least 1000 times", ee.Pointer, depth)
	}
	want := "jgen: cannot encode value of type *jgen_test.cycleNode at /Next/…/Next (depth " + strconv.Itoa(depth) + "): json: unsupported value: encountered a cycle via *jgen_test.cycleNode"
	if err.Error() != want {
		t.Errorf("message\n%s\nwant\n%s", err, want)
	}

	var v any = 1
	for range 20000 {
		v = []any{v}
	}
	g, err := jgen.NewAppendGenerator(nil, nil)
	chk(t, err)
	err = g.WriteValue(v)
	if !errors.As(err, &ee) || !errors.Is(err, jgen.ErrMaxDepth) {
		t.Fatalf("got %v, want an *EncodeError matching ErrMaxDepth", err)
	}
	if ee.Pointer != strings.Repeat("/0", jgen.DefaultMaxDepth) {
		t.Errorf("Pointer has %d bytes, want /0 %d times", len(ee.Pointer), jgen.DefaultMaxDepth)
	}
	want = "jgen: cannot encode value of type []interface {} at /0/…/0 (depth 10000): cannot write start of array in array at depth 10000: maximum nesting depth exceeded (output offset 10000)"
	if err.Error() != want {
		t.Errorf("message\n%s\nwant\n%s", err, want)
	}
}

// TestEncodeErrorLongToken: a pointer made long by one reference token
// shows that token cut at a rune boundary.
func TestEncodeErrorLongToken(t *testing.T) {
	key := strings.Repeat("é", 100)
	_, err := jgen.Marshal(map[string]any{key: func() {}}, nil)
	var ee *jgen.EncodeError
	if !errors.As(err, &ee) || ee.Pointer != "/"+key {
		t.Fatalf("got %v, want an *EncodeError at /%s", err, key)
	}
	want := "jgen: cannot encode value of type func() at /" + strings.Repeat("é", 20) + "… (depth 1): json: unsupported type: func()"
	if err.Error() != want {
		t.Errorf("message\n%s\nwant\n%s", err, want)
	}
}

// TestEncodeErrorDynamicType: a value held in an interface is blamed with
// its own type, not the interface's.
func TestEncodeErrorDynamicType(t *testing.T) {
	_, err := jgen.Marshal([]any{"a", "b\xff"}, nil)
	var ee *jgen.EncodeError
	if !errors.As(err, &ee) {
		t.Fatalf("got %v, want an *EncodeError", err)
	}
	if ee.Type != reflect.TypeFor[string]() || ee.Pointer != "/1" {
		t.Errorf("Type %v at %q, want string at /1", ee.Type, ee.Pointer)
	}
	want := "jgen: cannot encode value of type string at /1: invalid UTF-8 at byte offset 1 of string"
	if err.Error() != want {
		t.Errorf("message\n%s\nwant\n%s", err, want)
	}
	var ue *jgen.UTF8Error
	if !errors.As(err, &ue) || ue.Offset != 1 {
		t.Errorf("%v does not reach the *UTF8Error at offset 1", err)
	}
}

// TestEncodeErrorMapKey: a map key that cannot be written is named a key
// in the message.
func TestEncodeErrorMapKey(t *testing.T) {
	_, err := jgen.Marshal(map[string]map[string]int{"m": {"b\xff": 1}}, nil)
	var ee *jgen.EncodeError
	if !errors.As(err, &ee) {
		t.Fatalf("got %v, want an *EncodeError", err)
	}
	want := "jgen: cannot encode map key of type string at /m: invalid UTF-8 at byte offset 1 of string"
	if err.Error() != want {
		t.Errorf("message\n%s\nwant\n%s", err, want)
	}
}

// TestV2FloatLoopErrors: a NaN or ±Inf the v2 rules' float loops meet
// (slices, pairs, pairs in fields, fields) is refused with the element's
// type, its whole JSON pointer and the value in the message, and an
// *json.UnsupportedValueError as the reason, as the per-element encoder
// reports it.
func TestV2FloatLoopErrors(t *testing.T) {
	opts := &jgen.Options{V2: &jgen.JSONv2{}}
	for _, c := range []struct {
		v    any
		want string
	}{
		{[]float64{0, math.NaN()}, "jgen: cannot encode value of type float64 at /1: json: unsupported value: NaN"},
		{[][2]float64{{1, 2}, {3, math.NaN()}}, "jgen: cannot encode value of type float64 at /1/1: json: unsupported value: NaN"},
		{[]struct{ P [][2]float64 }{{}, {P: [][2]float64{{0, 0}, {math.Inf(1), 0}}}}, "jgen: cannot encode value of type float64 at /1/P/1/0: json: unsupported value: +Inf"},
		{struct{ F float64 }{math.Inf(-1)}, "jgen: cannot encode value of type float64 at /F: json: unsupported value: -Inf"},
		{map[string][2]float64{"k": {math.NaN(), 1}}, "jgen: cannot encode value of type float64 at /k/0: json: unsupported value: NaN"},
	} {
		out, err := jgen.Marshal(c.v, opts)
		var ee *jgen.EncodeError
		var uv *json.UnsupportedValueError
		if !errors.As(err, &ee) || !errors.As(err, &uv) || ee.Type != reflect.TypeFor[float64]() {
			t.Errorf("%T: got %q, %T %v; want an *EncodeError for float64 holding an *json.UnsupportedValueError", c.v, out, err, err)
			continue
		}
		if err.Error() != c.want {
			t.Errorf("%T: message %q, want %q", c.v, err.Error(), c.want)
		}
	}
}

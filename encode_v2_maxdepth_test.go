package jgen_test

// Options.MaxDepth under the v2 rules (Options.V2) on every path of
// WriteValue: in place (AppendMarshal, Marshal), through a writer
// (Encoder), and in the Indented layout, counting the containers of the
// Go value and of MarshalJSON output from the root.

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/jgen-go/jgen"
)

// v2Nest's MarshalJSON returns n nested arrays.
type v2Nest int

func (n v2Nest) MarshalJSON() ([]byte, error) {
	return []byte(strings.Repeat("[", int(n)) + strings.Repeat("]", int(n))), nil
}

type v2DepthStruct struct{ A []int }

// v2MarshalAll encodes v under o by Marshal, AppendMarshal after "x" and
// an Encoder; it fails t unless the three agree, and returns Marshal's
// bytes and error.
func v2MarshalAll(t *testing.T, v any, o jgen.Options) ([]byte, error) {
	t.Helper()
	b, err := jgen.Marshal(v, &o)
	a, aerr := jgen.AppendMarshal([]byte("x"), v, &o)
	var buf bytes.Buffer
	enc, nerr := jgen.NewEncoder(&buf, &o)
	if nerr != nil {
		t.Fatal(nerr)
	}
	eerr := enc.Encode(v)
	if err != nil {
		if aerr == nil || aerr.Error() != err.Error() || eerr == nil || eerr.Error() != err.Error() {
			t.Errorf("%#v: Marshal error %v, AppendMarshal %v, Encode %v", v, err, aerr, eerr)
		}
		if string(a) != "x" || buf.Len() != 0 {
			t.Errorf("%#v: AppendMarshal %q, Encode wrote %q after an error", v, a, buf.Bytes())
		}
		return b, err
	}
	if string(a) != "x"+string(b) || buf.String() != string(b)+"\n" {
		t.Errorf("%#v: Marshal %q, AppendMarshal %q, Encode %q", v, b, a, buf.Bytes())
	}
	return b, err
}

func TestV2MaxDepth(t *testing.T) {
	const deep = ": maximum nesting depth exceeded (output offset "
	for _, c := range []struct {
		v any
		// want is the Compact output, or "" for an error whose message
		// is compact in the Compact layout and indented in Indented
		// (which report the offset of the value, 0).
		want, compact, indented string
	}{
		{v: []any{[]any{[]int{1}}},
			compact: "jgen: cannot encode value of type []int at /0/0: cannot write start of array in array at depth 2" + deep + "2)"},
		{v: []any{[]any{[]int(nil)}}, // v2 writes a nil slice as []
			compact: "jgen: cannot encode value of type []int at /0/0: cannot write start of array in array at depth 2" + deep + "2)"},
		{v: []any{[]any{[1]int{}}},
			compact: "jgen: cannot encode value of type [1]int at /0/0: cannot write start of array in array at depth 2" + deep + "2)"},
		{v: map[string]any{"a": []any{map[string]int{}}},
			compact: "jgen: cannot encode value of type map[string]int at /a/0: cannot write start of object in array at depth 2" + deep + "6)"},
		{v: []any{"x", v2DepthStruct{}},
			compact: "jgen: cannot encode value of type []int at /1/A: cannot write start of array in object at depth 2, after a name (a value is expected)" + deep + "10)"},
		{v: []any{[]v2DepthStruct{{}}},
			compact: "jgen: cannot encode value of type jgen_test.v2DepthStruct at /0/0: cannot write start of object in array at depth 2" + deep + "2)"},
		{v: []any{v2Nest(2)},
			compact: "jgen: cannot encode value of type jgen_test.v2Nest at /0: cannot write MarshalJSON output: nesting deeper than Options.MaxDepth at byte 1 of the value (output offset 1)"},
		{v: []any{[]any{}, map[string]any{"a": 1}, [1]int{}}, want: `[[],{"a":1},[0]]`},
		{v: v2DepthStruct{}, want: `{"A":[]}`},
		{v: []any{v2Nest(1), []int(nil)}, want: `[[],[]]`},
		{v: map[string]v2Nest{"a": 1}, want: `{"a":[]}`},
		{v: v2Nest(2), want: `[[]]`},
	} {
		for _, layout := range []jgen.Layout{jgen.Compact, jgen.Indented} {
			b, err := v2MarshalAll(t, c.v, jgen.Options{MaxDepth: 2, V2: &jgen.JSONv2{}, Layout: layout})
			if c.want != "" {
				if err != nil || layout == jgen.Compact && string(b) != c.want {
					t.Errorf("%v %#v: %q, %v; want %q", layout, c.v, b, err, c.want)
				}
				continue
			}
			want := c.compact
			if layout == jgen.Indented {
				want = want[:strings.LastIndex(want, "(output offset ")] + "(output offset 0)"
			}
			if !errors.Is(err, jgen.ErrMaxDepth) || err.Error() != want {
				t.Errorf("%v %#v: %q, %v;\nwant %s", layout, c.v, b, err, want)
			}
		}
	}
	// The v1 rules refuse the first value with the same error.
	o := jgen.Options{MaxDepth: 2}
	if _, err := jgen.Marshal([]any{[]any{[]int{1}}}, &o); err == nil || !strings.HasSuffix(err.Error(), "in array at depth 2"+deep+"2)") {
		t.Errorf("v1: %v", err)
	}
}

// TestV2MaxDepthMarshalJSONDefault is the default limit, 10000 levels
// counted from the root through MarshalJSON output, as encoding/json/v2
// counts them (encode_v2_maxdepth_go127_test.go compares the two).
func TestV2MaxDepthMarshalJSONDefault(t *testing.T) {
	o := jgen.Options{V2: &jgen.JSONv2{}}
	for _, c := range []struct {
		v  any
		ok bool
	}{
		{[]any{v2Nest(9999)}, true},
		{[]any{v2Nest(10000)}, false},
		{v2Nest(10000), true},
		{v2Nest(10001), false},
		{map[string]any{"a": []any{v2Nest(9998)}}, true},
		{map[string]any{"a": []any{v2Nest(9999)}}, false},
	} {
		b, err := v2MarshalAll(t, c.v, o)
		if c.ok {
			if err != nil {
				t.Errorf("%T: %v", c.v, err)
			}
			continue
		}
		if !errors.Is(err, jgen.ErrMaxDepth) || len(b) != 0 {
			t.Errorf("%T: %d bytes, %v; want an error matching ErrMaxDepth", c.v, len(b), err)
		}
	}
}
